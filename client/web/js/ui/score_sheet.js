// Scores: the six lines per team per hand (contract, bags, Nil, bag penalty, hand total,
// running total), the bag cycle beside the score, and the whole game's sheet.
import { bidText } from "../game/cards.js";
import { h } from "./dom.js";

export const TEAM_NAMES = ["Us", "Them"];

/** Team names from the viewer's side: your team is "Us" (spectators: N–S / W–E). */
export function teamNames(seat) {
  if (seat === null || seat === undefined) return ["North–South", "West–East"];
  return seat % 2 === 0 ? ["Us", "Them"] : ["Them", "Us"];
}

function signed(n) {
  if (!n) return "0";
  return n > 0 ? `+${n}` : `−${Math.abs(n)}`;
}

/** The six lines of one team for one hand, from a history record's ``teams[t]``. */
export function sixLines(team, bids, t, rules) {
  const nils = [bids[t], bids[t + 2]].filter((b) => b === "nil" || b === "blind nil" || b === 0);
  const contractNote = team.contract
    ? `bid ${team.contract}, took ${team.tricks}: ${team.made ? "made" : "set"}`
    : `no contract, took ${team.tricks}`;
  return [
    ["Contract", contractNote, team.contract_points],
    ["Bags", team.bag_points ? `${team.new_bags} overtrick${team.new_bags === 1 ? "" : "s"}` : "none", team.bag_points],
    ["Nil", nils.length ? nils.map(bidText).join(" + ") : "none bid", team.nil_points],
    ["Bag penalty", rules && rules.bag_penalty ? `${team.bags}/${rules.bag_limit} bags kept` : "off", team.bag_penalty],
    ["Hand total", "", team.hand_total],
    ["Running total", "", team.total],
  ];
}

/** One hand's score lines for both teams as a table. */
export function handTable(record, seat, rules) {
  const names = teamNames(seat);
  const lines = [0, 1].map((t) => sixLines(record.teams[t], record.bids, t, rules));
  return h("table", { class: "score-table" },
    h("caption", {}, `Hand ${record.hand + 1}`),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Line"),
      names.map((n) => h("th", { scope: "col", colspan: 2 }, n)))),
    h("tbody", {}, lines[0].map((line, i) => h("tr", { class: i >= 4 ? "total" : "" },
      h("th", { scope: "row" }, line[0]),
      [0, 1].map((t) => [
        h("td", { class: "note" }, lines[t][i][1]),
        h("td", { class: `pts ${lines[t][i][2] < 0 ? "neg" : ""}` }, i === 5 ? String(lines[t][i][2]) : signed(lines[t][i][2])),
      ])))));
}

/** Every hand of the game so far, newest first. */
export function gameSheet(history, seat, rules) {
  if (!history || !history.length) return h("p", { class: "empty" }, "No hand has been scored yet.");
  return h("div", { class: "sheet-list" }, [...history].reverse().map((r) => handTable(r, seat, rules)));
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
