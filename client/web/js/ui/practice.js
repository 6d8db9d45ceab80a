// Practice tables: one person against three bots. Hint suggests a move with its reason;
// Undo takes back your last decision (and the bots' moves after it) and Redo plays it
// again; Challenge offers none of the three (the snapshot's ``undo`` is false there).
import { bidText, theCard, theCards } from "../game/cards.js";
import { said, t } from "../i18n.js";
import { announce, h, toast } from "./dom.js";

// The bots' levels, the paces and the partnership game's lengths (the quick game to 250
// first, the standard 500 a tap away), each with its catalogue key.
export const LEVELS = { easy: "level.easy", standard: "level.standard", challenge: "level.challenge" };
export const PRACTICE_PACES = { relaxed: "settings.pace.relaxed", standard: "settings.pace.standard", fast: "settings.pace.fast" };
export const PRACTICE_GAMES = { quick: "lobby.game.quick", standard: "lobby.game.standard" };

/** "Easy", "Fácil": a level's name in the page's language (its id when unknown). */
export function levelName(level) {
  return LEVELS[level] ? t(LEVELS[level]) : level;
}

/** The rules a practice game of ``preset`` has (as server/social/practice.py
 * practice_rules): Blind Nil off, or offered to a side 100 behind where the format has it. */
export function practiceRules(presetRules, blindNil) {
  if (!blindNil) return { ...presetRules, blind_nil: "off" };
  if (presetRules.players === 2 || presetRules.bidding === "mirror") return presetRules;
  return { ...presetRules, blind_nil: "trailing", blind_nil_margin: 100 };
}

/** A suggested action in words a person reads, in the page's language: "play the Ace of
 * spades", "bid Nil", "look at your cards", "pass the King and the Queen of clubs", "keep
 * the card". */
export function adviceText(action) {
  if (action === "look") return t("practice.advice.look");
  if (action === "keep" || action === "discard") return t(action === "keep" ? "practice.advice.keep" : "practice.advice.discard");
  if (action.startsWith("pass ")) return t("practice.advice.pass", { cards: theCards(action.slice(5).toUpperCase().split(" ")) });
  if (action.startsWith("play ")) return t("practice.advice.play", { card: theCard(action.slice(5).toUpperCase()) });
  if (action.startsWith("bid ")) return t("practice.advice.bid", { bid: bidText(action.slice(4)) });
  return action;
}

/** The reason of an ``advice`` in the page's language: its catalogue ``key`` and
 * ``args`` when the server sent them, else its English ``why``. */
export function adviceWhy(answer) {
  return said(answer.why || "", answer.key, answer.args);
}

export class PracticeBar {
  constructor(app, screen) {
    this.app = app;
    this.screen = screen;
    this.hintLine = h("p", { class: "hint-line", role: "status" });
    this.hintBtn = h("button", { type: "button", class: "btn btn-ghost", "aria-keyshortcuts": "h",
      onclick: () => this.hint() }, t("practice.hint_key"));
    this.undoBtn = h("button", { type: "button", class: "btn btn-ghost", "aria-keyshortcuts": "u",
      onclick: () => this.step("undo") }, t("practice.undo_key"));
    this.redoBtn = h("button", { type: "button", class: "btn btn-ghost", "aria-keyshortcuts": "r",
      onclick: () => this.step("redo") }, t("practice.redo_key"));
    this.note = h("span", { class: "fine practice-note" });
    this.el = h("div", { class: "practice-bar", role: "toolbar", "aria-label": t("practice.bar"), hidden: true },
      this.note, this.hintBtn, this.undoBtn, this.redoBtn, this.hintLine);
    this.busy = false;
    this.hintKey = null;
  }

  get active() {
    return this.app.state.kind === "practice";
  }

  /** Hint, Undo and Redo are offered at this table (not at Challenge). */
  get offered() {
    return this.active && !!this.app.state.extra.undo;
  }

  render() {
    const s = this.app.state;
    this.el.hidden = !this.active;
    if (!this.active) return;
    const level = LEVELS[s.extra.level] ? levelName(s.extra.level) : t("practice.bar");
    const offered = this.offered;
    this.note.textContent = offered ? t("practice.level_bots", { level }) : t("practice.level_none", { level });
    for (const button of [this.hintBtn, this.undoBtn, this.redoBtn]) button.hidden = !offered;
    if (!offered) return;
    const view = s.view;
    // A hint is for one decision: gone once the table moved on.
    const key = view ? `${s.v}` : null;
    if (this.hintKey !== null && this.hintKey !== key && !this.busy) {
      this.hintLine.textContent = "";
      this.hintKey = null;
    }
    // Not while the cards are still dealt: the hint would name a bid for a hand not
    // yet shown, beside a pad not yet there.
    this.hintBtn.disabled = !s.myTurn || this.screen.dealing;
    // Nothing of the person's to take back before their first decision of the game.
    this.undoBtn.disabled = !view || !s.extra.undoable || this.busy || this.screen.pendingDeal;
    this.redoBtn.disabled = !s.extra.redo || !s.myTurn || this.busy;
  }

  async hint() {
    if (!this.offered || !this.app.state.myTurn) return;
    try {
      const answer = await this.app.room.request("hint");
      const text = t("practice.hint", { advice: adviceText(answer.a) });
      const why = adviceWhy(answer);
      this.hintLine.replaceChildren(h("b", {}, text), why ? ` — ${why}` : "");
      this.hintKey = `${this.app.state.v}`;
      announce(why ? t("practice.hint_why", { hint: text, why }) : text);
      if (answer.a.startsWith("bid")) this.screen.pad.showTip(answer.a, why);
    } catch (err) {
      toast(err.message, "warn");
    }
  }

  async step(which) {
    if (!this.offered || this.busy) return;
    this.busy = true;
    this.render();
    try {
      await this.app.room.request(which);
      this.hintLine.textContent = "";
      announce(which === "undo" ? t("practice.undone") : t("practice.redone"));
    } catch (err) {
      toast(err.message, "warn");
    } finally {
      this.busy = false;
      this.render();
    }
  }
}
