// The lobby's "Private table" form: a rules preset, every house option of the engine's
// RuleSet (js/game/rules.js RULE_FIELDS), the bots' level and whether spectators may watch.
import { loadPresets, PRESET_NAMES, presetLine, presetName, RULE_FIELDS } from "../game/rules.js";
import { h, toast } from "./dom.js";
import { LEVELS } from "./practice.js";

// The host's turn time: seconds a person has for a turn before the autopilot plays it.
// With no clock, only a disconnect brings the autopilot (a table among friends).
const TURN_TIMES = { 15: "Fast 15 s", 30: "Standard 30 s", 60: "Relaxed 60 s", 0: "No clock" };

/** The form; ``onCreate({rules, bots, watch, turn})`` hosts the table. */
export function privateForm(onCreate) {
  const form = h("form", { class: "panel", "aria-labelledby": "private-form-title" });
  const preset = h("select", { id: "preset", name: "preset" });
  const options = h("div", { class: "rules-editor" });
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const rules = { name: preset.value };
    for (const [field, , kind] of RULE_FIELDS) {
      const input = options.querySelector(`[name="${field}"]`);
      if (!input) continue;
      if (kind === "bool") rules[field] = input.checked;
      else if (kind === "choice") rules[field] = input.value;
      else if (kind === "int?") rules[field] = input.value === "" ? null : Number(input.value);
      else rules[field] = Number(input.value);
    }
    const data = new FormData(form);
    onCreate({ rules, bots: data.get("bots"), watch: data.get("watch") === "on", turn: Number(data.get("turn")) });
  });
  const fillOptions = (rules) => {
    options.replaceChildren(...RULE_FIELDS.map(([field, label, kind, extra]) => {
      const id = `rule-${field}`;
      if (kind === "bool") {
        return h("label", { class: "check" }, h("input", { type: "checkbox", id, name: field, checked: !!rules[field] }), h("span", {}, label));
      }
      if (kind === "choice") {
        return h("div", { class: "field" }, h("label", { for: id }, label),
          h("select", { id, name: field }, Object.entries(extra).map(([value, text]) =>
            h("option", { value, selected: rules[field] === value }, text))));
      }
      return h("div", { class: "field" }, h("label", { for: id }, label),
        h("input", { id, name: field, type: "number", min: extra.min, max: extra.max, step: extra.step || 1,
          value: rules[field] ?? "" }));
    }));
  };
  const about = h("p", { class: "fine preset-about", id: "preset-about", "aria-live": "polite" });
  loadPresets().then((presets) => {
    // "Quick — a short game", and under the box a line of what its rules are.
    preset.replaceChildren(...Object.keys(presets).map((p) => h("option", { value: p, selected: p === "standard" },
      PRESET_NAMES[p] ? `${presetName(p)} — ${PRESET_NAMES[p][1]}` : presetName(p))));
    const choose = () => {
      fillOptions(presets[preset.value]);
      about.textContent = presetLine(presets[preset.value]);
    };
    choose();
    preset.onchange = choose;
  }).catch(() => toast("The rule presets could not be loaded.", "warn"));
  form.append(
    h("h2", { id: "private-form-title" }, "Private table"),
    h("p", { class: "muted" }, "Invite friends with a link or a code, choose seats, start when you like: bots take the seats left open."),
    h("div", { class: "field" }, h("label", { for: "preset" }, "Rules"), preset, about),
    h("details", { class: "house-rules" }, h("summary", {}, "House rules"), options),
    radioRow("bots", "Bot level", LEVELS, "standard"),
    radioRow("turn", "Turn time", TURN_TIMES, "30", "private-turn"),
    h("label", { class: "check" }, h("input", { type: "checkbox", name: "watch", id: "private-watch" }),
      h("span", {}, "Spectators may watch")),
    h("button", { type: "submit", class: "btn", id: "create-private" }, "Create table"));
  return form;
}

/** A row of radio chips: ``choices`` {value: label}. */
export function radioRow(name, legend, choices, checked, id = null) {
  return h("fieldset", { class: "choice-row", id }, h("legend", {}, legend),
    Object.entries(choices).map(([value, label]) => h("label", { class: "chip" },
      h("input", { type: "radio", name, value, checked: value === checked }), h("span", {}, label))));
}
