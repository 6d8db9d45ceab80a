// The bidding pad: Nil and 1..13 (1..17 when the hand has 17 cards: three and six
// players; the bids the view's ``legal`` allows are enabled),
// Blind Nil and "Show my cards" while the hand is face down, and the Tip key.
// Choose a bid, then choose it again or press Bid to send it.
import { Format } from "../game/format.js";
import { t } from "../i18n.js";
import { announce, h, rovingKeys } from "./dom.js";

export class BidPad {
  /** ``onBid(action)`` sends "bid 4", "bid nil", "bid blind nil" or "look";
   * ``onTip()`` asks the room for the suggested bid. */
  constructor({ onBid, onTip }) {
    this.onBid = onBid;
    this.onTip = onTip;
    this.choice = null;
    this.el = h("section", { class: "bid-pad", "aria-label": t("bid.yours") });
    this.el.addEventListener("keydown", (event) => {
      if (event.target.classList.contains("bid-num")) rovingKeys(event, this.numbers, 7);
    });
    this.tipLine = h("p", { class: "tip-line", role: "status" });
    this.key = null;
  }

  /** Draw for ``view`` (the seat's turn to bid); keeps the choice while the bids match.
   * ``tip``: offer the Tip key (not at ranked tables). */
  render(view, { tip = true } = {}) {
    this.tipOffered = tip;
    const legal = new Set(view.legal);
    const key = `${view.hand_no}:${view.bids.join(",")}:${view.hand_hidden}`;
    if (key !== this.key) {
      this.choice = null;
      this.key = key;
      this.tipLine.textContent = "";
    }
    const hadFocus = this.el.contains(document.activeElement) ? document.activeElement.dataset.bid : null;
    if (view.hand_hidden) {
      this.renderBlind(legal);
    } else {
      const fmt = new Format(view.rules);
      const partner = view.seat === null || view.seat === undefined ? null : fmt.partnerOf(view.seat);
      this.ruleLine = bidRule(view.rules, legal, partner === null ? null : view.bids[partner]);
      this.renderNumbers(legal, fmt.handSize);
    }
    const again = this.el.querySelector(`[data-bid="${hadFocus}"]`);
    if (again) again.focus();
  }

  renderBlind(legal) {
    this.numbers = [];
    this.el.replaceChildren(
      h("h2", { class: "pad-title" }, t("bid.blind_question")),
      h("p", { class: "pad-note" }, t("bid.blind_note")),
      h("div", { class: "pad-row" },
        h("button", { type: "button", class: "btn btn-danger", dataset: { bid: "bid blind nil" },
          disabled: !legal.has("bid blind nil"), onclick: () => this.onBid("bid blind nil") }, t("bid.blind_go")),
        h("button", { type: "button", class: "btn btn-primary", dataset: { bid: "look" },
          disabled: !legal.has("look"), onclick: () => this.onBid("look") }, t("bid.look"))),
    );
  }

  /** ``most``: the highest bid (the hand's size); kept for the redraws of a choice or Tip. */
  renderNumbers(legal, most = this.most ?? 13) {
    this.legal = legal;
    this.most = most;
    const options = ["bid nil", ...Array.from({ length: most }, (_, i) => `bid ${i + 1}`)];
    const firstEnabled = options.find((o) => legal.has(o));
    const focusable = this.choice && legal.has(this.choice) ? this.choice : firstEnabled;
    this.numbers = options.map((action) => {
      const label = bidLabel(action);
      return h("button", {
        type: "button",
        class: `bid-num${this.choice === action ? " chosen" : ""}${action === "bid nil" ? " nil" : ""}`,
        dataset: { bid: action },
        disabled: !legal.has(action),
        tabindex: action === focusable ? "0" : "-1",
        "aria-pressed": this.choice === action ? "true" : "false",
        "aria-label": action === "bid nil" ? t("bid.nil_label") : t("bid.go", { bid: label }),
        onclick: () => this.pick(action),
      }, label);
    });
    const confirm = h("button", {
      type: "button", class: "btn btn-primary bid-go", disabled: !this.choice,
      onclick: () => this.choice && this.onBid(this.choice),
    }, this.choice ? t("bid.go", { bid: bidLabel(this.choice) }) : t("bid.choose"));
    const tip = this.tipOffered === false ? null : h("button", { type: "button", class: "btn btn-ghost tip-btn",
      "aria-keyshortcuts": "t", "aria-label": t("bid.tip_label"), onclick: () => this.onTip() }, t("bid.tip"));
    this.el.replaceChildren(...[
      h("div", { class: "pad-head" }, h("h2", { class: "pad-title" }, t("bid.yours")), tip),
      h("div", { class: "pad-grid", role: "group", "aria-label": t("bid.bids") }, this.numbers),
      this.ruleLine ? h("p", { class: "pad-note bid-rule" }, this.ruleLine) : null,
      h("div", { class: "pad-row" },
        legal.has("bid blind nil") ? h("button", { type: "button", class: "btn btn-danger",
          onclick: () => this.onBid("bid blind nil") }, t("bid.blind")) : null,
        confirm),
      this.tipLine,
    ].filter(Boolean));
  }

  pick(action) {
    if (this.choice === action) {
      this.onBid(action);
      return;
    }
    this.choice = action;
    announce(t("bid.chosen", { bid: bidLabel(action) }));
    this.renderNumbers(this.legal);
    const button = this.el.querySelector(`[data-bid="${action}"]`);
    if (button) button.focus();
  }

  /** Show the Tip's answer: the suggested bid (pre-selected) and its reason line. */
  showTip(action, why) {
    this.tipLine.replaceChildren(h("b", {}, t("bid.tip_is", { bid: bidLabel(action) })), why ? ` — ${why}` : "");
    if (this.legal && this.legal.has(action)) {
      const hadFocus = this.el.contains(document.activeElement) || document.activeElement === document.body;
      this.choice = action;
      this.renderNumbers(this.legal);
      const chosen = this.el.querySelector(`[data-bid="${action}"]`);
      chosen.classList.add("tipped");
      // The Tip key was redrawn away: the focus goes to the bid it chose, ready to confirm.
      if (hadFocus && !this.el.contains(document.activeElement)) chosen.focus();
    }
  }

  focus() {
    // Face down, the focus goes to "Show my cards", never to Blind Nil: a player who
    // presses Enter or Space at their turn must not bid Blind Nil by accident.
    const target = this.el.querySelector(".bid-num[tabindex='0']")
      || this.el.querySelector("[data-bid='look']:not([disabled])")
      || this.el.querySelector(".btn:not([disabled])");
    if (target) target.focus();
  }
}

/** "bid nil" -> "Nil", "bid 4" -> "4". */
export function bidLabel(action) {
  return action === "bid nil" ? t("bid.nil") : action.replace(/^bid /, "");
}

/** Why the pad greys bids a hand could otherwise make, from the table's bidding rule
 * (``legal``: the enabled bids; ``partnerBid``: the partner's bid, null when none yet or
 * no partner); null when nothing but the hand's size limits the bid. */
export function bidRule(rules, legal, partnerBid) {
  const numbers = [...legal].filter((a) => /^bid \d+$/.test(a)).map((a) => Number(a.slice(4)));
  const mode = rules.bidding;
  if (mode === "whiz") {
    return numbers.length ? t("bid.rule_whiz", { count: numbers[0] }) : t("bid.rule_whiz_none");
  }
  if (mode === "mirror") return numbers.length ? t("bid.rule_mirror", { count: numbers[0] }) : t("bid.rule_mirror_none");
  if (mode === "suicide") {
    if (partnerBid === null || partnerBid === undefined) return t("bid.rule_suicide");
    return partnerBid <= 0 ? t("bid.rule_suicide_nil") : t("bid.rule_suicide_number", { bid: partnerBid });
  }
  const least = numbers.length ? Math.min(...numbers) : 1;
  if (rules.min_team_bid && partnerBid > 0 && least > 1) {
    return t("bid.rule_team", { total: rules.min_team_bid, need: least });
  }
  return null;
}
