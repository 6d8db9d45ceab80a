// The middle of the table: the trick being played (each card toward its player), a
// finished trick held for a moment then swept to its winner, the deal animation, and the
// one-line status ("West to bid", "Finding players…").
import { SEAT_NAMES } from "../game/cards.js";
import { cardBack, cardFace } from "./card_view.js";
import { h } from "./dom.js";
import { pace } from "./settings.js";

export const POSITIONS = ["bottom", "left", "top", "right"];

/** Where ``seat`` sits on this screen, the viewer at the bottom. */
export function positionOf(seat, viewer) {
  return POSITIONS[(seat - (viewer ?? 0) + 4) % 4];
}

export class CenterView {
  constructor() {
    this.el = h("div", { class: "center" });
    this.trickEl = h("div", { class: "trick", role: "group", "aria-label": "Cards on the table" });
    this.status = h("p", { class: "center-status", "aria-hidden": "true" });
    this.dealLayer = h("div", { class: "deal-layer", "aria-hidden": "true" });
    this.el.append(this.trickEl, this.status, this.dealLayer);
    this.held = null; // {cards: [[seat, code]], winner, until}
    this.heldTimer = null;
    this.shownKey = "";
    this.onHeldDone = () => {};
  }

  /** Show a finished trick for a moment, then sweep it to the winner. */
  hold(cards, winner) {
    clearTimeout(this.heldTimer);
    const p = pace();
    this.held = { cards, winner, sweeping: false };
    this.heldTimer = setTimeout(() => {
      if (!this.held) return;
      this.held.sweeping = true;
      this.onHeldDone();
      this.heldTimer = setTimeout(() => { this.held = null; this.onHeldDone(); }, p.sweepMs);
    }, p.holdMs);
  }

  dropHeld() {
    clearTimeout(this.heldTimer);
    this.held = null;
  }

  /** Draw the trick area for ``view`` from ``viewer``'s side. */
  render(view, viewer, statusText) {
    this.status.textContent = statusText || "";
    let cards = view && view.trick && view.trick.length ? view.trick : null;
    let winner = null;
    let sweeping = false;
    if (cards) {
      if (this.held) this.dropHeld();
    } else if (this.held) {
      ({ cards, winner, sweeping } = this.held);
    }
    const key = JSON.stringify([cards, winner, sweeping, viewer]);
    if (key === this.shownKey) return;
    const previous = new Set(this.trickEl.querySelectorAll(".played-card").length
      ? [...this.trickEl.querySelectorAll(".played-card")].map((el) => el.dataset.card) : []);
    this.shownKey = key;
    this.trickEl.className = `trick${sweeping ? ` sweep-${positionOf(winner, viewer)}` : ""}`;
    this.trickEl.style.setProperty("--sweep-ms", `${pace().sweepMs}ms`);
    this.trickEl.replaceChildren(...(cards || []).map(([seat, code]) => {
      const where = positionOf(seat, viewer);
      const face = cardFace(code, { extraClass: "played-card" });
      face.setAttribute("aria-label", `${SEAT_NAMES[seat]}: ${face.getAttribute("aria-label")}${seat === winner ? ", wins the trick" : ""}`);
      const slot = h("div", { class: `played at-${where}${seat === winner ? " winner" : ""}${previous.has(code) ? "" : " arriving"}` }, face);
      return slot;
    }));
  }

  /** Animate 52 (or the deck's) card backs flying from the dealer to the seats. Resolves
   * when done or skipped; ``onCard(k)`` runs as card k lands. */
  deal(dealer, viewer, total, onCard) {
    this.skipDeal();
    const p = pace();
    return new Promise((resolve) => {
      let k = 0;
      const from = positionOf(dealer, viewer);
      const step = () => {
        if (k >= total) {
          this.finishDeal();
          return;
        }
        const to = positionOf((dealer + 1 + k) % 4, viewer);
        const back = cardBack({ extraClass: `flying from-${from}` });
        this.dealLayer.append(back);
        requestAnimationFrame(() => back.classList.add(`to-${to}`));
        setTimeout(() => back.remove(), 400);
        k += 1;
        onCard(k);
        this.dealTimer = setTimeout(step, p.dealMs);
      };
      this.finishDeal = () => {
        clearTimeout(this.dealTimer);
        this.dealLayer.replaceChildren();
        this.finishDeal = null;
        onCard(total);
        resolve();
      };
      step();
    });
  }

  skipDeal() {
    if (this.finishDeal) this.finishDeal();
  }

  get dealing() {
    return !!this.finishDeal;
  }
}
