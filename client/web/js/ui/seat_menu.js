// A seat's menu at the table (issue 17): for a signed-in player, another person's seat
// badge opens Follow, Block and Report. The routes are told the seat, not the name on
// it (a guest may carry any account's name; the room answers `no_player` for a guest's
// seat); the report keeps the table, the game id and the kept chat, as by name. The
// route's refusal is shown in the menu, in its words.
import { people } from "../net/people_api.js";
import { openDialog } from "./dialog.js";
import { h, toast } from "./dom.js";
import { REASONS } from "./lobby_people.js";

/** Open the menu of ``seat`` (shown as ``name``, ``where`` its direction). */
export function openSeatMenu(seat, name, where) {
  const status = h("p", { class: "fine", id: "seat-menu-status", role: "status", "aria-live": "polite" });
  const run = (work) => async () => {
    try {
      const said = await work();
      status.textContent = said;
      toast(said);
    } catch (err) {
      status.textContent = err.message;
    }
  };
  const reason = h("select", { id: "seat-report-reason", "aria-label": "Reason" },
    REASONS.map(([value, text]) => h("option", { value }, text)));
  const note = h("input", { id: "seat-report-note", maxlength: 200, placeholder: "What happened (optional)", "aria-label": "Note" });
  const body = h("div", { class: "seat-menu" },
    h("div", { class: "inline" },
      h("button", { type: "button", class: "btn btn-small", id: "seat-follow", onclick: run(async () => {
        const done = await people.followSeat(seat);
        return done.friends ? `You and ${done.name} are friends.` : `Following ${done.name}.`;
      }) }, "Follow"),
      h("button", { type: "button", class: "btn btn-small", id: "seat-block", onclick: run(async () => {
        const done = await people.blockSeat(seat);
        return `Blocked ${done.name}.`;
      }) }, "Block")),
    h("details", { class: "report" }, h("summary", {}, "Report"),
      h("div", { class: "inline" }, reason, note,
        h("button", { type: "button", class: "btn btn-small", id: "seat-report-go", onclick: run(async () => {
          await people.reportSeat(seat, reason.value, note.value.trim());
          return "Report sent. Thank you.";
        }) }, "Send"))),
    status);
  openDialog(`${name} · ${where}`, body, { className: "seat-menu-dialog" });
}
