// Leaving a table: what it costs, said before the player confirms (at a casual or private
// table a bot takes the seat at once; a ranked leaver loses and waits before queueing
// again), and the question asked of a player who starts a new table while still seated
// at a game that goes on.
import { dailyLeave, isDailyTable } from "./daily.js";
import { closeDialog, openDialog } from "./dialog.js";
import { t } from "../i18n.js";
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
  if (state.kind === "ranked") return t("leave.ranked_cost");
  if (isDailyTable(state)) return dailyLeave();
  return t(state.status === "filling" ? "leave.seat_freed" : "leave.bot_takes_seat");
}

function ask(title, text, buttons) {
  return new Promise((resolve) => {
    const actions = buttons.map(([label, answer, primary]) => h("button", {
      type: "button", class: primary ? "btn btn-danger" : "btn", // i18n: class names
      onclick: () => { resolve(answer); closeDialog(); } }, label));
    openDialog(title, text.map((line) => h("p", {}, line)), {
      className: "leave-ask", actions, onClose: () => resolve(null) });
  });
}

/** Ask before leaving; resolves true when the player confirms. */
export async function confirmLeave(state) {
  const ranked = state.kind === "ranked";
  const answer = await ask(t(ranked ? "leave.ask_ranked" : "leave.ask"), [leaveText(state)], [
    [t("leave.stay"), false, false], [t(ranked ? "leave.take_the_loss" : "leave.go"), true, true]]);
  return answer === true;
}

/** A new table asked for while seated at a game that goes on: resolves "leave" (leave
 * that table first), "back" (go back to it) or null (closed: do nothing). */
export function askSeated(state) {
  const there = t(state.status === "filling" ? "leave.seat_kept" : "leave.game_goes_on");
  return ask(t("leave.still_seated"), [there, t("leave.first", { cost: leaveText(state) })],
    [[t("leave.back"), "back", false], [t("leave.and_play_new"), "leave", true]]);
}
