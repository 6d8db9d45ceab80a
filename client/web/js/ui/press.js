/** Redraws that wait out a press.
 *
 * A page redrawn from a push between a press and its release replaces the pressed
 * button, and the browser then fires no click at all: the person pressed Join and
 * nothing happened. A redraw made with ``whenNotPressed`` waits for the release (and
 * the click it brings). A press is over at its release (the page hears it even outside
 * the window: the pressed page holds the pointer), its cancellation (a touch that turns
 * into a scroll), or when the window loses the focus. */

let pressing = false;
let waiting = null; // the latest redraw asked for during the press

function release() {
  pressing = false;
  const draw = waiting;
  waiting = null;
  if (draw) setTimeout(draw, 0); // after the click that follows the release
}

document.addEventListener("pointerdown", () => { pressing = true; }, true);
document.addEventListener("pointerup", release, true);
document.addEventListener("pointercancel", release, true);
window.addEventListener("blur", release);

/** Run ``draw`` now, or when the press under way ends; a later one replaces a waiting
 * one (each draws the latest state in full). */
export function whenNotPressed(draw) {
  if (pressing) waiting = draw;
  else draw();
}
