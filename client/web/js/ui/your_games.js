// The lobby's "Your games": the finished games of this browser's guest or account
// (GET /api/my-games), newest first, each a link to its game page (/g/ID).
import { fetchMyGames } from "../pages/api.js";
import { gamesList } from "../pages/games_list.js";
import { fill, h } from "./dom.js";
import { t } from "../i18n.js";

const SHOWN = 10;

/** Fill ``body`` (the section's, under its heading) with the caller's games (asked
 * again on every call: after a game or a sign-in the list is another). */
export async function loadYourGames(body) {
  let list;
  try {
    const games = await fetchMyGames();
    list = gamesList(games.slice(0, SHOWN), t("your_games.none"));
  } catch (err) {
    list = h("p", { class: "empty" }, err.message);
  }
  fill(body, list);
}
