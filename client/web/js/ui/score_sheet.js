// Scores: the six lines per team per hand (contract, bags, Nil, bag penalty, hand total,
// running total), the bag cycle beside the score, and the whole game's sheet. The
// viewer's team always comes first (top bar, sheet, hand result, game over).
import { bidText } from "../game/cards.js";
import { h } from "./dom.js";

export const TEAM_NAMES = ["Us", "Them"];

/** Team names from the viewer's side, indexed by team (0 = South–North): your team is
 * "Us" (spectators: North–South / West–East). Show them in ``teamOrder``. */
export function teamNames(seat) {
  if (seat === null || seat === undefined) return ["North–South", "West–East"];
  return seat % 2 === 0 ? ["Us", "Them"] : ["Them", "Us"];
}

/** The teams in the order they are shown: the viewer's first (spectators: team 0 first). */
export function teamOrder(seat) {
  const mine = seat === null || seat === undefined ? 0 : seat % 2;
  return [mine, 1 - mine];
}

function signed(n) {
  if (!n) return "0";
  return n > 0 ? `+${n}` : `−${Math.abs(n)}`;
}

function isNil(bid) {
  return bid === "nil" || bid === "blind nil" || bid === 0;
}

function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** The six lines of team ``t`` for one hand, from a history record's ``teams[t]``, the
 * four ``bids`` and, when known, the four seats' ``tricks`` (so a table whose Nil
 * bidder's tricks do not count for the partner can say which tricks counted). */
export function sixLines(team, bids, t, rules, tricks = null) {
  const seats = [t, t + 2];
  const nils = seats.map((s) => bids[s]).filter(isNil);
  // quick: a Nil bidder's tricks are bags, never toward the partner's contract.
  const apart = rules && rules.nil_tricks_count_for_partner === false;
  const nilTricks = apart && tricks ? seats.filter((s) => isNil(bids[s])).reduce((n, s) => n + tricks[s], 0) : 0;
  const verdict = team.made ? "made" : "set";
  let contractNote;
  if (!team.contract) contractNote = `no contract, took ${team.tricks}`;
  else if (nilTricks) {
    contractNote = `bid ${team.contract}, took ${team.tricks}, ${nilTricks} of them by the Nil bidder ` +
      `(not counted): ${verdict}`;
  } else contractNote = `bid ${team.contract}, took ${team.tricks}: ${verdict}`;
  const over = team.new_bags - nilTricks;
  const bagParts = [];
  if (over > 0) bagParts.push(plural(over, "overtrick"));
  if (nilTricks) bagParts.push(plural(nilTricks, "Nil-bidder trick"));
  return [
    ["Contract", contractNote, team.contract_points],
    ["Bags", team.bag_points && bagParts.length ? bagParts.join(" + ") : "none", team.bag_points],
    ["Nil", nils.length ? nils.map(bidText).join(" + ") : "none bid", team.nil_points],
    ["Bag penalty", rules && rules.bag_penalty ? `${team.bags}/${rules.bag_limit} bags kept` : "off", team.bag_penalty],
    ["Hand total", "", team.hand_total],
    ["Running total", "", team.total],
  ];
}

/** The tricks each seat took in a review (its tricks name their winners). */
export function tricksBySeat(review) {
  const won = [0, 0, 0, 0];
  for (const trick of review.tricks) won[trick[2]] += 1;
  return won;
}

/** One hand's score lines for both teams as a table: Line, then one column per team
 * (the viewer's first), each cell the points with the note under or beside them. */
export function handTable(record, seat, rules) {
  const names = teamNames(seat);
  const order = teamOrder(seat);
  const lines = [0, 1].map((t) => sixLines(record.teams[t], record.bids, t, rules, record.tricks || null));
  return h("table", { class: "score-table" },
    h("caption", {}, `Hand ${record.hand + 1}`),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Line"),
      order.map((t) => h("th", { scope: "col", class: "team-col" }, names[t])))),
    h("tbody", {}, lines[0].map((line, i) => h("tr", { class: i >= 4 ? "total" : "" },
      h("th", { scope: "row" }, line[0]),
      order.map((t) => {
        const [, note, points] = lines[t][i];
        return h("td", { class: "cell" }, h("div", {},
          note ? h("span", { class: "note" }, note) : null,
          h("b", { class: `pts ${points < 0 ? "neg" : ""}` }, i === 5 ? String(points) : signed(points))));
      })))));
}

/** Every hand of the game so far, newest first. */
export function gameSheet(history, seat, rules) {
  if (!history || !history.length) return h("p", { class: "empty" }, "No hand has been scored yet.");
  return h("div", { class: "sheet-list" }, [...history].reverse().map((r) => handTable(r, seat, rules)));
}

/** "Us 526 — Them 318": the final or running score, the viewer's team first. */
export function scoreLine(scores, seat) {
  const names = teamNames(seat);
  return teamOrder(seat).map((t) => `${names[t]} ${scores[t]}`).join(" — ");
}

/** The bag cycle: ``bags`` of ``limit`` as pips, with a readable label. */
export function bagCycle(bags, rules) {
  if (!rules || !rules.bag_penalty) return h("span", { class: "bags off" }, "bags: no penalty");
  const limit = rules.bag_limit;
  const shown = Math.min(limit, 10);
  const filled = Math.round((bags / limit) * shown);
  return h("span", { class: `bags${bags >= limit - 2 ? " warn" : ""}`, role: "img",
    "aria-label": `${bags} of ${limit} bags` },
  Array.from({ length: shown }, (_, i) => h("i", { class: i < filled ? "on" : "" })),
  h("small", { "aria-hidden": "true" }, `${bags}/${limit}`));
}
