// The lobby's people and tables (issue 17): friends online and what they do (Watch),
// follow / block a player by name, open tables to join, and live games to watch. The
// panel's contents only; lobby.js owns the panel and when it is redrawn.
import { number, ratingText } from "../game/numbers.js";
import { h } from "./dom.js";

const DOING = { playing: "playing", watching: "watching", lobby: "in the lobby", offline: "offline" };

/** ``data``: {friends (GET /api/friends or null for a guest), lobby (GET /api/lobby)}. */
export function peoplePanel(app, data) {
  const parts = [h("h2", {}, "Friends and tables")];
  const friends = data.friends;
  if (friends) {
    const online = friends.friends.filter((f) => f.doing !== "offline");
    parts.push(h("h3", {}, `Friends online (${online.length} of ${friends.friends.length})`));
    parts.push(friends.friends.length
      ? h("ul", { class: "people", id: "friends-list" }, friends.friends.map((f) => h("li", { "data-name": f.name },
        h("b", {}, f.name), ` ${DOING[f.doing] || f.doing}`,
        f.table ? h("button", { type: "button", class: "btn btn-small", onclick: () => app.openTable(f.table) }, "Watch") : null,
        // Invite only where it can work: from a private table one hosts, to a friend
        // who is online and not at that table already.
        app.hostedTable() && f.doing !== "offline" && f.table !== app.hostedTable()
          ? h("button", { type: "button", class: "btn btn-small", onclick: () => app.inviteByName(f.name) }, "Invite") : null)))
      : h("p", { class: "muted" }, "Follow players; those who follow you back are your friends."));
    const name = h("input", { id: "people-name", maxlength: 20, placeholder: "A player's name", autocomplete: "off" });
    const act = (what) => () => name.value.trim() && app.people(what, name.value.trim());
    parts.push(h("div", { class: "inline" }, h("label", { for: "people-name", class: "sr-only" }, "Player"), name,
      h("button", { type: "button", class: "btn btn-small", id: "follow-go", onclick: act("follow") }, "Follow"),
      h("button", { type: "button", class: "btn btn-small", id: "block-go", onclick: act("block") }, "Block")));
    parts.push(reportForm(app, name));
    if (friends.blocked.length) parts.push(h("p", { class: "fine" }, `Blocked: ${friends.blocked.join(", ")}`));
  } else {
    parts.push(h("p", { class: "muted" }, "Sign in to follow players and see your friends online."));
  }
  const lobby = data.lobby || { open: [], watch: [] };
  if (lobby.pools && lobby.pools.length) {
    parts.push(h("h3", {}, "Quick play by rules"));
    parts.push(h("ul", { class: "people", id: "quick-pools" }, lobby.pools.map((p) => h("li", {}, p.rules,
      h("button", { type: "button", class: "btn btn-small", dataset: { pool: p.pool }, onclick: () => app.quickPool(p.pool) }, "Play")))));
  }
  parts.push(h("h3", {}, "Open tables"));
  parts.push(lobby.open.length
    ? h("ul", { class: "people", id: "open-tables" }, lobby.open.map((t) => h("li", {},
      `${t.rules} · ${t.free} free`, t.host ? ` · ${t.host}` : "",
      h("button", { type: "button", class: "btn btn-small", onclick: () => app.joinOpen(t.table) }, "Join"))))
    : h("p", { class: "muted" }, "No open tables right now. Host one and list it."));
  parts.push(h("h3", {}, "Watch"));
  parts.push(lobby.watch.length
    ? h("ul", { class: "people", id: "watch-list" }, lobby.watch.map((t) => watchRow(app, t)))
    : h("p", { class: "muted" }, "No games to watch right now."));
  return parts;
}

/** One game to watch (GET /api/lobby's row): its kind and rules, each side with its
 * players (ranked: their ratings) and score, and how far the game has gone. */
function watchRow(app, t) {
  const name = (seat) => (t.ratings ? `${t.players[seat]} (${ratingText(t.ratings[seat])})` : t.players[seat]);
  const sides = t.teams
    ? t.teams.map((seats, side) => `${seats.map(name).join(" & ")} ${number(t.scores[side])}`).join(" · ")
    : t.players.join(", ");
  const progress = t.hand ? `Hand ${t.hand}${t.max_hands ? ` of at most ${t.max_hands}` : ""} · to ${t.target}` : "";
  const kind = t.kind === "ranked" ? `Ranked ${ratingText(t.rating)}` : t.kind === "private" ? "Private" : null;
  return h("li", { class: "watch-row", dataset: { table: t.table } },
    h("span", { class: "watch-rules" }, kind ? h("b", {}, `${kind} · `) : null, t.rules),
    h("span", { class: "watch-score" }, sides), progress ? h("span", { class: "watch-progress fine" }, progress) : null,
    h("button", { type: "button", class: "btn btn-small", onclick: () => app.openTable(t.table) }, "Watch"));
}

/** The report route's reasons (server.social.reports.REASONS), each with its words. */
export const REASONS = [["abuse", "Abuse in chat"], ["cheating", "Cheating"], ["stalling", "Stalling"],
  ["name", "Offensive name"], ["other", "Something else"]];

/** Report the player named in ``nameBox``: a reason and a line (the room keeps the
 * table, the game and the chat when you share a table). */
function reportForm(app, nameBox) {
  const reason = h("select", { id: "report-reason", "aria-label": "Reason" },
    REASONS.map(([value, text]) => h("option", { value }, text)));
  const note = h("input", { id: "report-note", maxlength: 200, placeholder: "What happened (optional)", "aria-label": "Note" });
  return h("details", { class: "report" }, h("summary", {}, "Report a player"),
    h("div", { class: "inline" }, reason, note,
      h("button", { type: "button", class: "btn btn-small", id: "report-go", onclick: () => {
        if (nameBox.value.trim()) app.report(nameBox.value.trim(), reason.value, note.value.trim());
      } }, "Send")));
}

/** "1:05" for the time from now until ``until`` (ms since the epoch). */
function timeLeft(until) {
  const s = Math.max(0, Math.ceil((until - Date.now()) / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** The notice of an invite by name: the table (format, rules, who sits), the time left
 * to answer, Join or Decline (ignoring it costs nothing: it goes when it expires). */
export function inviteNotice(d, answer) {
  const left = h("span", { id: "invite-left" }, timeLeft(d.expires));
  const ticking = setInterval(() => { left.textContent = timeLeft(d.expires); }, 1000);
  const close = () => { clearInterval(ticking); box.remove(); };
  const table = [d.format, d.rules].filter(Boolean).join(" · ");
  const box = h("div", { class: "invite-notice", role: "alertdialog", "aria-label": "Invite" },
    h("p", {}, h("b", {}, d.from_name), " invites you to a table."),
    table ? h("p", { class: "fine", id: "invite-rules" }, table) : null,
    d.seated && d.seated.length ? h("p", { class: "fine", id: "invite-seated" }, `Seated: ${d.seated.join(", ")}`) : null,
    h("p", { class: "fine" }, "Answer within ", left, "."),
    h("button", { type: "button", class: "btn btn-primary", id: "invite-join", onclick: () => { close(); answer(true); } }, "Join"),
    h("button", { type: "button", class: "btn", id: "invite-decline", onclick: () => { close(); answer(false); } }, "Decline"));
  setTimeout(close, Math.max(0, d.expires - Date.now()));
  return box;
}
