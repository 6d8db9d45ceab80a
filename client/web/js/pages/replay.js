// A finished game as a list of positions, one per move, from the archive's document
// (GET /api/games/{id}, docs/archive.md): position 0 of each hand is its deal, then one
// per bid and one per card. Pure: no DOM. The number of seats and sides comes from the
// document (its seats and its score lines), never assumed to be four and two.
import { bidText, lowerFirst, SEAT_NAMES, theCard } from "../game/cards.js";
import { t } from "../i18n.js";

/** How many sides (teams, or players in a game without partners) the game has. */
export function sideCount(game) {
  if (Array.isArray(game.sides)) return game.sides.length;
  if (game.rules && Array.isArray(game.rules.teams)) return game.rules.teams.length;
  if (game.result && Array.isArray(game.result.totals)) return game.result.totals.length;
  return game.hands.length ? game.hands[0].score.length : game.seats.length;
}

/** The seats of each side: the archive's ``sides`` (or ``rules.teams``); without them
 * seat ``s`` plays for side ``s % sides`` (partners opposite: 0+2 and 1+3 of four seats,
 * 0+3, 1+4 and 2+5 of six; every seat its own side when there are as many sides as seats). */
export function sideSeats(game) {
  if (Array.isArray(game.sides)) return game.sides.map((t) => [...t]);
  if (game.rules && Array.isArray(game.rules.teams)) return game.rules.teams.map((t) => [...t]);
  const n = sideCount(game);
  const sides = Array.from({ length: n }, () => []);
  game.seats.forEach((_, s) => sides[s % n].push(s));
  return sides;
}

/** The side of each seat. */
export function sideOf(game) {
  const of = [];
  sideSeats(game).forEach((seats, side) => seats.forEach((s) => { of[s] = side; }));
  return of;
}

/** The compass name of a seat at a four-seat table, else "Seat 3". */
export function seatName(game, seat) {
  return game.seats.length === 4 ? t(`seat.${SEAT_NAMES[seat]}`) : t("archive.seat_n", { n: seat + 1 });
}

/** A bot's level in words ("easy", "fácil"); a level the catalogue lacks as it is sent. */
export function levelName(level) {
  const word = t(`level.${level}`);
  return word === `level.${level}` ? String(level) : lowerFirst(word);
}

/** Who sat at ``seat``: the person's name, or the bot's with its level. */
export function playerName(game, seat) {
  const s = game.seats[seat];
  if (!s) return seatName(game, seat);
  return s.bot && !s.name ? t("archive.bot_name", { level: levelName(s.bot) }) : s.name || seatName(game, seat);
}

/** "Ann & Cleo": the players of a side. */
export function sideName(game, side) {
  return sideSeats(game)[side].map((s) => playerName(game, s)).join(" & ");
}

/** The archive writes bids as an int, "nil" or "blind_nil"; the page as "Nil", "Blind Nil". */
export function bidShown(bid) {
  return bidText(bid === "blind_nil" ? "blind nil" : bid); // i18n: the protocol's bid word
}

/** Each hand's card passes (a Nil bidder and partner exchanging cards before the lead),
 * read from the game's actions: [[{giver, receiver, cards}] per hand]. The actions are
 * split by hand by counting each hand's cards played. */
export function passesByHand(game) {
  const sides = sideSeats(game);
  const partner = (seat) => {
    const side = sides.find((s) => s.includes(seat)) || [];
    return side.length === 2 ? side[side[0] === seat ? 1 : 0] : null;
  };
  const actions = game.actions || [];
  let at = 0;
  return game.hands.map((hand) => {
    let plays = hand.tricks.reduce((n, t) => n + t.cards.length, 0);
    const out = [];
    while (at < actions.length && plays > 0) {
      const [seat, action] = actions[at++];
      if (action.startsWith("play ")) plays -= 1;
      else if (action.startsWith("pass ") && partner(seat) !== null) {
        out.push({ giver: seat, receiver: partner(seat), cards: action.slice(5).trim().split(/\s+/) });
      }
    }
    return out;
  });
}

/**
 * Every position of the game, in order. A position is
 * {hand (index into game.hands), move (the move's number within the hand, 0 = the deal),
 *  kind ("deal" | "bid" | "play"), seat, text (what happened, in words),
 *  bids (per seat, null before their bid), played (set of the cards gone from hands),
 *  trick (the cards on the table: [{seat, card}]), trickNo (1-based, 0 in the bidding),
 *  winner (seat that won the trick just completed, else null), took (tricks per seat),
 *  cards (per seat, the cards held this hand: as dealt, then after any passes),
 *  received (the cards that came to their seat by a pass)}.
 */
export function positions(game) {
  const out = [];
  const n = game.seats.length;
  const passes = passesByHand(game);
  game.hands.forEach((hand, hi) => {
    const bids = Array(n).fill(null);
    const took = Array(n).fill(0);
    const played = new Set();
    let cards = hand.hands.map((h) => [...h]);
    let received = new Set();
    out.push({ hand: hi, move: 0, kind: "deal", seat: hand.dealer, bids: [...bids], played: new Set(),
      trick: [], trickNo: 0, winner: null, took: [...took], cards, received,
      text: t("archive.pos.deal", { n: hi + 1, name: playerName(game, hand.dealer) }) });
    let move = 1;
    for (const { seat, bid } of hand.bids) {
      bids[seat] = bid;
      out.push({ hand: hi, move: move++, kind: "bid", seat, bids: [...bids], played: new Set(played),
        trick: [], trickNo: 0, winner: null, took: [...took], cards, received,
        text: t("archive.pos.bid", { name: playerName(game, seat), bid: bidShown(bid) }) });
    }
    for (const { giver, receiver, cards: given } of passes[hi]) {
      cards = cards.map((held, seat) => (seat === giver ? held.filter((c) => !given.includes(c))
        : seat === receiver ? [...held, ...given] : held));
      received = new Set([...received, ...given]);
      out.push({ hand: hi, move: move++, kind: "pass", seat: giver, bids: [...bids], played: new Set(played),
        trick: [], trickNo: 0, winner: null, took: [...took], cards, received,
        text: t("archive.pos.pass", { name: playerName(game, giver), count: given.length, to: playerName(game, receiver) }) });
    }
    hand.tricks.forEach((trick, ti) => {
      const table = [];
      trick.cards.forEach((card, k) => {
        const seat = (trick.leader + k) % n;
        table.push({ seat, card });
        played.add(card);
        const last = k === trick.cards.length - 1;
        if (last) took[trick.winner] += 1;
        out.push({ hand: hi, move: move++, kind: "play", seat, bids: [...bids], played: new Set(played),
          trick: [...table], trickNo: ti + 1, winner: last ? trick.winner : null, took: [...took], cards, received,
          text: last ? t("archive.pos.play_won", { name: playerName(game, seat), card: theCard(card),
            winner: playerName(game, trick.winner), n: ti + 1 })
            : t("archive.pos.play", { name: playerName(game, seat), card: theCard(card) }) });
      });
    });
  });
  return out;
}

/** The index of the first position of hand ``hi`` (its deal). */
export function handStart(list, hi) {
  const at = list.findIndex((p) => p.hand === hi);
  return at < 0 ? 0 : at;
}

/** The running totals per side before hand ``hi`` (zeros before the first). */
export function totalsBefore(game, hi) {
  if (hi === 0) return Array(sideCount(game)).fill(0);
  return game.hands[hi - 1].score.map((s) => s.total);
}
