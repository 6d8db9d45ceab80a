// The table as this browser knows it, kept current from snap, ev and table messages.
//
// The seat view arrives in its wire form (shared/protocol/wire_views.py to_wire_view) and each ev
// carries a compact delta of it (view_delta); this module applies them exactly as
// apply_view_delta does and derives the engine's view (from_wire_view). A Python test
// checks that DELTA_KEYS below matches shared/protocol/wire_views.py.

import { Format } from "../game/format.js";

export const DELTA_KEYS = {
  to_act: "n", trick: "k", tricks: "ks", tricks_won: "w", leader: "ld",
  legal: "l", unplayable: "u", hand: "h", hand_hidden: "hh", bids: "b",
  phase: "p", spades_broken: "sb", scores: "sc", bags: "bg", passing: "ps",
  why: "y",
};
const LONG_KEYS = Object.fromEntries(Object.entries(DELTA_KEYS).map(([long, short]) => [short, long]));

/** apply_view_delta: the wire view after ``delta`` (``view`` is not changed). */
export function applyViewDelta(view, delta) {
  const out = { ...view };
  for (const [key, value] of Object.entries(delta)) {
    if (key.endsWith("+")) {
      const name = LONG_KEYS[key.slice(0, -1)] || key.slice(0, -1);
      out[name] = [...(out[name] || []), ...value];
    } else if (key.endsWith("-")) {
      const name = LONG_KEYS[key.slice(0, -1)] || key.slice(0, -1);
      const remaining = [...(out[name] || [])];
      for (const item of value) {
        const at = remaining.findIndex((x) => sameValue(x, item));
        if (at >= 0) remaining.splice(at, 1);
      }
      out[name] = remaining;
    } else {
      out[LONG_KEYS[key] || key] = value;
    }
  }
  return out;
}

/** from_wire_view: tricks as {leader, cards, winner}, last_trick, unplayable by card,
 * why by reason. */
export function fromWireView(wire) {
  const view = { ...wire };
  const tricks = (wire.tricks || []).map((t) => (Array.isArray(t) ? { leader: t[0], cards: t[1], winner: t[2] } : t));
  view.tricks = tricks;
  view.last_trick = tricks.length ? tricks[tricks.length - 1] : null;
  const unplayable = {};
  for (const [key, value] of Object.entries(wire.unplayable || {})) {
    if (Array.isArray(value)) for (const card of value) unplayable[card] = key; // {reason: [cards]}
    else unplayable[key] = value; // {card: reason}
  }
  view.unplayable = unplayable;
  // why: [key, args] of each reason of the wire's unplayable, in its order (or null).
  const ids = wire.why || [];
  view.why = Object.fromEntries(Object.keys(wire.unplayable || {}).map((reason, i) => [reason, ids[i]])
    .filter(([, id]) => id));
  return view;
}

function sameValue(a, b) {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Everything about the current table. ``apply(t, d)`` takes a server message and returns
 * a change record {kind, ev?, before?} for the screen, or null when nothing changed.
 */
export class TableState {
  constructor() {
    this.reset();
  }

  reset() {
    this.table = null;
    this.kind = null;
    this.status = null;
    this.v = 0;
    this.seat = null;
    this.seats = [];
    this.wire = null;
    this.view = null;
    this.turnDeadline = null; // performance.now() ms when the person to act runs out
    this.fillDeadline = null;
    this.pauseDeadline = null; // between hands: performance.now() ms when the next hand starts
    this.ready = []; // while paused: the seats whose person pressed Continue
    this.rematch = null;
    this.extra = {}; // the snapshot's other fields: lobby, level, pace, undo, undoable, redo, chat...
  }

  get mySeat() {
    return this.seat;
  }

  get myTurn() {
    const v = this.view;
    return !!(v && this.seat !== null && v.to_act === this.seat && v.legal && v.legal.length && !this.paused);
  }

  /** The table waits between hands (the hand result is read; nobody's clock runs). */
  get paused() {
    return this.pauseDeadline !== null;
  }

  /** The table waits for this seat's Continue. */
  get waitsForMe() {
    return this.paused && this.seat !== null && !this.ready.includes(this.seat);
  }

  apply(t, d) {
    if (t === "snap") return this.applySnap(d);
    if (t === "ev") return this.applyEvent(d);
    if (t === "table") return this.applyTable(d);
    return null;
  }

  applySnap(d) {
    const before = this.view;
    const sameTable = this.table === d.table;
    const { table, kind, status, v, seat, seats, view, tl, fill, rematch, missed, pause, ready, ...extra } = d;
    Object.assign(this, { table, kind, status, v, seat: seat ?? null, seats, rematch: rematch ?? null });
    this.wire = view ?? null;
    this.view = view ? fromWireView(view) : null;
    this.extra = extra;
    this.setTimers(tl, fill);
    this.setPause(pause, ready);
    return { kind: "snap", before: sameTable ? before : null, missed: missed || [] };
  }

  applyEvent(d) {
    if (d.v <= this.v && this.v !== 0) return null; // already seen (a resent or late frame)
    const before = this.view;
    this.v = d.v;
    if (d.x && this.wire) {
      this.wire = applyViewDelta(this.wire, d.x);
      this.view = fromWireView(this.wire);
    }
    this.setTimers(d.tl, undefined);
    return { kind: "ev", ev: d, before, exact: !!d.x };
  }

  applyTable(d) {
    this.v = Math.max(this.v, d.v);
    this.status = d.status;
    this.seats = d.seats;
    this.rematch = d.rematch ?? null;
    // A table update carries the private lobby without its rules, and practice's
    // undo/redo: merged into what the last snapshot said.
    if (d.lobby) this.extra = { ...this.extra, lobby: { ...this.extra.lobby, ...d.lobby } };
    if ("undo" in d) this.extra = { ...this.extra, undo: d.undo, undoable: d.undoable, redo: d.redo };
    this.setTimers(d.tl, d.fill);
    this.setPause(d.pause, d.ready);
    return { kind: "table" };
  }

  /** A private table's lobby ({host, started, watch, bots, rules}), or null. */
  get lobby() {
    return this.extra.lobby || null;
  }

  /** The table's format (seats, teams, seat names, places): from the game's rules, or
   * before the start a private table's, or the number of seats. */
  get format() {
    const rules = (this.view && this.view.rules) || (this.lobby && this.lobby.rules) || null;
    const key = `${rules ? `${rules.players}:${rules.partnerships}` : ""}:${this.seats.length}`;
    if (this.formatKey !== key) {
      this.formatKey = key;
      this.formatCache = new Format(rules, this.seats.length || null);
    }
    return this.formatCache;
  }

  /** True when this viewer is the host of a private table. */
  get isHost() {
    const lobby = this.lobby;
    return !!(lobby && this.seat !== null && lobby.host === this.seat);
  }

  setPause(pause, ready) {
    this.pauseDeadline = pause === undefined || pause === null ? null : performance.now() + pause * 1000;
    this.ready = ready || [];
  }

  setTimers(tl, fill) {
    const now = performance.now();
    this.turnDeadline = tl === undefined || tl === null ? null : now + tl * 1000;
    if (fill !== undefined) this.fillDeadline = fill === null ? null : now + fill * 1000;
  }
}
