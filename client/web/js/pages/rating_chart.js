// The rating history as an SVG line chart drawn by the page (no chart library): one
// point per rated game, oldest on the left; a few round gridlines with their values; each
// point a link to its game with a title saying the rating and the date. Drawn for the
// width it is shown at (the caller passes it), so its text stays readable on a phone.
import { ratingText } from "../game/numbers.js";
import { formatDate, t } from "../i18n.js";
import { gameHref } from "./api.js";
import { when } from "./games_list.js";

const NS = "http://www.w3.org/2000/svg";
const PAD = { left: 44, right: 12, top: 12, bottom: 24 };

function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) el.setAttribute(k, String(v));
  for (const c of children) if (c) el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return el;
}

function day(iso) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : formatDate(date, { day: "numeric", month: "short", year: "numeric" });
}

/** Gridline values: about four round steps covering [lo, hi]. */
export function ticks(lo, hi) {
  const span = Math.max(hi - lo, 1);
  const raw = span / 4;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => s >= raw) || 10 * mag;
  const out = [];
  for (let v = Math.floor(lo / step) * step; v <= hi + step / 2; v += step) out.push(Number(v.toFixed(6)));
  return out;
}

/** ``history``: [{at, rating, game}] oldest first; ``width`` in CSS pixels. */
export function ratingChart(history, width = 640) {
  const W = Math.round(Math.max(280, Math.min(1000, width)));
  const H = Math.round(Math.max(180, Math.min(280, W * 0.4)));
  const points = (history || []).filter((p) => Number.isFinite(p.rating));
  const ratings = points.map((p) => p.rating);
  const grid = ticks(Math.min(...ratings), Math.max(...ratings));
  const lo = grid[0];
  const hi = grid[grid.length - 1] === lo ? lo + 1 : grid[grid.length - 1];
  const x = (i) => PAD.left + (points.length === 1 ? (W - PAD.left - PAD.right) / 2
    : (i * (W - PAD.left - PAD.right)) / (points.length - 1));
  const y = (r) => PAD.top + ((hi - r) * (H - PAD.top - PAD.bottom)) / (hi - lo);
  const first = points[0];
  const last = points[points.length - 1];
  const label = t("archive.chart", { count: points.length, from: ratingText(first.rating), to: ratingText(last.rating),
    low: ratingText(Math.min(...ratings)), high: ratingText(Math.max(...ratings)) });
  // A group, not an image: an image's children are hidden from assistive technology,
  // and each point is a link to its game. The label says what the lines show.
  return svg("svg", { class: "rating-chart", id: "rating-chart", viewBox: `0 0 ${W} ${H}`, role: "group",
    "aria-label": label, preserveAspectRatio: "xMidYMid meet" }, // i18n: an SVG value
  svg("title", {}, label),
  ...grid.map((v) => svg("g", { class: "grid", "aria-hidden": "true" },
    svg("line", { x1: PAD.left, x2: W - PAD.right, y1: y(v), y2: y(v) }),
    svg("text", { x: PAD.left - 6, y: y(v) + 4, "text-anchor": "end" }, String(v)))),
  svg("text", { class: "axis", x: PAD.left, y: H - 6, "aria-hidden": "true" }, day(first.at)),
  svg("text", { class: "axis", x: W - PAD.right, y: H - 6, "text-anchor": "end", "aria-hidden": "true" }, day(last.at)),
  svg("polyline", { class: "line", points: points.map((p, i) => `${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(" ") }),
  ...points.map((p, i) => {
    const dot = svg("circle", { class: "dot", cx: x(i).toFixed(1), cy: y(p.rating).toFixed(1), r: points.length > 60 ? 2.5 : 4 },
      svg("title", {}, t("archive.chart_point", { rating: ratingText(p.rating), when: when(p.at) })));
    return p.game ? svg("a", { href: gameHref(p.game), class: "dot-link",
      "aria-label": t("archive.chart_link", { rating: ratingText(p.rating), when: when(p.at) }) }, dot) : dot;
  }));
}
