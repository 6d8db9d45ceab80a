// Practice tables: one person against three bots. Hint suggests a move with its reason;
// Undo takes back your last decision and Redo replays it; Challenge has none of the three.
// The room messages (practice, hint, undo, redo) are listed in docs/client-web.md.
import { actionText } from "../game/cards.js";
import { announce, h, toast } from "./dom.js";

export const LEVELS = { easy: "Easy", standard: "Standard", challenge: "Challenge" };
export const PRACTICE_PACES = { relaxed: "Relaxed", standard: "Standard", fast: "Fast" };

export class PracticeBar {
  constructor(app, screen) {
    this.app = app;
    this.screen = screen;
    this.level = "easy";
    this.canUndo = true;
    this.canRedo = true;
    this.hintLine = h("p", { class: "hint-line", role: "status" });
    this.hintBtn = h("button", { type: "button", class: "btn btn-ghost", "aria-keyshortcuts": "h",
      onclick: () => this.hint() }, "Hint");
    this.undoBtn = h("button", { type: "button", class: "btn btn-ghost", onclick: () => this.step("undo") }, "↶ Undo");
    this.redoBtn = h("button", { type: "button", class: "btn btn-ghost", onclick: () => this.step("redo") }, "Redo ↷");
    this.el = h("div", { class: "practice-bar", role: "toolbar", "aria-label": "Practice", hidden: true },
      this.hintBtn, this.undoBtn, this.redoBtn, this.hintLine);
  }

  get active() {
    return this.app.state.kind === "practice";
  }

  /** Snapshot fields of a practice table: level, undo and redo (booleans). */
  fromSnapshot(extra) {
    if (extra.level) this.level = extra.level;
    this.canUndo = extra.undo !== undefined ? !!extra.undo : true;
    this.canRedo = extra.redo !== undefined ? !!extra.redo : true;
  }

  render() {
    const on = this.active && this.level !== "challenge";
    this.el.hidden = !on;
    if (!on) return;
    const view = this.app.state.view;
    this.hintBtn.disabled = !this.app.state.myTurn;
    this.undoBtn.disabled = !this.canUndo || !view;
    this.redoBtn.disabled = !this.canRedo || !view;
  }

  async hint() {
    if (!this.active || this.level === "challenge" || !this.app.state.myTurn) return;
    try {
      const answer = await this.app.room.request("hint");
      const text = `Hint: ${answer.a.startsWith("play ") ? actionText(answer.a).replace(/^plays/, "play") : answer.a}`;
      this.hintLine.replaceChildren(h("b", {}, text), answer.why ? ` — ${answer.why}` : "");
      announce(`${text}. ${answer.why || ""}`);
      if (answer.a.startsWith("bid")) this.screen.pad.showTip(answer.a, answer.why);
    } catch (err) {
      toast(err.code === "unsupported" ? "Hint is coming to this room soon." : err.message, "warn");
    }
  }

  async step(which) {
    try {
      await this.app.room.request(which);
      this.hintLine.textContent = "";
      announce(which === "undo" ? "Your last decision was taken back." : "Your decision was played again.");
    } catch (err) {
      toast(err.code === "unsupported" ? "Undo and Redo are coming to this room soon." : err.message, "warn");
    }
  }
}
