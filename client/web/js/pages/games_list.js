// A list of finished games, each a link to its page: the player page's recent games and
// the lobby's "Your games". Items are the archive's {id, ended, kind, won, totals}.
import { number } from "../game/numbers.js";
import { h } from "../ui/dom.js";
import { gameHref } from "./api.js";

const KIND_NAMES = { casual: "Casual", ranked: "Ranked", private: "Private", practice: "Practice" };

/** "1 Dec 2026, 18:20" in the reader's own time zone ("" for a missing or bad date). */
export function when(iso) {
  const date = iso ? new Date(iso) : null;
  if (!date || Number.isNaN(date.getTime())) return "";
  return date.toLocaleString(undefined, { day: "numeric", month: "short", year: "numeric",
    hour: "2-digit", minute: "2-digit" });
}

export function kindName(kind) {
  return KIND_NAMES[kind] || (kind ? kind[0].toUpperCase() + kind.slice(1) : "Game");
}

/** A total as printed: a true minus sign. */
export function points(n) {
  return number(n);
}

function outcomeWord(won) {
  if (won === true) return ["Won", "won"];
  if (won === false) return ["Lost", "lost"];
  return ["Draw", "draw"];
}

/** The games as a list of links (newest first, as given); ``empty`` when there are none. */
export function gamesList(games, empty = "No finished games yet.") {
  if (!games || !games.length) return h("p", { class: "empty" }, empty);
  return h("ul", { class: "games-list" }, games.map((g) => {
    const [word, cls] = outcomeWord(g.won);
    return h("li", {}, h("a", { href: gameHref(g.id), class: "game-link", dataset: { game: g.id } },
      h("span", { class: `outcome ${cls}` }, word),
      h("span", { class: "game-kind" }, kindName(g.kind)),
      h("span", { class: "game-totals" }, (g.totals || []).map(points).join(" / ")),
      h("time", { datetime: g.ended || "" }, when(g.ended))));
  }));
}
