// The player's hand: sorted by suit, one button per card. Tap (or Enter) a bright card to
// lift it, tap it again or press Play to play it; a dimmed card says why it cannot be
// played. Arrow keys move along the hand; Escape puts a lifted card down. Six players
// hold two decks: a hand may hold a card twice, and each copy has its own button (its
// key is the code and the copy, "AS", "AS#2"); playing either plays "AS".
import { cardLabel, lowerFirst, sortHand, cardName } from "../game/cards.js";
import { Format } from "../game/format.js";
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
  render(view, seat, { dealt = 99 } = {}) {
    const hadFocus = this.el.contains(document.activeElement);
    const focusCode = hadFocus ? document.activeElement.dataset.key : this.focusCode;
    this.view = view;
    this.seat = seat;
    // Why a card could not be played holds for that trick only.
    if (this.reasonShown && this.reasonShown.trick !== trickKey(view)) {
      clearToast(this.reasonShown.text);
      this.reasonShown = null;
    }
    const playing = view && view.phase === "playing" && seat !== null;
    const myTurn = playing && view.to_act === seat && view.legal.length > 0;
    const hand = view && seat !== null ? handKeys(sortHand(view.hand)) : [];
    if (this.lifted && (!hand.includes(this.lifted) || !myTurn || !view.legal.includes(`play ${codeOf(this.lifted)}`))) {
      this.lifted = null;
    }
    const hidden = view && view.hand_hidden;
    const size = view ? new Format(view.rules).handSize : 13;
    const faces = hidden ? Array.from({ length: size }, (_, i) => `back${i}`) : hand.slice(0, dealt);
    // Buttons are kept per card between renders, so focus and clicks survive updates.
    this.buttons = this.buttons || new Map();
    const slots = faces.map((key) => {
      if (key.startsWith("back")) return h("span", { class: "slot" }, cardBack());
      const code = codeOf(key);
      let button = this.buttons.get(key);
      if (!button) {
        button = h("button", { type: "button", dataset: { card: code, key }, onclick: () => this.tap(key) }, cardFace(code));
        this.buttons.set(key, button);
      }
      const reason = this.reasonFor(view, seat, code, myTurn);
      const lifted = this.lifted === key;
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
    // 17 cards (three and six players): nine to a row on a phone, so narrower cards.
    this.el.classList.toggle("long", faces.length > 14);
    this.cards = slots.filter((b) => b.tagName === "BUTTON");
    const focusAt = Math.max(0, this.cards.findIndex((b) => b.dataset.key === (this.lifted || focusCode)));
    this.cards.forEach((b, i) => b.setAttribute("tabindex", i === focusAt ? "0" : "-1"));
    // After a play the card leaves the hand: keep a keyboard player's focus in the hand.
    const refocus = this.playedFrom !== undefined && !hand.includes(this.playedKey)
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
    if (view.phase === "drawing") return "The drawing is not over yet.";
    if (view.to_act !== null && view.to_act !== seat) {
      return `Wait for your turn: it is ${new Format(view.rules).seatName(view.to_act)}'s turn.`;
    }
    return null;
  }

  tap(key) {
    const code = codeOf(key);
    const view = this.view;
    const myTurn = view && view.phase === "playing" && view.to_act === this.seat;
    const reason = this.reasonFor(view, this.seat, code, myTurn);
    this.focusCode = key;
    if (reason) {
      sound("error");
      const text = `${cardName(code)}: ${lowerFirst(reason)}.`;
      toast(text, "warn");
      this.reasonShown = { text, trick: trickKey(view) };
      return;
    }
    if (this.lifted === key) {
      this.playLifted();
      return;
    }
    this.lifted = key;
    announce(`${cardName(code)} lifted. Press again or Play to play it.`);
    this.render(view, this.seat);
    const button = this.cards.find((b) => b.dataset.key === key);
    if (button) button.focus();
  }

  playLifted() {
    const key = this.lifted;
    this.lifted = null;
    if (this.el.contains(document.activeElement)) {
      this.playedKey = key;
      this.playedFrom = this.cards.findIndex((b) => b.dataset.key === key);
    }
    this.onPlay(codeOf(key));
  }

  updatePlayButton() {
    const code = this.lifted && codeOf(this.lifted);
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

/** Each card's key in a sorted hand: its code, and "#2" on a second copy (six players). */
function handKeys(codes) {
  return codes.map((code, i) => (i > 0 && codes[i - 1] === code ? `${code}#2` : code));
}

function codeOf(key) {
  return key.split("#")[0];
}

/** Which trick is being played: a reason shown in one is stale in the next. */
function trickKey(view) {
  return view ? `${view.hand_no}:${view.tricks.length}:${view.phase}` : "";
}
