// The archive's pages, one shell (pages/archive.html) for both: /g/ID shows a finished
// game (game_page.js), /@/NAME a player (player_page.js). A game or player the archive
// does not have, or will not show (a private table's game), gets the archive's sentence.
import { h } from "../ui/dom.js";
import { applySettings } from "../ui/settings.js";
import { ArchiveError } from "./api.js";
import { showGame } from "./game_page.js";
import { showPlayer } from "./player_page.js";

function keyAfter(prefix) {
  return decodeURIComponent(location.pathname.slice(prefix.length).replace(/\/$/, ""));
}

async function main() {
  applySettings(); // the deck and card size chosen at the table show here too
  const root = document.getElementById("screen");
  const game = location.pathname.startsWith("/g/");
  try {
    await (game ? showGame(root, keyAfter("/g/")) : showPlayer(root, keyAfter("/@/")));
  } catch (err) {
    const message = err instanceof ArchiveError ? err.message
      : `This ${game ? "game" : "player"} could not be shown.`;
    root.replaceChildren(h("section", { class: "panel page-error", role: "alert" },
      h("h1", {}, game ? "No game to show" : "No player to show"), h("p", {}, message),
      h("p", {}, h("a", { href: "/" }, "Back to the lobby"))));
    if (!(err instanceof ArchiveError)) console.error(err);
  }
}

main();
