// A tournament's page, /e/ID: what it is and when, Join / Pause / Leave, an Arena's live
// standings or a Knock-out's bracket, the games being played (each a Watch link), and at
// the end the podium and every game's link to the archive. Read again every few seconds
// while the event is on.
import { h } from "../ui/dom.js";
import { gameHref } from "./api.js";
import { eventAction, eventHref, fetchEvent } from "./events_api.js";

const PHASES = { next: "Starts soon", running: "Under way", ending: "Last games", finished: "Finished" };
const REFRESH_MS = 3000;

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
    return [h("p", { class: "muted" }, `${e.players} entered so far.`),
      h("ul", { class: "games-list" }, e.entries.map((names) => h("li", {}, names.join(" & "))))];
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

function actions(root, e) {
  if (e.phase === "finished" || (e.kind === "knockout" && e.phase !== "next")) return null;
  const note = h("p", { class: "fine", role: "status", id: "event-note" });
  const button = (what, label) => h("button", { type: "button", class: "btn", id: `event-${what}`, onclick: async () => {
    try {
      render(root, await eventAction(e.id, what));
      document.getElementById("event-note").textContent = `${label}: done.`;
    } catch (err) {
      note.textContent = err.message;
    }
  } }, label);
  return h("div", { class: "inline event-actions" }, button("join", "Join"),
    e.kind === "arena" ? button("pause", "Pause") : null, button("leave", "Leave"), note);
}

function privateNote(e) {
  if (!e.private) return null;
  const href = eventHref(e.id);
  return h("p", { class: "fine", id: "event-private" }, "Private: not listed in the lobby; players come by this link: ",
    h("a", { href }, location.origin + href));
}

function render(root, e) {
  window.eventPage = e; // for the browser tests and the curious
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
}

/** Show the event ``id`` in ``root`` and keep it fresh; rejects when there is none. */
export async function showEvent(root, id) {
  const e = await fetchEvent(id);
  document.title = `${e.name} · Spades Room`;
  render(root, e);
  const timer = setInterval(async () => {
    if (window.eventPage && window.eventPage.phase === "finished") { clearInterval(timer); return; }
    try { render(root, await fetchEvent(id)); } catch { /* the next one will tell */ }
  }, REFRESH_MS);
}

