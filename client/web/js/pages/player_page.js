// The player page, /@/NAME: an account's rating with the chart of its history, games
// played and won, how often they finish what they start (completion), their Spades
// statistics, and their recent games (each a link to its game page); for a signed-in
// visitor, Follow, Block and Report (player_actions.js).
import { ratingText, signed } from "../game/numbers.js";
import { h } from "../ui/dom.js";
import { fetchPlayer } from "./api.js";
import { eventHref, fetchEventsOf } from "./events_api.js";
import { playerActions } from "./player_actions.js";
import { gamesList, when } from "./games_list.js";
import { ratingChart } from "./rating_chart.js";

function percent(share) {
  return Number.isFinite(share) ? `${Math.round(share * 100)}%` : "–";
}

function ofTried(made, tried) {
  return tried ? `${made} of ${tried} (${percent(made / tried)})` : "never tried";
}

function number(value, digits = 2) {
  return Number.isFinite(value) ? value.toFixed(digits) : "–";
}

function signedNumber(value) {
  if (!Number.isFinite(value)) return "–";
  return signed(value, 2);
}

function facts(rows) {
  return h("dl", { class: "facts" }, rows.map(([term, value, id]) => [h("dt", {}, term), h("dd", { id }, value)]));
}

/** The statistics of the contract: contracts made / set, bid error, bags, Nil, top scorer. */
export function statsFacts(stats) {
  const s = stats || {};
  const contracts = (s.contracts_made || 0) + (s.contracts_set || 0);
  return facts([
    ["Hands played", String(s.hands ?? 0), "stat-hands"],
    ["Contracts made", contracts ? `${s.contracts_made} of ${contracts} (${percent(s.contracts_made / contracts)})` : "none yet", "stat-made"],
    ["Contracts set", String(s.contracts_set ?? 0), "stat-set"],
    ["Average bid error", `${signedNumber(s.bid_error_avg)} tricks a hand (taken − bid)`, "stat-bid-error"],
    ["Bags per hand", number(s.bags_per_hand), "stat-bags"],
    ["Nil made", ofTried(s.nil_made || 0, s.nil_tried || 0), "stat-nil"],
    ["Blind Nil made", ofTried(s.blind_nil_made || 0, s.blind_nil_tried || 0), "stat-blind-nil"],
    ["Team's top scorer", `${percent(s.top_scorer_share)} of hands`, "stat-top"],
  ]);
}

/** The chart's width: the panel's inner width (the page's, less the panels' padding). */
function chartWidth() {
  const main = document.getElementById("screen");
  return (main ? main.clientWidth : 640) - 56;
}

export function playerView(p) {
  const history = p.rating_history || [];
  const last = history[history.length - 1];
  const provisional = p.provisional ?? false;
  return h("article", { class: "player-page" },
    h("header", { class: "panel panel-hero" },
      h("h1", { id: "player-name" }, p.name),
      h("p", { class: "final" }, "Rating ", h("b", { id: "player-rating" }, ratingText(p.rating, provisional))),
      h("p", { class: "muted" }, `Playing since ${when(p.created)}`)),
    h("div", { class: "player-grid" },
      h("section", { class: "panel chart-panel", "aria-labelledby": "chart-title" },
        h("h2", { id: "chart-title" }, "Rating history"),
        history.length ? ratingChart(history, chartWidth()) : h("p", { class: "empty" }, "No rated game yet."),
        last ? h("p", { class: "fine" }, `Last change ${when(last.at)}.`) : null),
      h("section", { class: "panel", "aria-labelledby": "record-title" },
        h("h2", { id: "record-title" }, "Games"),
        facts([
          ["Games played", String(p.games ?? 0), "player-games"],
          ["Won", p.games ? `${p.won} (${percent(p.won / p.games)})` : "0", "player-won"],
          ["Completion", p.completion === null || p.completion === undefined ? "–"
            : `${percent(p.completion)} of games finished`, "player-completion"],
        ])),
      h("section", { class: "panel", "aria-labelledby": "stats-title" },
        h("h2", { id: "stats-title" }, "Spades statistics"), statsFacts(p.stats)),
      h("section", { class: "panel recent-panel", "aria-labelledby": "recent-title" },
        h("h2", { id: "recent-title" }, "Recent games"),
        gamesList(p.recent, "No finished game yet.")),
      h("section", { class: "panel recent-panel", id: "events-played", "aria-labelledby": "events-played-title" },
        h("h2", { id: "events-played-title" }, "Tournaments played"),
        h("p", { class: "muted" }, "Loading…"))));
}

/** The player's finished events with their places (GET /api/players/NAME/events). */
async function fillEvents(root, name) {
  const panel = root.querySelector("#events-played");
  let body;
  try {
    const { events } = await fetchEventsOf(name);
    body = events.length ? h("ul", { class: "games-list" }, events.map((e) => h("li", {},
      h("a", { href: eventHref(e.id), class: "game-link" },
        h("span", { class: "outcome won" }, `#${e.place}`), h("span", { class: "game-kind" }, e.name),
        h("span", { class: "game-totals" }, `${e.points} ${e.kind === "arena" ? "pts" : "won"}`),
        h("time", {}, e.kind === "arena" ? `Arena · ${e.games} games` : `Knock-out · ${e.games} games`)))))
      : h("p", { class: "empty" }, "No tournament played yet.");
  } catch (err) {
    body = h("p", { class: "empty" }, err.message);
  }
  panel.lastChild.replaceWith(body);
}

/** Show the player ``name`` in ``root``; rejects (ArchiveError) when there is none. */
export async function showPlayer(root, name) {
  document.title = `${name} · Spades Room`;
  const player = await fetchPlayer(name);
  root.replaceChildren(playerView(player));
  window.playerPage = player; // for the browser tests and the curious
  fillEvents(root, player.name);
  // Follow, block and report, for a signed-in visitor who is someone else.
  const actions = await playerActions(player.name);
  if (actions) root.querySelector(".player-page header").after(actions);
  root.dataset.actions = actions ? "shown" : "none"; // the page has decided (tests wait on it)
  // Redrawn for a new width (a phone turned), so the chart's text keeps its size.
  let width = chartWidth();
  window.addEventListener("resize", () => {
    const chart = document.getElementById("rating-chart");
    if (!chart || Math.abs(chartWidth() - width) < 40) return;
    width = chartWidth();
    chart.replaceWith(ratingChart(player.rating_history, width));
  });
}
