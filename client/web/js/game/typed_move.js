// A move typed by a person, for the screen-reader mode: a card ("QS", "q s", "10h",
// "queen of spades", "ten hearts", "big joker", and the card's name in the page's
// language: "dama de picas", "10 de cœur") or a bid ("4", "four", "nil", "blind nil"),
// read against the actions legal now. Pure but for the catalogue it reads names from.
import { language, t } from "../i18n.js";
import { bidText, cardCode, cardName, listOf, RANKS, rankShown, theCard, theCards, upperFirst } from "./cards.js";

const RANK_WORDS = { two: "2", three: "3", four: "4", five: "5", six: "6", seven: "7", eight: "8", nine: "9",
  ten: "T", "10": "T", jack: "J", queen: "Q", king: "K", ace: "A", j: "J", q: "Q", k: "K", a: "A", t: "T" };
const SUIT_WORDS = { s: "S", spade: "S", spades: "S", h: "H", heart: "H", hearts: "H", d: "D", diamond: "D",
  diamonds: "D", c: "C", club: "C", clubs: "C", "♠": "S", "♥": "H", "♦": "D", "♣": "C" };
const NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
  "eleven", "twelve", "thirteen"];

/** ``text`` as names are compared: lower case, no accents ("cœur" and "coeur" alike),
 * single spaces, a straight apostrophe. */
function fold(text) {
  return text.toLowerCase().replace(/œ/g, "oe").normalize("NFD").replace(/[\u0300-\u036f]/g, "")
    .replace(/[’']/g, "'").trim().replace(/\s+/g, " ");
}

let local = { lang: null, names: new Map() };

/** The page language's names of every card, folded, to its code: "dama de picas", "la
 * dama de picas", "dama picas", "10 de picas", "pica"s without the plural's s... */
function localNames() {
  const lang = language();
  if (local.lang === lang) return local.names;
  const names = new Map();
  for (let index = 0; index < 54; index++) {
    const code = cardCode(index);
    const suit = index < 52 ? fold(t(`suit.${code[1]}`)) : null;
    const rank = index < 52 ? fold(t(`rank.${code[0]}`)) : null;
    const said = [cardName(code), theCard(code)].map(fold);
    if (suit) {
      const digits = /\d/.test(rankShown(code)) ? [rankShown(code)] : [];
      for (const word of [rank, ...digits]) {
        said.push(`${word} ${suit}`, fold(t("card.name", { rank: word, suit: code[1] })));
      }
    }
    for (const name of said) {
      names.set(name, code);
      if (suit && name.endsWith(`${suit}`) && /[sx]$/.test(suit)) names.set(name.slice(0, -1), code);
    }
  }
  local = { lang, names };
  return names;
}

/** The card code ``text`` names ("QS"), in English or the page's language, or null. */
export function parseCard(text) {
  return englishCard(text) || localNames().get(fold(text)) || null;
}

function englishCard(text) {
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
  // The commands' English words, and the page's language's (srtable.cmd.*: "guardar").
  const named = { keep: "keep", k: "keep", discard: "discard", d: "discard", look: "look", show: "look" }[word]
    ?? { keep: "keep", discard: "discard", show: "look" }[["keep", "discard", "show"]
      .find((name) => t(`srtable.cmd.${name}`).toLowerCase() === word)];
  if (named && legal.includes(named)) return { action: named };
  if (legal.some((a) => a.startsWith("pass "))) return typedPass(text, legal);
  const bidding = legal.some((a) => a.startsWith("bid "));
  if (bidding) {
    const bid = parseBid(text);
    if (!bid) return { error: t("typed.not_bid", { text }) };
    return legal.includes(bid) ? { action: bid } : { error: t("typed.bid_not_now", { bid: bidText(bid.slice(4)) }) };
  }
  const code = parseCard(text);
  if (!code) return { error: t("typed.not_card", { text }) };
  if (legal.includes(`play ${code}`)) return { action: `play ${code}` };
  const reason = unplayable[code];
  return { error: upperFirst(reason ? t("typed.unplayable", { card: theCard(code), reason })
    : t("typed.not_in_hand", { card: theCard(code) })) };
}

/** A Nil card pass typed as its cards: "QS, 2H", "q s and 2 h", "QS 2H", "dama de picas y
 * dos de corazones". */
function typedPass(text, legal) {
  const and = listOf(["\u0001", "\u0002"]).slice(1, -1).trim(); // "and", "y", "e", "et"
  let parts = text.split(new RegExp(`,|;|\\band\\b|\\s${and}\\s`)).map((part) => part.trim()).filter(Boolean);
  if (parts.length === 1 && !parseCard(parts[0])) parts = parts[0].split(/\s+/);
  const codes = parts.map(parseCard);
  if (!codes.length || codes.includes(null)) return { error: t("typed.not_cards", { text }) };
  const want = [...codes].sort().join(" ");
  const action = legal.find((a) => a.startsWith("pass ") && a.slice(5).split(" ").sort().join(" ") === want);
  const count = legal[0].split(" ").length - 1;
  return action ? { action } : { error: t("typed.pass_not", { cards: theCards(codes), count }) };
}
