// Player settings kept in this browser: pace of the animations, card size, the deck's
// colours and large print, sound, and whether practice games offer Blind Nil. Sound and
// practice's Blind Nil are off until the player turns them on.
import { h } from "./dom.js";

const KEY = "spades.settings";
const DEFAULTS = {
  pace: "standard", cardSize: "medium", deck: "two", largePrint: false, sound: false, practiceBlindNil: false,
};

export const PACES = {
  relaxed: { label: "Relaxed", dealMs: 55, holdMs: 1700, sweepMs: 450 },
  standard: { label: "Standard", dealMs: 28, holdMs: 1000, sweepMs: 320 },
  fast: { label: "Fast", dealMs: 8, holdMs: 450, sweepMs: 180 },
};
const CARD_SIZES = { small: "Small", medium: "Medium", large: "Large" };
// Two colours (red hearts and diamonds), or four: diamonds blue and clubs green too.
const DECKS = { two: "Two colours", four: "Four colours" };

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

/** The person asked their system for less motion: nothing flies across the screen
 * (CSS shortens every transition; the deal, drawn by script, is skipped). */
export function reducedMotion() {
  return matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Reflect the settings on the page (card size is a CSS variable scale; the deck and
 * large print are attributes cards.css reads). */
export function applySettings() {
  const root = document.documentElement.dataset;
  root.cardSize = settings.cardSize;
  root.pace = settings.pace;
  root.deck = settings.deck === "four" ? "four" : "two";
  root.largePrint = settings.largePrint ? "on" : "off";
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

/** A switch of a true/false setting. */
function toggle(field, label) {
  return h("label", { class: "switch" },
    h("input", {
      type: "checkbox", role: "switch", id: `settings-${field}`, checked: settings[field],
      onchange: (e) => saveSettings({ [field]: e.target.checked }),
    }),
    h("span", {}, label));
}

/** The settings form, for the settings dialog. ``onRename(name)`` changes the player's name;
 * ``fixedName``: an account's name, shown but not changed here. */
export function settingsForm({ name, onRename, fixedName = false }) {
  const radios = (field, choices) => h("fieldset", { class: "choice-row" },
    h("legend", {}, { pace: "Pace", cardSize: "Card size", deck: "Deck" }[field]),
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
    radios("deck", DECKS),
    toggle("largePrint", "Large print on the cards (a bigger rank and suit)"),
    toggle("sound", "Sound"),
    blindNilSwitch("settings-blind-nil"),
  );
}
