// The archive's pages, one shell (pages/archive.html) for all: /g/ID shows a finished
// game (game_page.js), /@/NAME a player (player_page.js), /e/ID a tournament (event_page.js). A game or player the archive
// does not have, or will not show (a private table's game), gets the archive's sentence.
import { loadLanguage } from "../i18n.js";
import { h } from "../ui/dom.js";
import { applySettings } from "../ui/settings.js";
import { ArchiveError } from "./api.js";
import { showEvent } from "./event_page.js";
import { showGame } from "./game_page.js";
import { showPlayer } from "./player_page.js";

function keyAfter(prefix) {
  return decodeURIComponent(location.pathname.slice(prefix.length).replace(/\/$/, ""));
}

async function main() {
  applySettings(); // the deck and card size chosen at the table show here too
  // The card words (game/cards.js) are the catalogue's; these pages are in English yet.
  await loadLanguage("en");
  const root = document.getElementById("screen");
  const game = location.pathname.startsWith("/g/");
  const event = location.pathname.startsWith("/e/");
  try {
    if (event) await showEvent(root, keyAfter("/e/"));
    else await (game ? showGame(root, keyAfter("/g/")) : showPlayer(root, keyAfter("/@/")));
  } catch (err) {
    const message = err instanceof ArchiveError ? err.message
      : `This ${event ? "event" : game ? "game" : "player"} could not be shown.`;
    root.replaceChildren(h("section", { class: "panel page-error", role: "alert" },
      h("h1", {}, event ? "No event to show" : game ? "No game to show" : "No player to show"), h("p", {}, message),
      h("p", {}, h("a", { href: "/" }, "Back to the lobby"))));
    if (!(err instanceof ArchiveError)) console.error(err);
  }
}

main();
