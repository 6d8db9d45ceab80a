// What the game page draws for one position of an archived game: the trick on the table,
// every seat's hand as dealt (after a Nil pass: as held, the cards received marked; the
// cards already played faded), bids and tricks taken;
// the score sheet of the whole game; and the deal proof of a hand. Any number of seats
// and sides: a seat is a row, a side is a column.
import { signed } from "../game/numbers.js";
import { sortHand } from "../game/cards.js";
import { commitmentOf, dealFromSeed } from "../game/deal_check.js";
import { cardFace } from "../ui/card_view.js";
import { h } from "../ui/dom.js";
import { t, tParts } from "../i18n.js";
import { playerHref } from "./api.js";
import { points } from "./games_list.js";
import { bidShown, levelName, playerName, seatName, sideName, sideOf, sideSeats } from "./replay.js";

function who(game, seat) {
  const s = game.seats[seat] || {};
  const name = playerName(game, seat);
  const label = s.account ? h("a", { href: playerHref(s.account), class: "player-link" }, name) : h("span", {}, name);
  return h("span", { class: "seat-who" }, label, s.bot ? h("small", { class: "bot-tag" }, ` · ${levelName(s.bot)}`) : null);
}

/** The table at position ``pos``: the trick in the middle, then one row per seat. */
export function boardView(game, pos) {
  const hand = game.hands[pos.hand];
  const sideOfSeat = sideOf(game);
  const title = pos.trickNo ? t("archive.trick_of", { n: pos.trickNo, count: hand.tricks.length })
    : t(pos.kind === "deal" ? "archive.the_deal" : pos.kind === "pass" ? "archive.passing" : "archive.bidding");
  const trick = h("div", { class: "replay-trick",
    "aria-label": pos.trickNo ? t("archive.trick", { n: pos.trickNo }) : t("archive.the_bidding") },
    h("p", { class: "trick-title" }, title),
    h("div", { class: "trick-cards" }, pos.trick.length
      ? pos.trick.map(({ seat, card }) => h("span", { class: `played${seat === pos.winner ? " won" : ""}`, dataset: { seat } },
        cardFace(card, { small: true }), h("small", {}, playerName(game, seat))))
      : pos.kind === "deal" ? h("span", { class: "muted" }, t("archive.dealt", { name: playerName(game, hand.dealer) }))
        : h("ol", { class: "bid-chips", "aria-label": t("archive.bids_so_far") }, hand.bids.slice(0, pos.move).map(({ seat, bid }) =>
          h("li", {}, h("small", {}, playerName(game, seat)), h("b", {}, bidShown(bid)))))));
  const seats = h("ol", { class: "replay-seats" }, game.seats.map((_, seat) => {
    const last = pos.kind !== "deal" && pos.seat === seat;
    const bid = pos.bids[seat];
    return h("li", { class: `replay-seat side-${sideOfSeat[seat]}${last ? " acted" : ""}`, dataset: { seat } },
      h("div", { class: "rs-line" },
        h("b", { class: "rs-name" }, seatName(game, seat)), who(game, seat),
        seat === hand.dealer ? h("span", { class: "tag dealer" }, t("archive.dealer")) : null,
        h("span", { class: "seat-bid" }, bid === null ? "" : t("archive.seat_bid", { bid: bidShown(bid) })),
        h("span", { class: "seat-took" }, pos.trickNo ? t("archive.seat_took", { count: pos.took[seat] }) : "")),
      h("div", { class: "mini-cards", "aria-label": t("archive.cards_of", { name: playerName(game, seat) }) },
        sortHand(pos.cards[seat]).map((card) => cardFace(card, { small: true,
          extraClass: `${pos.played.has(card) ? "gone" : ""}${pos.received.has(card) ? " received" : ""}` }))));
  }));
  return h("div", { class: "replay-board" }, trick, seats);
}

/** What a side's hand score is made of, in words: the contract, this hand's bags, Nil
 * made or failed, the bag penalty, the hand's total ("bid 2, took 7: bid made +20 ·
 * 5 bags +5 · Nil failed −100 · bag penalty −100 · hand −175"). A line that is nothing
 * is left out. */
export function handLine(s) {
  const parts = [];
  if (s.bid || s.contract_points) {
    parts.push(t(s.made ? "archive.line.made" : "archive.line.set", { points: signed(s.contract_points) }));
  }
  if (s.new_bags || s.bag_points) {
    parts.push(s.bag_points ? t("archive.line.bags_points", { count: s.new_bags, points: signed(s.bag_points) })
      : t("archive.line.bags", { count: s.new_bags }));
  }
  if (s.nil_points) {
    parts.push(t(s.nil_points > 0 ? "archive.line.nil_made" : "archive.line.nil_failed", { points: signed(s.nil_points) }));
  }
  if (s.bag_penalty) parts.push(t("archive.line.penalty", { points: signed(s.bag_penalty) }));
  parts.push(t("archive.line.hand", { points: signed(s.points) }));
  return t("archive.line", { bid: s.bid, took: s.took, parts: parts.join(" · ") });
}

/** Every hand's score per side (what it is made of, running total); the row of hand
 * ``current`` is marked; ``onPick(hi)`` jumps to a hand. */
export function scoreSheet(game, current, onPick) {
  const sides = sideSeats(game).map((_, side) => side);
  return h("table", { class: "score-table game-sheet" },
    h("caption", {}, t("archive.score_sheet")),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("archive.hand")),
      sides.map((side) => h("th", { scope: "col", class: "team-col" }, sideName(game, side))))),
    h("tbody", {}, game.hands.map((hand, hi) => h("tr", { class: hi === current ? "current" : "", dataset: { hand: hi } },
      h("th", { scope: "row" }, h("button", { type: "button", class: "btn-link hand-jump",
        "aria-current": hi === current ? "true" : null, onclick: () => onPick(hi) }, t("archive.hand_n", { n: hi + 1 }))),
      hand.score.map((s) => h("td", { class: "cell" }, h("div", {},
        h("span", { class: "note" }, handLine(s)),
        h("b", { class: `pts ${s.total < 0 ? "neg" : ""}` }, points(s.total)))))))));
}

/** The deal proof of hand ``hi``: SHA-256 of the revealed seed equals the commitment the
 * table showed before the bids, and shuffling that seed deals exactly these hands. */
export function dealProof(game, hi) {
  const hand = game.hands[hi];
  const verdict = h("span", { class: "verdict" }, t("archive.proof.checking"));
  const proof = h("div", { class: "proof" });
  const box = h("details", { class: "verify pending", id: "deal-proof" },
    h("summary", {}, h("span", { class: "proof-title" }, `${t("archive.proof.title", { n: hi + 1 })} `), verdict), proof);
  const jokers = !!(game.rules && game.rules.jokers);
  Promise.all([commitmentOf(hand.deal_seed), dealFromSeed(hand.deal_seed, hand.dealer, jokers, hand.hands.length)])
    .then(([computed, dealt]) => {
      const seedOk = computed === hand.commitment;
      const dealOk = dealt.every((cards, seat) => [...hand.hands[seat]].sort().join(" ") === [...cards].sort().join(" "));
      const ok = seedOk && dealOk;
      box.className = `verify ${ok ? "ok" : "bad"}`;
      verdict.replaceChildren(h("b", {}, t(ok ? "archive.proof.ok" : "archive.proof.bad")));
      if (!ok) box.open = true; // a failed check is never folded away
      proof.replaceChildren(
        ...tParts("archive.proof.commitment", { commitment: h("code", {}, hand.commitment) }), h("br"),
        ...tParts(seedOk ? "archive.proof.seed_equal" : "archive.proof.seed_different",
          { seed: h("code", {}, hand.deal_seed), hash: h("code", {}, computed) }), h("br"),
        h("span", {}, dealOk ? t("archive.proof.deals", { count: hand.hands.length }) : t("archive.proof.other")));
    })
    .catch((err) => {
      box.className = "verify bad";
      box.open = true;
      verdict.textContent = t("archive.proof.error", { error: err.message });
    });
  return box;
}
