// The lesson's table: four seats (the learner at the bottom, the partner at the top) with
// bids and tricks won, the trick in the middle, the two teams' scores and bags; the
// learner's hand and bid pad. Every card and bid is a button that sends a move, also the
// ones the rules refuse: the server answers with the engine's reason, which the lesson
// shows. Dimmed cards carry that reason in their names for screen readers too.
import { bidText, cardLabel, cardName, SEAT_NAMES, sortHand } from "../../js/game/cards.js";
import { cardBack, cardFace, shapeHand } from "../../js/ui/card_view.js";
import { h, rovingKeys } from "../../js/ui/dom.js";
import { t } from "../../js/i18n.js";

const POSITIONS = ["bottom", "left", "top", "right"];

export function positionOf(seat, viewer) {
  return POSITIONS[(seat - viewer + 4) % 4];
}

/** "You", "North (partner)", "West". */
export function seatName(seat, viewer) {
  if (seat === viewer) return t("learn.seat.you");
  if (seat === (viewer + 2) % 4) return t("learn.seat.partner", { seat: SEAT_NAMES[seat] });
  return t("learn.seat.other", { seat: SEAT_NAMES[seat] });
}

/** What the table shows, from a view; frames change it one action at a time. */
export function tableState(view) {
  return {
    bids: [...view.bids],
    won: [...view.tricks_won],
    trick: view.trick.map(([s, c]) => [s, c]),
    winner: null,
    toAct: view.to_act,
    scores: [...view.scores],
    bags: [...view.bags],
    broken: view.spades_broken,
  };
}

/** The state after one frame ({seat, action, trick, winner}) of the replies. */
export function applyFrame(state, frame) {
  const next = { ...state, bids: [...state.bids], won: [...state.won] };
  if (frame.action.startsWith("bid ")) {
    const bid = frame.action.slice(4);
    next.bids[frame.seat] = /^\d+$/.test(bid) ? Number(bid) : bid;
    next.toAct = (frame.seat + 1) % 4;
  } else if (frame.action.startsWith("play ")) {
    next.trick = frame.trick;
    next.winner = frame.winner;
    if (frame.winner !== null && frame.winner !== undefined) next.won[frame.winner] += 1;
    if (frame.action.endsWith("S")) next.broken = true;
    next.toAct = frame.winner ?? (frame.seat + 1) % 4;
  }
  return next;
}

export class LessonTable {
  constructor(seat) {
    this.seat = seat;
    this.scoreEl = h("div", { class: "lesson-scores", role: "group", "aria-label": t("learn.table.scores") });
    this.seatEls = [0, 1, 2, 3].map((s) => h("div", { class: `seat at-${positionOf(s, seat)}` }));
    this.trickEl = h("div", { class: "trick", role: "group", "aria-label": t("learn.table.trick") });
    this.status = h("p", { class: "center-status" });
    this.felt = h("div", { class: "felt lesson-felt" }, this.seatEls,
      h("div", { class: "center" }, this.trickEl, this.status));
    this.el = h("div", { class: "lesson-table" }, this.scoreEl, this.felt);
  }

  render(state, rules) {
    const me = this.seat;
    this.scoreEl.replaceChildren(...[me % 2, 1 - (me % 2)].map((team) => {
      const ours = team === me % 2;
      const contract = [team, team + 2].map((s) => state.bids[s]).filter((b) => typeof b === "number")
        .reduce((a, b) => a + b, 0);
      const took = state.won[team] + state.won[team + 2];
      const anyBid = state.bids[team] !== null || state.bids[team + 2] !== null;
      const bagText = rules && rules.bag_penalty ? t("learn.table.bags_of", { bags: state.bags[team], count: rules.bag_limit })
        : t("learn.table.bags", { count: state.bags[team] });
      return h("div", { class: `team team-${ours ? "us" : "them"}` },
        h("span", { class: "team-name" }, ours ? t("learn.table.us") : t("learn.table.them")),
        h("span", { class: "team-score" }, String(state.scores[team])),
        h("span", { class: "team-line" }, anyBid ? t("learn.table.team_line", { bid: contract, count: took }) : t("learn.table.no_bids")),
        h("span", { class: "team-line" }, bagText));
    }));
    this.seatEls.forEach((el, s) => {
      const bid = state.bids[s];
      el.className = `seat at-${positionOf(s, me)}${state.toAct === s ? " acting" : ""}`;
      el.replaceChildren(
        h("span", { class: "avatar", "aria-hidden": "true" }, t(`seat.short.${SEAT_NAMES[s]}`)),
        h("span", { class: "seat-text" },
          h("span", { class: "seat-name" }, seatName(s, me)),
          h("span", { class: "seat-line" },
            h("span", { class: "bid" }, bid === null || bid === undefined ? t("learn.table.no_bid") : t("learn.table.bid", { bid: bidText(bid) })),
            h("span", { class: "won" }, t("learn.table.won", { count: state.won[s] })))));
    });
    const cards = state.trick.map(([s, code]) => h("span", {
      class: `played at-${positionOf(s, me)}${state.winner === s ? " winner" : ""}`,
    }, cardFace(code, { small: true })));
    this.trickEl.replaceChildren(...cards);
    const said = state.trick.map(([s, code]) => t("learn.table.played", { who: seatName(s, me), card: cardName(code) }));
    this.trickEl.setAttribute("aria-label", said.length ? t("learn.table.trick_is", { cards: said.join(", ") }) : t("learn.table.trick_empty"));
    this.status.textContent = state.winner !== null && state.winner !== undefined
      ? (state.winner === me ? t("learn.table.you_win") : t("learn.table.wins", { who: seatName(state.winner, me) }))
      : (state.broken ? t("learn.table.broken") : t("learn.table.not_broken"));
  }
}

/** The learner's cards: one button per card, arrows move, Enter plays. */
export class LessonHand {
  constructor(onMove) {
    this.onMove = onMove;
    this.cards = [];
    this.el = h("div", { class: "hand lesson-hand", role: "group", "aria-label": t("learn.table.hand") });
    this.el.addEventListener("keydown", (event) => rovingKeys(event, this.cards));
  }

  render(view, { hidden = false } = {}) {
    const focused = this.el.contains(document.activeElement) ? document.activeElement.dataset.card : null;
    if (hidden || view.hand_hidden) {
      this.cards = [];
      const n = view.hand_hidden ? 13 : 0;
      this.el.replaceChildren(...Array.from({ length: n }, () => h("span", { class: "slot" }, cardBack())));
      this.el.setAttribute("aria-label", view.hand_hidden ? t("learn.table.hand_down") : t("learn.table.hand"));
      shapeHand(this.el, n);
      return;
    }
    const myTurn = view.phase === "playing" && view.to_act === view.seat;
    const hand = sortHand(view.hand);
    this.cards = hand.map((code) => {
      const reason = view.unplayable[code] || null;
      return h("button", {
        type: "button",
        class: `slot card-btn${reason ? " dim" : ""}`,
        dataset: { card: code },
        "aria-label": cardLabel(code, reason),
        tabindex: "-1",
        onclick: () => this.onMove(`play ${code}`),
      }, cardFace(code));
    });
    this.el.replaceChildren(...this.cards);
    this.el.classList.toggle("my-turn", myTurn);
    shapeHand(this.el, hand.length);
    const at = Math.max(0, this.cards.findIndex((b) => b.dataset.card === focused));
    if (this.cards[at]) this.cards[at].setAttribute("tabindex", "0");
    if (focused && this.cards[at]) this.cards[at].focus();
  }

  focus() {
    const current = this.cards.find((b) => b.getAttribute("tabindex") === "0") || this.cards[0];
    if (current) current.focus();
    return !!current;
  }
}

/** Nil, 1..13, and Blind Nil / Look when they are offered. Arrows move, Enter bids. */
export class BidPad {
  constructor(onMove) {
    this.onMove = onMove;
    this.buttons = [];
    this.el = h("div", { class: "lesson-bids", role: "group", "aria-label": t("learn.table.your_bid") });
    this.el.addEventListener("keydown", (event) => rovingKeys(event, this.buttons, 7));
  }

  render(view) {
    const show = view.phase === "bidding" && view.to_act === view.seat;
    this.el.hidden = !show;
    if (!show) {
      this.buttons = [];
      this.el.replaceChildren();
      return;
    }
    const legal = new Set(view.legal);
    const choices = [["bid nil", t("bid.nil")], ...Array.from({ length: 13 }, (_, i) => [`bid ${i + 1}`, String(i + 1)])];
    const extra = [];
    if (legal.has("bid blind nil")) extra.push(["bid blind nil", t("bid.blind")]);
    if (legal.has("look")) extra.push(["look", t("learn.table.look")]);
    this.buttons = [...choices, ...extra].map(([action, label]) => h("button", {
      type: "button",
      class: `bid-num${legal.has(action) ? "" : " refused"}${action.includes("nil") && action !== "bid nil" ? " wide" : ""}${action === "look" ? " wide" : ""}`,
      dataset: { action },
      tabindex: "-1",
      "aria-label": action === "look" ? t("learn.table.look") : t("bid.go", { bid: label }),
      onclick: () => this.onMove(action),
    }, label));
    if (this.buttons[0]) this.buttons[0].setAttribute("tabindex", "0");
    this.el.replaceChildren(h("p", { class: "pad-title" }, t("learn.table.your_bid")),
      h("div", { class: "pad-grid" }, this.buttons));
  }

  focus() {
    const current = this.buttons.find((b) => b.getAttribute("tabindex") === "0");
    if (current) current.focus();
    return !!current;
  }
}
