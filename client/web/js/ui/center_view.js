// The middle of the table: the trick being played (each card toward its player), a
// finished trick held for a moment then swept to its winner, the deal animation, and the
// one-line status ("West to bid", "Finding players…").
import { Format } from "../game/format.js";
import { cardBack, cardFace } from "./card_view.js";
import { h } from "./dom.js";
import { t } from "../i18n.js";
import { pace, reducedMotion } from "./settings.js";

/** Where ``seat`` sits on this screen, the viewer at the bottom (``fmt``: the table's
 * format, js/game/format.js; four seats when absent). */
export function positionOf(seat, viewer, fmt = FOUR) {
  return fmt.place(seat, viewer);
}

const FOUR = new Format(null);

export class CenterView {
  constructor() {
    this.el = h("div", { class: "center" });
    this.trickEl = h("div", { class: "trick", role: "group", "aria-label": t("center.trick") });
    this.status = h("p", { class: "center-status", "aria-hidden": "true" });
    this.dealLayer = h("div", { class: "deal-layer", "aria-hidden": "true" });
    this.el.append(this.trickEl, this.status, this.dealLayer);
    this.held = null; // {cards: [[seat, code]], winner, until}
    this.heldTimer = null;
    this.shownKey = "";
    this.onHeldDone = () => {};
    this.fmt = FOUR;
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

  /** Draw the trick area for ``view`` from ``viewer``'s side, at a table of ``fmt``. */
  render(view, viewer, statusText, fmt = FOUR) {
    this.fmt = fmt;
    let cards = view && view.trick && view.trick.length ? view.trick : null;
    let winner = null;
    let sweeping = false;
    if (cards) {
      if (this.held) this.dropHeld();
    } else if (this.held) {
      ({ cards, winner, sweeping } = this.held);
    }
    // The pill sits over the bottom card of a trick: it waits while a finished trick is
    // held (who leads next shows on the ring of their seat meanwhile).
    this.status.textContent = winner === null ? statusText || "" : "";
    const key = JSON.stringify([cards, winner, sweeping, viewer, fmt.players]);
    if (key === this.shownKey) return;
    const previous = new Set([...this.trickEl.querySelectorAll(".played-card")]
      .map((el) => `${el.dataset.seat}:${el.dataset.card}`));
    this.shownKey = key;
    this.trickEl.className = `trick seats-${fmt.players}${sweeping ? ` sweep-${positionOf(winner, viewer, fmt)}` : ""}`;
    this.trickEl.style.setProperty("--sweep-ms", `${pace().sweepMs}ms`);
    this.trickEl.replaceChildren(...(cards || []).map(([seat, code]) => {
      const where = positionOf(seat, viewer, fmt);
      const face = cardFace(code, { extraClass: "played-card" });
      face.dataset.seat = String(seat);
      face.setAttribute("aria-label", t(seat === winner ? "center.card_wins" : "center.card",
        { seat: fmt.seatName(seat), card: face.getAttribute("aria-label") }));
      // Six players: two copies of a card may be in one trick; a card is new by its seat.
      const seen = previous.has(`${seat}:${code}`);
      const slot = h("div", { class: `played at-${where}${seat === winner ? " winner" : ""}${seen ? "" : " arriving"}` }, face);
      return slot;
    }));
  }

  /** Animate the deck's card backs flying from the dealer to the seats (``total`` of
   * them, one at a time clockwise from the dealer's left). Resolves when done or
   * skipped; ``onCard(k)`` runs as card k lands. */
  deal(dealer, viewer, total, onCard, fmt = FOUR) {
    this.skipDeal();
    if (reducedMotion()) {
      onCard(total);
      return Promise.resolve();
    }
    // The first bidder's clock runs during the deal, so a deal of any size lasts as long
    // as one of 52 cards, and a slow machine's late timers deal every card due by now
    // instead of stretching the deal.
    const perCard = (pace().dealMs * 52) / Math.max(total, 1);
    const start = performance.now();
    return new Promise((resolve) => {
      let k = 0;
      const from = positionOf(dealer, viewer, fmt);
      const step = () => {
        if (k >= total) {
          this.finishDeal();
          return;
        }
        const due = Math.min(total, Math.max(k + 1, Math.floor((performance.now() - start) / perCard) + 1));
        // Every card flies to its seat, the ones a late timer owes together.
        for (; k < due; k += 1) {
          const to = positionOf((dealer + 1 + k) % fmt.players, viewer, fmt);
          const back = cardBack({ extraClass: `flying from-${from}` }); // i18n: class names
          this.dealLayer.append(back);
          requestAnimationFrame(() => back.classList.add(`to-${to}`));
          setTimeout(() => back.remove(), 400);
        }
        onCard(k);
        this.dealTimer = setTimeout(step, start + k * perCard - performance.now());
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
