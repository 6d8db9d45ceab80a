// The player page's actions for a signed-in visitor who is not that player (issue 17):
// Follow / Unfollow, Block / Unblock and Report, through the room's routes (/api/follow,
// /api/block, /api/report; docs/social.md). The state shown (following, blocked) is
// the visitor's own graph (GET /api/friends); a guest or the player themself sees
// nothing here. The routes' refusals are shown in the panel's own words, as sent.
import { people } from "../net/people_api.js";
import { t } from "../i18n.js";
import { h } from "../ui/dom.js";

// The report route's reasons (server.social.reports.REASONS), named by the catalogue
// the lobby's report form reads too (report.reason.*).
const REASONS = ["abuse", "cheating", "stalling", "name", "other"];

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
    follow.textContent = t(state.following ? "archive.unfollow" : "people.follow");
    block.textContent = t(state.blocked ? "archive.unblock" : "people.block");
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
    if (!done.following) return t("archive.no_longer_follow", { name: done.name });
    return t(done.friends ? "people.friends_toast" : "people.following_toast", { name: done.name });
  }));
  block.addEventListener("click", () => run(async () => {
    const done = await people.block(name, !state.blocked);
    state.blocked = done.blocked;
    // A block ends the follows both ways (docs/social.md).
    if (done.blocked) state.following = false;
    return t(done.blocked ? "people.blocked_toast" : "archive.unblocked", { name: done.name });
  }));
  draw();
  const reason = h("select", { id: "player-report-reason", "aria-label": t("report.reason") },
    REASONS.map((value) => h("option", { value }, t(`report.reason.${value}`))));
  const note = h("input", { id: "player-report-note", maxlength: 200, placeholder: t("report.note_placeholder"),
    "aria-label": t("report.note") });
  const send = h("button", { type: "button", class: "btn btn-small", id: "player-report-go" }, t("archive.send_report"));
  send.addEventListener("click", () => run(async () => {
    await people.report(name, reason.value, note.value.trim());
    note.value = "";
    return t("report.sent");
  }));
  return h("section", { class: "panel", id: "player-actions", "aria-labelledby": "actions-title" },
    h("h2", { id: "actions-title" }, t("archive.you_and", { name })),
    h("div", { class: "inline" }, follow, block),
    h("details", { class: "report" }, h("summary", {}, t("archive.report_summary")),
      h("div", { class: "inline" }, reason, note, send)),
    status);
}
