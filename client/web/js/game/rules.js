// House rules in words, and the schema of the rules editor. Field names are those of
// shared/spades/rules.py RuleSet; data/presets.json holds the presets (a Python test keeps
// it equal to shared.spades.PRESETS).

import { said } from "../i18n.js";
import { FORMATS, formatId } from "./format.js";
import { number } from "./numbers.js";

let presetsPromise = null;

/** The named presets, {name: rules}. */
export function loadPresets() {
  presetsPromise = presetsPromise || fetch("data/presets.json").then((r) => r.json());
  return presetsPromise;
}

let rankedPromise = null;

/** The rules of the ranked queue's tables (data/ranked.json: shared.spades.RANKED_RULES). */
export function loadRankedRules() {
  rankedPromise = rankedPromise || fetch("data/ranked.json").then((r) => r.json());
  return rankedPromise;
}

/** When a game of ``r`` ends, for a player about to start one: "A game ends when a team
 * reaches 500 or falls to −200, or after 25 hands: the higher total wins, equal totals
 * draw." In the page's language where it has loaded its catalogue (rules.end.*). */
export function gameEndText(r) {
  const hasFloor = r.losing_score !== null && r.losing_score !== undefined;
  const floor = hasFloor ? ` or falls to ${number(r.losing_score)}` : "";
  const cap = r.max_hands ? `, or after ${r.max_hands} hands` : "";
  const draw = r.max_hands ? ", equal totals draw" : "";
  const english = `A game ends when a team reaches ${r.target_score}${floor}${cap}: the higher total wins${draw}.`;
  const key = `rules.end.to${hasFloor ? "_floor" : ""}${r.max_hands ? "_max" : ""}`;
  return said(english, key, { target: r.target_score, floor: r.losing_score, count: r.max_hands });
}

const BLIND_NIL = {
  off: "off",
  any: "any player, before looking",
  trailing: "only when the team trails",
  opening_bidder: "only the opening bidder",
};
const BIDDING = {
  standard: "standard (any bid)",
  whiz: "whiz (bid your spades or Nil)",
  mirror: "mirror (bid your spades)",
  suicide: "suicide (one partner of each team bids Nil)",
};

/** The presets as people name them, with what sets each apart. */
export const PRESET_NAMES = {
  standard: ["Standard", "the usual game"],
  quick: ["Quick", "a short game"],
  club: ["Club", "club house rules"],
  course: ["Course", "the rules the lessons teach"],
  cutthroat: ["Cutthroat", "four players, no partners"],
  three_handed: ["Three players", "each on their own, 17 cards"],
  two_handed: ["Two players", "the draw game"],
  six_handed: ["Six players", "three teams of two"],
};

// The options that mean nothing without a partner: the rules editor leaves them out of
// the solo formats (the engine refuses them there: shared/spades/rules.py).
export const PARTNER_ONLY = ["min_team_bid", "double_nil", "nil_after_partner", "nil_tricks_count_for_partner",
  "nil_pass", "blind_nil_pass"];

// Each format in words, in English: the fallback of rules.describe.players.* and (up to
// its first ";") of rules.line.players.*.
const FORMAT_WORDS = {
  six_handed: "Six players in three partnerships (partners opposite); two decks without the 2♣s, 17 cards each; of two equal cards the first played wins",
  cutthroat: "Four players, each on their own (cutthroat)",
  partners: "Four players in two partnerships (partners opposite)",
  three_handed: "Three players, each on their own; the 2♣ is out, 17 cards each",
  two_handed: "Two players, each on their own; each draws 13 cards from the stock (keep one, discard one)",
};

/** The format in words: "Four players in two partnerships", "Three players, each on their
 * own; the 2♣ is out, 17 cards each". In the page's language where it has loaded its
 * catalogue (rules.describe.players.*). */
export function formatText(r) {
  const format = formatId(r);
  return said(FORMAT_WORDS[format], `rules.describe.players.${format}`);
}

/** "Quick" for "quick" (an unknown or edited preset: its id, capitalised). */
export function presetName(id) {
  if (PRESET_NAMES[id]) return PRESET_NAMES[id][0];
  return id ? id[0].toUpperCase() + id.slice(1) : "Custom";
}

/** One line saying what a preset's rules are: "To 250 or −200, at most 30 hands; no
 * Blind Nil; a Nil bidder's tricks are bags, not the partner's." Made from the rules, so
 * it stays true to data/presets.json. In the page's language where it has loaded its
 * catalogue (rules.line.*; each part is said whole, so each language orders its words). */
export function presetLine(r) {
  const solo = r.partnerships === false;
  const hasFloor = r.losing_score !== null && r.losing_score !== undefined;
  let english = `To ${r.target_score}${hasFloor ? ` or ${number(r.losing_score)}` : ""}`
    + (r.max_hands ? `, at most ${r.max_hands} hands` : "");
  let line = said(english, `rules.line.to${hasFloor ? "_floor" : ""}${r.max_hands ? "_max" : ""}`,
    { target: r.target_score, floor: r.losing_score, count: r.max_hands });
  if ((r.players || 4) !== 4 || solo) {
    const format = formatId(r);
    line = `${said(FORMAT_WORDS[format].split(";")[0], `rules.line.players.${format}`)}. ${line}`;
  }
  const parts = [line];
  const part = (english, key, args = {}) => parts.push(said(english, `rules.line.${key}`, args));
  if (r.blind_nil === "off") part("no Blind Nil", "no_blind_nil");
  else parts.push(said(`Blind Nil ${BLIND_NIL[r.blind_nil]}`, `rules.line.blind_nil.${r.blind_nil}`));
  if (!r.double_nil && !solo) part("one Nil per team", "one_nil");
  if (!r.nil_after_partner && !solo) part("no Nil after the partner's bid", "no_nil_after_partner");
  if (!r.nil_tricks_count_for_partner && !solo) part("a Nil bidder's tricks are bags, not the partner's", "nil_tricks_bags");
  if (r.bag_penalty) {
    part(`${r.bag_limit} bags cost ${r.bag_penalty_points}`, "bags_cost", { count: r.bag_limit, points: r.bag_penalty_points });
  } else part("no bag penalty", "no_bag_penalty");
  // The house options a table may add to its preset: said when they are on, so a line
  // never calls whiz with jokers and passes "Standard".
  if (r.bidding && r.bidding !== "standard") {
    english = `${BIDDING[r.bidding]} bidding`.replace(/^(\w+) \((.*)\) bidding$/, "$1 bidding: $2");
    parts.push(said(english, `rules.line.bidding.${r.bidding}`));
  }
  if (r.min_team_bid && !solo) part(`a team bids at least ${r.min_team_bid}`, "min_team_bid", { count: r.min_team_bid });
  if (r.nil_pass && !solo) {
    part(`${r.nil_pass} card${r.nil_pass === 1 ? "" : "s"} passed with Nil`, "nil_pass", { count: r.nil_pass });
  }
  if (r.blind_nil_pass && !solo && r.blind_nil !== "off") {
    part(`${r.blind_nil_pass} card${r.blind_nil_pass === 1 ? "" : "s"} passed with Blind Nil`, "blind_nil_pass", { count: r.blind_nil_pass });
  }
  if (r.ten_for_two_hundred) part("ten for two hundred", "ten_for_two_hundred");
  if (r.jokers) part("jokers in", "jokers");
  // French puts a no-break space before ";".
  return `${parts.join(said("; ", "rules.line.separator"))}.`;
}

/** The editor's fields: [name, label, kind, choices or {min, max}]. */
export const RULE_FIELDS = [
  ["target_score", "Target score", "int", { min: 50, max: 10000, step: 50 }],
  ["losing_score", "Losing score (blank: none)", "int?", { min: -10000, max: -1, step: 50 }],
  ["max_hands", "Hand limit (blank: none)", "int?", { min: 1, max: 1000 }],
  ["bidding", "Bidding", "choice", BIDDING],
  ["min_team_bid", "Minimum team bid", "int", { min: 0, max: 4 }],
  ["nil_value", "Nil is worth", "int", { min: 0, max: 1000, step: 10 }],
  ["blind_nil", "Blind Nil", "choice", BLIND_NIL],
  ["blind_nil_value", "Blind Nil is worth", "int", { min: 0, max: 1000, step: 10 }],
  ["blind_nil_margin", "Trailing by at least", "int", { min: 0, max: 1000, step: 10 }],
  ["double_nil", "Both partners may bid Nil", "bool"],
  ["nil_after_partner", "Nil after partner's bid", "bool"],
  ["nil_tricks_count_for_partner", "Nil bidder's tricks count for partner", "bool"],
  ["nil_pass", "Cards passed with Nil", "int", { min: 0, max: 2 }],
  ["blind_nil_pass", "Cards passed with Blind Nil", "int", { min: 0, max: 2 }],
  ["bag_penalty", "Bag penalty", "bool"],
  ["bag_limit", "Bags per penalty", "int", { min: 1, max: 100 }],
  ["bag_penalty_points", "Penalty points", "int", { min: 0, max: 1000, step: 10 }],
  ["ten_for_two_hundred", "Ten for two hundred", "bool"],
  ["jokers", "Jokers (2♣ and 2♦ out)", "bool"],
];

/** The rules as [label, value] lines for people. In the page's language where it has
 * loaded its catalogue (rules.describe.*, and the words the private form shares:
 * rules.bidding.*, rules.blind_nil.*, preset.*). */
export function describeRules(r) {
  const solo = r.partnerships === false;
  const d = (english, key, args = {}) => said(english, `rules.describe.${key}`, args);
  const lines = [
    [d("Preset", "preset"), said(presetName(r.name), `preset.${r.name}`)],
    [d("Players", "players"), formatText(r)],
    [d("Game ends at", "ends"), solo ? d(`${r.target_score} points: the highest total wins`, "ends_solo", { target: r.target_score })
      : d(`${r.target_score} points`, "ends_team", { target: r.target_score })],
  ];
  if (r.losing_score !== null && r.losing_score !== undefined) {
    lines.push([solo ? d("A player loses at", "player_loses") : d("A team loses at", "team_loses"), number(r.losing_score)]);
  }
  if (r.max_hands) {
    lines.push([d("Hand limit", "hand_limit"), d(`${r.max_hands} hands (then a tie is a draw)`, "hands", { count: r.max_hands })]);
  }
  lines.push([d("Bidding", "bidding"), BIDDING[r.bidding] ? said(BIDDING[r.bidding], `rules.bidding.${r.bidding}`) : r.bidding]);
  if (r.min_team_bid) lines.push([d("Minimum team bid", "min_team_bid"), String(r.min_team_bid)]);
  const both = r.double_nil && !solo;
  const first = !(r.nil_after_partner || solo);
  const nilKey = `nil_value${both ? "_both" : ""}${first ? "_first" : ""}`;
  lines.push([d("Nil", "nil"), d(`±${r.nil_value}${both ? ", both partners may bid it" : ""}${first ? ", not after partner's bid" : ""}`,
    nilKey, { value: r.nil_value })]);
  const blindKey = r.blind_nil === "trailing" && solo ? "trailing_solo" : r.blind_nil;
  const blindWho = solo ? BLIND_NIL[r.blind_nil].replace("the team trails", "the player trails the leader") : BLIND_NIL[r.blind_nil];
  lines.push([d("Blind Nil", "blind_nil"), r.blind_nil === "off" ? said("off", "rules.blind_nil.off")
    : d(`±${r.blind_nil_value}, ${blindWho}${r.blind_nil === "trailing" ? ` by ${r.blind_nil_margin}` : ""}`,
      `blind.${blindKey}`, { value: r.blind_nil_value, margin: r.blind_nil_margin })]);
  if (!solo) {
    lines.push([d("Nil bidder's tricks", "nil_tricks"), r.nil_tricks_count_for_partner
      ? d("count toward the partner's contract", "nil_tricks_count") : d("are bags, never toward the contract", "nil_tricks_bags")]);
  }
  if (r.nil_pass || r.blind_nil_pass) {
    lines.push([d("Card pass", "pass"), d(`${r.nil_pass} with Nil, ${r.blind_nil_pass} with Blind Nil`, "passes",
      { nil: r.nil_pass, blind: r.blind_nil_pass })]);
  }
  lines.push([d("Bags", "bags"), r.bag_penalty
    ? d(`every ${r.bag_limit} bags cost ${r.bag_penalty_points}`, "bags_cost", { limit: r.bag_limit, points: r.bag_penalty_points })
    : d("+1 each, no penalty", "bags_free")]);
  if (r.ten_for_two_hundred) lines.push([d("Ten for two hundred", "ten"), d("a made contract of 10+ scores 20 a trick", "ten_text")]);
  const players = r.players || 4;
  const deckKey = players === 6 ? "six" : players === 3 ? "three" : "four";
  const deck = { six: "two decks of 52 without the 2♣s (102 cards)", three: "52 cards without the 2♣ (51)", four: "52 cards" }[deckKey];
  lines.push([d("Deck", "deck"), r.jokers ? d(`${deck}, jokers in (above the A♠), 2♣ and 2♦ out`, `deck_jokers.${deckKey}`)
    : d(`${deck}, no jokers`, `deck.${deckKey}`)]);
  return lines;
}

/** "Casual · to 250" for the top bar ("Private · Cutthroat · to 500" in another format). */
export function tableTitle(kind, rules) {
  const kinds = { casual: "Casual", private: "Private", ranked: "Ranked", practice: "Practice" };
  const english = kinds[kind] || (kind ? kind[0].toUpperCase() + kind.slice(1) : "Table");
  const name = said(english, `title.${kind || "table"}`);
  const id = rules ? formatId(rules) : null;
  const format = id && FORMATS[id].short ? said(FORMATS[id].short, `format.short.${id}`) : "";
  if (!rules) return name;
  const score = String(rules.target_score);
  return [name, format, said(`to ${score}`, "title.to", { score })].filter(Boolean).join(" · ");
}
