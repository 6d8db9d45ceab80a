// The player page, /@/NAME: an account's rating with the chart of its history, games
// played and won, how often they finish what they start (completion), their Spades
// statistics, and their recent games (each a link to its game page); for a signed-in
// visitor, Follow, Block and Report (player_actions.js).
import { ratingText } from "../game/numbers.js";
import { formatNumber, said, t, tParts } from "../i18n.js";
import { h } from "../ui/dom.js";
import { fetchPlayer } from "./api.js";
import { eventHref, fetchEventsOf } from "./events_api.js";
import { playerActions } from "./player_actions.js";
import { gamesList, when } from "./games_list.js";
import { ratingChart } from "./rating_chart.js";

function percent(share) {
  return Number.isFinite(share) ? formatNumber(share, { style: "percent", maximumFractionDigits: 0 }) : "–";
}

function ofTried(made, tried) {
  return tried ? t("archive.of_tried", { made, count: tried, percent: percent(made / tried) }) : t("archive.never_tried");
}

function number(value, digits = 2) {
  return Number.isFinite(value)
    ? formatNumber(value, { minimumFractionDigits: digits, maximumFractionDigits: digits }) : "–";
}

function signedNumber(value) {
  if (!Number.isFinite(value)) return "–";
  return formatNumber(value, { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: "exceptZero" });
}

function facts(rows) {
  return h("dl", { class: "facts" }, rows.map(([term, value, id]) => [h("dt", {}, term), h("dd", { id }, value)]));
}

/** The statistics of the contract: contracts made / set, bid error, bags, Nil, top scorer. */
export function statsFacts(stats) {
  const s = stats || {};
  const contracts = (s.contracts_made || 0) + (s.contracts_set || 0);
  return facts([
    [t("archive.stat.hands"), formatNumber(s.hands ?? 0), "stat-hands"],
    [t("archive.stat.made"), contracts ? t("archive.of_tried", { made: s.contracts_made, count: contracts,
      percent: percent(s.contracts_made / contracts) }) : t("archive.none_yet"), "stat-made"],
    [t("archive.stat.set"), formatNumber(s.contracts_set ?? 0), "stat-set"],
    [t("archive.stat.bid_error"), t("archive.bid_error", { value: signedNumber(s.bid_error_avg) }), "stat-bid-error"],
    [t("archive.stat.bags"), number(s.bags_per_hand), "stat-bags"],
    [t("archive.stat.nil"), ofTried(s.nil_made || 0, s.nil_tried || 0), "stat-nil"],
    [t("archive.stat.blind_nil"), ofTried(s.blind_nil_made || 0, s.blind_nil_tried || 0), "stat-blind-nil"],
    [t("archive.stat.top"), t("archive.top_share", { percent: percent(s.top_scorer_share) }), "stat-top"],
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
      h("p", { class: "final" }, ...tParts("archive.rating",
        { rating: h("b", { id: "player-rating" }, ratingText(p.rating, provisional)) })),
      h("p", { class: "muted" }, t("archive.since", { when: when(p.created) }))),
    h("div", { class: "player-grid" },
      h("section", { class: "panel chart-panel", "aria-labelledby": "chart-title" },
        h("h2", { id: "chart-title" }, t("archive.rating_history")),
        history.length ? ratingChart(history, chartWidth()) : h("p", { class: "empty" }, t("archive.no_rated")),
        last ? h("p", { class: "fine" }, t("archive.last_change", { when: when(last.at) })) : null),
      h("section", { class: "panel", "aria-labelledby": "record-title" },
        h("h2", { id: "record-title" }, t("archive.games")),
        facts([
          [t("archive.games_played"), formatNumber(p.games ?? 0), "player-games"],
          [t("archive.won"), p.games ? t("archive.won_share", { won: p.won, percent: percent(p.won / p.games) })
            : formatNumber(0), "player-won"],
          [t("archive.completion"), p.completion === null || p.completion === undefined ? "–"
            : t("archive.finished_share", { percent: percent(p.completion) }), "player-completion"],
        ])),
      h("section", { class: "panel", "aria-labelledby": "stats-title" },
        h("h2", { id: "stats-title" }, t("archive.stats_title")), statsFacts(p.stats)),
      h("section", { class: "panel recent-panel", "aria-labelledby": "recent-title" },
        h("h2", { id: "recent-title" }, t("archive.recent")),
        gamesList(p.recent, t("archive.no_finished"))),
      h("section", { class: "panel recent-panel", id: "events-played", "aria-labelledby": "events-played-title" },
        h("h2", { id: "events-played-title" }, t("archive.events_played")),
        h("p", { class: "muted" }, t("archive.loading")))));
}

/** The player's finished events with their places (GET /api/players/NAME/events). */
async function fillEvents(root, name) {
  const panel = root.querySelector("#events-played");
  let body;
  try {
    const { events } = await fetchEventsOf(name);
    body = events.length ? h("ul", { class: "games-list" }, events.map((e) => h("li", {},
      h("a", { href: eventHref(e.id), class: "game-link" },
        h("span", { class: "outcome won" }, `#${formatNumber(e.place)}`), h("span", { class: "game-kind" }, e.name),
        h("span", { class: "game-totals" }, t(e.kind === "arena" ? "archive.event_points" : "archive.event_won",
          { count: e.points })),
        h("time", {}, t(e.kind === "arena" ? "archive.event_arena" : "archive.event_knockout", { count: e.games }))))))
      : h("p", { class: "empty" }, t("archive.no_events"));
  } catch (err) {
    body = h("p", { class: "empty" }, said(err.message, err.key, err.args));
  }
  panel.lastChild.replaceWith(body);
}

/** Show the player ``name`` in ``root``; rejects (ArchiveError) when there is none. */
export async function showPlayer(root, name) {
  document.title = t("archive.title_player", { name });
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
