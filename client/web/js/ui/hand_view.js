// The player's hand: sorted by suit, one button per card. Tap (or Enter) a bright card to
// lift it, tap it again or press Play to play it; a dimmed card says why it cannot be
// played. Arrow keys move along the hand; Escape puts a lifted card down.
import { cardLabel, lowerFirst, SEAT_NAMES, sortHand, cardName } from "../game/cards.js";
import { cardBack, cardFace, cardShort } from "./card_view.js";
import { announce, clearToast, h, rovingKeys, toast } from "./dom.js";
import { play as sound } from "./sound.js";

export class HandView {
  /** ``onPlay(code)`` plays a card. */
  constructor({ onPlay }) {
    this.onPlay = onPlay;
    this.lifted = null;
    this.focusCode = null;
    this.el = h("div", { class: "hand", role: "group", "aria-label": "Your hand" });
    this.playButton = h("button", { type: "button", class: "btn btn-primary play-btn", hidden: true,
      onclick: () => this.lifted && this.playLifted() });
    this.el.addEventListener("keydown", (event) => this.onKey(event));
    this.cards = [];
    this.shown = 13; // cards visible while the deal animates
  }

  /** Draw ``view``'s hand for ``seat``; ``dealt`` cards are visible (deal animation). */
  render(view, seat, { dealt = 13 } = {}) {
    const hadFocus = this.el.contains(document.activeElement);
    const focusCode = hadFocus ? document.activeElement.dataset.card : this.focusCode;
    this.view = view;
    this.seat = seat;
    // Why a card could not be played holds for that trick only.
    if (this.reasonShown && this.reasonShown.trick !== trickKey(view)) {
      clearToast(this.reasonShown.text);
      this.reasonShown = null;
    }
    const playing = view && view.phase === "playing" && seat !== null;
    const myTurn = playing && view.to_act === seat && view.legal.length > 0;
    const hand = view && seat !== null ? sortHand(view.hand) : [];
    if (this.lifted && (!hand.includes(this.lifted) || !myTurn || !view.legal.includes(`play ${this.lifted}`))) {
      this.lifted = null;
    }
    const hidden = view && view.hand_hidden;
    const faces = hidden ? Array.from({ length: 13 }, (_, i) => `back${i}`) : hand.slice(0, dealt);
    // Buttons are kept per card between renders, so focus and clicks survive updates.
    this.buttons = this.buttons || new Map();
    const slots = faces.map((code) => {
      if (code.startsWith("back")) return h("span", { class: "slot" }, cardBack());
      let button = this.buttons.get(code);
      if (!button) {
        button = h("button", { type: "button", dataset: { card: code }, onclick: () => this.tap(code) }, cardFace(code));
        this.buttons.set(code, button);
      }
      const reason = this.reasonFor(view, seat, code, myTurn);
      const lifted = this.lifted === code;
      button.className = `slot card-btn${myTurn && reason ? " dim" : ""}${lifted ? " lifted" : ""}`;
      button.setAttribute("aria-label", cardLabel(code, reason) + (lifted ? ", lifted: press again to play" : ""));
      button.setAttribute("aria-pressed", lifted ? "true" : "false");
      return button;
    });
    for (const code of [...this.buttons.keys()]) if (!faces.includes(code)) this.buttons.delete(code);
    const same = slots.length === this.el.children.length && slots.every((el, i) => this.el.children[i] === el);
    if (!same) this.el.replaceChildren(...slots);
    this.el.classList.toggle("my-turn", !!myTurn);
    this.el.style.setProperty("--n", String(Math.max(faces.length, 1)));
    // A phone lays a long hand out in two rows of --cols cards (table.css).
    this.el.style.setProperty("--cols", String(faces.length > 7 ? Math.ceil(faces.length / 2) : Math.max(faces.length, 1)));
    this.cards = slots.filter((b) => b.tagName === "BUTTON");
    const focusAt = Math.max(0, this.cards.findIndex((b) => b.dataset.card === (this.lifted || focusCode)));
    this.cards.forEach((b, i) => b.setAttribute("tabindex", i === focusAt ? "0" : "-1"));
    // After a play the card leaves the hand: keep a keyboard player's focus in the hand.
    const refocus = this.playedFrom !== undefined && !hand.includes(this.playedCode)
      && (document.activeElement === document.body || !document.activeElement);
    if (refocus) {
      const near = this.cards[Math.min(this.playedFrom, this.cards.length - 1)];
      if (near) near.focus();
      this.playedFrom = undefined;
    } else if (hadFocus && this.cards[focusAt] && document.activeElement !== this.cards[focusAt]) {
      this.cards[focusAt].focus();
    }
    this.updatePlayButton();
  }

  reasonFor(view, seat, code, myTurn) {
    if (!view) return null;
    const reason = view.unplayable[code];
    if (reason) return reason;
    if (myTurn) return null;
    if (view.phase === "bidding" || view.phase === "passing") return "Bidding is not over yet.";
    if (view.phase === "over") return "The game is over.";
    if (view.to_act !== null && view.to_act !== seat) return `Wait for your turn: it is ${SEAT_NAMES[view.to_act]}'s turn.`;
    return null;
  }

  tap(code) {
    const view = this.view;
    const myTurn = view && view.phase === "playing" && view.to_act === this.seat;
    const reason = this.reasonFor(view, this.seat, code, myTurn);
    this.focusCode = code;
    if (reason) {
      sound("error");
      const text = `${cardName(code)}: ${lowerFirst(reason)}.`;
      toast(text, "warn");
      this.reasonShown = { text, trick: trickKey(view) };
      return;
    }
    if (this.lifted === code) {
      this.playLifted();
      return;
    }
    this.lifted = code;
    announce(`${cardName(code)} lifted. Press again or Play to play it.`);
    this.render(view, this.seat);
    const button = this.cards.find((b) => b.dataset.card === code);
    if (button) button.focus();
  }

  playLifted() {
    const code = this.lifted;
    this.lifted = null;
    if (this.el.contains(document.activeElement)) {
      this.playedCode = code;
      this.playedFrom = this.cards.findIndex((b) => b.dataset.card === code);
    }
    this.onPlay(code);
  }

  updatePlayButton() {
    const code = this.lifted;
    this.playButton.hidden = !code;
    this.playButton.textContent = code ? `Play ${cardShort(code)}` : "Play";
    if (code) this.playButton.setAttribute("aria-label", `Play the ${cardName(code)}`);
  }

  onKey(event) {
    if (rovingKeys(event, this.cards)) return;
    if (event.key === "Escape" && this.lifted) {
      event.preventDefault();
      event.stopPropagation();
      this.lifted = null;
      announce("Card put back.");
      this.render(this.view, this.seat);
    }
  }

  /** Focus the hand (its current card), for keyboard players. */
  focus() {
    const current = this.cards.find((b) => b.getAttribute("tabindex") === "0") || this.cards[0];
    if (current) current.focus();
  }
}

/** Which trick is being played: a reason shown in one is stale in the next. */
function trickKey(view) {
  return view ? `${view.hand_no}:${view.tricks.length}:${view.phase}` : "";
}
