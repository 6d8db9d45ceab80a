// The player's hand: sorted by suit, one button per card. Tap (or Enter) a bright card to
// lift it, tap it again or press Play to play it; a dimmed card says why it cannot be
// played. Arrow keys move along the hand; Escape puts a lifted card down. Six players
// hold two decks: a hand may hold a card twice, and each copy has its own button (its
// key is the code and the copy, "AS", "AS#2"); playing either plays "AS".
// At this seat's turn of a Nil card pass (pass_step.js) the hand chooses the cards to
// pass instead: a tap (or Enter) lifts a card, another lowers it, up to the number the
// rules pass; the cards the partner passed are ringed; Escape lowers them all.
import { cardLabel, lowerFirst, sortHand, cardName } from "../game/cards.js";
import { Format } from "../game/format.js";
import { said, t } from "../i18n.js";
import { cardBack, cardFace, cardShort, shapeHand } from "./card_view.js";
import { announce, clearToast, h, rovingKeys, toast } from "./dom.js";
import { cardsWord, passAction, passTurn } from "./pass_step.js";
import { play as sound } from "./sound.js";

export class HandView {
  /** ``onPlay(code)`` plays a card; ``onChoose()`` says the cards lifted for a pass
   * changed (``chosenCodes()``); ``noteAbove()`` gives the element the note on a card
   * shows just over (default: the hand). */
  constructor({ onPlay, onChoose = () => {}, noteAbove = () => null }) {
    this.onPlay = onPlay;
    this.onChoose = onChoose;
    this.noteAbove = noteAbove;
    this.lifted = null;
    this.chosen = []; // the keys lifted for a card pass, in the order lifted
    this.passKey = null; // which pass they were lifted for
    this.focusCode = null;
    this.el = h("div", { class: "hand", role: "group", "aria-label": t("hand.label") });
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
    this.pass = passTurn(view, seat);
    const myTurn = (playing || this.pass) && view.to_act === seat && view.legal.length > 0;
    const hand = view && seat !== null ? handKeys(sortHand(view.hand)) : [];
    if (this.lifted && (!hand.includes(this.lifted) || !myTurn || !view.legal.includes(`play ${codeOf(this.lifted)}`))) {
      this.lifted = null;
    }
    // Cards lifted for a pass hold for that pass only, and only while held.
    const passKey = this.pass ? `${view.hand_no}:${view.passing.due.length}` : null;
    if (passKey !== this.passKey) this.chosen = [];
    this.passKey = passKey;
    this.chosen = this.chosen.filter((key) => hand.includes(key));
    // The cards the partner passed, ringed until the first trick is over.
    const received = view && view.passing && view.tricks.length === 0 ? view.passing.got : [];
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
      const reason = this.pass ? this.passableReason(code) : this.reasonFor(view, seat, code, myTurn);
      const lifted = this.pass ? this.chosen.includes(key) : this.lifted === key;
      const got = received.includes(code);
      button.className = `slot card-btn${myTurn && reason ? " dim" : ""}${lifted ? " lifted" : ""}${got ? " received" : ""}`;
      const again = t(this.pass ? "hand.lifted_pass" : "hand.lifted_play");
      const label = this.pass && reason ? `${cardName(code)}, ${lowerFirst(reason)}` : cardLabel(code, reason);
      button.setAttribute("aria-label", label + (got ? t("hand.passed_to_you") : "") + (lifted ? again : ""));
      button.setAttribute("aria-pressed", lifted ? "true" : "false");
      return button;
    });
    for (const code of [...this.buttons.keys()]) if (!faces.includes(code)) this.buttons.delete(code);
    const same = slots.length === this.el.children.length && slots.every((el, i) => this.el.children[i] === el);
    if (!same) this.el.replaceChildren(...slots);
    this.el.classList.toggle("my-turn", !!myTurn);
    shapeHand(this.el, faces.length);
    this.cards = slots.filter((b) => b.tagName === "BUTTON");
    const focusAt = Math.max(0, this.cards.findIndex((b) => b.dataset.key === (this.lifted || focusCode)));
    this.el.setAttribute("aria-label", this.pass ? t("hand.label_pass", { cards: cardsWord(this.pass.count) }) : t("hand.label"));
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
    if (reason) return said(reason, ...((view.why && view.why[reason]) || []));
    if (myTurn) return null;
    if (view.phase === "bidding") return t("illegal.bidding_not_over");
    if (view.phase === "passing") {
      return t("hand.wait_pass", { who: new Format(view.rules).seatName(view.to_act) });
    }
    if (view.phase === "over") return t("illegal.game_over");
    if (view.phase === "drawing") return t("hand.drawing_not_over");
    if (view.to_act !== null && view.to_act !== seat) {
      return t("illegal.wait_turn", { who: new Format(view.rules).names[view.to_act] });
    }
    return null;
  }

  /** Why a card can never be part of this pass (the view's legal passes leave it out). */
  passableReason(code) {
    return this.view.legal.some((a) => a.startsWith("pass ") && a.slice(5).split(" ").includes(code))
      ? null : t("hand.not_passable");
  }

  /** The codes lifted for the pass. */
  chosenCodes() {
    return this.chosen.map(codeOf);
  }

  /** A tap on ``key`` at this seat's turn to pass: lift it, or lower it. */
  tapPass(key) {
    const code = codeOf(key);
    const { count } = this.pass;
    const warn = (reason) => {
      sound("error");
      toast(t("hand.card_reason", { card: cardName(code), reason: lowerFirst(reason) }), "warn", { above: this.noteAbove() || this.el });
    };
    let chosen = this.chosen.filter((k) => k !== key);
    if (chosen.length < this.chosen.length) {
      announce(t("hand.put_back_n", { card: cardName(code), chosen: chosen.length, count }));
    } else {
      const reason = this.passableReason(code);
      if (reason) return warn(reason);
      if (chosen.length >= count) {
        if (count > 1) return warn(t("hand.pass_full", { cards: cardsWord(count) }));
        chosen = []; // one card to pass: the new one takes the lifted one's place
      }
      if (chosen.some((k) => codeOf(k) === code)) return warn(t("hand.other_copy"));
      chosen = [...chosen, key];
      if (chosen.length === count && !passAction(this.view, chosen.map(codeOf))) {
        return warn(t("hand.not_together"));
      }
      const next = chosen.length === count ? ` ${t("hand.press_pass", { count })}` : "";
      announce(t("hand.lifted_n", { card: cardName(code), chosen: chosen.length, count }) + next);
    }
    this.chosen = chosen;
    this.render(this.view, this.seat);
    const button = this.cards.find((b) => b.dataset.key === key);
    if (button) button.focus();
    this.onChoose();
  }

  tap(key) {
    if (this.pass) {
      this.focusCode = key;
      this.tapPass(key);
      return;
    }
    const code = codeOf(key);
    const view = this.view;
    const myTurn = view && view.phase === "playing" && view.to_act === this.seat;
    const reason = this.reasonFor(view, this.seat, code, myTurn);
    this.focusCode = key;
    if (reason) {
      sound("error");
      const text = t("hand.card_reason", { card: cardName(code), reason: lowerFirst(reason) });
      toast(text, "warn", { above: this.noteAbove() || this.el });
      this.reasonShown = { text, trick: trickKey(view) };
      return;
    }
    if (this.lifted === key) {
      this.playLifted();
      return;
    }
    this.lifted = key;
    announce(t("hand.lifted", { card: cardName(code) }));
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
    this.playButton.textContent = code ? t("hand.play_card", { card: cardShort(code) }) : t("hand.play");
    if (code) this.playButton.setAttribute("aria-label", t("hand.play_label", { card: cardName(code) }));
  }

  onKey(event) {
    if (rovingKeys(event, this.cards)) return;
    if (event.key === "Escape" && (this.lifted || this.chosen.length)) {
      event.preventDefault();
      event.stopPropagation();
      const many = this.chosen.length > 1;
      this.lifted = null;
      this.chosen = [];
      announce(t("hand.put_back", { count: many ? 2 : 1 }));
      this.render(this.view, this.seat);
      this.onChoose();
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
