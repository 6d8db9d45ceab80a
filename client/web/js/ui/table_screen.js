// The table: its seats (2, 3, 4 or 6 by the format, js/game/format.js; you at the bottom,
// a partner opposite), the trick in the middle, the bidding pad, the two-handed draw
// step (draw_step.js), the Nil card pass (pass_step.js) or the Play key, your hand, the
// score bar with the bag cycle per side, and the sheets (hand result, review, scores,
// game over); a private table's seating before its start, the practice tools and the
// chat panel. Driven by TableState changes.
import { bidText, cardName, sayAction } from "../game/cards.js";
import { ratingText } from "../game/numbers.js";
import { t } from "../i18n.js";
import { describeRules, tableTitle } from "../game/rules.js";
import { BidPad, bidLabel } from "./bid_pad.js";
import { cardFace } from "./card_view.js";
import { CenterView, positionOf } from "./center_view.js";
import { ChatPanel } from "./chat.js";
import { GameOver, gamePageLink } from "./game_over.js";
import { closeDialog, dialogOpen, openDialog } from "./dialog.js";
import { DrawStep } from "./draw_step.js";
import { announce, h, seconds, toast, unannounce } from "./dom.js";
import { HandAnalysis } from "./hand_analysis.js";
import { HandView } from "./hand_view.js";
import { cardsWord, PassStep, passTurn } from "./pass_step.js";
import { adviceWhy, levelName, PracticeBar } from "./practice.js";
import { PrivateLobby } from "./private_lobby.js";
import { reviewPanel, rememberCommitment } from "./review.js";
import { bagCycle, gameSheet, handSentences, handTable, sideNames, sideOrder } from "./score_sheet.js";
import { openSeatMenu } from "./seat_menu.js";
import { SeatStatus } from "./seat_status.js";
import { SrTable } from "./sr_table.js";
import { settings } from "./settings.js";
import { play as sound } from "./sound.js";
import { turnStrip } from "./turn_strip.js";
import { keepFocus, showKeys } from "./keys_help.js";
import { confirmLeave, mayLeave } from "./leave.js";

const DEALT_KEY = "spades.dealt";
// Bots are named "Bix (bot)": where the badge's tag says bot, the name goes alone.
const BOT_SUFFIX = /\s*\(bot\)$/;

export class TableScreen {
  /** ``app`` gives: room, state, act(action), send(t, d), goLobby(), openSettings(), queue(on),
   * rated, invites, requestInvite(renew), inviteLink(token). */
  constructor(app) {
    this.app = app;
    this.room = app.room;
    this.state = app.state;
    // Why a card cannot be played shows just over this seat's badge, by the hand: where
    // its card will go, clear of the other seats (the top one is the partner).
    this.hand = new HandView({ onPlay: (code) => this.act(`play ${code}`), onChoose: () => this.renderPass(),
      noteAbove: () => this.felt.querySelector(".seat.at-bottom") });
    this.passStep = new PassStep({ onPass: (action) => this.act(action) });
    this.pad = new BidPad({ onBid: (a) => this.act(a), onTip: () => this.tip() });
    this.draw = new DrawStep({ onAct: (a) => this.act(a) });
    this.center = new CenterView();
    this.center.onHeldDone = () => this.render();
    this.chat = new ChatPanel({ room: this.room, state: this.state });
    this.chat.onUnread = (n) => this.renderChatBadge(n);
    this.practice = new PracticeBar(app, this);
    this.lobbyPanel = new PrivateLobby(app, this);
    this.gameOver = new GameOver(this);
    this.sr = new SrTable(this);
    this.dealtCount = 13;
    this.pendingKey = null; // the deal (a practice game's first) waiting for its Deal button
    this.lastDealKey = sessionStorage.getItem(DEALT_KEY) || "";
    this.build();
    this.tick = setInterval(() => this.renderTimers(), 250);
  }

  build() {
    this.titleBtn = h("button", { type: "button", class: "title-btn", onclick: () => this.showRules(),
      "aria-haspopup": "dialog" });
    this.scoreBox = h("div", { class: "scorebox", role: "group", "aria-label": t("table.score") });
    this.chatBtn = h("button", { type: "button", class: "tool", "aria-controls": "chat-panel",
      onclick: () => this.chat.toggle() }, t("table.chat"));
    // Leave gives up the seat (the bar's "‹ Lobby" keeps it); what it costs is said first.
    this.leaveBtn = h("button", { type: "button", class: "tool leave", "aria-haspopup": "dialog", hidden: true,
      onclick: async () => { if (await confirmLeave(this.state)) this.app.leave(); } }, t("table.leave"));
    const tools = h("nav", { class: "tools", "aria-label": t("table.tools") },
      this.leaveBtn,
      h("button", { type: "button", class: "tool", onclick: () => this.showScores(), "aria-haspopup": "dialog" }, t("table.scores")),
      h("button", { type: "button", class: "tool", onclick: () => this.showReview(), "aria-haspopup": "dialog" }, t("table.review")),
      this.chatBtn,
      h("button", { type: "button", class: "tool", onclick: () => this.app.openSettings(), "aria-haspopup": "dialog",
        "aria-label": t("table.settings") }, "⚙"));
    // The screen-reader mode's switch comes first in the table's tab order.
    this.bar = h("header", { class: "table-bar" }, this.sr.toggle,
      h("button", { type: "button", class: "tool back", onclick: () => this.app.goLobby(), "aria-label": t("table.back_label") }, t("table.back")),
      this.titleBtn, this.scoreBox, tools);
    this.seatEls = [0, 1, 2, 3].map(() => h("div", { class: "seat" })); // resized by render()
    this.lastTrickBtn = h("button", { type: "button", class: "btn btn-ghost small last-trick-btn",
      onclick: () => this.showLastTrick(), hidden: true }, t("table.last_trick"));
    // A tap on the felt skips the deal; the Deal button's own tap must not. Before the
    // deal a tap on the felt deals, as the button does: Deal is the one thing to do
    // then, and a finger (or a click on a page still settling) that lands beside the
    // button must not be lost.
    this.dealBtn = h("button", { type: "button", class: "btn btn-primary btn-big deal-btn", id: "deal-btn", hidden: true,
      onclick: (event) => { event.stopPropagation(); this.startDeal(); } }, t("table.deal"));
    this.felt = h("div", { class: "felt", onclick: () => (this.pendingDeal ? this.startDeal() : this.center.skipDeal()) },
      this.seatEls, this.center.el, this.lastTrickBtn, this.dealBtn);
    this.seatStatus = new SeatStatus(this.room, this.state);
    this.timerBar = h("div", { class: "turn-timer", hidden: true, role: "timer", "aria-live": "off" }, h("i"), h("span"));
    this.resultPanel = h("section", { class: "result-panel", hidden: true, tabindex: "-1", "aria-label": t("table.hand_result") });
    this.handAnalysis = new HandAnalysis(this.room);
    this.pauseLine = h("p", { class: "pause-line", role: "timer", "aria-live": "off" });
    this.actionRow = h("div", { class: "action-row" }, this.practice.el, this.hand.playButton);
    // The page's level-one heading, for screen readers (the title key shows it on screen).
    this.heading = h("h1", { class: "sr-only" });
    this.el = h("section", { class: "table-screen", "aria-label": t("table.label") },
      this.heading, this.bar, this.sr.el,
      h("div", { class: "table-main" }, this.felt, this.pad.el, this.draw.el, this.passStep.el, this.resultPanel, this.lobbyPanel.el, this.chat.el),
      h("div", { class: "controls" }, this.seatStatus.el, this.timerBar, this.actionRow, this.gameOver.bar),
      h("div", { class: "hand-wrap" }, this.hand.el));
    // Keys reach the table from inside it, and also from the page itself: when the
    // focused card is played or the hand ends, the focus falls back to <body>, and
    // Escape (close the hand result) or L (last trick) must still work. Keys typed in a
    // dialog (outside the table) are the dialog's.
    this.keyHandler = (event) => {
      if (!this.el.isConnected) return; // another screen is showing
      if (event.target === document.body || this.el.contains(event.target)) this.onKey(event);
    };
    document.addEventListener("keydown", this.keyHandler);
    keepFocus(this);
  }

  destroy() {
    document.removeEventListener("keydown", this.keyHandler);
    clearInterval(this.tick);
    this.center.skipDeal();
    closeDialog();
  }

  // -- changes from the room --------------------------------------------------------------

  /** A TableState change record (see table_state.js). */
  onChange(change) {
    const s = this.state;
    const view = s.view;
    rememberCommitment(s.table, view);
    if (change.kind === "snap") {
      this.chat.fromSnapshot(s.extra, !change.before);
      this.sr.onSnapshot();
    }
    if (change.kind === "table") this.chat.render(); // who may be muted
    if (change.kind === "ev") this.onEvent(change.ev, change.before, view);
    const before = change.before;
    if (before && view && before.hand_no !== view.hand_no && view.review && view.review.hand === before.hand_no) {
      const last = view.review.tricks[view.review.tricks.length - 1];
      const n = s.format.players;
      if (last) {
        this.center.hold(last[1].map((c, k) => [(last[0] + k) % n, c]), last[2]);
        this.sayTrickWon(last[2], view.review.bids || before.bids, view.review.tricks.filter((t) => t[2] === last[2]).length);
      }
      this.showResult(view);
    } else if (before && view && view.tricks.length > before.tricks.length && view.last_trick) {
      this.center.hold(view.last_trick.cards, view.last_trick.winner);
      sound("trick");
      const winner = view.last_trick.winner;
      this.sayTrickWon(winner, view.bids, view.tricks_won[winner]);
    }
    else if (change.kind === "snap" && view && s.waitsForMe && this.resultPanel.hidden) {
      this.showResult(view); // back between hands (a reload): the result waits to be read
    }
    if (before && view && view.over && !before.over) {
      sound("trick");
      // The game's last hand ends in the game-over sheet, not the hand result: its
      // score lines are said all the same (the sheet's title alone was all one heard).
      this.sayHandScored(view);
    }
    this.maybeDeal(view);
    const wasMyTurn = change.kind !== "table" && before && before.to_act === s.seat && before.legal && before.legal.length;
    // The pause is over and the clock runs for this seat: the hand result gives way to
    // what must be done (it stays on the score sheet).
    if (this.wasPaused && !s.paused && s.myTurn && !this.resultPanel.hidden) this.hideResult();
    this.wasPaused = s.paused;
    if (s.myTurn && !wasMyTurn) this.yourTurn(view);
    this.render();
    if (s.status === "over" && view && !dialogOpen("game-over")) this.showGameOver();
    if (s.status === "playing" && dialogOpen("game-over")) closeDialog();
  }

  onEvent(ev) {
    this.seatStatus.onEvent(ev);
    const who = this.nameOf(ev.s);
    if (ev.a.startsWith("play ")) sound("card");
    // Your own bid and card are confirmed too; your turn, once acted on, is stale news.
    if (ev.s === this.state.seat) unannounce("turn");
    // A pass names its cards to the two partners only (the others read "pass 2"); a
    // partner's Blind Nil is said once, with what it asks of you.
    if (ev.s !== this.state.seat && ev.a.startsWith("pass ") && !/^pass \d+$/.test(ev.a)) {
      announce(t("table.passes_you", { who, cards: ev.a.slice(5).split(" ").map(cardName).join(", ") }));
    } else if (ev.a === "bid blind nil" && ev.s !== this.state.seat && ev.s === this.state.format.partnerOf(this.state.seat)) {
      announce(t("table.partner_blind_nil", { who }));
    } else {
      announce(`${sayAction(who, ev.a, ev.s === this.state.seat)}.`);
    }
  }

  /** "You win the trick." / "Ada wins the trick.", and a Nil broken by it (``won``: the
   * winner's tricks with this one). */
  sayTrickWon(winner, bids, won) {
    const you = winner === this.state.seat;
    announce(you ? t("table.you_win_trick") : t("table.wins_trick", { who: this.nameOf(winner) }));
    const bid = bids && bids[winner];
    if (won === 1 && (bid === "nil" || bid === "blind nil" || bid === 0)) {
      announce(you ? t("table.your_nil_broken") : t("table.nil_broken", { who: this.nameOf(winner) }));
    }
  }

  yourTurn(view) {
    sound("turn");
    const bidding = view.phase === "bidding";
    const drawing = view.phase === "drawing";
    const pass = passTurn(view, this.state.seat);
    const said = drawing ? t("table.your_draw", { card: view.draw && view.draw.card ? cardName(view.draw.card) : t("table.a_card") })
      : bidding ? t(view.hand_hidden ? "table.your_turn_blind" : "table.your_turn_bid")
        : pass ? t("table.your_pass", { cards: cardsWord(pass.count), who: this.nameOf(pass.to) })
          : t("table.your_turn_play");
    this.warned = false;
    announce(this.state.turnDeadline
      ? t("table.with_time_left", { said, count: seconds(this.state.turnDeadline - performance.now()) })
      : said, { key: "turn" });
    // Decided once the table is drawn: free is nothing, the hand, pad or draw, or what
    // is no longer shown (the private table's panel, gone at the start, whose Start key
    // held the focus).
    requestAnimationFrame(() => {
      const active = document.activeElement;
      const focusFree = !active || active === document.body || active.offsetParent === null
        || this.hand.el.contains(active) || this.pad.el.contains(active) || this.draw.el.contains(active)
        || this.passStep.el.contains(active);
      if (focusFree && !dialogOpen()) (drawing ? this.draw : bidding ? this.pad : this.hand).focus();
    });
  }

  dealKey(view) {
    return view ? `${this.state.table}:${view.hand_no}:${view.commitment.slice(0, 8)}` : null;
  }

  /** The hand on the table waits for the Deal button (another table's never does). */
  get pendingDeal() {
    return this.pendingKey !== null && this.pendingKey === this.dealKey(this.state.view);
  }

  maybeDeal(view) {
    this.dealBtn.hidden = !this.pendingDeal;
    if (!view || view.phase !== "bidding" || view.bids.some((b) => b !== null)) return;
    const key = this.dealKey(view);
    if (key === this.lastDealKey) return;
    this.lastDealKey = key;
    // A fresh practice game starts as the quick game of the course does: the person
    // taps Deal. Only where they bid first, so nobody moves before the cards are seen
    // (not a daily hand, nor a position dealt by another seat).
    const s = this.state;
    const n = s.format.players;
    const bidsFirst = s.seat !== null && view.dealer === (s.seat + n - 1) % n;
    const daily = this.app.daily && this.app.daily.isDailyTable(s);
    if (s.kind === "practice" && view.hand_no === 0 && s.format.dealtCards && bidsFirst && !daily) {
      this.pendingKey = key;
      this.dealtCount = 0;
      this.dealBtn.hidden = false;
      this.render();
      this.dealBtn.focus({ preventScroll: true });
      return;
    }
    // The hand result of the last hand is being read: the deal waits for it to close
    // (hideResult), the new hand and the bid pad with it.
    this.dealWaits = !this.resultPanel.hidden;
    if (this.dealWaits) this.dealtCount = 0;
    else this.animateDeal(view, key);
  }

  /** The Deal button: the cards fly out one at a time (a tap on the table skips). */
  startDeal() {
    if (!this.pendingDeal) return;
    this.pendingKey = null;
    this.dealBtn.hidden = true;
    this.animateDeal(this.state.view, this.lastDealKey);
    this.render();
  }

  /** The deal's animation for ``view``: the hand fills card by card, then the pad shows. */
  animateDeal(view, key) {
    this.dealWaits = false;
    sessionStorage.setItem(DEALT_KEY, key); // a reload does not deal again
    const fmt = this.state.format;
    const total = fmt.dealtCards; // the joker deck deals as many; two players draw instead
    if (!total) return;
    const n = fmt.players;
    const size = fmt.handSize;
    // Card j goes to seat (dealer + 1 + j) % n: count the first k that reach this seat.
    const off = ((this.state.seat ?? 0) - view.dealer - 1 + 2 * n) % n;
    const mine = (k) => (k > off ? Math.floor((k - off - 1) / n) + 1 : 0);
    this.dealtCount = 0;
    this.center.deal(view.dealer, this.state.seat, total, (k) => {
      this.dealtCount = k >= total ? size : Math.min(size, mine(k));
      this.renderHand();
    }, fmt).then(() => {
      this.render();
      // The pad was held back during the deal: a keyboard player's focus goes to it.
      const active = document.activeElement;
      const free = !active || active === document.body || this.hand.el.contains(active);
      if (this.state.myTurn && !this.pad.el.hidden && free && !dialogOpen()) this.pad.focus();
    });
  }

  /** The cards wait for Deal, are still being dealt, or wait for the hand result. */
  get dealing() {
    return this.pendingDeal || this.center.dealing || !!this.dealWaits;
  }

  // -- actions ----------------------------------------------------------------------------

  async act(action) {
    this.center.skipDeal();
    try {
      await this.app.act(action);
    } catch (err) {
      sound("error");
      toast(err.message, "warn");
    }
  }

  /** A practice table's next game: a new table of the same rules' preset, level and pace,
   * with Blind Nil as the settings say now. */
  newPractice() {
    const s = this.state;
    return this.app.practice(s.extra.level, s.extra.pace, this.rules().name, settings.practiceBlindNil);
  }

  async tip() {
    if (this.state.kind === "ranked") return; // no advice in rated games
    try {
      const answer = await this.room.request("tip");
      const why = adviceWhy(answer);
      this.pad.showTip(answer.a, why);
      announce(t("table.tip", { bid: bidLabel(answer.a), why }));
    } catch (err) {
      toast(err.message, "warn");
    }
  }

  onKey(event) {
    if (event.target.matches("input, textarea, select") && event.target.id !== "sr-mode") return;
    if (this.center.dealing) this.center.skipDeal(); // any key skips the deal, and still acts
    if (this.pendingDeal) return; // the Deal button (focused) is the one thing to do
    if (event.key === "Escape" && !this.resultPanel.hidden && !dialogOpen()) {
      this.hideResult();
      return;
    }
    const key = event.key.toLowerCase();
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (this.state.myTurn && (this.draw.onKey(key) || this.passStep.onKey(key))) return;
    if (this.sr.onKey(event.key === "?" ? "?" : key)) return;
    if (key === "t" && this.state.view && this.state.view.phase === "bidding" && this.state.myTurn) this.tip();
    else if (key === "l") this.showLastTrick();
    else if (event.key === "?") showKeys(this.state.kind, this.rules());
    else if (key === "h") this.practice.hint();
    else if (key === "u") this.practice.step("undo");
    else if (key === "r") this.practice.step("redo");
  }

  // -- drawing ------------------------------------------------------------------------------

  nameOf(seat) {
    const info = this.state.seats[seat];
    if (seat === this.state.seat) return t("table.you");
    return (info && info.name) || this.state.format.seatName(seat);
  }

  render() {
    const s = this.state;
    const view = s.view;
    const rules = this.rules();
    const daily = this.app.daily ? this.app.daily.titleFor(s) : null; // ui/daily.js
    const title = daily || (s.kind === "practice" && s.extra.level
      ? `${tableTitle(s.kind, rules)} · ${levelName(s.extra.level)}` : tableTitle(s.kind, rules));
    this.titleBtn.textContent = title;
    this.heading.textContent = t("table.heading", { title });
    this.titleBtn.setAttribute("aria-label", t("table.title_label", { title }));
    this.leaveBtn.hidden = !mayLeave(s);
    const fmt = s.format;
    this.renderScore(view, rules);
    this.fitSeats(fmt);
    for (let seat = 0; seat < fmt.players; seat++) this.renderSeat(seat);
    this.center.render(view, s.seat, this.statusLine(), fmt);
    this.lastTrickBtn.hidden = !(view && view.last_trick);
    const bidding = view && view.phase === "bidding" && s.myTurn && !this.dealing;
    this.pad.el.hidden = !bidding;
    if (bidding) this.pad.render(view, { tip: s.kind !== "ranked" });
    this.draw.render(view, s.myTurn);
    this.seatStatus.render();
    this.practice.render();
    this.lobbyPanel.render();
    this.gameOver.render();
    // Before a private game starts nobody has cards: the felt gets the hand's room.
    this.el.classList.toggle("pre-start", s.status === "filling" && s.seat !== null);
    this.renderHand();
    this.sr.render();
    this.renderTimers();
  }

  renderHand() {
    const s = this.state;
    if (s.seat === null) {
      this.hand.el.replaceChildren(h("p", { class: "watching" }, s.table ? t("table.watching") : ""));
      this.hand.playButton.hidden = true;
      this.renderPass();
      return;
    }
    const dealt = this.pendingDeal ? 0 : this.dealing ? this.dealtCount : 99;
    this.hand.render(s.view, s.seat, { dealt });
    this.renderPass();
  }

  /** The pass step follows the hand: the cards lifted there are the ones it passes. */
  renderPass() {
    const s = this.state;
    const pass = s.seat !== null && !s.paused ? s.view : null;
    this.passStep.render(pass, s.seat, this.hand.chosenCodes(), (seat) => this.nameOf(seat).replace(BOT_SUFFIX, ""));
  }

  statusLine() {
    const s = this.state;
    const view = s.view;
    if (s.status === "filling" && s.kind === "private") {
      return t(s.isHost ? "status.start_when_ready" : "status.waiting_for_host");
    }
    if (s.status === "filling") {
      const left = s.fillDeadline ? seconds(s.fillDeadline - performance.now()) : null;
      return left ? t("status.finding_in", { secs: left }) : t("status.finding");
    }
    if (!view) return "";
    if (this.pendingDeal) return t("status.tap_deal", { count: s.format.dealtCards });
    if (view.over) return t("status.game_over");
    if (view.to_act === null) return "";
    const mine = view.to_act === s.seat;
    const who = this.nameOf(view.to_act);
    // On your own bid the bid pad (titled "Your bid") covers the middle of the table.
    if (view.phase === "bidding") return mine ? "" : t("status.their_bid", { who });
    // On your own pass its step (titled "Your pass") covers the middle of the table.
    if (view.phase === "passing") return mine ? "" : t("status.their_pass", { who });
    if (view.phase === "drawing") return mine ? "" : t("status.their_draw", { who });
    return view.trick.length ? "" : mine ? t("status.your_lead") : t("status.their_lead", { who });
  }

  renderScore(view, rules) {
    if (!view) {
      this.scoreBox.replaceChildren();
      return;
    }
    const s = this.state;
    const fmt = s.format;
    const names = sideNames(fmt, s.seat, s.seats);
    const order = sideOrder(fmt, s.seat);
    const mine = s.seat === null ? null : fmt.teamOf(s.seat);
    this.scoreBox.classList.toggle("many", order.length > 2);
    this.scoreBox.replaceChildren(...order.map((t) => h("div", { class: `team team-${t === mine ? "us" : "them"}` },
      h("span", { class: "team-name" }, names[t]),
      h("b", { class: "team-score" }, String(view.scores[t])),
      bagCycle(view.bags[t], rules))));
  }

  /** One seat badge per seat of the format (the felt's seats change with the table). */
  fitSeats(fmt) {
    if (this.seatEls.length === fmt.players) return;
    for (const el of this.seatEls) el.remove();
    this.seatEls = fmt.seats.map(() => h("div", { class: "seat" }));
    this.felt.prepend(...this.seatEls);
    this.felt.dataset.seats = String(fmt.players);
  }

  renderSeat(seat) {
    const s = this.state;
    const el = this.seatEls[seat];
    const info = s.seats[seat] || {};
    const view = s.view;
    const fmt = s.format;
    const where = positionOf(seat, s.seat, fmt);
    const acting = view && view.to_act === seat && !view.over;
    el.className = `seat at-${where}${acting ? " acting" : ""}${info.away ? " away" : ""}${!info.name ? " open" : ""}`;
    const bid = view ? view.bids[seat] : null;
    const partner = s.seat !== null && seat === fmt.partnerOf(s.seat);
    const tags = [];
    if (seat === s.seat) tags.push(h("span", { class: "tag you" }, t("seat.tag_you")));
    else if (partner) tags.push(h("span", { class: "tag partner" }, t("seat.tag_partner")));
    if (info.bot) tags.push(h("span", { class: "tag bot" }, t("seat.tag_bot")));
    // A guest may carry any free name: the tag says it is no account's.
    if (info.guest) tags.push(h("span", { class: "tag guest", title: t("seat.guest_title") }, t("seat.tag_guest")));
    if (info.away) tags.push(h("span", { class: "tag away" }, t("seat.tag_away")));
    if (view && view.dealer === seat) tags.push(h("span", { class: "tag dealer", title: t("seat.dealer") }, t("seat.tag_dealer")));
    const name = info.name ? (info.bot ? info.name.replace(BOT_SUFFIX, "") : info.name) : t("seat.open");
    // "bidding…" only on the seat whose bid it is; the others wait their turn.
    const waiting = { bidding: t("seat.bidding"), drawing: t("seat.drawing") }[view && view.phase];
    const bidLine = view ? (bid === null ? (waiting && acting ? waiting : "") : t("seat.bid", { bid: bidText(bid) })) : "";
    const won = view ? view.tricks_won[seat] : 0;
    // Ranked: each player's rating beside the name, as the game began.
    const rating = typeof info.rating === "number" ? ratingText(info.rating) : null;
    const label = [t("seat.label", { seat: fmt.seatName(seat), name }),
      rating ? t("seat.rated", { rating }) : "",
      t(info.bot ? "seat.is_bot" : info.guest ? "seat.is_guest" : "seat.is_person"),
      info.away ? t("seat.is_away") : "",
      bid !== null && view ? t("seat.bid_taken", { bid: bidText(bid), count: won }) : "",
      acting ? t("seat.to_act") : ""].filter(Boolean).join(t("list.comma"));
    el.setAttribute("aria-label", label);
    el.setAttribute("role", "group");
    // Another person's seat opens its menu (Follow, Block, Report; a guest's: Report) for
    // a signed-in player.
    const menu = info.name && !info.bot && seat !== s.seat && this.room.signedIn;
    el.replaceChildren(
      ...(menu ? [h("button", { type: "button", class: "seat-menu-btn", "aria-haspopup": "dialog",
        "aria-label": t(info.guest ? "seat.menu_guest" : "seat.menu", { name }),
        onclick: (e) => { e.stopPropagation(); openSeatMenu(seat, name, fmt.seatName(seat), Boolean(info.guest)); } })] : []),
      h("span", { class: `avatar${info.bot ? " bot" : ""}`, "aria-hidden": "true" }, (name[0] || "?").toUpperCase()),
      h("span", { class: "seat-text", "aria-hidden": "true" },
        h("span", { class: "seat-name" }, h("span", { class: "nm" }, name),
          rating ? h("span", { class: "seat-rating" }, rating) : null, tags),
        h("span", { class: "seat-line" },
          // Six seats' long compass names give way to "NE" on a phone (table.css).
          fmt.players === 6 ? h("span", { class: "dir" }, h("span", { class: "long" }, fmt.seatName(seat)),
            h("span", { class: "short" }, fmt.shortName(seat))) : h("span", { class: "dir" }, fmt.seatName(seat)),
          bidLine ? h("span", { class: "bid" }, bidLine) : null,
          view && bid !== null ? h("span", { class: "won" }, t("seat.won", { count: won })) : null)),
      h("span", { class: "seat-timer", "aria-hidden": "true" }));
  }

  renderTimers() {
    const s = this.state;
    const left = s.turnDeadline ? s.turnDeadline - performance.now() : null;
    const view = s.view;
    const show = left !== null && view && view.to_act !== null && !view.over;
    this.timerBar.hidden = !(show && view.to_act === s.seat);
    if (show) {
      const secs = seconds(left);
      const el = this.seatEls[view.to_act].querySelector(".seat-timer");
      if (el) el.textContent = `${secs}s`;
      if (view.to_act === s.seat) {
        this.timerBar.querySelector("span").textContent = t(`timer.${{ bidding: "bid", drawing: "draw", passing: "pass" }[view.phase] || "play"}`, { secs });
        this.timerBar.querySelector("i").style.width = `${Math.min(100, (left / 300))}%`;
        this.timerBar.classList.toggle("low", secs <= 10);
        if (secs <= 10 && secs > 0 && !this.warned && s.myTurn) {
          this.warned = true;
          announce(t(`timer.warn_${{ bidding: "bid", drawing: "draw", passing: "pass" }[view.phase] || "play"}`, { count: secs }),
            { urgent: true, key: "turn" });
        }
      }
    }
    if (s.status === "filling" && s.kind !== "private") this.center.status.textContent = this.statusLine();
    if (!this.resultPanel.hidden) this.renderPause();
  }

  renderChatBadge(n) {
    this.chatBtn.textContent = n ? t("table.chat_unread", { count: n }) : t("table.chat");
  }

  // -- sheets -------------------------------------------------------------------------------

  /** The table's rules: the game's, or before the start a private table's lobby's. */
  rules() {
    const s = this.state;
    if (s.view) return s.view.rules;
    return s.lobby && s.lobby.rules ? s.lobby.rules : null;
  }

  showRules() {
    const rules = this.rules();
    const body = rules
      ? [
          h("dl", { class: "rules-list" }, describeRules(rules).map(([k, v]) => [h("dt", {}, k), h("dd", {}, v)])),
          // The full rules page, generated from this table's own rules (house options included).
          h("p", {}, h("a", { href: "/learn/?rules=" + encodeURIComponent(JSON.stringify(rules)),
                              target: "_blank", rel: "noopener" }, t("table.full_rules"))),
        ]
      : h("p", {}, t("table.rules_at_start"));
    openDialog(tableTitle(this.state.kind, rules), body);
  }

  showScores() {
    const view = this.state.view;
    openDialog(t("table.score_sheet"), view ? gameSheet(view.history, this.state.seat, view.rules, this.state.seats) : h("p", {}, t("table.no_scores")),
      { className: "wide", status: turnStrip(this.state) });
  }

  showReview() {
    const view = this.state.view;
    openDialog(view && view.review ? t("table.hand_n_review", { hand: view.review.hand + 1 }) : t("table.hand_review"),
      view ? reviewPanel(this.state.table, view, this.state.seat, this.state.seats,
        gamePageLink(this.state, "btn", t("table.whole_game"))) : h("p", {}, t("table.nothing_to_review")),
      { className: "wide review-dialog", status: turnStrip(this.state) });
  }

  showLastTrick() {
    const view = this.state.view;
    const last = view && view.last_trick;
    if (!last) return;
    const body = h("div", { class: `trick review-trick seats-${this.state.format.players}` }, last.cards.map(([seat, code]) => h("div",
      { class: `played at-${positionOf(seat, this.state.seat, this.state.format)}${seat === last.winner ? " winner" : ""}` },
      h("small", {}, this.nameOf(seat)), cardFace(code, { small: true }))));
    openDialog(t("table.last_trick_won", { who: this.nameOf(last.winner) }), body, { status: turnStrip(this.state) });
  }

  /** The result of the hand just finished: the six lines for every side, and the review. */
  showResult(view) {
    const record = view.history[view.history.length - 1];
    if (!record) return;
    this.resultPanel.hidden = false;
    this.handAnalysis.reset();
    const seated = this.state.seat !== null && this.state.seat !== undefined;
    this.resultPanel.replaceChildren(
      h("header", { class: "panel-head" }, h("h2", {}, t("table.hand_scored", { hand: record.hand + 1 })),
        h("button", { type: "button", class: "icon-btn", "aria-label": t("table.close_result"), onclick: () => this.hideResult() }, "✕")),
      handTable(record, this.state.seat, view.rules, this.state.seats),
      this.pauseLine,
      h("div", { class: "pad-row" },
        h("button", { type: "button", class: "btn", onclick: () => this.showReview() }, t("table.review_hand")),
        seated ? this.handAnalysis.button : null,
        h("button", { type: "button", class: "btn btn-primary result-continue", onclick: () => this.hideResult() }, t("table.continue"))),
      seated ? this.handAnalysis.out : null);
    this.renderPause();
    this.sayHandScored(view);
  }

  /** Say the score lines of ``view``'s last hand, once per hand of a table. */
  sayHandScored(view) {
    const record = view.history[view.history.length - 1];
    const said = record ? `${this.state.table}:${record.hand}` : null;
    if (!record || said === this.handSaid) return;
    this.handSaid = said;
    announce(`${t("table.hand_scored", { hand: record.hand + 1 })}. ${handSentences(record, this.state.seat, view.rules, this.state.seats)}`);
  }

  /** The between-hands line of the hand result: when the next hand starts, who reads. */
  renderPause() {
    const s = this.state;
    if (!s.paused) {
      this.pauseLine.textContent = "";
      return;
    }
    const secs = seconds(s.pauseDeadline - performance.now());
    const reading = s.seats.map((info, seat) => ({ info, seat }))
      .filter(({ info, seat }) => info && info.name && !info.bot && !info.away && seat !== s.seat && !s.ready.includes(seat))
      .map(({ seat }) => this.nameOf(seat));
    const wait = reading.length ? ` ${t("pause.reading", { names: reading.join(t("list.comma")), count: reading.length })}` : "";
    this.pauseLine.textContent = t(s.waitsForMe ? "pause.mine" : "pause.others", { secs }) + wait;
  }

  hideResult() {
    const hadFocus = this.resultPanel.contains(document.activeElement);
    if (this.state.waitsForMe) this.room.request("ready").catch((err) => toast(err.message, "warn"));
    this.resultPanel.hidden = true;
    this.handAnalysis.stop();
    if (this.dealWaits && this.state.view) this.animateDeal(this.state.view, this.lastDealKey);
    if (hadFocus) (this.state.myTurn && this.state.view.phase === "bidding" ? this.pad : this.hand).focus();
  }

  showGameOver() {
    this.gameOver.show();
  }

  /** A ``rated`` push arrived (after a ranked game): show it in the game-over sheet. */
  onRated() {
    if (this.state.status === "over" && this.state.view && dialogOpen("game-over")) this.showGameOver();
  }

  async rematch() {
    try {
      await this.room.request("rematch", { yes: true });
      if (this.state.status === "over") this.showGameOver();
    } catch (err) {
      toast(err.message, "warn");
    }
  }
}
