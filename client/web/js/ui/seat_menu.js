// A seat's menu at the table: for a signed-in player, another person's seat badge opens
// Follow, Block and Report; a guest's, Report only (a guest has no account to follow or
// block). The routes are told the seat, not the name on it; the report keeps the table,
// the game id and the kept chat, as by name (a guest's, the name shown at the seat). The
// route's refusal is shown in the menu, in its words.
import { people } from "../net/people_api.js";
import { openDialog } from "./dialog.js";
import { h, toast } from "./dom.js";
import { t } from "../i18n.js";
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
  const reason = h("select", { id: "seat-report-reason", "aria-label": t("report.reason") },
    reasons().map(([value, text]) => h("option", { value }, text)));
  const note = h("input", { id: "seat-report-note", maxlength: 200, placeholder: t("report.note_placeholder"), "aria-label": t("report.note") });
  const body = h("div", { class: "seat-menu" },
    guest ? h("p", { class: "fine", id: "seat-guest-note" },
      t("seat_menu.guest_note"))
      : h("div", { class: "inline" },
      h("button", { type: "button", class: "btn btn-small", id: "seat-follow", onclick: run(async () => {
        const done = await people.followSeat(seat);
        return t(done.friends ? "people.friends_toast" : "people.following_toast", { name: done.name });
      }) }, t("people.follow")),
      h("button", { type: "button", class: "btn btn-small", id: "seat-block", onclick: run(async () => {
        const done = await people.blockSeat(seat);
        return t("people.blocked_toast", { name: done.name });
      }) }, t("people.block"))),
    h("details", { class: "report", open: guest || undefined }, h("summary", {}, t("seat_menu.report")),
      h("div", { class: "inline" }, reason, note,
        h("button", { type: "button", class: "btn btn-small", id: "seat-report-go", onclick: run(async () => {
          await people.reportSeat(seat, reason.value, note.value.trim());
          return t("report.sent");
        }) }, t("report.send")))),
    status);
  openDialog(t(guest ? "seat_menu.title_guest" : "seat_menu.title", { name, where }), body, { className: "seat-menu-dialog" });
}
