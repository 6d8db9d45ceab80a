// A list of finished games, each a link to its page: the player page's recent games and
// the lobby's "Your games". Items are the archive's {id, ended, kind, won, totals}.
import { number } from "../game/numbers.js";
import { formatDate, t } from "../i18n.js";
import { h } from "../ui/dom.js";
import { gameHref } from "./api.js";

// The kinds the catalogue names (archive.kind.*); another kind is shown as it is sent.
export const KINDS = ["casual", "ranked", "private", "practice"];

/** "1 Dec 2026, 18:20" in the reader's own time zone and locale ("" for a missing or bad
 * date). */
export function when(iso) {
  const date = iso ? new Date(iso) : null;
  if (!date || Number.isNaN(date.getTime())) return "";
  return formatDate(date, { day: "numeric", month: "short", year: "numeric",
    hour: "2-digit", minute: "2-digit" });
}

export function kindName(kind) {
  if (KINDS.includes(kind)) return t(`archive.kind.${kind}`);
  return kind ? kind[0].toUpperCase() + kind.slice(1) : t("archive.kind_game");
}

/** A total as printed: a true minus sign. */
export function points(n) {
  return number(n);
}

function outcomeWord(won) {
  if (won === true) return [t("archive.outcome.won"), "won"];
  if (won === false) return [t("archive.outcome.lost"), "lost"];
  return [t("archive.outcome.draw"), "draw"];
}

/** The games as a list of links (newest first, as given); ``empty`` when there are none. */
export function gamesList(games, empty = t("archive.no_games")) {
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
