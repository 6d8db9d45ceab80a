// A seat's menu at the table: for a signed-in player, another person's seat badge opens
// Follow, Block and Report; a guest's, Report only (a guest has no account to follow or
// block). The routes are told the seat, not the name on it; the report keeps the table,
// the game id and the kept chat, as by name (a guest's, the name shown at the seat). The
// route's refusal is shown in the menu, in its words.
import { people } from "../net/people_api.js";
import { openDialog } from "./dialog.js";
import { h, toast } from "./dom.js";
import { reasons } from "./lobby_people.js";

/** Open the menu of ``seat`` (shown as ``name``, ``where`` its direction; ``guest``:
 * its player has no account). */
export function openSeatMenu(seat, name, where, guest = false) {
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
    reasons().map(([value, text]) => h("option", { value }, text)));
  const note = h("input", { id: "seat-report-note", maxlength: 200, placeholder: "What happened (optional)", "aria-label": "Note" });
  const body = h("div", { class: "seat-menu" },
    guest ? h("p", { class: "fine", id: "seat-guest-note" },
      "A guest, playing without an account: there is no one to follow or block, but you can report them.")
      : h("div", { class: "inline" },
      h("button", { type: "button", class: "btn btn-small", id: "seat-follow", onclick: run(async () => {
        const done = await people.followSeat(seat);
        return done.friends ? `You and ${done.name} are friends.` : `Following ${done.name}.`;
      }) }, "Follow"),
      h("button", { type: "button", class: "btn btn-small", id: "seat-block", onclick: run(async () => {
        const done = await people.blockSeat(seat);
        return `Blocked ${done.name}.`;
      }) }, "Block")),
    h("details", { class: "report", open: guest || undefined }, h("summary", {}, "Report"),
      h("div", { class: "inline" }, reason, note,
        h("button", { type: "button", class: "btn btn-small", id: "seat-report-go", onclick: run(async () => {
          await people.reportSeat(seat, reason.value, note.value.trim());
          return "Report sent. Thank you.";
        }) }, "Send"))),
    status);
  openDialog(`${name}${guest ? " (guest)" : ""} · ${where}`, body, { className: "seat-menu-dialog" });
}
