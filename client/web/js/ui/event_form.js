// The lobby's "Create an event" form, for a signed-in player (POST /api/tournaments):
// an Arena (name, rules, start, minutes, rated, private) or a Knock-out (name, rules,
// start, entrants, best of three, rated, private), and "Play in it" (on: the host is
// entered, as on lichess; a Knock-out's host alone). The room decides what is playable: a
// refusal is shown in its own sentence beside Create; a made event opens its page.
import { PRESET_NAMES } from "../game/rules.js";
import { formatNumber, said, t } from "../i18n.js";
import { createEvent, eventHref } from "../pages/events_api.js";
import { h } from "./dom.js";
import { radioRow } from "./private_form.js";

const MINUTES = [15, 30, 45, 60, 90, 120]; // shared/tournaments/settings.py ARENA_MINUTES
const SIZES = [8, 16, 32]; // KNOCKOUT_SIZES
const LEAD_MS = 15 * 60_000; // the start offered: a quarter of an hour ahead, to gather players

function select(id, name, values, chosen, label = String) {
  return h("select", { id, name }, values.map((v) => h("option", { value: String(v), selected: v === chosen }, label(v))));
}

function field(label, control) {
  return h("div", { class: "field" }, h("label", { for: control.id }, label), control);
}

function check(id, name, label, checked = false) {
  return h("label", { class: "switch" }, h("input", { type: "checkbox", id, name, checked }), h("span", {}, label));
}

/** A ``datetime-local`` value (the player's own clock) for ``ms``, to the minute. */
function localValue(ms) {
  const d = new Date(ms);
  const two = (n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** The settings as POST /api/tournaments takes them, from the form's controls. */
function settingsOf(form) {
  const data = new FormData(form);
  const kind = data.get("kind");
  const when = data.get("starts") ? new Date(data.get("starts")).getTime() : NaN;
  const settings = { kind, name: data.get("name"), preset: data.get("preset"),
    rated: data.get("rated") === "on", private: data.get("private") === "on", play: data.get("play") === "on" };
  if (Number.isFinite(when)) settings.starts = when; // blank or unreadable: the room says now
  if (kind === "arena") settings.minutes = Number(data.get("minutes"));
  else Object.assign(settings, { size: Number(data.get("size")), best_of: data.get("best_of") === "on" ? 3 : 1 });
  return settings;
}

/** The form, folded under its summary until opened. */
export function eventForm() {
  const error = h("p", { class: "form-error", id: "event-create-error", role: "alert", hidden: true });
  const arenaOnly = field(t("eventform.minutes"), select("event-minutes", "minutes", MINUTES, 30, formatNumber));
  const knockoutOnly = h("div", {},
    field(t("eventform.entrants"), select("event-size", "size", SIZES, 16, formatNumber)),
    check("event-best-of", "best_of", t("eventform.best_of_three")));
  const kinds = radioRow("kind", t("eventform.kind"), { arena: t("eventform.arena"), knockout: t("eventform.knockout") },
    "arena", "event-kind");
  const shown = () => {
    const arena = kinds.querySelector("input:checked").value === "arena";
    arenaOnly.hidden = !arena;
    knockoutOnly.hidden = arena;
  };
  const form = h("form", { id: "event-create-form", onchange: () => { shown(); error.hidden = true; },
    onsubmit: async (e) => {
      e.preventDefault();
      error.hidden = true;
      try {
        const made = await createEvent(settingsOf(form));
        location.assign(eventHref(made.id));
      } catch (err) {
        error.textContent = said(err.message, err.key, err.args);
        error.hidden = false;
      }
    } },
  kinds,
  field(t("eventform.name"), h("input", { id: "event-name-input", name: "name", required: true, autocomplete: "off" })),
  field(t("eventform.rules"), select("event-preset", "preset", PRESET_NAMES, "standard", (id) => t(`preset.${id}`))),
  field(t("eventform.starts"), h("input", { id: "event-starts", name: "starts", type: "datetime-local",
    value: localValue(Math.ceil((Date.now() + LEAD_MS) / 300_000) * 300_000) })),
  arenaOnly, knockoutOnly,
  check("event-rated", "rated", t("eventform.rated")),
  check("event-private", "private", t("eventform.private")),
  check("event-play", "play", t("eventform.play"), true),
  h("button", { type: "submit", class: "btn" }, t("eventform.create")), error);
  shown();
  return h("details", { id: "event-create", class: "event-create" }, h("summary", {}, t("eventform.title")), form);
}
