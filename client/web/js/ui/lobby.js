// The lobby: play now as a guest, practice against bots, host or join a private table,
// sign in or register, the ranked queue and the leaderboard. Built once per visit; the
// parts that follow the session (who you are, the queue, the board) update in place so
// nothing a player is typing is lost.
import { accountPanel, leaderboardPanel, rankedPanel } from "./lobby_ranked.js";
import { loadPresets } from "../game/rules.js";
import { dailyPanel } from "./daily.js";
import { t } from "../i18n.js";
import { fill, h, refill, seconds } from "./dom.js";
import { peoplePanel } from "./lobby_people.js";
import { whenNotPressed } from "./press.js";
import { PRACTICE_GAMES, PRACTICE_PACES, practiceRules } from "./practice.js";
import { blindNilSwitch, settings } from "./settings.js";
import { formatRow, levelChoices, privateForm, radioRow } from "./private_form.js";
import { loadYourGames } from "./your_games.js";
import { loadEvents } from "./lobby_events.js";
import { PublicLobbyReader, keepRowFocus } from "./sr_public_lobby.js";

/** A lobby section named by its heading, as [section, body]: the heading is the
 * lobby's, there from the start (until a list arrives, a name pointing at nothing would
 * leave the section no role a reader could use); what loads into it fills ``body``. */
function namedSection(id, title) {
  const body = h("div", { class: "panel-body" });
  const section = h("section", { class: "panel", id, "aria-labelledby": `${id}-title` },
    h("h2", { id: `${id}-title` }, title), body);
  return [section, body];
}

export class Lobby {
  /** ``app`` gives: room, me, queueSince, resumeTable, quickPlay(name),
   * practice(level, pace, preset, blindNil),
   * createPrivate({rules, bots, watch}, refused), join(codeOrLink), account(kind, name, password),
   * queue(on), leaderboard(), openTable(id). */
  constructor(app) {
    this.app = app;
    this.el = h("section", { class: "lobby", "aria-labelledby": "lobby-title" });
    this.refused = null; // why the room refused the queue (a guest: sign in first)
    this.tick = setInterval(() => this.renderQueueTime(), 1000);
    // The screen-reader mode's switch (first in the lobby's tab order) and its words.
    this.sr = new PublicLobbyReader({ onSwitch: () => this.srSwitched(), signedIn: () => !!app.room.signedIn });
  }

  destroy() {
    clearInterval(this.tick);
    clearTimeout(this.peopleTimer);
  }

  render() {
    const app = this.app;
    this.who = h("div", { class: "who" });
    this.resume = h("div");
    const play = h("form", { class: "panel panel-hero", onsubmit: (e) => {
      e.preventDefault();
      app.quickPlay(this.nameInput ? this.nameInput.value : "");
    } },
    h("h2", {}, t("lobby.play_now")),
    h("p", { class: "muted" }, t("lobby.play_now_note"), " ",
      // Play now's own rules (the quick game), not the standard ones.
      h("a", { href: "/learn/?preset=quick#/rules", id: "play-now-rules", class: "rules-link" }, t("lobby.rules"))),
    this.who, this.resume);

    const practice = this.practiceForm();

    const code = h("input", { id: "join-code", placeholder: t("lobby.code_placeholder"), autocomplete: "off",
      autocapitalize: "characters", spellcheck: "false", required: true });
    const join = h("form", { class: "panel", onsubmit: (e) => { e.preventDefault(); this.named(() => app.join(code.value)); } },
      h("h2", {}, t("lobby.join_title")),
      h("p", { class: "muted" }, t("lobby.join_note")),
      h("label", { for: "join-code" }, t("lobby.join_label")),
      h("div", { class: "inline" }, code, h("button", { type: "submit", class: "btn", id: "join-go" }, t("lobby.join"))));

    this.accountEl = h("div", { class: "panel", id: "account-panel" });
    this.rankedEl = h("div", { class: "panel", id: "ranked-panel" });
    this.boardEl = h("div", { class: "panel", id: "leaderboard" });
    [this.gamesEl, this.gamesBody] = namedSection("your-games", t("your_games.title"));
    [this.eventsEl, this.eventsBody] = namedSection("events-panel", t("events.title"));
    [this.peopleEl, this.peopleBody] = namedSection("people-panel", t("people.title"));
    this.el.replaceChildren(this.sr.toggle,
      h("div", { class: "lobby-hero" },
        h("h1", { id: "lobby-title" }, h("span", { class: "logo", "aria-hidden": "true" }, "♠"), " ", t("lobby.title")),
        h("p", { class: "tagline" }, t("lobby.tagline")),
        // A guest's way to the account form, far down a phone's lobby: on the first screen.
        this.signInLink = h("a", { href: "#account-panel", class: "btn btn-small", id: "to-sign-in",
          onclick: (e) => {
            e.preventDefault();
            this.accountEl.scrollIntoView({ block: "start" });
            this.accountEl.querySelector("#acct-name")?.focus({ preventScroll: true });
          } }, t("lobby.sign_in")),
        h("p", { class: "learn-links" },
          h("a", { href: "/learn/", id: "learn-link" }, t("lobby.learn")), " · ",
          h("a", { href: "/learn/#/strategy" }, t("lobby.strategy")))),
      h("div", { class: "lobby-grid" }, play, dailyPanel(() => this.named(() => app.daily.start())), practice, privateForm((form, refused) => this.named(() => app.createPrivate(form, refused))), join,
        this.eventsEl, this.gamesEl, this.peopleEl, this.accountEl, this.rankedEl, this.boardEl));
    this.update();
    // The name box is where a keyboard player starts (the course links come first in the
    // page's order). Not on touch screens: focusing would pop the keyboard over the lobby.
    if (matchMedia("(pointer: fine)").matches && !document.activeElement?.closest("dialog")) {
      (this.nameInput || play.querySelector("#play-now")).focus({ preventScroll: true });
    }
  }

  /** The Practice panel: the format, the partnership game's length (quick 250 first),
   * Blind Nil (off unless switched on), the level (Easy first), the pace, and a Rules
   * link that shows the rules of the game these choices start. */
  practiceForm() {
    const app = this.app;
    const formats = formatRow("format", "practice-format");
    const games = radioRow("game", t("lobby.game"),
      Object.fromEntries(Object.keys(PRACTICE_GAMES).map((game) => [game, t(`lobby.game.${game}`)])), "quick", "practice-game");
    const rulesLink = h("a", { id: "practice-rules", class: "rules-link", href: "/learn/?preset=quick#/rules" }, t("lobby.game_rules"));
    const chosen = () => {
      const format = formats.querySelector("input:checked").value;
      return format === "partners" ? games.querySelector("input:checked").value : format;
    };
    const update = async () => {
      const preset = chosen();
      games.hidden = !PRACTICE_GAMES[preset];
      const presets = await loadPresets();
      const rules = practiceRules(presets[preset], settings.practiceBlindNil);
      rulesLink.href = JSON.stringify(rules) === JSON.stringify(presets[preset])
        ? `/learn/?preset=${preset}#/rules`
        : `/learn/?rules=${encodeURIComponent(JSON.stringify(rules))}#/rules`;
    };
    const form = h("form", { class: "panel", "aria-labelledby": "practice-title", onchange: update, onsubmit: (e) => {
      e.preventDefault();
      const data = new FormData(e.target);
      this.named(() => app.practice(data.get("level"), data.get("pace"), chosen(), settings.practiceBlindNil));
    } },
    h("h2", { id: "practice-title" }, t("lobby.practice")),
    h("p", { class: "muted" }, t("lobby.practice_note"), " ", rulesLink),
    formats, games,
    blindNilSwitch("practice-blind-nil"),
    radioRow("level", t("lobby.level"), levelChoices(), "easy"),
    radioRow("pace", t("settings.pace"),
      Object.fromEntries(Object.keys(PRACTICE_PACES).map((pace) => [pace, t(`settings.pace.${pace}`)])), "standard"),
    h("button", { type: "submit", class: "btn", id: "start-practice" }, t("lobby.start_practice")));
    update().catch(() => {}); // the link stays the preset's until the presets load
    return form;
  }

  /** Redraw what follows the session: the name or account, the queue, the account panel. */
  update() {
    const app = this.app;
    const focused = document.activeElement && this.el.contains(document.activeElement) ? document.activeElement.id : null;
    const account = app.room.signedIn ? app.room.account : app.me && app.me.name;
    const playNow = h("button", { type: "submit", class: "btn btn-primary btn-big", id: "play-now" }, t("lobby.play_now"));
    this.signInLink.hidden = !!account;
    if (account) {
      this.nameInput = null;
      this.who.replaceChildren(h("p", {}, t("lobby.playing_as"), " ", h("b", {}, account)), playNow);
    } else if (!this.nameInput) {
      // Not required: left empty, Play now (as Practice and the other ways to a table)
      // keeps the name the room gave ("Guest 0950"); a private table asks (name_prompt.js).
      this.nameInput = h("input", { id: "guest-name", value: app.room.session.name || "", maxlength: 20,
        autocomplete: "nickname", placeholder: t("settings.name") });
      this.who.replaceChildren(h("label", { for: "guest-name" }, t("settings.name")),
        h("div", { class: "inline" }, this.nameInput, playNow));
    }
    // The way back is to a game still on: a finished one is over for good.
    this.resume.replaceChildren(app.resumeTable && app.state.status !== "over"
      ? h("button", { type: "button", class: "btn btn-link", id: "back-to-table", onclick: () => app.openTable(app.resumeTable) }, t("lobby.back_to_table"))
      : "");
    // Rebuilt only when what they show changed: a half-typed password survives a reconnect.
    const me = account ? app.me || { name: account } : null;
    const accountKey = JSON.stringify(me);
    if (accountKey !== this.accountKey) {
      this.accountKey = accountKey;
      fill(this.accountEl, accountPanel(app, me));
      this.loadBoard(); // "you" on the board follows the account
      loadYourGames(this.gamesBody); // a sign-in or sign-out changes whose games they are
      this.loadPeople();
    }
    if (!!app.room.signedIn !== this.eventsSignedIn) { // the form is an account's
      this.eventsSignedIn = !!app.room.signedIn;
      loadEvents(this.eventsBody, this.eventsSignedIn).then(() => this.sr.dressEvents(this.eventsEl));
    }
    const rankedKey = JSON.stringify([!!account, app.queueSince !== null, this.refused]);
    if (rankedKey !== this.rankedKey) {
      this.rankedKey = rankedKey;
      fill(this.rankedEl, rankedPanel(app, !!account, app.queueSince !== null, this.refused));
      this.queueLine = this.rankedEl.querySelector(".queue-line");
    }
    this.renderQueueTime();
    this.sr.sync(this.el);
    if (focused && !this.el.contains(document.activeElement)) document.getElementById(focused)?.focus();
  }

  /** Take the name typed in the Play now box (a guest's), then do ``then()``. */
  async named(then) {
    if (this.nameInput && this.nameInput.value.trim()) await this.app.rename(this.nameInput.value, true);
    return then();
  }

  /** The room refused the queue (``err.code`` "sign_in_required" for a guest). */
  queueRefused(err) {
    this.refused = err.message;
  }

  renderQueueTime() {
    if (!this.queueLine) return;
    const since = this.app.queueSince;
    this.queueLine.textContent = since === null ? "" : t("lobby.queue_waited", { secs: seconds(performance.now() - since) });
  }

  /** Friends (an account's) and the lobby's lists: again when the room says they
   * changed (``lobby_changed``), and every minute while shown, for the Watch list's
   * scores (which the room does not push). */
  async loadPeople() {
    clearTimeout(this.peopleTimer);
    const asked = (this.peopleAsked = (this.peopleAsked || 0) + 1);
    const data = await this.app.peopleData();
    if (asked !== this.peopleAsked) return; // a later ask's answer draws it
    this.peopleHeard = data; // the latest lists heard: drawn once no press is under way
    this.sr.hear(data); // in the screen-reader mode, what changed is said once
    whenNotPressed(() => this.drawPeople(this.peopleHeard), this);
    if (this.el.isConnected) this.peopleTimer = setTimeout(() => this.loadPeople(), 60_000);
  }

  /** Draw the people panel from ``data``. News redraws it while someone may be typing a
   * name or a report in it, or be on one of its rows' buttons: all that is kept; and
   * not while a button is pressed (the redraw would swallow its click). */
  drawPeople(data) {
    this.peopleShown = data;
    const box = h("div", {}, peoplePanel(this.app, data));
    this.sr.dressPeople(box, data);
    const keep = keepRowFocus(this.peopleEl);
    refill(this.peopleBody, [...box.childNodes]);
    keep();
  }

  /** The screen-reader mode was switched here: the lists drawn again, with or without
   * their sentences. */
  srSwitched() {
    this.sr.sync(this.el);
    if (this.peopleShown) this.drawPeople(this.peopleShown);
    this.sr.dressEvents(this.eventsEl);
  }

  async loadBoard() {
    const board = await this.app.leaderboard();
    fill(this.boardEl, leaderboardPanel(board));
  }
}
