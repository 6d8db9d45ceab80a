// The two-handed draw (phase "drawing", before the bids): the top card of the stock in
// front of you (the view's ``draw.card``, only in your own view at your turn) with Keep
// and Discard. Keep takes it (the next card goes to the discards unseen); Discard puts
// it on the discards and you take the next one, unseen until it is in your hand. Keys:
// K keeps, D discards; the arrow keys move between the two buttons.
import { theCard } from "../game/cards.js";
import { t, tParts } from "../i18n.js";
import { cardFace } from "./card_view.js";
import { announce, h, rovingKeys } from "./dom.js";

export class DrawStep {
  /** ``onAct(action)`` sends "keep" or "discard". */
  constructor({ onAct }) {
    this.onAct = onAct;
    this.el = h("section", { class: "draw-step", "aria-label": t("draw.title"), hidden: true });
    this.el.addEventListener("keydown", (event) => {
      if (event.target.classList.contains("draw-btn")) rovingKeys(event, this.buttons || []);
    });
    this.busy = null; // the card an action was sent for: one action per card shown
  }

  /** Draw for ``view`` at this seat's drawing turn (else hide). */
  render(view, myTurn) {
    const draw = view && view.phase === "drawing" && myTurn ? view.draw : null;
    const card = draw && draw.card;
    this.el.hidden = !card;
    if (!card) {
      this.busy = null;
      this.shown = null;
      return;
    }
    const key = `${view.hand_no}:${view.hand.length}:${draw.stock}`;
    if (key === this.shown) return;
    const hadFocus = this.el.contains(document.activeElement) ? document.activeElement.dataset.act : null;
    this.shown = key;
    this.busy = null;
    const kept = view.hand.length;
    this.buttons = [
      h("button", { type: "button", class: "btn btn-primary draw-btn", dataset: { act: "keep" }, "aria-keyshortcuts": "k",
        "aria-label": t("draw.keep_label", { card: theCard(card) }), onclick: () => this.act("keep") }, t("draw.keep")),
      h("button", { type: "button", class: "btn draw-btn", dataset: { act: "discard" }, "aria-keyshortcuts": "d",
        "aria-label": t("draw.discard_label", { card: theCard(card) }), onclick: () => this.act("discard") },
      t("draw.discard")),
    ];
    this.buttons.forEach((b, i) => b.setAttribute("tabindex", i === 0 ? "0" : "-1"));
    this.el.replaceChildren(
      h("div", { class: "pad-head" }, h("h2", { class: "pad-title" }, t("draw.title")),
        h("span", { class: "pad-note" }, t("draw.count", { kept, stock: draw.stock }))),
      h("div", { class: "draw-row" },
        h("div", { class: "draw-card" }, cardFace(card)),
        h("p", { class: "pad-note draw-help" },
          tParts("draw.help", { keep: h("b", {}, t("draw.keep")), discard: h("b", {}, t("draw.discard")) }))),
      h("div", { class: "pad-row" }, this.buttons));
    if (hadFocus) this.buttons.find((b) => b.dataset.act === hadFocus)?.focus();
  }

  /** K or D at the table: keep or discard the card shown. True when it was handled. */
  onKey(key) {
    if (this.el.hidden) return false;
    if (key === "k") this.act("keep");
    else if (key === "d") this.act("discard");
    else return false;
    return true;
  }

  act(what) {
    if (this.el.hidden || this.busy === this.shown) return;
    this.busy = this.shown;
    const shown = this.shown;
    announce(what === "keep" ? t("draw.kept") : t("draw.discarded"));
    // The answer comes after the new view: a refused action may be tried again.
    Promise.resolve(this.onAct(what)).finally(() => {
      if (this.busy === shown) this.busy = null;
    });
  }

  focus() {
    if (!this.el.hidden && this.buttons) this.buttons[0].focus();
  }
}
