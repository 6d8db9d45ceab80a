// Player settings kept in this browser: the language, pace of the animations, card size,
// the deck's colours and large print, sound, and whether practice games offer Blind Nil.
// Sound and practice's Blind Nil are off until the player turns them on.
import { LANGUAGES, language as pageLanguage, t } from "../i18n.js";
import { h } from "./dom.js";

const KEY = "spades.settings";
// lang "": the browser's languages (Accept-Language) choose; a signed-in account's
// language (GET /api/me's lang) comes first and becomes this browser's.
const DEFAULTS = {
  lang: "", pace: "standard", cardSize: "medium", deck: "two", largePrint: false, sound: false,
  practiceBlindNil: false, screenReader: false,
};

export const PACES = {
  relaxed: { dealMs: 55, holdMs: 1700, sweepMs: 450 },
  standard: { dealMs: 28, holdMs: 1000, sweepMs: 320 },
  fast: { dealMs: 8, holdMs: 450, sweepMs: 180 },
};
const CARD_SIZES = ["small", "medium", "large"];
// Two colours (red hearts and diamonds), or four: diamonds blue and clubs green too.
const DECKS = ["two", "four"];

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
    h("span", {}, t("settings.practice_blind_nil")));
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

/** A signed-in account's language (GET /api/me's ``lang``) becomes this browser's; true
 * when the page speaks another one and must be drawn again in it. */
export function followAccountLanguage(me) {
  if (!me || !me.lang || me.lang === settings.lang) return false;
  saveSettings({ lang: me.lang });
  return me.lang !== pageLanguage();
}

function reloadIn(lang) {
  saveSettings({ lang });
  location.reload();
}

/** The settings form, for the settings dialog. ``onRename(name)`` changes the player's name;
 * ``fixedName``: an account's name, shown but not changed here; ``onLanguage(lang)``: a
 * language picked ("" the browser's), which redraws the page in it. */
export function settingsForm({ name, onRename, fixedName = false, onLanguage = reloadIn }) {
  const radios = (field, choices) => h("fieldset", { class: "choice-row" },
    h("legend", {}, t(`settings.${field}`)),
    choices.map((value) => h("label", { class: "chip" },
      h("input", {
        type: "radio", name: field, value, checked: settings[field] === value,
        onchange: () => saveSettings({ [field]: value }),
      }),
      h("span", {}, t(`settings.${field}.${value}`)))));
  // A new language redraws the page in it (the address stays; the room resumes the table).
  const language = h("select", {
    id: "settings-lang",
    onchange: (e) => onLanguage(e.target.value),
  }, h("option", { value: "", selected: !settings.lang }, t("settings.lang_auto")),
  Object.entries(LANGUAGES).map(([value, name]) => h("option", { value, lang: value, selected: settings.lang === value }, name)));
  const nameInput = h("input", { id: "settings-name", value: name || "", maxlength: 20, autocomplete: "nickname" });
  return h("div", { class: "settings" },
    fixedName
      ? h("p", {}, t("settings.your_name"), " ", h("b", {}, name), h("span", { class: "fine" }, " ", t("settings.account_name")))
      : h("div", { class: "field" }, h("label", { for: "settings-name" }, t("settings.name")),
        h("div", { class: "inline" }, nameInput,
          h("button", { type: "button", class: "btn", onclick: () => onRename(nameInput.value) }, t("settings.rename")))),
    h("div", { class: "field" }, h("label", { for: "settings-lang" }, t("settings.language")), language),
    radios("pace", Object.keys(PACES)),
    radios("cardSize", CARD_SIZES),
    radios("deck", DECKS),
    toggle("largePrint", t("settings.large_print")),
    toggle("sound", t("settings.sound")),
    blindNilSwitch("settings-blind-nil"),
  );
}
