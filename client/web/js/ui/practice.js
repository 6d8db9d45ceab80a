// Practice tables: one person against three bots. Hint suggests a move with its reason;
// Undo takes back your last decision (and the bots' moves after it) and Redo plays it
// again; Challenge offers none of the three (the snapshot's ``undo`` is false there).
import { actionText, cardName } from "../game/cards.js";
import { announce, h, toast } from "./dom.js";

export const LEVELS = { easy: "Easy", standard: "Standard", challenge: "Challenge" };
export const PRACTICE_PACES = { relaxed: "Relaxed", standard: "Standard", fast: "Fast" };
// The partnership game's length: the quick game to 250 first, the standard 500 a tap away.
export const PRACTICE_GAMES = { quick: "Quick · to 250", standard: "Standard · to 500" };

/** The rules a practice game of ``preset`` has (as server/social/practice.py
 * practice_rules): Blind Nil off, or offered to a side 100 behind where the format has it. */
export function practiceRules(presetRules, blindNil) {
  if (!blindNil) return { ...presetRules, blind_nil: "off" };
  if (presetRules.players === 2 || presetRules.bidding === "mirror") return presetRules;
  return { ...presetRules, blind_nil: "trailing", blind_nil_margin: 100 };
}

/** A suggested action in words a person reads: "play the ♠A", "bid Nil", "look at your
 * cards", "pass the ♣K and ♣Q", "keep the card". */
export function adviceText(action) {
  if (action === "look") return "look at your cards";
  if (action === "keep" || action === "discard") return `${action} the card`;
  if (action.startsWith("pass ")) return `pass the ${action.slice(5).split(" ").map((c) => cardName(c.toUpperCase())).join(" and ")}`;
  return actionText(action).replace(/^(\w+)s /, "$1 "); // "plays the ♠A" → "play the ♠A"
}

export class PracticeBar {
  constructor(app, screen) {
    this.app = app;
    this.screen = screen;
    this.hintLine = h("p", { class: "hint-line", role: "status" });
    this.hintBtn = h("button", { type: "button", class: "btn btn-ghost", "aria-keyshortcuts": "h",
      onclick: () => this.hint() }, "Hint");
    this.undoBtn = h("button", { type: "button", class: "btn btn-ghost", "aria-keyshortcuts": "u",
      onclick: () => this.step("undo") }, "↶ Undo");
    this.redoBtn = h("button", { type: "button", class: "btn btn-ghost", "aria-keyshortcuts": "r",
      onclick: () => this.step("redo") }, "Redo ↷");
    this.note = h("span", { class: "fine practice-note" });
    this.el = h("div", { class: "practice-bar", role: "toolbar", "aria-label": "Practice", hidden: true },
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
    const level = LEVELS[s.extra.level] || "Practice";
    const offered = this.offered;
    this.note.textContent = offered ? `${level} bots` : `${level}: no Hint, Undo or Redo`;
    for (const button of [this.hintBtn, this.undoBtn, this.redoBtn]) button.hidden = !offered;
    if (!offered) return;
    const view = s.view;
    // A hint is for one decision: gone once the table moved on.
    const key = view ? `${s.v}` : null;
    if (this.hintKey !== null && this.hintKey !== key && !this.busy) {
      this.hintLine.textContent = "";
      this.hintKey = null;
    }
    this.hintBtn.disabled = !s.myTurn || this.screen.pendingDeal;
    this.undoBtn.disabled = !view || this.busy || this.screen.pendingDeal;
    this.redoBtn.disabled = !s.extra.redo || !s.myTurn || this.busy;
  }

  async hint() {
    if (!this.offered || !this.app.state.myTurn) return;
    try {
      const answer = await this.app.room.request("hint");
      const text = `Hint: ${adviceText(answer.a)}`;
      this.hintLine.replaceChildren(h("b", {}, text), answer.why ? ` — ${answer.why}` : "");
      this.hintKey = `${this.app.state.v}`;
      announce(`${text}. ${answer.why || ""}`);
      if (answer.a.startsWith("bid")) this.screen.pad.showTip(answer.a, answer.why);
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
      announce(which === "undo" ? "Your last decision was taken back." : "Your decision was played again.");
    } catch (err) {
      toast(err.message, "warn");
    } finally {
      this.busy = false;
      this.render();
    }
  }
}
