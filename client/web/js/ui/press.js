/** Redraws that wait out a press.
 *
 * A page redrawn from a push between a press and its release replaces the pressed
 * button, and the browser then fires no click at all: the person pressed Join and
 * nothing happened. A redraw made with ``whenNotPressed`` waits for the release (and
 * the click it brings), or at most ``LONGEST_PRESS_MS`` (a release outside the window
 * may never be seen). */

const LONGEST_PRESS_MS = 1500;

let pressing = false;
let waiting = null; // the latest redraw asked for during the press
let timer = null;

function release() {
  pressing = false;
  clearTimeout(timer);
  const draw = waiting;
  waiting = null;
  if (draw) setTimeout(draw, 0); // after the click that follows the release
}

document.addEventListener("pointerdown", () => {
  pressing = true;
  clearTimeout(timer);
  timer = setTimeout(release, LONGEST_PRESS_MS);
}, true);
document.addEventListener("pointerup", release, true);
document.addEventListener("pointercancel", release, true);

/** Run ``draw`` now, or when the press under way ends; a later one replaces a waiting
 * one (each draws the latest state in full). */
export function whenNotPressed(draw) {
  if (pressing) waiting = draw;
  else draw();
}
