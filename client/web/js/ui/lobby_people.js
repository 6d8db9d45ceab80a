// The lobby's people and tables (issue 17): friends online and what they do (Watch),
// follow / block a player by name, open tables to join, and live games to watch. The
// panel's contents only; lobby.js owns the panel and when it is redrawn.
import { formatNumber, saidParts, t, tParts } from "../i18n.js";
import { ratingText } from "../game/numbers.js";
import { h } from "./dom.js";

/** What a friend does, in words (``people.doing.playing``...; an unknown state as sent). */
function doing(what) {
  const said = t(`people.doing.${what}`);
  return said.startsWith("people.doing.") ? what : said;
}

/** A row's rules in one line ("500 · Blind Nil any · bags 10/100"), in the page's
 * language: said from its ``rules_parts`` (catalogue ids and arguments), else as sent. */
function rulesOf(row) {
  return saidParts(row.rules, row.rules_parts);
}

/** The panel's body (its heading is the lobby's). ``data``: {friends (GET /api/friends
 * or null for a guest), lobby (GET /api/lobby)}. */
export function peoplePanel(app, data) {
  const parts = [];
  const friends = data.friends;
  if (friends) {
    const online = friends.friends.filter((f) => f.doing !== "offline");
    parts.push(h("h3", {}, t("people.online", { online: online.length, count: friends.friends.length })));
    parts.push(friends.friends.length
      ? h("ul", { class: "people", id: "friends-list" }, friends.friends.map((f) => h("li", { "data-name": f.name },
        h("b", {}, f.name), ` ${doing(f.doing)}`,
        f.table ? h("button", { type: "button", class: "btn btn-small", onclick: () => app.openTable(f.table) }, t("people.watch")) : null,
        // Invite only where it can work: from a private table one hosts, to a friend
        // who is online and not at that table already.
        app.hostedTable() && f.doing !== "offline" && f.table !== app.hostedTable()
          ? h("button", { type: "button", class: "btn btn-small", onclick: () => app.inviteByName(f.name) }, t("people.invite")) : null)))
      : h("p", { class: "muted" }, t("people.none")));
    const name = h("input", { id: "people-name", maxlength: 20, placeholder: t("people.name_placeholder"), autocomplete: "off" });
    const act = (what) => () => name.value.trim() && app.people(what, name.value.trim());
    parts.push(h("div", { class: "inline" }, h("label", { for: "people-name", class: "sr-only" }, t("people.player")), name,
      h("button", { type: "button", class: "btn btn-small", id: "follow-go", onclick: act("follow") }, t("people.follow")),
      h("button", { type: "button", class: "btn btn-small", id: "block-go", onclick: act("block") }, t("people.block"))));
    parts.push(reportForm(app, name));
    if (friends.blocked.length) {
      parts.push(h("p", { class: "fine" }, t("people.blocked", { names: friends.blocked.join(t("list.comma")) })));
    }
  } else {
    parts.push(h("p", { class: "muted" }, t("people.sign_in")));
  }
  const lobby = data.lobby || { open: [], watch: [] };
  if (lobby.pools && lobby.pools.length) {
    parts.push(h("h3", {}, t("people.quick_title")));
    parts.push(h("ul", { class: "people", id: "quick-pools" }, lobby.pools.map((p) => h("li", {}, rulesOf(p),
      h("button", { type: "button", class: "btn btn-small", dataset: { pool: p.pool }, onclick: () => app.quickPool(p.pool) }, t("people.play"))))));
  }
  parts.push(h("h3", {}, t("people.open_title")));
  parts.push(lobby.open.length
    ? h("ul", { class: "people", id: "open-tables" }, lobby.open.map((row) => h("li", {},
      `${rulesOf(row)} · ${t("people.free", { count: row.free })}`, row.host ? ` · ${row.host}` : "",
      h("button", { type: "button", class: "btn btn-small", onclick: () => app.joinOpen(row.table) }, t("lobby.join")))))
    : h("p", { class: "muted" }, t("people.no_open")));
  parts.push(h("h3", {}, t("people.watch_title")));
  parts.push(lobby.watch.length
    ? h("ul", { class: "people", id: "watch-list" }, lobby.watch.map((row) => watchRow(app, row)))
    : h("p", { class: "muted" }, t("people.no_watch")));
  return parts;
}

/** One game to watch (GET /api/lobby's row): its kind and rules, each side with its
 * players (ranked: their ratings) and score, and how far the game has gone. */
function watchRow(app, row) {
  const name = (seat) => (row.ratings ? `${row.players[seat]} (${ratingText(row.ratings[seat])})` : row.players[seat]);
  const sides = row.teams
    ? row.teams.map((seats, side) => `${seats.map(name).join(" & ")} ${formatNumber(row.scores[side])}`).join(" · ")
    : row.players.join(t("list.comma"));
  const progress = !row.hand ? ""
    : row.max_hands ? t("people.progress_max", { hand: row.hand, max: row.max_hands, target: row.target })
      : t("people.progress", { hand: row.hand, target: row.target });
  const kind = row.kind === "ranked" ? t("people.kind_ranked", { rating: ratingText(row.rating) })
    : row.kind === "private" ? t("title.private") : null;
  return h("li", { class: "watch-row", dataset: { table: row.table } },
    h("span", { class: "watch-rules" }, kind ? h("b", {}, `${kind} · `) : null, rulesOf(row)),
    h("span", { class: "watch-score" }, sides), progress ? h("span", { class: "watch-progress fine" }, progress) : null,
    h("button", { type: "button", class: "btn btn-small", onclick: () => app.openTable(row.table) }, t("people.watch")));
}

/** The report route's reasons (server.social.reports.REASONS), each with its words in
 * the page's language (call it once the catalogue is loaded). */
export function reasons() {
  return ["abuse", "cheating", "stalling", "name", "other"].map((value) => [value, t(`report.reason.${value}`)]);
}

/** Report the player named in ``nameBox``: a reason and a line (the room keeps the
 * table, the game and the chat when you share a table). */
function reportForm(app, nameBox) {
  const reason = h("select", { id: "report-reason", "aria-label": t("report.reason") },
    reasons().map(([value, text]) => h("option", { value }, text)));
  const note = h("input", { id: "report-note", maxlength: 200, placeholder: t("report.note_placeholder"), "aria-label": t("report.note") });
  return h("details", { class: "report" }, h("summary", {}, t("report.summary")),
    h("div", { class: "inline" }, reason, note,
      h("button", { type: "button", class: "btn btn-small", id: "report-go", onclick: () => {
        if (nameBox.value.trim()) app.report(nameBox.value.trim(), reason.value, note.value.trim());
      } }, t("report.send"))));
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
  const format = d.format_part ? saidParts(d.format, [d.format_part]) : d.format;
  const table = [format, rulesOf(d)].filter(Boolean).join(" · ");
  const box = h("div", { class: "invite-notice", role: "alertdialog", "aria-label": t("invite.label") },
    h("p", {}, ...tParts("invite.from", { name: h("b", {}, d.from_name) })),
    table ? h("p", { class: "fine", id: "invite-rules" }, table) : null,
    d.seated && d.seated.length
      ? h("p", { class: "fine", id: "invite-seated" }, t("invite.seated", { names: d.seated.join(t("list.comma")) })) : null,
    h("p", { class: "fine" }, ...tParts("invite.within", { left })),
    h("button", { type: "button", class: "btn btn-primary", id: "invite-join", onclick: () => { close(); answer(true); } }, t("lobby.join")),
    h("button", { type: "button", class: "btn", id: "invite-decline", onclick: () => { close(); answer(false); } }, t("invite.decline")));
  setTimeout(close, Math.max(0, d.expires - Date.now()));
  return box;
}
