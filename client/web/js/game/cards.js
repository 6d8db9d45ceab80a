// Cards as the engine writes them: rank + suit ("AS", "TH", "2C"), jokers "LJ" and "BJ".
// Order here mirrors shared/spades/cards.py (suit order C D H S); the names are the
// page's language's (the catalogue's rank.*, suit.*, card.*: "Queen of spades", "Dama de
// picas", "Dama de espadas", "Dame de pique").
import { language, PSEUDO, said, t } from "../i18n.js";

export const SUITS = ["C", "D", "H", "S"];
// The English words, for the screen-reader mode's sentences (game/table_text.js, still English).
export const SUIT_NAMES = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
export const SUIT_SYMBOLS = { C: "♣", D: "♦", H: "♥", S: "♠" };
export const RANKS = "23456789TJQKA";
const RANK_SHOWN = { T: "10" };

export const SEAT_NAMES = ["South", "West", "North", "East"]; // i18n: the engine's seat ids (seat.* keys)

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

/** "Ace of spades", "Big Joker" ("As de picas", "Grand Joker"): a card's name on its
 * own, as a screen reader says a card. */
export function cardName(code) {
  if (code === "LJ" || code === "BJ") return t(`card.joker.${code}`);
  return t("card.name", { rank: t(`rank.${code[0]}`), suit: code[1] });
}

/** "the Ace of spades" ("la dama de picas", "l'as de cœur"): the card named inside a
 * sentence, with the article its name takes in the page's language. */
export function theCard(code) {
  if (code === "LJ" || code === "BJ") return t(`card.the_joker.${code}`);
  return t("card.name", { rank: t(`rank.the.${code[0]}`), suit: code[1] });
}

/** Cards named in a sentence: "the Queen of spades and the Two of hearts". */
export function theCards(codes) {
  return listOf(codes.map(theCard));
}

/** ``items`` as one list in the page's language: "a, b and c", "a, b y c". */
export function listOf(items) {
  return new Intl.ListFormat(language() === PSEUDO ? "en" : language(), { type: "conjunction" }).format(items);
}

export function upperFirst(sentence) {
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
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
  return t("card.unplayable", { card: cardName(code), reason: lowerFirst(reason) });
}

export function lowerFirst(sentence) {
  const text = String(sentence).trim().replace(/\.$/, "");
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** A bid as people read it, in the page's language: 4 -> "4", "nil" -> "Nil",
 * "blind nil" -> "Blind Nil". */
export function bidText(bid) {
  if (bid === null || bid === undefined) return "";
  if (bid === "nil" || bid === 0) return said("Nil", "bid.nil"); // i18n: said()'s fallback
  if (bid === "blind nil") return said("Blind Nil", "bid.blind"); // i18n: said()'s fallback
  return String(bid);
}

/** A sentence of ``who`` doing ``action``, its verb agreeing: "You play the Ace of
 * spades" (``you``: the reader's own seat), "Ada plays the Ace of spades", "You bid 4". */
export function sayAction(who, action, you = false) {
  const [kind, args] = actionParts(action);
  if (!kind) return `${who} ${action}`;
  return you ? t(`action.you_${kind}`, args) : t("action.someone", { who, action: t(`action.${kind}`, args) });
}

/** An action as people read it: "play AS" -> "plays the Ace of spades", "bid nil" ->
 * "bids Nil". */
export function actionText(action) {
  const [kind, args] = actionParts(action);
  return kind ? t(`action.${kind}`, args) : action;
}

/** [kind, args] of an action's words ("play", {card}), or [null] for one without. */
function actionParts(action) {
  if (action.startsWith("play ")) return ["play", { card: theCard(action.slice(5).toUpperCase()) }];
  if (action.startsWith("bid ")) return ["bid", { bid: bidText(action.slice(4)) }];
  if (action === "look") return ["look", {}];
  if (action.startsWith("pass ")) return ["pass", {}];
  return [null];
}
