// The lobby's "Private table" form: the format (four in partnerships, cutthroat, three,
// two or six players: each other format is its own preset), a rules preset for the
// partnership game, every house option of the engine's RuleSet that the format uses
// (js/game/rules.js RULE_FIELDS, PARTNER_ONLY), the bots' level and whether spectators
// may watch.
import { FORMATS } from "../game/format.js";
import { loadPresets, PARTNER_ONLY, PRESET_NAMES, presetLine, presetName, RULE_FIELDS } from "../game/rules.js";
import { t } from "../i18n.js";
import { h, toast } from "./dom.js";
import { LEVELS } from "./practice.js";

// The host's turn time: seconds a person has for a turn before the autopilot plays it.
// With no clock, only a disconnect brings the autopilot (a table among friends).
const TURN_TIMES = [15, 30, 60, 0];

/** {value: words} of ``values``, each said by ``say(value)``. */
function words(values, say) {
  return Object.fromEntries(values.map((value) => [value, say(value)]));
}

/** The bots' levels (practice.js LEVELS) in the page's language. */
export function levelChoices() {
  return words(Object.keys(LEVELS), (level) => t(`level.${level}`));
}

/** The form; ``onCreate({rules, bots, watch, turn}, refused)`` hosts the table and
 * calls ``refused(sentence)`` when the room will not (rules the engine cannot play:
 * the sentence says which rule, beside Create, until the form changes). */
export function privateForm(onCreate) {
  const form = h("form", { class: "panel", "aria-labelledby": "private-form-title" });
  const refusal = h("p", { class: "form-error", id: "private-form-error", role: "alert", hidden: true });
  const refused = (sentence) => {
    refusal.textContent = sentence;
    refusal.hidden = false;
  };
  form.addEventListener("change", () => { refusal.hidden = true; });
  const preset = h("select", { id: "preset", name: "preset" });
  const options = h("div", { class: "rules-editor" });
  const formats = formatRow("format", "private-format");
  // The preset the rules start from: the partnership preset chosen, or the format's own.
  const chosen = () => {
    const format = formats.querySelector("input:checked").value;
    return format === "partners" ? preset.value : format;
  };
  // The rules as the form now says: the preset's name and every option shown.
  const edited = () => {
    const rules = { name: chosen() };
    for (const [field, kind] of RULE_FIELDS) {
      const input = options.querySelector(`[name="${field}"]`);
      if (!input) continue;
      if (kind === "bool") rules[field] = input.checked;
      else if (kind === "choice") rules[field] = input.value;
      else if (kind === "int?") rules[field] = input.value === "" ? null : Number(input.value);
      else rules[field] = Number(input.value);
    }
    return rules;
  };
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const data = new FormData(form);
    refusal.hidden = true;
    onCreate({ rules: edited(), bots: data.get("bots"), watch: data.get("watch") === "on", turn: Number(data.get("turn")) }, refused);
  });
  const fillOptions = (rules) => {
    const solo = rules.partnerships === false;
    // The two-handed draw has no Blind Nil (each player sees every card they keep), so
    // its Blind Nil options are left out rather than offered and then refused.
    const blindless = rules.players === 2;
    const fields = RULE_FIELDS.filter(([field]) => !(solo && PARTNER_ONLY.includes(field))
      && !(blindless && field.startsWith("blind_nil")));
    options.replaceChildren(...fields.map(([field, kind, extra]) => {
      const id = `rule-${field}`;
      const label = t(`rules.field.${field}`);
      if (kind === "bool") {
        return h("label", { class: "check" }, h("input", { type: "checkbox", id, name: field, checked: !!rules[field] }), h("span", {}, label));
      }
      if (kind === "choice") {
        return h("div", { class: "field" }, h("label", { for: id }, label),
          h("select", { id, name: field }, extra.filter((value) => !(solo && value === "suicide"))
            .map((value) => h("option", { value, selected: rules[field] === value }, t(`rules.${field}.${value}`)))));
      }
      return h("div", { class: "field" }, h("label", { for: id }, label),
        h("input", { id, name: field, type: "number", min: extra.min, max: extra.max, step: extra.step || 1,
          value: rules[field] ?? "" }));
    }));
  };
  const about = h("p", { class: "fine preset-about", id: "preset-about", "aria-live": "polite" });
  const presetField = h("div", { class: "field" }, h("label", { for: "preset" }, t("private.rules")), preset);
  loadPresets().then((presets) => {
    // "Quick — a short game", and under the box a line of what its rules are. The
    // other formats are chosen above, each its own preset.
    const partnership = Object.keys(presets).filter((p) => !FORMATS[p]);
    preset.replaceChildren(...partnership.map((p) => h("option", { value: p, selected: p === "standard" },
      PRESET_NAMES.includes(p) ? t("private.preset_option", { name: presetName(p), about: t(`preset.about.${p}`) })
        : presetName(p))));
    // The line under the rules says what the table will play: the preset as edited.
    const describe = () => {
      about.textContent = presetLine({ ...presets[chosen()], ...edited() });
    };
    const choose = () => {
      presetField.hidden = chosen() !== preset.value;
      fillOptions(presets[chosen()]);
      describe();
    };
    options.addEventListener("input", describe);
    options.addEventListener("change", describe);
    choose();
    preset.onchange = choose;
    formats.addEventListener("change", choose);
  }).catch(() => toast(t("private.presets_failed"), "warn"));
  form.append(
    h("h2", { id: "private-form-title" }, t("private.title")),
    h("p", { class: "muted" }, t("private.about")),
    formats,
    presetField, about,
    h("details", { class: "house-rules" }, h("summary", {}, t("private.house_rules")), options),
    radioRow("bots", t("private.bots"), levelChoices(), "standard"),
    radioRow("turn", t("private.turn"), words(TURN_TIMES, (secs) => t(`private.turn.${secs}`)), "30", "private-turn"),
    h("label", { class: "check" }, h("input", { type: "checkbox", name: "watch", id: "private-watch" }),
      h("span", {}, t("private.watch"))),
    refusal,
    h("button", { type: "submit", class: "btn", id: "create-private" }, t("private.create")));
  return form;
}

/** The format choice: a radio chip per format (js/game/format.js FORMATS), the
 * partnership game first and checked. Its value is "partners" or a preset name. */
export function formatRow(name, id) {
  return radioRow(name, t("private.format"), words(Object.keys(FORMATS), (format) => t(`format.${format}`)), "partners", id);
}

/** A row of radio chips: ``choices`` {value: label}. */
export function radioRow(name, legend, choices, checked, id = null) {
  return h("fieldset", { class: "choice-row", id }, h("legend", {}, legend),
    Object.entries(choices).map(([value, label]) => h("label", { class: "chip" },
      h("input", { type: "radio", name, value, checked: value === checked }), h("span", {}, label))));
}
