// The page: one Room connection, one TableState, and the screen that shows it (lobby or
// table). Addresses: "#/" the lobby, "#/t/ID" a table (a link others can open),
// "#/join/TOKEN" a private table's invite, "#/daily" and "#/daily/DAY" the daily deal's page.
import { ratingText, signed } from "./game/numbers.js";
import { SIGNED_OUT_EVERYWHERE, fetchLeaderboard, fetchMe, postAccount, postLanguage } from "./net/accounts.js";
import { formatDate, loadLanguage, said, t } from "./i18n.js";
import { Room } from "./net/room.js";
import { TableState } from "./net/table_state.js";
import { DailyPlay } from "./ui/daily.js";
import { closeDialog, openDialog } from "./ui/dialog.js";
import { clearToast, h, toast } from "./ui/dom.js";
import { people } from "./net/people_api.js";
import { Lobby } from "./ui/lobby.js";
import { askSeated, seatedInGame } from "./ui/leave.js";
import { inviteNotice } from "./ui/lobby_people.js";
import { askName } from "./ui/name_prompt.js";
import { applySettings, followAccountLanguage, saveSettings, settings, settingsForm } from "./ui/settings.js";
import { followAccount } from "./ui/sr_table.js";
import { TableScreen } from "./ui/table_screen.js";

class App {
  constructor() {
    this.room = new Room();
    this.state = new TableState();
    this.screenEl = document.getElementById("screen");
    this.banner = document.getElementById("banner");
    this.screen = null;
    this.me = null; // the signed-in account (GET /api/me), or null for a guest
    this.resumeTable = null;
    this.queueSince = null; // performance.now() when this player joined the ranked queue
    this.invites = new Map(); // private table id -> {code, invite} (the host's `created`)
    this.sentInvites = new Map(); // invite id -> {name, table, expires, answer} (the host's)
    this.rated = null; // the last `rated` push, with the table it was for
    this.wantTable = false; // the player asked for a table: show the next snapshot's
    this.daily = new DailyPlay(this); // the daily deal: its hands, its page
    this.room.resume = () => (this.state.table ? { table: this.state.table, v: this.state.v } : null);
    this.room.addEventListener("message", (e) => this.onMessage(e.detail.t, e.detail.d));
    this.room.addEventListener("connection", (e) => this.onConnection(e.detail));
    window.addEventListener("hashchange", () => this.route());
  }

  async start() {
    applySettings();
    await loadLanguage(settings.lang); // before anything is drawn: every label is in it
    // The server wrote the skip link in the language it guessed; this browser's choice wins.
    document.querySelector(".skip-link")?.replaceChildren(t("head.room.skip"));
    const target = parseHash();
    if (target.daily !== undefined) this.daily.showPage(target.daily);
    else this.showLobby();
    this.refreshMe();
    await this.room.connect(target.table ? { table: target.table } : {});
    if (target.invite) this.join(target.invite);
    if (target.practice) {
      history.replaceState(null, "", "#/");
      // Standard bots: the level that plays well and still offers Hint and Undo, so the
      // position can be tried again and again.
      this.sendForTable("practice", { level: "standard", ...target.practice });
    }
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
        if (d.kind === "ranked") this.queueSince = null; // matched: the queue is behind us
        // A snapshot of the table the player stepped away from (a reconnect while in the
        // lobby, a new hand) leaves them in the lobby; a new table, or one they asked
        // for, is shown.
        // The daily deal's page stays unless the player asked for a table.
        const onPage = !!(this.screen && this.screen.dailyPage);
        const show = (newTable && !onPage) || this.wantTable || this.screen instanceof TableScreen;
        this.wantTable = false;
        if (!show) {
          if (this.screen instanceof Lobby) this.screen.update();
          this.sayScreen(true);
          return;
        }
        if (location.hash !== `#/t/${d.table}`) history.replaceState(null, "", `#/t/${d.table}`);
        if (!(this.screen instanceof TableScreen) || newTable) this.showTable();
      }
      if (this.screen instanceof TableScreen) this.screen.onChange(change);
    } else if (t === "welcome") {
      this.screenSaid = null; // a new socket: the room takes it to be on its table
      // Signed in or out elsewhere (another tab, sign-out everywhere): ask who we are.
      if (!!this.me !== this.room.signedIn) this.refreshMe();
      if (this.screen instanceof Lobby) this.screen.update();
    } else if (t === "chat") {
      if (this.screen instanceof TableScreen) this.screen.chat.receive(d);
    } else if (t === "created") {
      this.invites.set(d.table, d);
      this.renderTable();
    } else if (t === "queued") {
      this.queueSince = performance.now() - (d.waited || 0) * 1000;
      if (this.screen instanceof Lobby) this.screen.update();
    } else if (t === "rated") {
      this.onRated(d);
    } else if (t === "invited") {
      document.body.append(inviteNotice(d, (join) => this.answerInvite(d.id, join)));
    } else if (t === "lobby_changed") {
      if (this.screen instanceof Lobby) this.screen.loadPeople(); // friends or Watch changed
    } else if (t === "invite_answer") {
      this.inviteAnswered(d.id, d.answer);
    } else if (t === "err") {
      toast(said(d.msg, d.key, d.args), "warn");
      if (d.code === "no_table") this.leaveTable();
    }
  }

  onRated(d) {
    // The room says it again when the page comes back to the finished game: once is news.
    const again = this.rated && this.rated.table === this.state.table;
    this.rated = { ...d, table: this.state.table };
    const change = signed(d.change);
    if (!again) toast(t(d.won ? "app.rated_won" : "app.rated_lost", { rating: ratingText(d.rating), change }));
    this.refreshMe();
    if (this.screen instanceof TableScreen) this.screen.onRated();
  }

  onConnection({ state, retryIn, reason }) {
    const b = this.banner;
    if (state === "lost" && reason === SIGNED_OUT_EVERYWHERE && !this.endingSessions) this.signedOutElsewhere = true;
    if (state === "open") {
      b.hidden = true;
      if (this.signedOutElsewhere) this.saySignedOutElsewhere();
      // A queue entry lives while one of the player's sockets is open: say it again.
      if (this.queueSince !== null) this.room.request("queue", { on: true }).catch(() => {});
      return;
    }
    if (state === "lost") {
      b.hidden = false;
      b.className = "banner warn";
      b.replaceChildren(h("span", { class: "spinner", "aria-hidden": "true" }),
        retryIn > 600 ? t("app.reconnecting_in", { seconds: Math.round(retryIn / 1000) }) : t("app.reconnecting"));
    } else if (state === "closed") {
      b.hidden = false;
      b.className = "banner bad";
      b.replaceChildren(`${t("app.disconnected", { reason: reason || t("app.closed_by_room") })} `,
        h("button", { type: "button", class: "btn btn-small", onclick: () => location.reload() }, t("app.reload")));
    }
  }

  /** Sign out everywhere was chosen on another device: this page is a guest's now, and
   * says why until the person dismisses it. */
  saySignedOutElsewhere() {
    this.signedOutElsewhere = false;
    this.queueSince = null;
    this.refreshMe();
    const b = this.banner;
    b.hidden = false;
    b.className = "banner warn";
    b.replaceChildren(h("span", { id: "signed-out-elsewhere" },
      `${t("app.signed_out_elsewhere")} `),
    h("button", { type: "button", class: "btn btn-small", onclick: () => { b.hidden = true; } }, "OK"));
  }

  // -- screens ------------------------------------------------------------------------------

  route() {
    const target = parseHash();
    if (target.daily !== undefined) this.daily.showPage(target.daily);
    else if (target.table && target.table !== this.state.table) this.openTable(target.table);
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
    document.title = t("lobby.title");
    if (location.hash.startsWith("#/t/")) history.replaceState(null, "", "#/");
    this.sayScreen(true);
  }

  showTable() {
    const screen = new TableScreen(this);
    this.setScreen(screen);
    screen.render();
    document.title = t("app.title_table");
    this.sayScreen(false);
  }

  /** Tell the room whether the page shows the lobby while its socket is at a table
   * (kept seat or watching): friends then see the player in the lobby. */
  sayScreen(lobby) {
    if (!this.state.table || this.room.state !== "open" || this.screenSaid === lobby) return;
    this.screenSaid = lobby;
    this.room.request("screen", { lobby }).catch(() => { this.screenSaid = null; });
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

  /** Before another table: a player seated at a game that is not over is asked to leave
   * it first or go back to it (the room keeps them there). True when free to go on. */
  async freeToMove() {
    if (!seatedInGame(this.state)) return true;
    const answer = await askSeated(this.state);
    if (answer === "back") this.openTable(this.state.table);
    return answer === "leave" && this.leave();
  }

  /** Give up the seat (``leave``: a bot takes it, or the ranked leaver rule) and go to
   * the lobby; true when done. */
  async leave() {
    if (!(await this.send("leave"))) return false;
    closeDialog();
    if (location.hash.startsWith("#/t/")) history.pushState(null, "", "#/");
    this.leaveTable();
    return true;
  }

  openSettings() {
    openDialog(t("settings.title"), settingsForm({
      name: this.room.signedIn ? this.room.account : this.room.session.name,
      fixedName: this.room.signedIn,
      onRename: (name) => this.rename(name),
      onLanguage: (lang) => this.chooseLanguage(lang),
    }));
  }

  /** A language picked in Settings ("" the browser's): this browser's, and the signed-in
   * account's (on every device it signs in on); the page is drawn again in it. */
  async chooseLanguage(lang) {
    saveSettings({ lang });
    if (this.room.signedIn) await postLanguage(lang || null);
    location.reload();
  }

  // -- what the screens ask for ------------------------------------------------------------

  /** Ask for a table (quick play, practice, create, join, watch): its snapshot is shown.
   * Seated at a game that goes on, the player is asked first: leave it (then the new
   * table), or go back to it (resolves null). ``fail``: as ``send``'s. */
  async sendForTable(t, d = {}, fail = undefined) {
    if (t !== "watch" && !(await this.freeToMove())) return null;
    this.wantTable = true;
    return this.send(t, d, fail).then((reply) => {
      if (!reply) this.wantTable = false;
      else clearToast(); // an error of an earlier try ("No table has that code") no longer holds
      return reply;
    });
  }

  /** Send ``t`` and show a failure as a note (or hand its sentence to ``fail``);
   * resolves with the answer, or null. */
  async send(t, d = {}, fail = (message) => toast(message, "warn")) {
    try {
      return await this.room.request(t, d);
    } catch (err) {
      fail(err.message);
      return null;
    }
  }

  act(action) {
    return this.room.request("act", { v: this.state.v, a: action });
  }

  async rename(name, quiet = false) {
    const clean = name.replace(/\s+/g, " ").trim();
    if (this.room.signedIn || !clean || clean === this.room.session.name) return;
    if (await this.send("name", { name: clean })) {
      this.room.rememberName(clean);
      if (!quiet) toast(t("app.renamed", { name: clean }));
    }
  }

  async quickPlay(name) {
    await this.rename(name, true);
    await this.sendForTable("quick");
  }

  /** A fresh practice game: ``preset`` the quick game, standard or another format's
   * (cutthroat, three_handed...); ``blindNil`` whether Blind Nil is offered when behind. */
  practice(level, pace, preset, blindNil) {
    return this.sendForTable("practice", { level, pace, preset, blind_nil: blindNil });
  }

  /** Host a private table; the table's snapshot comes first, then its code and link.
   * ``refused(sentence)``: the room refused the table (rules it cannot play...). */
  async createPrivate({ rules, bots, watch, turn }, refused = undefined) {
    await askName(this.room, (name) => this.rename(name, true));
    const reply = await this.sendForTable("create", { rules, bots, watch, turn }, refused);
    if (reply) this.invites.set(reply.table, reply);
    this.renderTable();
  }

  /** Draw the table screen again, if it is the one shown: a push or a reply changed what
   * it shows (an invite, a daily hand's title). */
  renderTable() {
    if (this.screen instanceof TableScreen) this.screen.render();
  }

  /** The host's invite again (``renew``: a new code and link; the old ones stop working). */
  async requestInvite(renew = false) {
    const reply = await this.send("invite", { renew });
    if (reply) this.invites.set(reply.table, reply);
    this.renderTable();
  }

  /** The address a friend opens to sit at a private table. */
  inviteLink(invite) {
    return `${location.origin}${location.pathname}#/join/${invite}`;
  }

  /** Join by a code, an invite token, or a link holding either (or a table's link). */
  async join(text) {
    const value = String(text).trim();
    const fromLink = value.match(/#\/(t|join)\/([A-Za-z0-9_-]+)/);
    const token = fromLink ? fromLink[2] : value;
    if (!token) return;
    await askName(this.room, (name) => this.rename(name, true));
    await this.sendForTable("join", fromLink && fromLink[1] === "t" ? { table: token } : { code: token });
  }

  /** Go to a table by id: back to your seat there, or watch it. */
  async openTable(table) {
    if (table === this.state.table) {
      this.showTable();
      this.screen.onChange({ kind: "snap", before: null, missed: [] });
      return;
    }
    if (!(await this.sendForTable("watch", { table }))) this.showLobby();
  }

  async queue(on) {
    try {
      const reply = await this.room.request("queue", { on });
      this.queueSince = on ? performance.now() - (reply.waited || 0) * 1000 : null;
    } catch (err) {
      toast(err.message, "warn");
      if (this.screen instanceof Lobby) this.screen.queueRefused(err);
    }
    if (this.screen instanceof Lobby) this.screen.update();
  }

  // -- accounts (HTTP) ---------------------------------------------------------------------

  async refreshMe() {
    this.me = await fetchMe();
    followAccount(this.me);
    if (followAccountLanguage(this.me)) {
      location.reload(); // the account speaks another language than this page
      return;
    }
    if (this.screen instanceof Lobby) this.screen.update();
    this.renderTable();
  }

  /** Register, sign in or sign out ("register", "signin", "signout",
   * "signout/everywhere"); true when done. */
  async account(kind, name, password) {
    const signingOut = kind.startsWith("signout");
    // This page asked for the sign-out everywhere: its own socket's close is no news.
    this.endingSessions = kind === "signout/everywhere";
    try {
      await postAccount(kind, name, password);
    } catch (err) {
      this.endingSessions = false;
      toast(err.message, "warn");
      return false;
    }
    if (signingOut) this.queueSince = null;
    await this.refreshMe();
    // The session cookie changed: say hello again with it (an account's socket plays as
    // the account; a guest who registered keeps their table).
    this.room.drop();
    toast(kind === "signout/everywhere" ? t("account.signed_out_everywhere")
      : signingOut ? t("account.signed_out") : t("account.signed_in_toast", { name: this.me ? this.me.name : name }));
    return true;
  }

  leaderboard() {
    return fetchLeaderboard();
  }

  // -- people (issue 17, HTTP) -----------------------------------------------------------

  async peopleData() {
    const [friends, lobby] = await Promise.all([
      this.me ? people.friends().catch(() => null) : null, people.lobby().catch(() => null)]);
    return { friends, lobby };
  }

  /** Follow or block a player by name ("follow" | "block"). */
  async people(what, name) {
    try {
      const done = await people[what](name);
      toast(t(what === "block" ? "people.blocked_toast" : done.friends ? "people.friends_toast" : "people.following_toast",
        { name: done.name }));
    } catch (err) {
      toast(err.message, "warn");
    }
    if (this.screen instanceof Lobby) this.screen.loadPeople();
  }

  async report(name, reason, note) {
    try {
      await people.report(name, reason, note);
      toast(t("report.sent"));
    } catch (err) {
      toast(err.message, "warn");
    }
  }

  /** The private table this player hosts now (a game not over), or null: where an
   * invite by name can work. */
  hostedTable() {
    const s = this.state;
    const lobby = s.lobby;
    const hosting = this.resumeTable && s.table === this.resumeTable && s.kind === "private"
      && lobby && s.seat !== null && lobby.host === s.seat && s.status !== "over";
    return hosting ? s.table : null;
  }

  async inviteByName(name) {
    try {
      const sent = await people.invite(name);
      const table = this.state.table;
      this.sentInvites.set(sent.id, { name: sent.name, table, expires: sent.expires, answer: null });
      setTimeout(() => this.inviteAnswered(sent.id, "expired"), Math.max(0, sent.expires - Date.now()));
      toast(t("app.invited", { name: sent.name, time: formatDate(new Date(sent.expires), { hour: "2-digit", minute: "2-digit" }) }));
      this.renderTable();
    } catch (err) {
      toast(err.message, "warn");
    }
  }

  /** An invite this host sent was declined, or ran out ("expired") unanswered: said in
   * a toast and in the private lobby's list of invites. */
  inviteAnswered(id, answer) {
    const sent = this.sentInvites.get(id);
    if (!sent || sent.answer) return;
    const seated = this.state.table === sent.table && this.state.seats.some((seat) => seat && seat.name === sent.name);
    if (answer === "expired" && seated) answer = "joined";
    sent.answer = answer;
    if (answer !== "joined") toast(t(answer === "declined" ? "app.invite_declined" : "app.invite_expired", { name: sent.name }));
    this.renderTable();
  }

  async answerInvite(id, join) {
    try {
      const reply = await people.answer(id, join);
      if (join) await this.sendForTable("join", { code: reply.code });
    } catch (err) {
      toast(err.message, "warn");
    }
  }

  async listTable(open) {
    try {
      await people.listTable(open);
      toast(t(open ? "app.listed" : "app.unlisted"));
    } catch (err) {
      toast(err.message, "warn");
    }
  }

  /** Quick play in one of the room's pools (a popular rule set). */
  async quickPool(pool) {
    await askName(this.room, (name) => this.rename(name, true));
    await this.sendForTable("quick", { pool });
  }

  /** Join a listed table from the lobby's Open tables: a guest is asked the name the
   * table will show first, as from an invite. */
  async joinOpen(table) {
    await askName(this.room, (name) => this.rename(name, true));
    return this.sendForTable("join", { table });
  }
}

function parseHash() {
  const hash = location.hash;
  let m = hash.match(/^#\/t\/([A-Za-z0-9_-]{1,32})$/);
  if (m) return { table: m[1] };
  m = hash.match(/^#\/join\/([A-Za-z0-9_-]{1,64})$/);
  if (m) return { invite: m[1] };
  // A position to practise (the game page's analysis links here): {preset, position}.
  m = hash.match(/^#\/practice\/(.{1,4000})$/);
  if (m) {
    try {
      const { preset, position } = JSON.parse(decodeURIComponent(m[1]));
      if (position && typeof position === "object") return { practice: { preset, position } };
    } catch {
      // not a position: the lobby
    }
  }
  m = hash.match(/^#\/daily(?:\/(\d{4}-\d{2}-\d{2}))?$/);
  if (m) return { daily: m[1] || "" };
  return {};
}

const app = new App();
window.spadesApp = app; // for the browser tests and the curious
app.start().catch((err) => {
  console.error(err);
  toast(said("The room could not be reached.", "app.unreachable"), "bad"); // i18n: the English when no catalogue loaded
});
