// A tournament's page, /e/ID: what it is and when, Join to one not entered, Leave (and
// an Arena's Pause, or Resume once paused) to one entered (a partnership
// Knock-out: with a partner's name, a team once both asked), an Arena's live standings or
// a Knock-out's bracket, the games being played (each a Watch link), and at the end the
// podium and every game's link to the archive. The room pushes the event as it changes
// (/ws/events/ID); while that feed is down the page reads it again every few seconds.
import { h } from "../ui/dom.js";
import { gameHref } from "./api.js";
import { eventAction, eventHref, fetchEvent } from "./events_api.js";

const PHASES = { next: "Starts soon", running: "Under way", ending: "Last games", finished: "Finished" };
const REFRESH_MS = 3000; // the re-read while the feed is down
const RECONNECT_MS = 10_000;

function clock(ms) {
  return new Date(ms).toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" });
}

function kindLine(e) {
  const what = e.kind === "arena" ? `Arena · ${e.minutes} minutes · ${clock(e.starts)}–${clock(e.ends)}`
    : `Knock-out of ${e.size} · ${e.best_of === 3 ? "best of three" : "one game a match"} · from ${clock(e.starts)}`;
  return `${what} · ${e.preset.replace("_", "-")} rules · ${e.rated ? "rated" : "casual"}`;
}

function standingsTable(rows) {
  if (!rows.length) return h("p", { class: "empty" }, "Nobody has joined yet.");
  return h("div", { class: "board-scroll", tabindex: "0", role: "region", "aria-label": "Standings" },
    h("table", { class: "leaders", id: "standings" },
      h("thead", {}, h("tr", {}, ["#", "Player", "Points", "Games", "Won"].map((t) => h("th", { scope: "col" }, t)))),
      h("tbody", {}, rows.map((r) => h("tr", { dataset: { pid: r.pid } },
        h("td", {}, String(r.rank)),
        h("th", { scope: "row" }, r.name, r.fire ? h("span", { title: "On a streak: points count double" }, " 🔥") : null,
          r.status !== "in" ? h("span", { class: "muted" }, ` (${r.status})`) : null),
        h("td", {}, String(r.points)), h("td", {}, String(r.games)), h("td", {}, String(r.wins)))))));
}

function sideName(side) {
  return side ? `${side.seed}. ${side.name}` : "–";
}

function bracket(e) {
  if (!e.matches.length) {
    const asks = Object.fromEntries((e.asking || []).map((a) => [a.name, a.partner]));
    return [h("p", { class: "muted" }, `${e.players} entered so far.`),
      h("ul", { class: "games-list", id: "entries" }, e.entries.map((names) => h("li", {}, names.join(" & "),
        names.length === 1 && asks[names[0]] ? h("span", { class: "muted" }, ` (asks ${asks[names[0]]} to partner)`) : null)))];
  }
  const rounds = [];
  for (let r = 1; r <= e.rounds; r += 1) {
    const title = r === e.rounds ? "Final" : r === e.rounds - 1 ? "Semi-finals" : `Round ${r}`;
    rounds.push(h("section", { class: "bracket-round" }, h("h3", {}, title),
      h("ul", { class: "games-list" }, e.matches.filter((m) => m.round === r).map((m) => h("li", { dataset: { match: m.key } },
        h("span", { class: m.winner && m.a && m.winner === m.a.seed ? "won" : "" }, sideName(m.a)),
        h("span", { class: "muted" }, m.a && !m.b && m.round === 1 ? " goes through: a " : ` ${m.wins[0]}–${m.wins[1]} `),
        h("span", { class: m.winner && m.b && m.winner === m.b.seed ? "won" : "" },
          m.b ? sideName(m.b) : m.round === 1 && m.a ? "bye" : "to come"))))));
  }
  return h("div", { id: "bracket", class: "bracket" }, rounds);
}

function playing(e) {
  if (!e.playing.length) return h("p", { class: "empty" }, "No game is being played just now.");
  return h("ul", { class: "games-list", id: "playing" }, e.playing.map((p) => h("li", {},
    h("a", { href: `/#/t/${encodeURIComponent(p.table)}`, class: "btn btn-small" }, "Watch"),
    " ", (p.players || []).join(p.match ? " v " : ", "))));
}

function podium(e) {
  if (e.phase !== "finished") return null;
  const places = e.kind === "arena" ? e.podium.map((p) => [p.rank, p.name, `${p.points} points`])
    : e.podium.map((names, k) => [k + 1, names.join(", "), ""]);
  return h("section", { class: "panel", id: "podium", "aria-labelledby": "podium-title" },
    h("h2", { id: "podium-title" }, "Podium"),
    h("ol", {}, places.map(([rank, name, note]) => h("li", { value: String(rank) }, h("b", {}, name), note ? ` · ${note}` : ""))),
    h("h3", {}, "Every game"),
    h("ul", { class: "games-list" }, e.games.map((id) => h("li", {}, h("a", { href: gameHref(id), class: "game-link" }, id)))));
}

/** Where this page's player stands: "out" (not entered, or left an Arena), "in",
 * "single" (in a partnership Knock-out without a partner yet), or "paused" (an Arena).
 * The room names the player ("you") in its answers, not in its pushes. */
function entry(e) {
  if (e.kind === "knockout") {
    const mine = (e.entrants || []).find((pids) => pids.includes(viewer));
    return !mine ? "out" : mine.length === 1 && e.preset !== "two_handed" ? "single" : "in";
  }
  const mine = e.standings.find((r) => r.pid === viewer);
  return !mine || mine.status === "left" ? "out" : mine.status;
}

function actions(root, e) {
  const open = e.kind === "arena" ? e.phase === "next" || e.phase === "running" : e.phase === "next";
  if (!open) return null;
  const note = h("p", { class: "fine", role: "status", id: "event-note" });
  const where = entry(e);
  // A partnership Knock-out is entered alone or with a partner who asks for you too.
  const partner = e.kind === "knockout" && e.preset !== "two_handed" && where !== "in"
    ? h("input", { id: "event-partner", autocomplete: "off", maxlength: 40 }) : null;
  const button = (what, label, id = `event-${what}`) => h("button", { type: "button", class: "btn", id, onclick: async () => {
    try {
      const named = what === "join" && partner && partner.value.trim();
      render(root, await eventAction(e.id, what, named ? { partner: named } : undefined));
      document.getElementById("event-note").textContent = `${label}: done.`;
    } catch (err) {
      document.getElementById("event-note").textContent = err.message; // a push may have redrawn it
    }
  } }, label);
  return h("div", { class: "event-actions" },
    partner ? h("label", { for: "event-partner" }, "Partner (optional): a team once they name you too") : null,
    h("div", { class: "inline" }, partner,
      where === "out" ? button("join", "Join") : where === "paused" ? button("join", "Resume") : null,
      where === "single" ? button("join", "Team up", "event-team") : null,
      e.kind === "arena" && where === "in" ? button("pause", "Pause") : null,
      where !== "out" ? button("leave", "Leave") : null), note);
}

function privateNote(e) {
  if (!e.private) return null;
  const href = eventHref(e.id);
  return h("p", { class: "fine", id: "event-private" }, "Private: not listed in the lobby; players come by this link: ",
    h("a", { href }, location.origin + href));
}

let viewer = null; // this page's player id, from the room's answers (its pushes name nobody)

function render(root, e) {
  if ("you" in e) viewer = e.you;
  window.eventPage = e; // for the browser tests and the curious
  // A push redraws the page: what is being typed in the partner box stays, with its
  // focus, and so does the note of the last action.
  const typed = document.getElementById("event-partner");
  const kept = typed ? { value: typed.value, focused: document.activeElement === typed } : null;
  const said = document.getElementById("event-note")?.textContent;
  root.replaceChildren(h("article", { class: "event-page", dataset: { phase: e.phase } },
    h("header", { class: "panel panel-hero" },
      h("h1", { id: "event-name" }, e.name),
      h("p", { class: "final", id: "event-phase" }, PHASES[e.phase] || e.phase),
      h("p", { class: "muted" }, kindLine(e)), privateNote(e), actions(root, e)),
    podium(e),
    h("section", { class: "panel", "aria-labelledby": "table-title" },
      h("h2", { id: "table-title" }, e.kind === "arena" ? "Standings" : "Bracket"),
      e.kind === "arena" ? standingsTable(e.standings) : bracket(e)),
    h("section", { class: "panel", "aria-labelledby": "playing-title" },
      h("h2", { id: "playing-title" }, "Playing now"), playing(e))));
  const note = document.getElementById("event-note");
  if (note && said) note.textContent = said;
  const box = document.getElementById("event-partner");
  if (box && kept) {
    box.value = kept.value;
    if (kept.focused) box.focus();
  }
}

/** Keep the page of event ``id`` fresh: the room's pushes while its feed is open, a
 * re-read every few seconds while it is not (and a new try at the feed now and then). */
function follow(root, id) {
  let polling = null;
  const reread = async () => {
    try { render(root, await fetchEvent(id)); } catch { /* the next one will tell */ }
  };
  const finished = () => window.eventPage && window.eventPage.phase === "finished";
  const poll = () => {
    if (polling === null) polling = setInterval(() => (finished() ? clearInterval(polling) : reread()), REFRESH_MS);
  };
  const open = () => {
    const sock = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/events/${encodeURIComponent(id)}`);
    sock.onopen = () => {
      window.eventFeed = "open";
      clearInterval(polling);
      polling = null;
    };
    sock.onmessage = (m) => {
      const frame = JSON.parse(m.data);
      if (frame.t !== "event") return;
      render(root, frame.event);
      if (finished()) sock.close(); // nothing more will change
    };
    sock.onclose = () => {
      window.eventFeed = "closed";
      if (finished()) return;
      poll();
      setTimeout(open, RECONNECT_MS);
    };
  };
  open();
  // An Arena starts and ends by the clock, with no change to push: read it then.
  for (const at of [window.eventPage.starts, window.eventPage.ends]) {
    const wait = (at || 0) - Date.now();
    if (wait > 0 && wait < 2 ** 31 - 1) setTimeout(reread, wait + 1000);
  }
}

/** Show the event ``id`` in ``root`` and keep it fresh; rejects when there is none. */
export async function showEvent(root, id) {
  const e = await fetchEvent(id);
  document.title = `${e.name} · Spades Room`;
  render(root, e);
  follow(root, id);
}
