// The game-over sheet: the winner, the final score, the last hand, and what comes next
// (Rematch, which keeps the seats; after a ranked game the rating change of the room's
// ``rated`` push and the way back to the queue instead).
import { closeDialog, openDialog } from "./dialog.js";
import { h } from "./dom.js";
import { ratingText } from "./lobby_ranked.js";
import { gameSheet, teamNames } from "./score_sheet.js";

/** Open (or redraw) the game-over dialog of ``screen`` (a TableScreen at a game over). */
export function gameOverDialog(screen) {
  const s = screen.state;
  const view = s.view;
  const names = teamNames(s.seat);
  const outcome = view.outcome;
  const title = outcome === "draw" ? "A draw" : names[outcome] === "Us" ? "You win!" : `${names[outcome]} win`;
  const votes = s.rematch || [];
  const people = s.seats.map((x, i) => (x && !x.bot && x.name ? i : null)).filter((i) => i !== null);
  const waiting = people.filter((i) => !votes[i]).map((i) => screen.nameOf(i));
  const iVoted = s.seat !== null && votes[s.seat];
  const ranked = s.kind === "ranked";
  const rated = ranked && screen.app.rated && screen.app.rated.table === s.table ? screen.app.rated : null;
  const body = h("div", { class: "game-over" },
    h("p", { class: "final" }, `${names[0]} ${view.scores[0]} — ${names[1]} ${view.scores[1]}`),
    rated ? ratedLine(rated) : ranked && s.seat !== null ? h("p", { class: "rated" }, "Rating the game…") : null,
    iVoted && waiting.length ? h("p", {}, `Waiting for ${waiting.join(", ")} to say yes.`) : null,
    gameSheet(view.history.slice(-1), s.seat, view.rules));
  const actions = [
    h("button", { type: "button", class: "btn", onclick: () => { closeDialog(); screen.app.goLobby(); } }, "Lobby"),
    h("button", { type: "button", class: "btn", onclick: () => screen.showReview() }, "Review last hand"),
  ];
  if (ranked) {
    // No rematch in ranked play: the next game comes from the queue.
    actions.push(h("button", { type: "button", class: "btn btn-primary", onclick: () => {
      screen.app.goLobby();
      screen.app.queue(true);
    } }, "Find another ranked game"));
  } else if (s.seat !== null) {
    actions.push(h("button", { type: "button", class: "btn btn-primary", disabled: !!iVoted,
      onclick: () => screen.rematch() }, iVoted ? "Rematch asked" : "Rematch"));
  }
  openDialog(title, body, { className: "game-over", actions });
}

/** "Rating 3.4 (+1.2) · provisional · #7": the change a ranked game made. */
function ratedLine(rated) {
  const change = `${rated.change >= 0 ? "+" : "−"}${Math.abs(rated.change).toFixed(1)}`;
  return h("p", { class: "rated", id: "rated-line" },
    `${rated.left ? "You left the game: rated as a loss. " : ""}Your rating: `,
    h("b", {}, ratingText(rated.rating, rated.provisional)), ` (${change})`,
    rated.provisional ? " · provisional" : "", rated.rank ? ` · #${rated.rank} on the leaderboard` : "");
}
