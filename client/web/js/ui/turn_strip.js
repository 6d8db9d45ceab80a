// The turn strip of a sheet opened over the table (score sheet, review, last trick): while
// it is the player's turn, the sheet itself says so, with the clock and the action
// needed ("Your turn to bid · 23s left") and a key back to the table, so reading a sheet
// never hides what the player must do.
import { closeDialog } from "./dialog.js";
import { h, seconds } from "./dom.js";
import { t } from "../i18n.js";

const EVERY_MS = 250;

/** A strip that follows ``state`` (the TableState) while it is in the page. */
export function turnStrip(state) {
  // Only the turn is a status (said when it changes); the clock beside it is for the eye,
  // or a screen reader would read the whole line again at every second.
  const text = h("span", { class: "turn-text", role: "status" });
  const clock = h("span", { class: "turn-clock", "aria-hidden": "true" });
  const strip = h("div", { class: "turn-strip", hidden: true },
    h("span", {}, text, clock), h("button", { type: "button", class: "btn btn-primary small", onclick: () => closeDialog() },
      t("turn_strip.back")));
  let last = "";
  const update = () => {
    const view = state.view;
    const mine = !!(view && state.myTurn && !view.over);
    let line = "";
    let left = "";
    if (mine) {
      const what = { bidding: "bid", passing: "pass", drawing: "draw" }[view.phase] || "play";
      left = state.turnDeadline ? t("turn_strip.left", { count: seconds(state.turnDeadline - performance.now()) }) : "";
      line = t(`turn_strip.${what}`);
    }
    if (clock.textContent !== left) clock.textContent = left;
    if (line === last) return;
    last = line;
    strip.hidden = !mine;
    text.textContent = line;
  };
  update();
  // The dialog puts the strip in the page at once; once the dialog is gone, stop.
  const timer = setInterval(() => (strip.isConnected ? update() : clearInterval(timer)), EVERY_MS);
  return strip;
}
