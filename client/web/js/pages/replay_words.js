// The game page's replay told in sentences, for a screen reader: at each position the
// hands as the replay shows them (the cards still held, by suit with counts), the trick,
// the bids and tricks taken, the score, the cards played; and what a step says (the move,
// and at a hand's last card the hand's score lines). Pure: the archive's game and a
// position of replay.js in, text out.
import { cardName } from "../game/cards.js";
import { handText, playedCardsText, winningSeat } from "../game/table_text.js";
import { points } from "./games_list.js";
import { handLine } from "./game_board.js";
import { bidShown, playerName, seatName, sideSeats, sideName, totalsBefore } from "./replay.js";
import { t } from "../i18n.js";

/** [key, what it reads]: the replay's single-key commands (``?`` lists them). */
export function replayKeys() {
  return [
    ["← →", t("srreplay.key_move")],
    ["PageUp PageDown", t("srreplay.key_hand")], // i18n: the keys' names, as printed on them
    ["Home End", t("srreplay.key_ends")], // i18n: the keys' names, as printed on them
    ["H", t("srreplay.key_hands")], ["T", t("srreplay.key_trick")],
    ["B", t("srreplay.key_bids")], ["S", t("srreplay.key_score")], ["L", t("srreplay.key_last")],
    ["P", t("srreplay.key_played")],
    ["?", t("srreplay.key_keys")],
  ];
}

/** "Keys: ← →, a move; …": the keys in one sentence. */
export function keysText() {
  return t("srreplay.keys", { keys: replayKeys().map(([k, what]) => `${k}, ${what}`).join("; ") });
}

/** Whether ``pos`` is the last card of its hand (the hand is scored there). */
export function endsHand(game, pos) {
  return pos.kind === "play" && pos.winner !== null && pos.trickNo === game.hands[pos.hand].tricks.length;
}

/** "Hand 2 scored. Ann & Cleo: bid 4, took 5: bid made +40 · 1 bag +1 · hand +41, total 141. …" */
export function handScored(game, hi) {
  const lines = game.hands[hi].score.map((s, side) => t("srreplay.side_scored",
    { side: sideName(game, side), line: handLine(s), total: points(s.total) }));
  return [t("srreplay.hand_scored", { n: hi + 1 }), ...lines].join(" ");
}

/** What a step to ``pos`` says: the move (and the trick's winner), then at the hand's
 * last card its score lines. */
export function stepNews(game, pos) {
  const news = [`${pos.text}.`];
  if (endsHand(game, pos)) news.push(handScored(game, pos.hand));
  return news;
}

function handsText(game, pos) {
  return game.seats.map((_, seat) => {
    const held = pos.cards[seat].filter((c) => !pos.played.has(c));
    const who = t("srreplay.who", { name: playerName(game, seat), seat: seatName(game, seat) });
    return `${who} ${held.length ? handText(held) : t("srreplay.no_cards")}`;
  }).join(" ");
}

function trickText(game, pos) {
  if (!pos.trickNo) return t(pos.kind === "deal" ? "srreplay.dealt" : "srreplay.no_trick", { name: playerName(game, pos.seat) });
  const plays = pos.trick.map(({ seat, card }, i) => t(i ? "srreplay.played" : "srreplay.led",
    { name: playerName(game, seat), card: cardName(card) }));
  const winner = pos.winner ?? winningSeat(pos.trick.map(({ seat, card }) => [seat, card]));
  const state = t(pos.winner !== null ? "srreplay.wins" : "srreplay.winning", { name: playerName(game, winner) });
  return [t("srreplay.trick", { n: pos.trickNo, of: game.hands[pos.hand].tricks.length }), ...plays, state].join(" ");
}

/** The hand's last trick done at ``pos`` (the one just completed, else the one before). */
function lastTrickText(game, pos) {
  const n = pos.winner !== null ? pos.trickNo : pos.trickNo - 1;
  if (n < 1) return t("srreplay.no_last");
  const trick = game.hands[pos.hand].tricks[n - 1];
  const cards = trick.cards.map((card, k) => t("srreplay.card_of",
    { name: playerName(game, (trick.leader + k) % game.seats.length), card: cardName(card) }));
  return t("srreplay.last", { n, name: playerName(game, trick.winner), cards: cards.join(t("list.comma")) });
}

function bidsText(game, pos) {
  return game.seats.map((_, seat) => {
    const who = t("srreplay.who", { name: playerName(game, seat), seat: seatName(game, seat) });
    const bid = pos.bids[seat];
    return `${who} ${bid === null ? t("srreplay.no_bid") : t("srreplay.bid_took", { bid: bidShown(bid), took: pos.took[seat] })}`;
  }).join(" ");
}

function scoreText(game, pos) {
  const scored = endsHand(game, pos);
  const totals = scored ? game.hands[pos.hand].score.map((s) => s.total) : totalsBefore(game, pos.hand);
  const sides = sideSeats(game).map((_, side) => t("srreplay.side_total",
    { side: sideName(game, side), total: points(totals[side] ?? 0) }));
  const head = t(scored ? "srreplay.score_after" : "srreplay.score_before", { n: pos.hand + 1 });
  return [head, ...sides, ...(scored ? [handScored(game, pos.hand)] : [])].join(" ");
}

/** The position in words, by region: hands, trick, bids, score, last (trick), played. */
export function positionTexts(game, pos) {
  return {
    hands: handsText(game, pos),
    trick: trickText(game, pos),
    bids: bidsText(game, pos),
    score: scoreText(game, pos),
    last: lastTrickText(game, pos),
    played: playedCardsText([...pos.played]),
  };
}
