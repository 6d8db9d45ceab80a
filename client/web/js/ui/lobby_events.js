// The lobby's "Tournaments": the events running and next (GET /api/tournaments), each a
// link to its page (/e/ID), where it is joined and followed; a signed-in player's form to
// create one (event_form.js).
import { formatDate, said, t } from "../i18n.js";
import { eventHref, fetchEvents } from "../pages/events_api.js";
import { fill, h } from "./dom.js";
import { eventForm } from "./event_form.js";

const SHOWN = 8;

function line(e) {
  const when = formatDate(new Date(e.starts), { hour: "2-digit", minute: "2-digit" });
  const what = e.kind === "arena" ? t("events.arena", { count: e.minutes }) : t("events.knockout", { size: e.size });
  return h("li", { dataset: { event: e.id } },
    h("a", { href: eventHref(e.id), class: "game-link" },
      h("span", { class: `outcome ${e.phase === "next" ? "draw" : "won"}` }, t(`events.phase.${e.phase}`)),
      h("span", { class: "game-kind" }, e.name),
      h("span", { class: "game-totals" }, t("events.players", { count: e.players })),
      // The long line goes under the name, where it may wrap (a phone is narrow).
      h("time", {}, [when, what, t(e.rated ? "event.rated" : "event.casual")].join(" · "))));
}

/** Fill ``body`` (the section's, under its heading) with the events not finished
 * (asked again on every call), and the form to create one when ``signedIn`` (else a
 * line saying an account makes one). */
export async function loadEvents(body, signedIn) {
  let list;
  try {
    const events = (await fetchEvents()).events.filter((e) => e.phase !== "finished");
    list = events.length ? h("ul", { class: "games-list", id: "events-list" }, events.slice(0, SHOWN).map(line))
      : h("p", { class: "empty" }, t("events.none"));
  } catch (err) {
    list = h("p", { class: "empty" }, said(err.message, err.key, err.args));
  }
  fill(body, list, signedIn ? eventForm()
    : h("p", { class: "muted", id: "event-create-signin" }, t("events.sign_in")));
}
