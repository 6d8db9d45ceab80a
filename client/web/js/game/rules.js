// House rules in words, and the schema of the rules editor. Field names are those of
// shared/spades/rules.py RuleSet; data/presets.json holds the presets (a Python test keeps
// it equal to shared.spades.PRESETS).

import { t } from "../i18n.js";
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
 * draw." (rules.end.*) */
export function gameEndText(r) {
  const hasFloor = r.losing_score !== null && r.losing_score !== undefined;
  return t(`rules.end.to${hasFloor ? "_floor" : ""}${r.max_hands ? "_max" : ""}`, { target: r.target_score, floor: r.losing_score, count: r.max_hands });
}

// The choices of the rules' options: the ids of rules.blind_nil.* and rules.bidding.*.
const BLIND_NIL = ["off", "any", "trailing", "opening_bidder"];
const BIDDING = ["standard", "whiz", "mirror", "suicide"];

/** The presets, in the order people are offered them; each is named by preset.<id> and
 * told by preset.about.<id>. */
export const PRESET_NAMES = ["standard", "quick", "club", "course", "cutthroat", "three_handed",
  "two_handed", "six_handed"];

// The options that mean nothing without a partner: the rules editor leaves them out of
// the solo formats (the engine refuses them there: shared/spades/rules.py).
export const PARTNER_ONLY = ["min_team_bid", "double_nil", "nil_after_partner", "nil_tricks_count_for_partner",
  "nil_pass", "blind_nil_pass"];

/** The format in words: "Four players in two partnerships", "Three players, each on their
 * own; the 2♣ is out, 17 cards each" (rules.describe.players.*). */
export function formatText(r) {
  return t(`rules.describe.players.${formatId(r)}`);
}

/** "Quick" for "quick" (preset.*); a preset the room does not name is shown by its id,
 * capitalised, and rules without a name are "Custom". */
export function presetName(id) {
  if (PRESET_NAMES.includes(id)) return t(`preset.${id}`);
  return id ? id[0].toUpperCase() + id.slice(1) : t("preset.custom");
}

/** One line saying what a preset's rules are: "To 250 or −200, at most 30 hands; no
 * Blind Nil; a Nil bidder's tricks are bags, not the partner's." Made from the rules, so
 * it stays true to data/presets.json (rules.line.*; each part is said whole, so each
 * language orders its words). */
export function presetLine(r) {
  const solo = r.partnerships === false;
  const hasFloor = r.losing_score !== null && r.losing_score !== undefined;
  let line = t(`rules.line.to${hasFloor ? "_floor" : ""}${r.max_hands ? "_max" : ""}`,
    { target: r.target_score, floor: r.losing_score, count: r.max_hands });
  if ((r.players || 4) !== 4 || solo) line = `${t(`rules.line.players.${formatId(r)}`)}. ${line}`;
  const parts = [line];
  const part = (key, args = {}) => parts.push(t(`rules.line.${key}`, args));
  if (r.blind_nil === "off") part("no_blind_nil");
  else part(`blind_nil.${r.blind_nil}`);
  if (!r.double_nil && !solo) part("one_nil");
  if (!r.nil_after_partner && !solo) part("no_nil_after_partner");
  if (!r.nil_tricks_count_for_partner && !solo) part("nil_tricks_bags");
  if (r.bag_penalty) part("bags_cost", { count: r.bag_limit, points: r.bag_penalty_points });
  else part("no_bag_penalty");
  // The house options a table may add to its preset: said when they are on, so a line
  // never calls whiz with jokers and passes "Standard".
  if (r.bidding && r.bidding !== "standard") part(`bidding.${r.bidding}`);
  if (r.min_team_bid && !solo) part("min_team_bid", { count: r.min_team_bid });
  if (r.nil_pass && !solo) part("nil_pass", { count: r.nil_pass });
  if (r.blind_nil_pass && !solo && r.blind_nil !== "off") part("blind_nil_pass", { count: r.blind_nil_pass });
  if (r.ten_for_two_hundred) part("ten_for_two_hundred");
  if (r.jokers) part("jokers");
  // French puts a no-break space before ";".
  return `${parts.join(t("rules.line.separator"))}.`;
}

/** The editor's fields: [name, kind, choices or {min, max}]; each is labelled by
 * rules.field.<name>, a choice by rules.<name>.<choice>. */
export const RULE_FIELDS = [
  ["target_score", "int", { min: 50, max: 10000, step: 50 }],
  ["losing_score", "int?", { min: -10000, max: -1, step: 50 }],
  ["max_hands", "int?", { min: 1, max: 1000 }],
  ["bidding", "choice", BIDDING],
  ["min_team_bid", "int", { min: 0, max: 4 }],
  ["nil_value", "int", { min: 0, max: 1000, step: 10 }],
  ["blind_nil", "choice", BLIND_NIL],
  ["blind_nil_value", "int", { min: 0, max: 1000, step: 10 }],
  ["blind_nil_margin", "int", { min: 0, max: 1000, step: 10 }],
  ["double_nil", "bool"],
  ["nil_after_partner", "bool"],
  ["nil_tricks_count_for_partner", "bool"],
  ["nil_pass", "int", { min: 0, max: 2 }],
  ["blind_nil_pass", "int", { min: 0, max: 2 }],
  ["bag_penalty", "bool"],
  ["bag_limit", "int", { min: 1, max: 100 }],
  ["bag_penalty_points", "int", { min: 0, max: 1000, step: 10 }],
  ["ten_for_two_hundred", "bool"],
  ["jokers", "bool"],
];

/** The rules as [label, value] lines for people (rules.describe.*, and the words the
 * private form shares: rules.bidding.*, rules.blind_nil.*, preset.*). */
export function describeRules(r) {
  const solo = r.partnerships === false;
  const d = (key, args = {}) => t(`rules.describe.${key}`, args);
  const lines = [
    [d("preset"), presetName(r.name)],
    [d("players"), formatText(r)],
    [d("ends"), d(solo ? "ends_solo" : "ends_team", { target: r.target_score })],
  ];
  if (r.losing_score !== null && r.losing_score !== undefined) {
    lines.push([d(solo ? "player_loses" : "team_loses"), number(r.losing_score)]);
  }
  if (r.max_hands) lines.push([d("hand_limit"), d("hands", { count: r.max_hands })]);
  // A bidding no catalogue names (a newer room's) is shown by its id.
  lines.push([d("bidding"), BIDDING.includes(r.bidding) ? t(`rules.bidding.${r.bidding}`) : r.bidding]);
  if (r.min_team_bid) lines.push([d("min_team_bid"), String(r.min_team_bid)]);
  const both = r.double_nil && !solo;
  const first = !(r.nil_after_partner || solo);
  lines.push([d("nil"), d(`nil_value${both ? "_both" : ""}${first ? "_first" : ""}`, { value: r.nil_value })]);
  const blindKey = r.blind_nil === "trailing" && solo ? "trailing_solo" : r.blind_nil;
  lines.push([d("blind_nil"), r.blind_nil === "off" ? t("rules.blind_nil.off")
    : d(`blind.${blindKey}`, { value: r.blind_nil_value, margin: r.blind_nil_margin })]);
  if (!solo) lines.push([d("nil_tricks"), d(r.nil_tricks_count_for_partner ? "nil_tricks_count" : "nil_tricks_bags")]);
  if (r.nil_pass || r.blind_nil_pass) lines.push([d("pass"), d("passes", { nil: r.nil_pass, blind: r.blind_nil_pass })]);
  lines.push([d("bags"), r.bag_penalty ? d("bags_cost", { limit: r.bag_limit, points: r.bag_penalty_points })
    : d("bags_free")]);
  if (r.ten_for_two_hundred) lines.push([d("ten"), d("ten_text")]);
  const players = r.players || 4;
  const deck = players === 6 ? "six" : players === 3 ? "three" : "four";
  lines.push([d("deck"), d(`${r.jokers ? "deck_jokers" : "deck"}.${deck}`)]);
  return lines;
}

/** "Casual · to 250" for the top bar ("Private · Cutthroat · to 500" in another format;
 * title.*, format.short.*). A kind the catalogue does not name is shown by its id. */
export function tableTitle(kind, rules) {
  const known = ["casual", "private", "ranked", "practice"];
  const name = known.includes(kind) || !kind ? t(`title.${kind || "table"}`) : kind[0].toUpperCase() + kind.slice(1);
  if (!rules) return name;
  const id = formatId(rules);
  const format = FORMATS[id].short ? t(`format.short.${id}`) : "";
  return [name, format, t("title.to", { score: String(rules.target_score) })].filter(Boolean).join(" · ");
}
