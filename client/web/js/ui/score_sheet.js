// Scores: the six lines per team per hand (contract, bags, Nil, bag penalty, hand total,
// running total) per side (a team, or a player in the solo formats: js/game/format.js),
// the bag cycle beside the score, the whole game's sheet and the standings at the end.
// The viewer's side always comes first (top bar, sheet, hand result, game over).
import { number, signed } from "../game/numbers.js";
import { bidText } from "../game/cards.js";
import { Format } from "../game/format.js";
import { ordinal as ordinalText, t } from "../i18n.js";
import { h } from "./dom.js";

/** A seat's display name for the score lines: "You", the player's name (bots without
 * their "(bot)"), or the seat's compass name when nobody sits there. */
function playerName(fmt, seat, viewer, seats) {
  if (seat === viewer) return t("table.you");
  const info = seats && seats[seat];
  return info && info.name ? info.name.replace(/\s*\(bot\)$/, "") : fmt.seatName(seat);
}

/** The sides' names from the viewer's side, indexed by side (``fmt.teams``): your team
 * is "Us" (four players: the other "Them"; six: the others by their seats, "SW & NE");
 * solo, each player by name ("You" for the viewer). Spectators of four partners see
 * North–South / West–East. Show them in ``sideOrder``. */
export function sideNames(fmt, seat, seats = []) {
  const viewer = seat ?? null;
  const mine = viewer === null ? null : fmt.teamOf(viewer);
  return fmt.teams.map((team, side) => {
    if (fmt.solo) return playerName(fmt, team[0], viewer, seats);
    if (side === mine) return t("score.us");
    if (fmt.players === 4) return t(mine === null ? ["score.north_south", "score.west_east"][side] : "score.them");
    return team.map((s) => fmt.shortName(s)).join(" & ");
  });
}

/** The sides in the order they are shown: the viewer's first, then clockwise from it
 * (spectators: side 0 first). */
export function sideOrder(fmt, seat) {
  const n = fmt.teams.length;
  const mine = seat === null || seat === undefined ? 0 : fmt.teamOf(seat);
  return [...Array(n).keys()].map((k) => (mine + k) % n);
}

function isNil(bid) {
  return bid === "nil" || bid === "blind nil" || bid === 0;
}

/** The six lines of side ``side`` (of ``fmt.teams``) for one hand, from a history record's
 * ``teams[t]``, every seat's ``bids`` and, when known, every seat's ``tricks`` (so a
 * table whose Nil bidder's tricks do not count for the partner can say which counted). */
export function sixLines(team, bids, side, rules, tricks = null, fmt = new Format(rules)) {
  const seats = fmt.teams[side];
  const nils = seats.map((s) => bids[s]).filter(isNil);
  // quick: a Nil bidder's tricks are bags, never toward the partner's contract.
  const apart = rules && rules.nil_tricks_count_for_partner === false;
  const nilTricks = apart && tricks ? seats.filter((s) => isNil(bids[s])).reduce((n, s) => n + tricks[s], 0) : 0;
  const verdict = t(team.made ? "score.made" : "score.set");
  let contractNote;
  const took = { bid: team.contract, took: team.tricks, verdict, count: nilTricks };
  if (!team.contract) contractNote = t("score.no_contract", took);
  else if (nilTricks) contractNote = t("score.contract_nil_tricks", took);
  else contractNote = t("score.contract", took);
  const over = team.new_bags - nilTricks;
  const bagParts = [];
  if (over > 0) bagParts.push(t("score.overtricks", { count: over }));
  if (nilTricks) bagParts.push(t("score.nil_bidder_tricks", { count: nilTricks }));
  return [
    [t("score.line_contract"), contractNote, team.contract_points],
    [t("score.line_bags"), team.bag_points && bagParts.length ? bagParts.join(" + ") : t("score.none"), team.bag_points],
    [t("score.line_nil"), nils.length ? nils.map(bidText).join(" + ") : t("score.none_bid"), team.nil_points],
    [t("score.line_penalty"), rules && rules.bag_penalty ? t("score.bags_kept", { bags: team.bags, limit: rules.bag_limit }) : t("score.off"), team.bag_penalty],
    [t("score.line_hand"), "", team.hand_total],
    [t("score.line_running"), "", team.total],
  ];
}

/** The tricks each seat took in a review (its tricks name their winners). */
export function tricksBySeat(review, players = 4) {
  const won = Array(players).fill(0);
  for (const trick of review.tricks) won[trick[2]] += 1;
  return won;
}

/** One hand's score lines for every side as a table: Line, then one column per side
 * (the viewer's first), each cell the points with the note under or beside them.
 * ``seats``: the table's seat infos (solo columns are named after the players). */
export function handTable(record, seat, rules, seats = []) {
  const fmt = new Format(rules);
  const names = sideNames(fmt, seat, seats);
  const order = sideOrder(fmt, seat);
  const lines = fmt.teams.map((_, side) => sixLines(record.teams[side], record.bids, side, rules, record.tricks || null, fmt));
  return h("table", { class: `score-table sides-${order.length}` },
    h("caption", {}, t("score.hand", { hand: record.hand + 1 })),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("score.line")),
      order.map((side) => h("th", { scope: "col", class: "team-col" }, names[side])))),
    h("tbody", {}, lines[0].map((line, i) => h("tr", { class: i >= 4 ? "total" : "" },
      h("th", { scope: "row" }, line[0]),
      order.map((side) => {
        const [, note, points] = lines[side][i];
        return h("td", { class: "cell" }, h("div", {},
          note ? h("span", { class: "note" }, note) : null,
          h("b", { class: `pts ${points < 0 ? "neg" : ""}` }, i === 5 ? String(points) : signed(points))));
      })))));
}

/** One hand's score lines in words, the viewer's side first: "Us: bid 4, took 5: made,
 * +40; bags, +1; hand +41, total 41." (lines worth nothing left out). */
export function handSentences(record, seat, rules, seats = []) {
  const fmt = new Format(rules);
  const names = sideNames(fmt, seat, seats);
  return sideOrder(fmt, seat).map((side) => {
    const lines = sixLines(record.teams[side], record.bids, side, rules, record.tricks || null, fmt);
    // The contract line always (first, so index 0 after the filter too); the others
    // only when they are worth something.
    const parts = lines.slice(0, 4).filter(([, , points], i) => i === 0 || points)
      .map(([name, note, points], i) => `${i === 0 ? note : name.toLocaleLowerCase()}, ${signed(points)}`);
    return t("score.hand_sentence", { side: names[side], parts: parts.join("; "), hand: signed(lines[4][2]), total: number(lines[5][2]) });
  }).join(" ");
}

/** Every hand of the game so far, newest first. */
export function gameSheet(history, seat, rules, seats = []) {
  if (!history || !history.length) return h("p", { class: "empty" }, t("score.no_hand"));
  return h("div", { class: "sheet-list" }, [...history].reverse().map((r) => handTable(r, seat, rules, seats)));
}

/** "Us 526 — Them 318" (solo: "You 120 — Ada 96 — …"): the final or running score,
 * the viewer's side first. */
export function scoreLine(scores, seat, fmt = new Format(null), seats = []) {
  const names = sideNames(fmt, seat, seats);
  return sideOrder(fmt, seat).map((side) => `${names[side]} ${number(scores[side])}`).join(" — ");
}

/** The standings at the game's end: [{place, side, name, score}] from the highest
 * score down; equal scores share a place ("1st", "1st", "3rd"). */
export function standings(scores, seat, fmt, seats = []) {
  const names = sideNames(fmt, seat, seats);
  const sides = sideOrder(fmt, seat).sort((a, b) => scores[b] - scores[a]);
  return sides.map((side) => ({ place: 1 + sides.filter((u) => scores[u] > scores[side]).length, side,
    name: names[side], score: scores[side] }));
}

/** "1st", "2nd", "3rd", "4th"... */
export function ordinal(n) {
  return ordinalText(n);
}

/** The bag cycle: ``bags`` of ``limit`` as pips, with a readable label. */
export function bagCycle(bags, rules) {
  if (!rules || !rules.bag_penalty) return h("span", { class: "bags off" }, t("score.no_penalty"));
  const limit = rules.bag_limit;
  const shown = Math.min(limit, 10);
  const filled = Math.round((bags / limit) * shown);
  return h("span", { class: `bags${bags >= limit - 2 ? " warn" : ""}`, role: "img",
    "aria-label": t("score.bags_of", { bags, count: limit }) },
  Array.from({ length: shown }, (_, i) => h("i", { class: i < filled ? "on" : "" })),
  h("small", { "aria-hidden": "true" }, `${bags}/${limit}`));
}
