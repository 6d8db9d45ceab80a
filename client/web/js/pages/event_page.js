// A tournament's page, /e/ID: what it is and when, Join to one not entered, Leave (and
// an Arena's Pause, or Resume once paused) to one entered (a partnership
// Knock-out: with a partner's name, a team once both asked), an Arena's live standings or
// a Knock-out's bracket, the games being played (each a Watch link), and at the end the
// podium and every game's link to the archive. The room pushes the event as it changes
// (/ws/events/ID); while that feed is down the page reads it again every few seconds.
// For a screen reader (event_words.js): the state and time left in words, the standings
// a table with your row marked, and in screen-reader mode each pushed change said once.
// The event's chat (the table chat's panel, ui/chat.js) under it, on the same feed: its
// players and host write, a public event's readers read, each muting whom they like.
import { formatDate, formatNumber, language, said, t, tParts } from "../i18n.js";
import { RequestError } from "../net/room.js";
import { ChatPanel } from "../ui/chat.js";
import { announce, fill, h, refill } from "../ui/dom.js";
import { whenNotPressed } from "../ui/press.js";
import { saveSettings, settings } from "../ui/settings.js";
import { gameHref } from "./api.js";
import { eventAction, eventHref, fetchEvent } from "./events_api.js";
import { EventNews, matchSentence, stateSentence } from "./event_words.js";

const REFRESH_MS = 3000; // the re-read while the feed is down
const RECONNECT_MS = 10_000;
const STATE_MS = 20_000; // the time left written again

function clock(ms) {
  return formatDate(new Date(ms), { hour: "2-digit", minute: "2-digit" });
}

function kindLine(e) {
  const what = e.kind === "arena"
    ? t("event.arena_line", { count: e.minutes, from: clock(e.starts), to: clock(e.ends) })
    : t("event.knockout_line", { size: e.size, match: t(e.best_of === 3 ? "event.best_of_three" : "event.one_game"),
      from: clock(e.starts) });
  // The preset by its id, as the event names it in every language.
  return [what, t("event.rules", { rules: e.preset.replace("_", "-") }), t(e.rated ? "event.rated" : "event.casual")]
    .join(" · ");
}

// The standings: a table read row by row (rank, name, points, games, wins), the
// viewer's row marked "(you)" and as the current one.
function standingsTable(rows) {
  if (!rows.length) return h("p", { class: "empty" }, t("event.nobody"));
  const rank = h("th", { scope: "col" }, h("span", { "aria-hidden": "true" }, "#"),
    h("span", { class: "sr-only", lang: language() }, t("srevent.rank")));
  return h("div", { class: "board-scroll", tabindex: "0", role: "region", "aria-label": t("event.standings"), id: "standings-region" },
    h("table", { class: "leaders", id: "standings" },
      h("thead", {}, h("tr", {}, rank, ["event.col_player", "event.col_points", "event.col_games", "event.col_won"]
        .map((col) => h("th", { scope: "col" }, t(col))))),
      h("tbody", {}, rows.map((r) => h("tr", { dataset: { pid: r.pid }, class: r.pid === viewer ? "mine" : null,
        "aria-current": r.pid === viewer ? "true" : null },
        h("td", {}, formatNumber(r.rank)),
        h("th", { scope: "row" }, r.name,
          r.pid === viewer ? h("span", { class: "you-mark", lang: language() }, ` ${t("srevent.you_mark")}`) : null,
          r.fire ? h("span", { role: "img", "aria-label": t("srevent.fire_label"), lang: language(),
            title: t("srevent.fire_label") }, " 🔥") : null,
          r.status !== "in" ? h("span", { class: "muted" }, ` ${t(`event.status.${r.status}`)}`) : null),
        h("td", {}, formatNumber(r.points)), h("td", {}, formatNumber(r.games)), h("td", {}, formatNumber(r.wins)))))));
}

function sideName(side) {
  return side ? `${formatNumber(side.seed)}. ${side.name}` : "–";
}

function bracket(e) {
  if (!e.matches.length) {
    const asks = Object.fromEntries((e.asking || []).map((a) => [a.name, a.partner]));
    return [h("p", { class: "muted" }, t("event.entered", { count: e.players })),
      h("ul", { class: "games-list", id: "entries" }, e.entries.map((names) => h("li", {}, names.join(" & "),
        names.length === 1 && asks[names[0]] ? h("span", { class: "muted" }, ` ${t("event.asks", { name: asks[names[0]] })}`) : null)))];
  }
  const rounds = [];
  for (let r = 1; r <= e.rounds; r += 1) {
    const title = r === e.rounds ? t("event.final") : r === e.rounds - 1 ? t("event.semis") : t("event.round", { n: r });
    rounds.push(h("section", { class: "bracket-round" }, h("h3", {}, title),
      h("ul", { class: "games-list" }, e.matches.filter((m) => m.round === r).map((m) => h("li", { dataset: { match: m.key } },
        // For the eye the seeds and score in columns; for a screen reader one sentence.
        h("span", { "aria-hidden": "true" },
          h("span", { class: m.winner && m.a && m.winner === m.a.seed ? "won" : "" }, sideName(m.a)),
          h("span", { class: "muted" }, m.a && !m.b && m.round === 1 ? ` ${t("event.goes_through")} `
            : ` ${formatNumber(m.wins[0])}–${formatNumber(m.wins[1])} `),
          h("span", { class: m.winner && m.b && m.winner === m.b.seed ? "won" : "" },
            m.b ? sideName(m.b) : t(m.round === 1 && m.a ? "event.bye" : "event.to_come"))),
        h("span", { class: "sr-only", lang: language() }, matchSentence(m)))))));
  }
  return h("div", { id: "bracket", class: "bracket" }, rounds);
}

function playing(e) {
  if (!e.playing.length) return h("p", { class: "empty" }, t("event.none_playing"));
  return h("ul", { class: "games-list", id: "playing" }, e.playing.map((p) => h("li", {},
    h("a", { href: `/#/t/${encodeURIComponent(p.table)}`, class: "btn btn-small" }, t("event.watch")),
    " ", (p.players || []).join(t(p.match ? "event.versus" : "list.comma")))));
}

function podium(e) {
  if (e.phase !== "finished") return null;
  const places = e.kind === "arena" ? e.podium.map((p) => [p.rank, p.name, t("srevent.points", { count: p.points })])
    : e.podium.map((names, k) => [k + 1, names.join(", "), ""]);
  return h("section", { class: "panel", id: "podium", "aria-labelledby": "podium-title" },
    h("h2", { id: "podium-title" }, t("event.podium")),
    h("ol", {}, places.map(([rank, name, note]) => h("li", { value: String(rank) }, h("b", {}, name), note ? ` · ${note}` : ""))),
    h("h3", {}, t("event.every_game")),
    e.games.length ? h("ul", { class: "games-list" }, e.games.map((id) => h("li", {}, h("a", { href: gameHref(id), class: "game-link" }, id))))
      : h("p", { class: "fine", id: "no-games" }, t("event.no_games")));
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

function actions(root, e, noted) {
  const open = e.kind === "arena" ? e.phase === "next" || e.phase === "running" : e.phase === "next";
  if (!open) return null;
  // Made with its words: a status region whose text is set again at each redraw would
  // be read again at each push.
  const note = h("p", { class: "fine", role: "status", id: "event-note" }, noted || "");
  const where = entry(e);
  // A partnership Knock-out is entered alone or with a partner who asks for you too.
  const partner = e.kind === "knockout" && e.preset !== "two_handed" && where !== "in"
    ? h("input", { id: "event-partner", autocomplete: "off", maxlength: 40 }) : null;
  // What the player did, said as the screen-reader news says it.
  const done = { join: where === "paused" ? "srevent.you_back" : "srevent.you_join",
    pause: "srevent.you_pauses", leave: "srevent.you_leaves" };
  const button = (what, label, id = `event-${what}`) => h("button", { type: "button", class: "btn", id, onclick: async () => {
    try {
      const named = what === "join" && partner && partner.value.trim();
      render(root, await eventAction(e.id, what, named ? { partner: named } : undefined), { news: false });
      // In screen-reader mode the news says it, once.
      if (!settings.screenReader) document.getElementById("event-note").textContent = t(done[what]);
      // The button pressed is gone (Join becomes Pause and Leave): the focus goes to the
      // first of the new ones rather than to the page's start.
      if (!document.activeElement || document.activeElement === document.body) {
        document.querySelector(".event-actions button, #sr-mode")?.focus();
      }
    } catch (err) {
      document.getElementById("event-note").textContent = said(err.message, err.key, err.args); // a push may have redrawn it
    }
  } }, label);
  return h("div", { class: "event-actions" },
    partner ? h("label", { for: "event-partner" }, t("event.partner")) : null,
    h("div", { class: "inline" }, partner,
      where === "out" ? button("join", t("event.join")) : where === "paused" ? button("join", t("event.resume")) : null,
      where === "single" ? button("join", t("event.team_up"), "event-team") : null,
      e.kind === "arena" && where === "in" ? button("pause", t("event.pause")) : null,
      where !== "out" ? button("leave", t("event.leave")) : null), note);
}

function privateNote(e) {
  if (!e.private) return null;
  const href = eventHref(e.id);
  return h("p", { class: "fine", id: "event-private" },
    tParts("event.private", { link: h("a", { href }, location.origin + href) }));
}

/** The switch of the screen-reader mode (the table's setting, kept in this browser). */
function modeSwitch() {
  return h("label", { class: "switch sr-switch event-sr-switch" },
    h("input", { type: "checkbox", role: "switch", id: "sr-mode", checked: !!settings.screenReader,
      onchange: (ev) => {
        saveSettings({ screenReader: ev.target.checked });
        announce(t(ev.target.checked ? "srevent.mode_on" : "srreplay.off"));
      } }),
    h("span", { lang: language() }, t("srreplay.switch")));
}

let viewer = null; // this page's player id, from the room's answers (its pushes name nobody)
const news = new EventNews();

/** Draw the event ``e``; ``news``: say what changed since the last event heard (a push
 * or a re-read; not an action's own answer, which a push older than it may follow). */
function render(root, e, { news: heard = true } = {}) {
  if ("you" in e) viewer = e.you;
  window.eventPage = e; // for the browser tests and the curious
  // A push redraws the page: what is being typed in the partner box stays, with the
  // focus (on a button too), and so does the note of the last action.
  const noted = document.getElementById("event-note")?.textContent;
  refill(root, h("article", { class: "event-page", dataset: { phase: e.phase } },
    h("header", { class: "panel panel-hero" },
      h("h1", { id: "event-name" }, e.name),
      h("p", { class: "final", id: "event-phase", lang: language() }, stateSentence(e)),
      h("p", { class: "muted" }, kindLine(e)), privateNote(e), actions(root, e, noted), modeSwitch()),
    podium(e),
    h("section", { class: "panel", "aria-labelledby": "table-title" },
      h("h2", { id: "table-title" }, t(e.kind === "arena" ? "event.standings" : "event.bracket")),
      e.kind === "arena" ? standingsTable(e.standings) : bracket(e)),
    h("section", { class: "panel", "aria-labelledby": "playing-title" },
      h("h2", { id: "playing-title" }, t("event.playing_now")), playing(e))));
  if (heard) news.hear(e, viewer);
}

/** The event's chat on its feed: ``request`` sends one of the chat's messages and
 * resolves with the answer (``ack``) or rejects with the room's sentence (``err``). */
class EventChat {
  constructor() {
    this.sock = null;
    this.ids = 0;
    this.pending = new Map();
    this.can = { read: false, post: false };
    this.over = false;
    this.names = new Map(); // pid -> name: the event's players, and whoever wrote
    this.panel = new ChatPanel({ room: this, place: this.place() });
    this.closed = h("p", { class: "fine", id: "event-chat-closed", hidden: true }, t("echat.closed"));
    this.el = h("section", { class: "panel event-chat", id: "event-chat", "aria-label": t("echat.title") },
      this.closed, this.panel.el);
    // Always open on the page (no focus taken), shown once the feed says what this
    // reader may do.
    this.panel.visible = true;
  }

  place() {
    return {
      title: t("echat.title"),
      docked: true,
      watching: () => !this.can.post,
      canSay: () => this.can.post,
      audience: () => t(this.over ? "echat.over" : this.can.post ? "echat.audience_players" : "echat.audience_reading"),
      mine: (m) => m.pid === viewer,
      keyOf: (m) => m.pid,
      tag: (m) => ({ pid: m.pid || "" }),
      nameOf: (m) => m.name || "?",
      muteLegend: t("echat.mute_legend"),
      noPeople: t("echat.no_people"),
      // Every player of the event (and whoever else wrote: its host), by name; a long
      // Arena's list scrolls in its own box (pages.css).
      people: (messages, muted) => [...new Set([...this.names.keys(), ...messages.map((m) => m.pid), ...muted])]
        .filter((pid) => pid && pid !== viewer && this.names.has(pid))
        .map((pid) => ({ key: pid, label: this.names.get(pid), data: { pid } }))
        .sort((a, b) => a.label.localeCompare(b.label)),
      muteData: (pid, on) => ({ pid, on }),
    };
  }

  /** The event's players' names (each may be muted, before they write); true when one
   * is new (a player joined), and the panel's list is drawn again. */
  know(e) {
    const before = this.names.size;
    for (const r of e.standings || []) this.names.set(r.pid, r.name);
    (e.entrants || []).forEach((pids, k) => pids.forEach((pid, j) => this.names.set(pid, (e.entries[k] || [])[j] || "?")));
    return this.names.size !== before;
  }

  attach(sock) {
    this.sock = sock;
  }

  /** The event is over and its feed closed: what was said stays, nothing more is said. */
  end() {
    this.over = true;
    this.can = { ...this.can, post: false };
    this.panel.render();
  }

  detach() {
    this.sock = null;
    for (const item of this.pending.values()) item.reject(new RequestError("closed", t("echat.offline")));
    this.pending.clear();
  }

  request(type, d) {
    if (!this.sock || this.sock.readyState !== WebSocket.OPEN) {
      return Promise.reject(new RequestError("closed", t("echat.offline")));
    }
    this.ids += 1;
    const id = this.ids;
    this.sock.send(JSON.stringify({ t: type, d, id }));
    return new Promise((resolve, reject) => this.pending.set(id, { resolve, reject }));
  }

  /** A frame of the feed that is the chat's; false for any other. */
  hear(frame) {
    if (frame.t === "ack" || frame.t === "err") {
      const item = this.pending.get(frame.id);
      this.pending.delete(frame.id);
      if (item && frame.t === "ack") item.resolve(frame.d);
      else if (item) item.reject(new RequestError(frame.d.code, said(frame.d.msg, frame.d.key, frame.d.args)));
    } else if (frame.t === "chat_state") {
      this.can = { read: frame.d.read, post: frame.d.post };
      for (const m of frame.d.lines) this.names.set(m.pid, m.name);
      this.closed.hidden = frame.d.read;
      this.panel.el.hidden = !frame.d.read;
      this.panel.fromSnapshot({ chat_on: frame.d.on, chat: frame.d.lines, muted: frame.d.muted }, false);
    } else if (frame.t === "chat") {
      this.names.set(frame.d.pid, frame.d.name);
      this.panel.receive(frame.d);
    } else {
      return false;
    }
    window.eventChat = { ...this.can, on: this.panel.on, lines: this.panel.messages.length };
    return true;
  }
}

/** Keep the page of event ``id`` fresh: the room's pushes while its feed is open, a
 * re-read every few seconds while it is not (and a new try at the feed now and then). */
function follow(root, id, chat) {
  let polling = null;
  const reread = async () => {
    try {
      const e = await fetchEvent(id);
      whenNotPressed(() => render(root, e));
    } catch { /* the next one will tell */ }
  };
  const finished = () => window.eventPage && window.eventPage.phase === "finished";
  const poll = () => {
    if (polling === null) polling = setInterval(() => (finished() ? clearInterval(polling) : reread()), REFRESH_MS);
  };
  const open = () => {
    const sock = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/events/${encodeURIComponent(id)}`);
    sock.onopen = () => {
      window.eventFeed = "open";
      chat.attach(sock);
      clearInterval(polling);
      polling = null;
    };
    sock.onmessage = (m) => {
      const frame = JSON.parse(m.data);
      if (chat.hear(frame) || frame.t !== "event") return;
      if (chat.know(frame.event)) chat.panel.render();
      whenNotPressed(() => render(root, frame.event));
      if (frame.event.phase === "finished") {
        sock.close(); // nothing more will change (its chat ends with it)
        chat.end();
      }
    };
    sock.onclose = () => {
      window.eventFeed = "closed";
      chat.detach();
      if (finished()) return;
      poll();
      setTimeout(open, RECONNECT_MS);
    };
  };
  open();
  // The time left, written again now and then (not said: the page's news says the start
  // and the end).
  setInterval(() => {
    const line = document.getElementById("event-phase");
    if (line && window.eventPage) line.textContent = stateSentence(window.eventPage);
  }, STATE_MS);
  // An Arena starts and ends by the clock, with no change to push: read it then.
  for (const at of [window.eventPage.starts, window.eventPage.ends]) {
    const wait = (at || 0) - Date.now();
    if (wait > 0 && wait < 2 ** 31 - 1) setTimeout(reread, wait + 1000);
  }
}

/** Show the event ``id`` in ``root`` and keep it fresh; rejects when there is none. */
export async function showEvent(root, id) {
  const e = await fetchEvent(id);
  document.title = `${e.name} · Spades Room`; // i18n: the room's name
  document.getElementById("live")?.setAttribute("lang", language()); // the news's words
  // The event is drawn again at each push; its chat beside it is not (what is typed stays).
  const body = h("div", { id: "event-body" });
  const chat = new EventChat();
  chat.know(e);
  fill(root, body, chat.el);
  render(body, e);
  follow(body, id, chat);
}
