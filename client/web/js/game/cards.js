// Cards as the engine writes them: rank + suit ("AS", "TH", "2C"), jokers "LJ" and "BJ".
// Names and order here mirror shared/spades/cards.py (card_name, suit order C D H S).
import { said } from "../i18n.js";

export const SUITS = ["C", "D", "H", "S"];
export const SUIT_NAMES = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
export const SUIT_SYMBOLS = { C: "♣", D: "♦", H: "♥", S: "♠" };
export const RANKS = "23456789TJQKA";
const RANK_NAMES = ["Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
  "Jack", "Queen", "King", "Ace"];
const RANK_SHOWN = { T: "10" };

export const SEAT_NAMES = ["South", "West", "North", "East"];

/** The suit a card follows and trumps as (jokers are spades). */
export function suitOf(code) {
  return code === "LJ" || code === "BJ" ? "S" : code[1];
}

/** 0..12 within the suit (Two..Ace), jokers above the Ace. */
export function rankIndex(code) {
  if (code === "LJ") return 13;
  if (code === "BJ") return 14;
  return RANKS.indexOf(code[0]);
}

/** The engine's card index (suit * 13 + rank; jokers 52 and 53). */
export function cardIndex(code) {
  if (code === "LJ") return 52;
  if (code === "BJ") return 53;
  return SUITS.indexOf(code[1]) * 13 + RANKS.indexOf(code[0]);
}

export function cardCode(index) {
  if (index === 52) return "LJ";
  if (index === 53) return "BJ";
  return RANKS[index % 13] + SUITS[Math.floor(index / 13)];
}

/** "Ace of spades", "Big Joker": what a screen reader says. */
export function cardName(code) {
  if (code === "LJ") return "Little Joker";
  if (code === "BJ") return "Big Joker";
  return `${RANK_NAMES[RANKS.indexOf(code[0])]} of ${SUIT_NAMES[code[1]]}`;
}

/** The corner index printed on a card face: "10", "A", "★". */
export function rankShown(code) {
  if (code === "LJ" || code === "BJ") return "★";
  return RANK_SHOWN[code[0]] || code[0];
}

export function isRed(code) {
  const suit = code[1];
  return code !== "LJ" && code !== "BJ" && (suit === "H" || suit === "D");
}

// Display order of the hand: colours alternate and trumps sit at the right end.
const DISPLAY_SUIT_ORDER = { H: 0, C: 1, D: 2, S: 3 };

/** The hand sorted by suit (hearts, clubs, diamonds, spades), low to high in a suit. */
export function sortHand(codes) {
  return [...codes].sort((a, b) => {
    const bySuit = DISPLAY_SUIT_ORDER[suitOf(a)] - DISPLAY_SUIT_ORDER[suitOf(b)];
    return bySuit || rankIndex(a) - rankIndex(b);
  });
}

/** "Ace of spades, not playable: you must follow hearts" from the engine's reason. */
export function cardLabel(code, reason) {
  if (!reason) return cardName(code);
  return `${cardName(code)}, not playable: ${lowerFirst(reason)}`;
}

export function lowerFirst(sentence) {
  const text = String(sentence).trim().replace(/\.$/, "");
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** A bid as people read it, in the page's language: 4 -> "4", "nil" -> "Nil",
 * "blind nil" -> "Blind Nil". */
export function bidText(bid) {
  if (bid === null || bid === undefined) return "";
  if (bid === "nil" || bid === 0) return said("Nil", "bid.nil");
  if (bid === "blind nil") return said("Blind Nil", "bid.blind");
  return String(bid);
}

/** A sentence of ``who`` doing ``action``, its verb agreeing: "You play the Ace of
 * spades", "Ada plays the Ace of spades", "You bid 4". */
export function sayAction(who, action) {
  const text = actionText(action);
  if (who !== "You") return `${who} ${text}`;
  return `You ${text.replace(/^(plays|bids|looks|passes)\b/, (verb) => ({ plays: "play", bids: "bid", looks: "look", passes: "pass" })[verb])}`;
}

/** An action as people read it: "play AS" -> "Ace of spades", "bid nil" -> "bids Nil". */
export function actionText(action) {
  if (action.startsWith("play ")) return `plays the ${cardName(action.slice(5).toUpperCase())}`;
  if (action === "bid nil") return "bids Nil";
  if (action === "bid blind nil") return "bids Blind Nil";
  if (action.startsWith("bid ")) return `bids ${action.slice(4)}`;
  if (action === "look") return "looks at the cards";
  if (action.startsWith("pass ")) return "passes cards";
  return action;
}
