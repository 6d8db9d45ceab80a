// The archive's pages, one shell (pages/archive.html) for all: /g/ID shows a finished
// game (game_page.js), /@/NAME a player (player_page.js), /e/ID a tournament (event_page.js). A game or player the archive
// does not have, or will not show (a private table's game), gets the archive's sentence.
import { loadLanguage, said, t } from "../i18n.js";
import { h } from "../ui/dom.js";
import { applySettings, settings } from "../ui/settings.js";
import { ArchiveError } from "./api.js";
import { showEvent } from "./event_page.js";
import { showGame } from "./game_page.js";
import { showPlayer } from "./player_page.js";

function keyAfter(prefix) {
  return decodeURIComponent(location.pathname.slice(prefix.length).replace(/\/$/, ""));
}

async function main() {
  applySettings(); // the deck and card size chosen at the table show here too
  // The event page is in the reader's language; on the game's and the player's pages
  // only the words written for a screen reader are (they carry their own lang): the rest
  // of them is English yet, and the document says so.
  await loadLanguage(settings.lang);
  const root = document.getElementById("screen");
  const game = location.pathname.startsWith("/g/");
  const event = location.pathname.startsWith("/e/");
  if (!event) document.documentElement.lang = "en";
  try {
    if (event) await showEvent(root, keyAfter("/e/"));
    else await (game ? showGame(root, keyAfter("/g/")) : showPlayer(root, keyAfter("/@/")));
  } catch (err) {
    const message = err instanceof ArchiveError ? (event ? said(err.message, err.key, err.args) : err.message)
      : event ? t("event.not_shown") : `This ${game ? "game" : "player"} could not be shown.`;
    root.replaceChildren(h("section", { class: "panel page-error", role: "alert" },
      h("h1", {}, event ? t("event.nothing") : game ? "No game to show" : "No player to show"), h("p", {}, message),
      h("p", {}, h("a", { href: "/" }, event ? t("event.back") : "Back to the lobby"))));
    if (!(err instanceof ArchiveError)) console.error(err);
  }
}

main();
