// A move typed by a person, for the screen-reader mode: a card ("QS", "q s", "10h",
// "queen of spades", "ten hearts", "big joker") or a bid ("4", "four", "nil",
// "blind nil"), read against the actions legal now. Pure.
import { cardName, RANKS } from "./cards.js";

const RANK_WORDS = { two: "2", three: "3", four: "4", five: "5", six: "6", seven: "7", eight: "8", nine: "9",
  ten: "T", "10": "T", jack: "J", queen: "Q", king: "K", ace: "A", j: "J", q: "Q", k: "K", a: "A", t: "T" };
const SUIT_WORDS = { s: "S", spade: "S", spades: "S", h: "H", heart: "H", hearts: "H", d: "D", diamond: "D",
  diamonds: "D", c: "C", club: "C", clubs: "C", "♠": "S", "♥": "H", "♦": "D", "♣": "C" };
const NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
  "eleven", "twelve", "thirteen"];

/** The card code ``text`` names ("QS"), or null. */
export function parseCard(text) {
  const words = text.toLowerCase().replace(/\bof\b/g, " ").replace(/([♠♥♦♣])/g, " $1 ").trim().split(/\s+/);
  const joined = words.join(" ");
  if (/^(little|small|low) joker$|^lj$/.test(joined)) return "LJ";
  if (/^(big|high) joker$|^bj$/.test(joined)) return "BJ";
  let rank = null;
  let suit = null;
  if (words.length === 1) { // "qs", "10h"
    const m = /^(10|[2-9tjqka])([shdc])$/.exec(words[0]);
    if (!m) return null;
    [rank, suit] = [RANK_WORDS[m[1]] || m[1].toUpperCase(), SUIT_WORDS[m[2]]];
  } else if (words.length === 2) { // "q s", "queen spades", "queen ♠"
    rank = RANK_WORDS[words[0]] || (RANKS.includes(words[0].toUpperCase()) ? words[0].toUpperCase() : null);
    suit = SUIT_WORDS[words[1]] || null;
  }
  return rank && suit ? rank + suit : null;
}

/** The bid ``text`` names ("bid 4", "bid nil", "bid blind nil"), or null. */
export function parseBid(text) {
  const said = text.toLowerCase().replace(/^bid\s+/, "").trim().replace(/\s+/g, " ");
  if (said === "nil" || said === "blind nil") return `bid ${said}`;
  if (/^\d{1,2}$/.test(said)) return `bid ${Number(said)}`;
  const n = NUMBER_WORDS.indexOf(said);
  return n >= 0 ? `bid ${n}` : null;
}

/** ``{action}`` for what ``text`` asks, when legal now (``legal``: the view's actions), or
 * ``{error}``: a sentence saying why not. ``unplayable``: card -> reason. */
export function typedMove(text, legal, unplayable = {}) {
  const word = text.toLowerCase().trim();
  // The two-handed draw, and the Blind Nil decision's other choice.
  const named = { keep: "keep", k: "keep", discard: "discard", d: "discard", look: "look", show: "look" }[word];
  if (named && legal.includes(named)) return { action: named };
  if (legal.some((a) => a.startsWith("pass "))) return typedPass(text, legal);
  const bidding = legal.some((a) => a.startsWith("bid "));
  if (bidding) {
    const bid = parseBid(text);
    if (!bid) return { error: `"${text}" is not a bid: type a number or nil.` };
    return legal.includes(bid) ? { action: bid } : { error: `You may not ${bid} now.` };
  }
  const code = parseCard(text);
  if (!code) return { error: `"${text}" is not a card: type it as QS, q s or queen of spades.` };
  if (legal.includes(`play ${code}`)) return { action: `play ${code}` };
  const reason = unplayable[code];
  return { error: reason ? `The ${cardName(code)} is not playable: ${reason}`
    : `The ${cardName(code)} is not in your hand.` };
}

/** A Nil card pass typed as its cards: "QS, 2H", "q s and 2 h", "QS 2H". */
function typedPass(text, legal) {
  let parts = text.split(/,|;|\band\b/).map((part) => part.trim()).filter(Boolean);
  if (parts.length === 1 && !parseCard(parts[0])) parts = parts[0].split(/\s+/);
  const codes = parts.map(parseCard);
  if (!codes.length || codes.includes(null)) return { error: `"${text}" are not cards: type them as QS, 2H.` };
  const want = [...codes].sort().join(" ");
  const action = legal.find((a) => a.startsWith("pass ") && a.slice(5).split(" ").sort().join(" ") === want);
  const count = legal[0].split(" ").length - 1;
  return action ? { action } : { error: `You may not pass ${codes.map(cardName).join(" and the ")}: pass ${count} of your cards.` };
}
