// One WebSocket to the room, kept open: hello (resuming the table), numbered requests
// answered by ack/err (or a typed reply carrying the same id), pushes as events, and
// reconnection with the same token, table and version after a drop.
//
// Events (EventTarget): "message" {detail: {t, d}} for every push and typed reply,
// "connection" {detail: {state: "connecting"|"open"|"lost"|"closed", retryIn, reason}}.
import { said, t } from "../i18n.js";
import { localTimes } from "./local_times.js";
import { chosenFormat, decodeFrame, encodeFrame } from "./codec.js";

const NO_RECONNECT = new Set([1000, 1008]); // the server closed us on purpose
const RETRY_MS = [250, 500, 1000, 2000, 4000];
// Messages of the base protocol; anything else is a feature the room may not have yet.
const BASE = new Set(["hello", "quick", "act", "back", "leave", "watch", "resync", "name",
  "rematch", "ping"]);
// Unknown message types the server counts as bad frames (it closes the socket after five):
// never probe more than this many per connection.
const MAX_PROBES = 2;

export class RequestError extends Error {
  constructor(code, message) {
    super(localTimes(message)); // the room's UTC moments, in the reader's time
    this.code = code;
  }
}

export class Room extends EventTarget {
  constructor({ url, format } = {}) {
    super();
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    this.url = url || `${scheme}//${location.host}/ws`;
    this.format = format || chosenFormat();
    this.ws = null;
    this.nextId = 1;
    this.pending = new Map(); // id -> {t, d, resolve, reject}
    this.session = loadSession(); // {token, name}: the guest session
    this.signedIn = false; // the socket plays as an account (welcome.signed_in)
    this.account = null; // that account's name
    this.resume = null; // () => {table, v}: where to come back to after a drop
    this.features = null; // Set from welcome.features, when the room announces them
    this.missing = new Set(); // message types this room answered "unknown_type"
    this.probes = 0;
    this.attempt = 0;
    this.state = "idle";
    this.stats = { framesIn: 0, bytesIn: 0, framesOut: 0, bytesOut: 0, decodeMs: 0 };
    this.welcomed = null;
  }

  /** Open the socket and say hello; resolves with the welcome. */
  connect(hello = {}) {
    this.helloExtra = hello;
    this.welcomed = deferred();
    this.open();
    return this.welcomed.promise;
  }

  open() {
    this.setState("connecting");
    const ws = new WebSocket(this.url);
    ws.binaryType = "arraybuffer";
    this.ws = ws;
    ws.onopen = () => this.onOpen(ws);
    ws.onmessage = (event) => this.onFrame(event.data);
    ws.onclose = (event) => this.onClose(ws, event);
  }

  onOpen(ws) {
    if (ws !== this.ws) return;
    this.attempt = 0;
    const where = this.resume ? this.resume() : null;
    const hello = { token: this.session.token, name: this.session.name || undefined, ...this.helloExtra };
    if (where && where.table) Object.assign(hello, { table: where.table, v: where.v });
    this.helloExtra = {};
    this.sendFrame("hello", hello, null);
    this.setState("open");
    for (const [id, item] of [...this.pending].sort((a, b) => a[0] - b[0])) this.sendFrame(item.t, item.d, id);
  }

  onClose(ws, event) {
    if (ws !== this.ws) return;
    this.ws = null;
    if (NO_RECONNECT.has(event.code) || this.state === "closed") {
      this.setState("closed", { reason: event.reason || t("net.closed_by_room") });
      for (const item of this.pending.values()) item.reject(new RequestError("closed", t("net.closed")));
      this.pending.clear();
      return;
    }
    const wait = RETRY_MS[Math.min(this.attempt, RETRY_MS.length - 1)];
    this.attempt += 1;
    this.probes = 0;
    this.setState("lost", { retryIn: wait, reason: event.reason });
    setTimeout(() => this.open(), wait);
  }

  /** Close for good (the page is going away or a test wants a clean end). */
  close() {
    this.setState("closed");
    if (this.ws) this.ws.close(1000);
  }

  /** Break the connection as a network failure would (tests and the debug menu). */
  drop() {
    if (this.ws) this.ws.close(4000, "dropped");
  }

  setState(state, extra = {}) {
    this.state = state;
    this.dispatchEvent(new CustomEvent("connection", { detail: { state, ...extra } }));
  }

  /** True, false, or null when the room has not said whether it knows message ``t``. */
  supports(t) {
    if (BASE.has(t)) return true;
    if (this.missing.has(t)) return false;
    if (this.features) return this.features.has(t);
    return null;
  }

  /** Send a numbered request; resolves with the answer (ack or typed reply), rejects with
   * RequestError. A request for a feature the room lacks rejects with code "unsupported". */
  request(type, d = {}) {
    const known = this.supports(type);
    if (known === false || (known === null && this.probes >= MAX_PROBES)) {
      return Promise.reject(new RequestError("unsupported", t("net.unsupported", { what: type })));
    }
    if (known === null) this.probes += 1;
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { t: type, d, resolve, reject });
      if (this.ws && this.ws.readyState === WebSocket.OPEN) this.sendFrame(type, d, id);
    });
  }

  sendFrame(t, d, id) {
    const frame = encodeFrame(this.format, t, d, id);
    this.stats.framesOut += 1;
    this.stats.bytesOut += typeof frame === "string" ? new TextEncoder().encode(frame).length : frame.byteLength;
    this.ws.send(frame);
  }

  onFrame(data) {
    const started = performance.now();
    let message;
    try {
      message = decodeFrame(data);
    } catch (err) {
      console.error("unreadable frame from the room", err); // i18n: for the console
      return;
    }
    this.stats.decodeMs += performance.now() - started;
    this.stats.framesIn += 1;
    this.stats.bytesIn += typeof data === "string" ? new TextEncoder().encode(data).length : data.byteLength;
    const { t, d, id } = message;
    if (t === "welcome") {
      // An account's name is the account's: the guest name is kept for after signing out.
      this.signedIn = !!d.signed_in;
      this.account = d.signed_in ? d.name : null;
      this.session = { token: d.token, name: d.signed_in ? this.session.name : d.name };
      saveSession(this.session);
      if (Array.isArray(d.features)) this.features = new Set(d.features);
      this.welcomed.resolve(d);
    }
    const item = id !== null ? this.pending.get(id) : undefined;
    if (item) {
      this.pending.delete(id);
      if (t === "err") {
        if (d.code === "unknown_type") this.missing.add(item.t);
        item.reject(new RequestError(d.code === "unknown_type" ? "unsupported" : d.code, said(d.msg, d.key, d.args)));
      } else {
        item.resolve({ t, ...d });
      }
      if (t === "ack" || t === "err") return;
    } else if (t === "err" && id !== null) {
      return; // the answer to a frame sent without waiting (hello): shown by whoever cares
    }
    this.dispatchEvent(new CustomEvent("message", { detail: { t, d } }));
  }

  rememberName(name) {
    this.session = { ...this.session, name };
    saveSession(this.session);
  }
}

function deferred() {
  let resolve, reject;
  const promise = new Promise((yes, no) => { resolve = yes; reject = no; });
  return { promise, resolve, reject };
}

const SESSION_KEY = "spades.session";

function loadSession() {
  try {
    const saved = JSON.parse(localStorage.getItem(SESSION_KEY) || "{}");
    return { token: saved.token || null, name: saved.name || null };
  } catch {
    return { token: null, name: null };
  }
}

function saveSession(session) {
  try {
    localStorage.setItem(SESSION_KEY, JSON.stringify(session));
  } catch {
    // private mode: the cookie still carries the session
  }
}
