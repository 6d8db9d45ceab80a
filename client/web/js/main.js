// The page: one Room connection, one TableState, and the screen that shows it (lobby or
// table). Addresses: "#/" the lobby, "#/t/ID" a table (a link others can open),
// "#/join/TOKEN" a private table's invite.
import { RequestError, Room } from "./net/room.js";
import { TableState } from "./net/table_state.js";
import { closeDialog, openDialog } from "./ui/dialog.js";
import { h, toast } from "./ui/dom.js";
import { Lobby } from "./ui/lobby.js";
import { applySettings, settingsForm } from "./ui/settings.js";
import { TableScreen } from "./ui/table_screen.js";

class App {
  constructor() {
    this.room = new Room();
    this.state = new TableState();
    this.screenEl = document.getElementById("screen");
    this.banner = document.getElementById("banner");
    this.screen = null;
    this.me = null;
    this.accountsMissing = false;
    this.resumeTable = null;
    this.room.resume = () => (this.state.table ? { table: this.state.table, v: this.state.v } : null);
    this.room.addEventListener("message", (e) => this.onMessage(e.detail.t, e.detail.d));
    this.room.addEventListener("connection", (e) => this.onConnection(e.detail));
    window.addEventListener("hashchange", () => this.route());
  }

  async start() {
    applySettings();
    const target = parseHash();
    const hello = target.table ? { table: target.table } : {};
    this.showLobby();
    this.loadMe();
    const welcome = await this.room.connect(hello);
    if (target.invite) this.join(target.invite);
    else if (!welcome.table && !target.table) this.showLobby();
  }

  // -- messages ----------------------------------------------------------------------------

  onMessage(t, d) {
    if (t === "snap" || t === "ev" || t === "table") {
      const newTable = t === "snap" && d.table !== this.state.table;
      if (newTable) this.state.reset();
      const change = this.state.apply(t, d);
      if (!change) return;
      if (t === "snap") {
        this.resumeTable = d.table;
        if (location.hash !== `#/t/${d.table}`) history.replaceState(null, "", `#/t/${d.table}`);
        if (!(this.screen instanceof TableScreen)) this.showTable();
        else if (newTable) this.showTable();
      }
      if (this.screen instanceof TableScreen) this.screen.onChange(change);
    } else if (t === "chat") {
      if (this.screen instanceof TableScreen) this.screen.chat.receive(d);
    } else if (t === "queued" && this.screen instanceof Lobby) {
      this.screen.queueSince = performance.now() - (d.waited || 0) * 1000;
      this.screen.render();
    } else if (t === "err") {
      toast(d.msg, "warn");
      if (d.code === "no_table") this.leaveTable();
    }
  }

  onConnection({ state, retryIn, reason }) {
    const b = this.banner;
    if (state === "open") {
      b.hidden = true;
      return;
    }
    if (state === "lost") {
      b.hidden = false;
      b.className = "banner warn";
      b.replaceChildren(h("span", { class: "spinner", "aria-hidden": "true" }),
        `Connection lost. Reconnecting${retryIn > 600 ? ` in ${Math.round(retryIn / 1000)}s` : ""}…`);
    } else if (state === "closed") {
      b.hidden = false;
      b.className = "banner bad";
      b.replaceChildren(`Disconnected: ${reason || "the room closed the connection"}. `,
        h("button", { type: "button", class: "btn btn-small", onclick: () => location.reload() }, "Reload"));
    }
  }

  // -- screens ------------------------------------------------------------------------------

  route() {
    const target = parseHash();
    if (target.table && target.table !== this.state.table) this.openTable(target.table);
    else if (target.invite) this.join(target.invite);
    else if (!target.table && !(this.screen instanceof Lobby)) this.showLobby();
  }

  setScreen(screen) {
    if (this.screen && this.screen.destroy) this.screen.destroy();
    this.screen = screen;
    this.screenEl.replaceChildren(screen.el);
  }

  showLobby() {
    const lobby = new Lobby(this);
    this.setScreen(lobby);
    lobby.render();
    document.title = "Spades Room";
    if (location.hash.startsWith("#/t/")) history.replaceState(null, "", "#/");
  }

  showTable() {
    const screen = new TableScreen(this);
    this.setScreen(screen);
    screen.render();
    document.title = "Spades Room · table";
  }

  goLobby() {
    closeDialog();
    history.pushState(null, "", "#/");
    this.showLobby();
  }

  leaveTable() {
    this.state.reset();
    this.resumeTable = null;
    this.showLobby();
  }

  openSettings() {
    openDialog("Settings", settingsForm({ name: this.room.session.name, onRename: (name) => this.rename(name) }));
  }

  // -- what the screens ask for ------------------------------------------------------------

  act(action) {
    return this.room.request("act", { v: this.state.v, a: action });
  }

  async rename(name, quiet = false) {
    const clean = name.replace(/\s+/g, " ").trim();
    if (!clean || clean === this.room.session.name) return;
    try {
      await this.room.request("name", { name: clean });
      this.room.rememberName(clean);
      if (!quiet) toast(`You are now ${clean}.`);
    } catch (err) {
      toast(err.message, "warn");
    }
  }

  async quickPlay(name) {
    await this.rename(name, true);
    try {
      await this.room.request("quick");
    } catch (err) {
      toast(err.message, "warn");
    }
  }

  async practice(level, pace) {
    await this.ask("practice", { level, pace }, "Practice tables are coming to this room soon.");
  }

  async createPrivate(rules, bots) {
    const reply = await this.ask("create", { rules, bots }, "Private tables are coming to this room soon.");
    if (reply && reply.code) {
      const link = `${location.origin}/#/join/${reply.invite || reply.code}`;
      openDialog("Your private table", h("div", {},
        h("p", {}, "Read this code to your friends, or send them the link."),
        h("p", { class: "big-code" }, reply.code),
        h("input", { class: "link-box", readonly: true, value: link, "aria-label": "Invite link",
          onfocus: (e) => e.target.select() })), {
        actions: [h("button", { type: "button", class: "btn btn-primary", onclick: () => {
          navigator.clipboard?.writeText(link).then(() => toast("Link copied."), () => {});
        } }, "Copy link")],
      });
    }
  }

  /** Join by a code, an invite token, or a link holding either (or a table id). */
  async join(text) {
    const value = String(text).trim();
    const fromLink = value.match(/#\/(t|join)\/([A-Za-z0-9_-]+)/);
    const kind = fromLink ? fromLink[1] : null;
    const token = fromLink ? fromLink[2] : value;
    if (!token) return;
    if (this.room.supports("join") !== false) {
      try {
        await this.room.request("join", kind === "t" ? { table: token } : { code: token });
        return;
      } catch (err) {
        if (err.code !== "unsupported") {
          toast(err.message, "warn");
          return;
        }
      }
    }
    this.openTable(token);
  }

  /** Go to a table by id: back to your seat there, or watch it. */
  async openTable(table) {
    if (table === this.state.table) {
      this.showTable();
      this.screen.onChange({ kind: "snap", before: null, missed: [] });
      return;
    }
    try {
      await this.room.request("watch", { table });
    } catch (err) {
      toast(err.message, "warn");
      this.showLobby();
    }
  }

  async ask(t, d, comingText) {
    try {
      return await this.room.request(t, d);
    } catch (err) {
      toast(err.code === "unsupported" ? comingText : err.message, "warn");
      return null;
    }
  }

  async queue(on) {
    const reply = await this.ask("queue", { on }, "Ranked play is coming to this room soon.");
    if (reply && this.screen instanceof Lobby) {
      this.screen.queueSince = on ? performance.now() : null;
      this.screen.render();
    }
  }

  // -- accounts (HTTP) ---------------------------------------------------------------------

  async loadMe() {
    try {
      const response = await fetch("/api/me", { credentials: "same-origin" });
      if (response.status === 404) this.accountsMissing = true;
      else if (response.ok) {
        const me = await response.json();
        this.me = me.signed_in ? me : null;
        if (this.me && this.screen instanceof Lobby) this.screen.render();
      }
    } catch {
      this.accountsMissing = true;
    }
  }

  async account(kind, name, password) {
    if (this.accountsMissing) {
      toast("Accounts are coming to this room soon.", "warn");
      return;
    }
    try {
      const response = await fetch(`/api/${kind}`, {
        method: "POST", credentials: "same-origin", headers: { "content-type": "application/json" },
        body: JSON.stringify(kind === "signout" ? {} : { name, password }),
      });
      const body = await response.json().catch(() => ({}));
      if (!response.ok) throw new RequestError(body.error || "not_allowed", body.message || "That did not work.");
      this.me = kind === "signout" ? null : body;
      await this.loadMe();
      this.room.drop(); // the session cookie changed: say hello again with it
      if (this.screen instanceof Lobby) this.screen.render();
    } catch (err) {
      toast(err.message, "warn");
    }
  }

  async leaderboard() {
    try {
      const response = await fetch("/api/leaderboard", { credentials: "same-origin" });
      return response.ok ? await response.json() : null;
    } catch {
      return null;
    }
  }
}

function parseHash() {
  const hash = location.hash;
  let m = hash.match(/^#\/t\/([A-Za-z0-9_-]{1,32})$/);
  if (m) return { table: m[1] };
  m = hash.match(/^#\/join\/([A-Za-z0-9_-]{1,64})$/);
  if (m) return { invite: m[1] };
  return {};
}

const app = new App();
window.spadesApp = app; // for the browser tests and the curious
app.start().catch((err) => {
  console.error(err);
  toast("The room could not be reached.", "bad");
});
