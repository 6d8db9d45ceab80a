/** Redraws that wait out a press.
 *
 * A page redrawn from a push between a press and its release replaces the pressed
 * button, and the browser then fires no click at all: the person pressed Join and
 * nothing happened. A redraw made with ``whenNotPressed`` waits for the release (and
 * the click it brings). A press is over at its release (the page hears it even outside
 * the window: the pressed page holds the pointer), its cancellation (a touch that turns
 * into a scroll), or when the window loses the focus. */

let pressing = false;
const waiting = new Map(); // owner -> the latest redraw it asked for during the press

function release() {
  pressing = false;
  const draws = [...waiting.values()];
  waiting.clear();
  if (draws.length) setTimeout(() => draws.forEach((draw) => draw()), 0); // after the click
}

document.addEventListener("pointerdown", () => { pressing = true; }, true);
document.addEventListener("pointerup", release, true);
document.addEventListener("pointercancel", release, true);
window.addEventListener("blur", release);

/** Run ``draw`` now, or when the press under way ends; a later one of the same
 * ``owner`` replaces its waiting one (each draws the latest state in full), so two parts
 * of one screen redrawn by the same push each draw once. */
export function whenNotPressed(draw, owner = null) {
  if (pressing) waiting.set(owner, draw);
  else draw();
}
