// The Nil card pass (phase "passing", after the bids, when the rules' nil_pass or
// blind_nil_pass is on): at this seat's turn in the engine's order (the view's
// ``passing.due``, the Nil bidder first, then the partner passing back) a panel says how
// many cards go to the partner ("Pass 2 cards to your partner"), shows the cards the
// partner passed first, and holds the Pass key. The cards are chosen in the hand itself
// (hand_view.js lifts and lowers them); Pass is enabled when exactly that many are lifted.
// Key: P passes the lifted cards.
import { bidText, sortHand, theCards } from "../game/cards.js";
import { t } from "../i18n.js";
import { cardFace, cardShort } from "./card_view.js";
import { announce, fill, h } from "./dom.js";

/** This seat's pass now: ``{to, count, got}`` (the partner's seat, how many cards, the
 * cards received before it), or null when it is not this seat's turn to pass. */
export function passTurn(view, seat) {
  if (!view || seat === null || view.phase !== "passing" || view.to_act !== seat) return null;
  const due = view.passing && view.passing.due && view.passing.due[0];
  if (!due || due.from !== seat || !view.legal.some((a) => a.startsWith("pass "))) return null;
  return { to: due.to, count: due.count, got: view.passing.got || [] };
}

/** The legal pass action of exactly ``codes`` (any order), or null. */
export function passAction(view, codes) {
  const want = [...codes].sort().join(" ");
  return view.legal.find((a) => a.startsWith("pass ") && a.slice(5).split(" ").sort().join(" ") === want) || null;
}

/** "2 cards", "2 cartas": a count of cards in the page's language. */
export function cardsWord(count) {
  return t("pass.cards", { count });
}

export class PassStep {
  /** ``onPass(action)`` sends "pass 4H 5H"; it may return a promise. */
  constructor({ onPass }) {
    this.onPass = onPass;
    this.el = h("section", { class: "pass-step", "aria-label": t("pass.title"), hidden: true });
    this.busy = null; // the turn a pass was sent for: one pass per turn shown
    this.shown = null;
  }

  /** Draw for ``view`` at this seat's turn to pass (else hide). ``chosen``: the codes
   * lifted in the hand; ``nameOf(seat)``: a seat's name as the table shows it. */
  render(view, seat, chosen, nameOf) {
    const turn = passTurn(view, seat);
    this.el.hidden = !turn;
    if (!turn) {
      this.busy = null;
      this.shown = null;
      this.action = null;
      return;
    }
    this.shown = `${view.hand_no}:${view.passing.due.length}`;
    const { count, to, got } = turn;
    const partner = nameOf(to);
    const full = chosen.length === count;
    this.action = full ? passAction(view, chosen) : null;
    const hadFocus = this.el.contains(document.activeElement);
    // The Nil bidder passes first, the partner passes back: cards received mean the Nil
    // is the partner's.
    const bidder = got.length ? to : seat;
    const nil = bidText(view.bids[bidder]); // the bidder's Nil or Blind Nil
    const whose = bidder === seat ? t("pass.for_your", { nil }) : t("pass.for_partner", { nil, who: partner });
    const help = full ? t("pass.help_full") : t("pass.help_lift", { count });
    const names = sortHand(chosen);
    this.button = h("button", {
      type: "button", class: "btn btn-primary pass-go", disabled: !this.action || this.busy === this.shown,
      "aria-keyshortcuts": "p",
      "aria-label": this.action ? t("pass.label", { cards: theCards(names), who: partner })
        : t("pass.label_lift", { cards: cardsWord(count) }),
      onclick: () => this.pass(),
    }, t("pass.button", { cards: this.action ? names.map(cardShort).join(" ") : cardsWord(count) }));
    fill(this.el,
      h("div", { class: "pad-head" }, h("h2", { class: "pad-title" }, t("pass.title")),
        h("span", { class: "pad-note pass-count" }, t("pass.chosen", { chosen: chosen.length, count }))),
      h("p", { class: "pass-prompt" }, t("pass.prompt", { cards: cardsWord(count), who: partner })),
      got.length ? h("div", { class: "pass-got", role: "group", "aria-label": t("pass.got_label", { who: partner }) },
        h("span", { class: "pad-note" }, t("pass.from", { who: partner })),
        sortHand(got).map((code) => cardFace(code, { small: true }))) : null,
      h("p", { class: "pad-note pass-help" }, `${whose} ${help}`),
      h("div", { class: "pad-row" }, this.button));
    if (hadFocus) this.button.focus();
  }

  /** P at the table: pass the lifted cards. True when it was handled. */
  onKey(key) {
    if (this.el.hidden || key !== "p") return false;
    if (this.action) this.pass();
    else announce(t("pass.lift_first"));
    return true;
  }

  pass() {
    if (this.el.hidden || !this.action || this.busy === this.shown) return;
    this.busy = this.shown;
    const shown = this.shown;
    this.button.disabled = true;
    announce(t("pass.passed"));
    // The answer comes after the new view: a refused pass may be tried again.
    Promise.resolve(this.onPass(this.action)).finally(() => {
      if (this.busy === shown) {
        this.busy = null;
        if (!this.el.hidden && this.action) this.button.disabled = false;
      }
    });
  }
}
