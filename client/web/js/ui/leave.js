// Leaving a table: what it costs, said before the player confirms (at a casual or private
// table a bot takes the seat at once; a ranked leaver loses and waits before queueing
// again), and the question asked of a player who starts a new table while still seated
// at a game that goes on.
import { DAILY_LEAVE, isDailyTable } from "./daily.js";
import { closeDialog, openDialog } from "./dialog.js";
import { h } from "./dom.js";

/** The kinds of table whose bar offers Leave (practice and the daily deal have their own
 * ways out: nobody waits for a practice table, a daily hand left is scored as it stands). */
const LEAVABLE = new Set(["casual", "private", "ranked"]);

/** Whether the player holds a seat at a table whose game is not over (the room keeps
 * them there: a new table must be asked for after leaving it). */
export function seatedInGame(state) {
  return state.table !== null && state.seat !== null && state.status !== "over";
}

/** Whether the table's bar offers Leave. */
export function mayLeave(state) {
  return seatedInGame(state) && LEAVABLE.has(state.kind);
}

/** What leaving the table of ``state`` does, in a sentence or two (the room's rules:
 * docs/protocol.md ``leave`` and ``queue``). */
export function leaveText(state) {
  if (state.kind === "ranked") {
    return "Leaving counts as a loss for you, whatever the score: the autopilot plays your seat to the end "
      + "and your partner keeps the real result. Leaving ranked games early also means a wait before you can queue "
      + "again: 5 minutes after a first leave, doubling with each leave within a day.";
  }
  if (isDailyTable(state)) return DAILY_LEAVE;
  if (state.status === "filling") return "Your seat is freed for someone else.";
  return "A bot takes your seat at once and the game goes on without you.";
}

function ask(title, text, buttons) {
  return new Promise((resolve) => {
    const actions = buttons.map(([label, answer, primary]) => h("button", {
      type: "button", class: primary ? "btn btn-danger" : "btn",
      onclick: () => { resolve(answer); closeDialog(); } }, label));
    openDialog(title, text.map((line) => h("p", {}, line)), {
      className: "leave-ask", actions, onClose: () => resolve(null) });
  });
}

/** Ask before leaving; resolves true when the player confirms. */
export async function confirmLeave(state) {
  const ranked = state.kind === "ranked";
  const answer = await ask(ranked ? "Leave this ranked game?" : "Leave this table?", [leaveText(state)], [
    ["Stay", false, false], [ranked ? "Leave and take the loss" : "Leave the table", true, true]]);
  return answer === true;
}

/** A new table asked for while seated at a game that goes on: resolves "leave" (leave
 * that table first), "back" (go back to it) or null (closed: do nothing). */
export function askSeated(state) {
  const there = state.status === "filling"
    ? "Your seat there is kept for you, and the game may start without you."
    : "Your game there goes on without you: your turns run out and the autopilot plays them.";
  return ask("You are still seated at a game", [there, `To play a new game, leave that table first. ${leaveText(state)}`],
    [["Back to my table", "back", false], ["Leave it and play a new game", "leave", true]]);
}
