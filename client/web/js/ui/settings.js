// Player settings kept in this browser: pace of the animations, card size, sound, and
// whether practice games offer Blind Nil. Sound and practice's Blind Nil are off until the
// player turns them on.
import { h } from "./dom.js";

const KEY = "spades.settings";
const DEFAULTS = { pace: "standard", cardSize: "medium", sound: false, practiceBlindNil: false, screenReader: false };

export const PACES = {
  relaxed: { label: "Relaxed", dealMs: 55, holdMs: 1700, sweepMs: 450 },
  standard: { label: "Standard", dealMs: 28, holdMs: 1000, sweepMs: 320 },
  fast: { label: "Fast", dealMs: 8, holdMs: 450, sweepMs: 180 },
};
const CARD_SIZES = { small: "Small", medium: "Medium", large: "Large" };

export const settings = { ...DEFAULTS, ...load() };

function load() {
  try {
    return JSON.parse(localStorage.getItem(KEY) || "{}");
  } catch {
    return {};
  }
}

export function saveSettings(change) {
  Object.assign(settings, change);
  try {
    localStorage.setItem(KEY, JSON.stringify(settings));
  } catch {
    // not kept across visits; still applied now
  }
  applySettings();
}

export function pace() {
  return PACES[settings.pace] || PACES.standard;
}

/** Reflect the settings on the page (card size is a CSS variable scale). */
export function applySettings() {
  document.documentElement.dataset.cardSize = settings.cardSize;
  document.documentElement.dataset.pace = settings.pace;
}

/** The switch of practice's Blind Nil: it takes effect from the next practice game.
 * ``onChange(on)`` is told of a change (the lobby updates its Rules link). */
export function blindNilSwitch(id, onChange = () => {}) {
  return h("label", { class: "switch" },
    h("input", {
      type: "checkbox", role: "switch", id, checked: settings.practiceBlindNil,
      onchange: (e) => { saveSettings({ practiceBlindNil: e.target.checked }); onChange(e.target.checked); },
    }),
    h("span", {}, "Blind Nil in practice, when 100 behind (from the next game)"));
}

/** The settings form, for the settings dialog. ``onRename(name)`` changes the player's name;
 * ``fixedName``: an account's name, shown but not changed here. */
export function settingsForm({ name, onRename, fixedName = false }) {
  const radios = (field, choices) => h("fieldset", { class: "choice-row" },
    h("legend", {}, { pace: "Pace", cardSize: "Card size" }[field]),
    Object.entries(choices).map(([value, label]) => h("label", { class: "chip" },
      h("input", {
        type: "radio", name: field, value, checked: settings[field] === value,
        onchange: () => saveSettings({ [field]: value }),
      }),
      h("span", {}, typeof label === "string" ? label : label.label))));
  const nameInput = h("input", { id: "settings-name", value: name || "", maxlength: 20, autocomplete: "nickname" });
  return h("div", { class: "settings" },
    fixedName
      ? h("p", {}, "Your name: ", h("b", {}, name), h("span", { class: "fine" }, " (your account's)"))
      : h("div", { class: "field" }, h("label", { for: "settings-name" }, "Your name"),
        h("div", { class: "inline" }, nameInput,
          h("button", { type: "button", class: "btn", onclick: () => onRename(nameInput.value) }, "Rename"))),
    radios("pace", PACES),
    radios("cardSize", CARD_SIZES),
    h("label", { class: "switch" },
      h("input", {
        type: "checkbox", role: "switch", checked: settings.sound,
        onchange: (e) => saveSettings({ sound: e.target.checked }),
      }),
      h("span", {}, "Sound")),
    blindNilSwitch("settings-blind-nil"),
  );
}
