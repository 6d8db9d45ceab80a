// The player page's actions for a signed-in visitor who is not that player (issue 17):
// Follow / Unfollow, Block / Unblock and Report, through the room's routes (/api/follow,
// /api/block, /api/report; docs/social.md). The state shown (following, blocked) is
// the visitor's own graph (GET /api/friends); a guest or the player themself sees
// nothing here. The routes' refusals are shown in the panel's own words, as sent.
import { people } from "../net/people_api.js";
import { h } from "../ui/dom.js";

// The report route's reasons (server.social.reports.REASONS). English, as the rest of
// this page (the lobby and the table read them from the catalogue: lobby_people.js).
const REASONS = [["abuse", "Abuse in chat"], ["cheating", "Cheating"], ["stalling", "Stalling"],
  ["name", "Offensive name"], ["other", "Something else"]];

async function whoAmI() {
  try {
    const response = await fetch("/api/me", { credentials: "same-origin", headers: { accept: "application/json" } });
    const me = response.ok ? await response.json() : null;
    return me && me.signed_in ? me : null;
  } catch {
    return null;
  }
}

function same(a, b) {
  return a.toLowerCase() === b.toLowerCase();
}

/** The panel of actions toward ``name``, or null when the visitor may not act (a guest,
 * the player themself, or the room's friends could not be read). */
export async function playerActions(name) {
  const me = await whoAmI();
  if (!me || same(me.name, name)) return null;
  let graph;
  try {
    graph = await people.friends();
  } catch {
    return null;
  }
  const state = {
    following: graph.following.some((n) => same(n, name)),
    blocked: graph.blocked.some((n) => same(n, name)),
  };
  const status = h("p", { class: "fine", id: "player-action-status", role: "status", "aria-live": "polite" });
  const say = (text, warn = false) => {
    status.textContent = text;
    status.classList.toggle("warn", warn);
  };
  const follow = h("button", { type: "button", class: "btn btn-small", id: "player-follow" });
  const block = h("button", { type: "button", class: "btn btn-small", id: "player-block" });
  const draw = () => {
    follow.textContent = state.following ? "Unfollow" : "Follow";
    block.textContent = state.blocked ? "Unblock" : "Block";
  };
  const run = async (work) => {
    try {
      say(await work());
    } catch (err) {
      say(err.message, true);
    }
    draw();
  };
  follow.addEventListener("click", () => run(async () => {
    const done = await people.follow(name, !state.following);
    state.following = done.following;
    return !done.following ? `You no longer follow ${done.name}.`
      : done.friends ? `You and ${done.name} are friends.` : `Following ${done.name}.`;
  }));
  block.addEventListener("click", () => run(async () => {
    const done = await people.block(name, !state.blocked);
    state.blocked = done.blocked;
    // A block ends the follows both ways (docs/social.md).
    if (done.blocked) state.following = false;
    return done.blocked ? `Blocked ${done.name}.`
      : `Unblocked ${done.name}.`;
  }));
  draw();
  const reason = h("select", { id: "player-report-reason", "aria-label": "Reason" },
    REASONS.map(([value, text]) => h("option", { value }, text)));
  const note = h("input", { id: "player-report-note", maxlength: 200, placeholder: "What happened (optional)", "aria-label": "Note" });
  const send = h("button", { type: "button", class: "btn btn-small", id: "player-report-go" }, "Send report");
  send.addEventListener("click", () => run(async () => {
    await people.report(name, reason.value, note.value.trim());
    note.value = "";
    return "Report sent. Thank you.";
  }));
  return h("section", { class: "panel", id: "player-actions", "aria-labelledby": "actions-title" },
    h("h2", { id: "actions-title" }, "You and ", name),
    h("div", { class: "inline" }, follow, block),
    h("details", { class: "report" }, h("summary", {}, "Report this player"),
      h("div", { class: "inline" }, reason, note, send)),
    status);
}
