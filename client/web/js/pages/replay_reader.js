// The game page's replay for a screen reader: a switch (the table's screen-reader mode,
// the same setting), and while it is on, a section "The position in words" with one named
// region per part of the position (replay_words.js), and single keys that read a region
// aloud (H, T, B, S, L, P; ? lists the keys).
import { language, t } from "../i18n.js";
import { announce, h } from "../ui/dom.js";
import { saveSettings, settings } from "../ui/settings.js";
import { keysText, positionTexts } from "./replay_words.js";

const REGION_KEYS = { h: "hands", t: "trick", b: "bids", s: "score", l: "last", p: "played" };

export class ReplayReader {
  constructor(game) {
    this.game = game;
    this.pos = null;
    this.regions = {};
    const region = (key, label) => {
      const text = h("p", { class: "sr-text" });
      this.regions[key] = text;
      return h("section", { class: "sr-region", "aria-label": label }, h("h3", {}, label), text);
    };
    this.switch = h("label", { class: "switch sr-switch" },
      h("input", { type: "checkbox", role: "switch", id: "sr-mode", checked: !!settings.screenReader,
        onchange: (e) => this.switchTo(e.target.checked) }),
      h("span", { lang: language() }, t("srreplay.switch")));
    this.el = h("section", { class: "sr-table sr-replay", lang: language(), "aria-label": t("srreplay.title"),
      hidden: !settings.screenReader },
      h("h3", {}, t("srreplay.title")),
      h("p", { class: "fine" }, keysText()),
      region("hands", t("srreplay.hands")), region("trick", t("srreplay.trick_region")),
      region("bids", t("srreplay.bids")), region("score", t("srreplay.score")), region("last", t("srreplay.last_region")),
      region("played", t("srreplay.played_region")));
  }

  get on() {
    return !!settings.screenReader;
  }

  switchTo(on) {
    saveSettings({ screenReader: on });
    this.el.hidden = !on;
    announce(t(on ? "srreplay.on" : "srreplay.off"));
    if (this.pos) this.show(this.pos);
  }

  /** Write the position ``pos`` into the regions (while the mode is on). */
  show(pos) {
    this.pos = pos;
    if (!this.on) return;
    const texts = positionTexts(this.game, pos);
    for (const [key, el] of Object.entries(this.regions)) if (el.textContent !== texts[key]) el.textContent = texts[key];
  }

  /** A key pressed on the page (not in a box): read a region. True when it was one. */
  onKey(key) {
    if (!this.on || !this.pos) return false;
    if (key === "?") {
      announce(keysText(), { key: "read" });
      return true;
    }
    const region = REGION_KEYS[key.toLowerCase()];
    if (!region) return false;
    announce(positionTexts(this.game, this.pos)[region], { key: "read" });
    return true;
  }
}
