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
  // Every archive page is in the reader's language (the document's lang says which).
  await loadLanguage(settings.lang);
  // The server wrote the skip link in the language it guessed; this browser's choice wins.
  document.querySelector(".skip-link")?.replaceChildren(t("head.archive.skip"));
  const root = document.getElementById("screen");
  const game = location.pathname.startsWith("/g/");
  const event = location.pathname.startsWith("/e/");
  try {
    if (event) await showEvent(root, keyAfter("/e/"));
    else await (game ? showGame(root, keyAfter("/g/")) : showPlayer(root, keyAfter("/@/")));
  } catch (err) {
    const message = err instanceof ArchiveError ? said(err.message, err.key, err.args)
      : t(event ? "event.not_shown" : game ? "archive.game_not_shown" : "archive.player_not_shown");
    root.replaceChildren(h("section", { class: "panel page-error", role: "alert" },
      h("h1", {}, t(event ? "event.nothing" : game ? "archive.no_game" : "archive.no_player")), h("p", {}, message),
      h("p", {}, h("a", { href: "/" }, t("event.back")))));
    if (!(err instanceof ArchiveError)) console.error(err);
  }
}

main();
