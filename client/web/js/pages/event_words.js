// A tournament's page (event_page.js) for a screen reader: the event's state and time
// left in words, and, in screen-reader mode, each pushed change said once through the
// polite live region (EventNews): a player joining, pausing, coming back or leaving, a
// game counted (each of its players' points and place, and your own place when another
// game moved it), a player on a streak, the event starting, its last games, its end and
// its winner; a Knock-out's entries, each game of a match and each match won.
import { listOf } from "../game/cards.js";
import { ordinal, t } from "../i18n.js";
import { announce } from "../ui/dom.js";
import { settings } from "../ui/settings.js";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The time from ``now`` to ``at`` in words: minutes, hours past two hours, days past two days. */
function timeTo(at, now) {
  const left = Math.max(0, at - now);
  if (left >= 48 * HOUR) return t("srevent.days", { count: Math.round(left / (24 * HOUR)) });
  if (left >= 2 * HOUR) return t("srevent.hours", { count: Math.round(left / HOUR) });
  return t("srevent.minutes", { count: Math.max(1, Math.ceil(left / MINUTE)) });
}

/** The Knock-out's round under way: the first with a match not yet won. */
function roundNow(e) {
  const open = e.matches.filter((m) => !m.winner).map((m) => m.round);
  return open.length ? Math.min(...open) : e.rounds;
}

/** The event's state in words, with the time left: "Under way: 30 minutes left." */
export function stateSentence(e, now = Date.now()) {
  if (e.phase === "next") return t("srevent.state_next", { time: timeTo(e.starts, now) });
  if (e.phase === "ending") return t("srevent.state_ending");
  if (e.phase === "finished") return t("srevent.state_finished");
  if (e.kind === "arena") return t("srevent.state_running", { time: timeTo(e.ends, now) });
  return t("srevent.state_round", { n: roundNow(e), of: e.rounds });
}

/** A side of a Knock-out's match: "Wanda (seed 1)". */
function seeded(side) {
  return t("srevent.seeded", { name: side.name, seed: side.seed });
}

/** One match of a Knock-out's bracket in one sentence: who meets whom, the games won, the
 * winner; a bye; a side still to come. */
export function matchSentence(m) {
  if (!m.a && !m.b) return t("srevent.bracket_open");
  if (!m.a || !m.b) {
    const known = seeded(m.a || m.b);
    return m.round === 1 ? t("srevent.bracket_bye", { a: known }) : t("srevent.bracket_waiting", { a: known });
  }
  const args = { a: seeded(m.a), b: seeded(m.b), wins_a: m.wins[0], wins_b: m.wins[1] };
  if (!m.winner) return t("srevent.bracket_match", args);
  return t("srevent.bracket_won", { ...args, winner: m.winner === m.a.seed ? m.a.name : m.b.name });
}

function points(count) {
  return t("srevent.points", { count });
}

/** The sentences of an Arena's players from ``before`` to ``now``: who came, paused,
 * came back or left, then each player of a counted game in the standings' order, your
 * own place when another game moved it, and who is newly on a streak. */
function arenaNews(before, now, viewer) {
  const was = new Map(before.standings.map((r) => [r.pid, r]));
  const out = [];
  for (const row of now.standings) {
    const old = was.get(row.pid);
    const mine = row.pid === viewer;
    const name = row.name;
    if (!old) out.push(mine ? t("srevent.you_join") : t("srevent.joins", { name }));
    else if (old.status !== row.status && row.status === "in") out.push(mine ? t("srevent.you_back") : t("srevent.back", { name }));
    else if (old.status !== row.status && row.status === "paused") out.push(mine ? t("srevent.you_pauses") : t("srevent.pauses", { name }));
    else if (old.status !== row.status) out.push(mine ? t("srevent.you_leaves") : t("srevent.leaves", { name }));
  }
  const counted = now.standings.filter((r) => was.has(r.pid) && r.games > was.get(r.pid).games);
  for (const row of counted) {
    const old = was.get(row.pid);
    const args = { name: row.name, points: points(row.points - old.points), total: row.points, rank: ordinal(row.rank) };
    const up = row.rank < old.rank;
    const down = row.rank > old.rank;
    if (row.pid === viewer) {
      out.push(up ? t("srevent.scored_you_up", args) : down ? t("srevent.scored_you_down", args) : t("srevent.scored_you_same", args));
    } else {
      out.push(up ? t("srevent.scored_other_up", args) : down ? t("srevent.scored_other_down", args) : t("srevent.scored_other_same", args));
    }
  }
  const me = now.standings.find((r) => r.pid === viewer);
  if (counted.length && me && was.has(me.pid) && !counted.includes(me) && was.get(me.pid).rank !== me.rank) {
    out.push(t("srevent.you_rank", { rank: ordinal(me.rank) }));
  }
  for (const row of now.standings) {
    if (row.fire && was.has(row.pid) && !was.get(row.pid).fire) {
      out.push(row.pid === viewer ? t("srevent.you_fire") : t("srevent.fire", { name: row.name }));
    }
  }
  return out;
}

/** The entries of a Knock-out by their players' ids ("p1,p2"): their names ("Ann & Bo"). */
function entryNames(e) {
  return new Map(e.entries.map((names, k) => [(e.entrants[k] || []).join(","), names.join(" & ")]));
}

/** The sentences of a Knock-out from ``before`` to ``now``: the entries come or gone (a
 * single who teamed up is in the team's entry), each game counted and each match won. */
function knockoutNews(before, now, viewer) {
  const had = entryNames(before);
  const has = entryNames(now);
  const out = [];
  const inside = new Set([...has.keys()].flatMap((pids) => pids.split(",")));
  const was = new Set([...had.keys()].flatMap((pids) => pids.split(",")));
  for (const [pids, name] of has) {
    if (had.has(pids)) continue;
    const members = pids.split(",");
    if (members.length > 1 && members.some((pid) => was.has(pid))) out.push(t("srevent.team_up", { name }));
    else out.push(members.includes(viewer) ? t("srevent.you_join") : t("srevent.joins", { name }));
  }
  for (const [pids, name] of had) {
    if (has.has(pids) || pids.split(",").some((pid) => inside.has(pid))) continue; // teamed up
    out.push(pids.split(",").includes(viewer) ? t("srevent.you_withdraw") : t("srevent.leaves", { name }));
  }
  const old = new Map(before.matches.map((m) => [m.key, m]));
  for (const m of now.matches) {
    const then = old.get(m.key);
    if (!then || !m.a || !m.b) continue;
    if (m.winner && !then.winner) {
      const [winner, loser] = m.winner === m.a.seed ? [m.a, m.b] : [m.b, m.a];
      out.push(t("srevent.match_won", { winner: winner.name, loser: loser.name }));
    } else if (m.wins[0] !== then.wins[0] || m.wins[1] !== then.wins[1]) {
      out.push(t("srevent.match_game", { a: m.a.name, b: m.b.name, wins_a: m.wins[0], wins_b: m.wins[1] }));
    }
  }
  return out;
}

/** The winner (or the winners sharing first place) of a finished event, in one sentence. */
function winnerNews(e, viewer) {
  if (e.kind === "knockout") {
    if (!e.podium.length) return [];
    const mine = (e.entrants || []).findIndex((pids) => pids.includes(viewer));
    const name = e.podium[0].join(" & ");
    return [mine >= 0 && e.entries[mine].join(" & ") === name ? t("srevent.you_win_ko") : t("srevent.winner", { name })];
  }
  const first = e.podium.filter((p) => p.rank === 1);
  if (!first.length) return [];
  const mine = e.standings.find((r) => r.pid === viewer);
  if (first.length === 1) {
    const you = mine && mine.rank === 1 && mine.name === first[0].name;
    return [t(you ? "srevent.you_win" : "srevent.winner_points", { name: first[0].name, points: points(first[0].points) })];
  }
  return [t("srevent.winners_tied", { names: listOf(first.map((p) => p.name)),
    points: points(first[0].points) })];
}

/** The sentences for the change from ``before`` to ``now`` (the same event). */
export function eventChanges(before, now, viewer, at = Date.now()) {
  const out = [];
  if (now.phase !== before.phase && before.phase === "next" && now.phase !== "finished") {
    out.push(now.kind === "arena" ? t("srevent.starts", { time: timeTo(now.ends, at) }) : t("srevent.starts_bracket"));
  }
  out.push(...(now.kind === "arena" ? arenaNews(before, now, viewer) : knockoutNews(before, now, viewer)));
  if (now.phase !== before.phase && now.phase === "ending") out.push(t("srevent.ending"));
  if (now.phase !== before.phase && now.phase === "finished") out.push(t("srevent.over"), ...winnerNews(now, viewer));
  return out;
}

/** The news of one event page, said once each: ``hear`` is given the event at each push
 * (or re-read) and compares it with the one it was given last. */
export class EventNews {
  constructor() {
    this.last = null;
  }

  hear(e, viewer) {
    const before = this.last && this.last.id === e.id ? this.last : null;
    this.last = e;
    if (!before || !settings.screenReader) return;
    for (const sentence of eventChanges(before, e, viewer)) announce(sentence);
  }
}
