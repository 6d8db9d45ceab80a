// The table told in sentences, for the screen-reader mode (ui/sr_table.js): the hand by
// suit with counts, the trick and who is winning it, the bids and tricks of each seat, the
// score and bags, the last trick, the cards played in each suit, the legal cards and why
// the others are not. Pure: a seat view and names in, text out.
import { cardIndex, cardName, bidText, lowerFirst, rankIndex, suitOf, SUIT_NAMES } from "./cards.js";
import { counted, number } from "./numbers.js";

// Spades first (trumps), then hearts, diamonds, clubs: the order the mode reads suits in.
const READ_ORDER = ["S", "H", "D", "C"];
const NUMBER_WORDS = ["No", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
  "Eleven", "Twelve", "Thirteen", "Fourteen", "Fifteen", "Sixteen", "Seventeen"];

/** "ace", "ten", "Little Joker": a card's rank as read inside its suit's list. */
function rankWord(code) {
  const name = cardName(code);
  return code === "LJ" || code === "BJ" ? name : name.split(" ")[0].toLowerCase();
}

function countWord(n) {
  return NUMBER_WORDS[n] || String(n);
}

function capital(word) {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** ``codes`` grouped by suit in reading order, high to low: [[suit, [codes]]]. */
function bySuit(codes) {
  return READ_ORDER.map((suit) => [suit, codes.filter((c) => suitOf(c) === suit)
    .sort((a, b) => rankIndex(b) - rankIndex(a))]);
}

/** "Spades: ace, ten, four. Three cards." per suit, and the total. */
export function handText(hand) {
  if (!hand || !hand.length) return "No cards in your hand.";
  const lines = bySuit(hand).map(([suit, codes]) => `${capital(SUIT_NAMES[suit])}: ${codes.length
    ? `${codes.map(rankWord).join(", ")}. ${countWord(codes.length)} card${codes.length === 1 ? "" : "s"}.`
    : "none."}`);
  return [...lines, `${countWord(hand.length)} card${hand.length === 1 ? "" : "s"} in all.`].join(" ");
}

/** The seat whose card wins ``trick`` ([[seat, code]...]) so far: spades (and jokers)
 * above everything, then the led suit; of two equal cards the first (as the engine). */
export function winningSeat(trick) {
  if (!trick || !trick.length) return null;
  const led = suitOf(trick[0][1]);
  const strength = (code) => (suitOf(code) === "S" ? 100 + cardIndex(code) : suitOf(code) === led ? cardIndex(code) : -1);
  let best = trick[0];
  for (const play of trick.slice(1)) if (strength(play[1]) > strength(best[1])) best = play;
  return best[0];
}

/** "West led the King of hearts. North played the Two of hearts. West is winning." */
export function trickText(view, nameOf) {
  if (!view || view.phase !== "playing") return "No trick is being played.";
  const number_ = view.tricks.length + 1;
  if (!view.trick.length) {
    return `Trick ${number_}: ${view.to_act === null ? "nobody" : nameOf(view.to_act)} to lead.`;
  }
  const plays = view.trick.map(([seat, code], i) => `${nameOf(seat)} ${i ? "played" : "led"} the ${cardName(code)}.`);
  const winner = winningSeat(view.trick);
  const winning = nameOf(winner) === "You" ? "You are winning." : `${nameOf(winner)} is winning.`;
  const next = view.to_act === null ? "" : ` ${nameOf(view.to_act)} to play.`;
  return `Trick ${number_}: ${plays.join(" ")} ${winning}${next}`;
}

/** "South, you: bid 4, won 2 tricks." for every seat, in seat order. */
export function bidsText(view, fmt, nameOf) {
  if (!view) return "No bids yet.";
  return fmt.seats.map((seat) => {
    const bid = view.bids[seat];
    const who = `${fmt.seatName(seat)}, ${nameOf(seat) === "You" ? "you" : nameOf(seat)}`;
    const said = bid === null ? "no bid yet" : `bid ${bidText(bid)}`;
    return `${who}: ${said}, won ${counted(view.tricks_won[seat], "trick")}.`;
  }).join(" ");
}

/** "Us: 120 points, 3 bags. Them: 80 points, 1 bag. The game ends at 500." */
export function scoreText(view, sides) {
  if (!view) return "No score yet.";
  const rules = view.rules || {};
  const lines = sides.map(({ side, name }) => `${name}: ${number(view.scores[side])} points`
    + `${rules.bag_penalty ? `, ${counted(view.bags[side], "bag")} of ${rules.bag_limit}` : ""}.`);
  return `${lines.join(" ")}${rules.target_score ? ` The game ends at ${rules.target_score}.` : ""}`;
}

/** "Last trick, won by North: South the Ace of hearts, ..." */
export function lastTrickText(view, nameOf) {
  const last = view && view.last_trick;
  if (!last) return "No trick has been played yet in this hand.";
  const who = nameOf(last.winner);
  const cards = last.cards.map(([seat, code]) => `${nameOf(seat)} the ${cardName(code)}`).join(", ");
  return `Last trick, won by ${who === "You" ? "you" : who}: ${cards}.`;
}

/** The cards played so far in this hand, suit by suit (the tricks and the one on the table). */
export function playedText(view) {
  if (!view) return "No cards played yet.";
  return playedCardsText([...view.tricks.flatMap((t) => t.cards.map(([, code]) => code)), ...view.trick.map(([, code]) => code)]);
}

/** The cards ``played`` (codes), suit by suit: "Spades played: ace, four. Hearts played: none. …" */
export function playedCardsText(played) {
  if (!played.length) return "No cards played yet in this hand.";
  return bySuit(played).map(([suit, codes]) => `${capital(SUIT_NAMES[suit])} played: ${codes.length
    ? `${codes.map(rankWord).join(", ")}.` : "none."}`).join(" ");
}

/** What may be played now, and why the rest of the hand may not. */
export function legalText(view, mine) {
  if (!view || !mine) return "";
  const plays = view.legal.filter((a) => a.startsWith("play ")).map((a) => a.slice(5));
  if (view.phase === "bidding") {
    const bids = view.legal.filter((a) => a.startsWith("bid ")).map((a) => bidText(a.slice(4)));
    const look = view.legal.includes("look") ? " Or type show, to see your cards first." : "";
    return bids.length ? `You may bid: ${bids.join(", ")}.${look}` : "";
  }
  if (view.phase === "drawing" && view.draw && view.draw.card) {
    return `Your draw: the ${cardName(view.draw.card)}. Type keep to take it, or discard to take the next card unseen.`;
  }
  const passes = view.legal.filter((a) => a.startsWith("pass "));
  if (passes.length) {
    return `Your pass: type the ${passes[0].split(" ").length - 1} cards to pass to your partner, as QS, 2H.`;
  }
  if (!plays.length) return "";
  const why = {};
  for (const [code, reason] of Object.entries(view.unplayable || {})) (why[lowerFirst(reason)] ||= []).push(code);
  const reasons = Object.entries(why).map(([reason, codes]) => ` Not playable, ${reason}: ${codes.map(cardName).join(", ")}.`);
  return `You may play: ${plays.map(cardName).join(", ")}.${reasons.join("")}`;
}
