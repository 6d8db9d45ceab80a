// A private table before its start, over the felt: the invite (code to read aloud and
// link, host only), the seats of the table's format by team (solo formats: one list of
// players) with "Sit here", the host's moves and removals, spectators allowed or not,
// and Start (bots take the empty seats).
import { presetLine } from "../game/rules.js";
import { t } from "../i18n.js";
import { fill, h, toast } from "./dom.js";
import { LEVELS } from "./practice.js";
import { LobbyNews, seatSentence } from "./sr_lobby.js";

/** The seat groups shown: [label, seats] per team, or one group of every player. */
function seatGroups(fmt) {
  if (fmt.solo) return [[`${fmt.players} players, each on their own`, fmt.seats]];
  return fmt.teams.map((team) => [`Team ${team.map((s) => fmt.seatName(s)).join(" & ")}`, team]);
}

export class PrivateLobby {
  /** ``app`` gives: state, invites, send(t, d), requestInvite(renew), inviteLink(token);
   * ``screen`` the table screen (its rules dialog). */
  constructor(app, screen) {
    this.app = app;
    this.screen = screen;
    this.el = h("section", { class: "private-lobby", "aria-labelledby": "private-title", tabindex: "-1", hidden: true });
    this.wasShown = false;
    this.askedInvite = null;
    this.news = new LobbyNews();
  }

  get shown() {
    const s = this.app.state;
    return s.kind === "private" && s.status === "filling";
  }

  render() {
    this.news.hear(this.app.state);
    this.el.hidden = !this.shown;
    const appearing = this.shown && !this.wasShown;
    this.wasShown = this.shown;
    if (!this.shown) return;
    const s = this.app.state;
    const lobby = s.lobby || {};
    const host = s.isHost;
    const focusedKey = this.el.contains(document.activeElement) ? document.activeElement.dataset.key : null;
    const rules = lobby.rules;
    const hostName = lobby.host !== null && lobby.host !== undefined ? (s.seats[lobby.host] || {}).name : null;
    const fmt = s.format;
    const open = fmt.seats.filter((i) => !(s.seats[i] && s.seats[i].name));
    this.el.classList.toggle("seats-6", fmt.players === 6);
    fill(this.el,
      h("header", { class: "panel-head" },
        h("h2", { id: "private-title" }, "Private table"),
        h("button", { type: "button", class: "btn btn-ghost small", dataset: { key: "rules" },
          onclick: () => this.screen.showRules() }, "Rules")),
      // The rules as they are (a preset's name would hide the house options added to it).
      // The rules line is in the page's language (presetLine): the sentence around it too.
      h("p", { class: "muted rules-line" }, t("private.lobby_line", { rules: rules ? presetLine(rules) : t("title.private"),
        level: t(`level.${LEVELS[lobby.bots] ? lobby.bots : "standard"}`) })),
      host ? this.inviteBox() : h("p", { class: "fine" }, "To invite more friends, ask the host for the table's code or link."),
      seatGroups(fmt).map(([label, seats]) => h("div", { class: "team-seats", role: "group", "aria-label": label },
        h("h3", {}, label), h("ul", { class: "seat-list" }, seats.map((i) => this.seatRow(i, lobby, host, fmt))))),
      host ? h("label", { class: "check" },
        h("input", { type: "checkbox", id: "allow-spectators", checked: !!lobby.watch, dataset: { key: "watch" },
          onchange: (e) => this.app.send("spectators", { allow: e.target.checked }) }),
        h("span", {}, "Spectators may watch"), h("span", { class: "fine" }, "(no hands, no players' chat)")) : null,
      host
        ? h("div", { class: "pad-row" },
          h("button", { type: "button", class: "btn btn-primary", id: "start-private", dataset: { key: "start" },
            onclick: () => this.app.send("start") }, "Start now"),
          h("span", { class: "fine" }, open.length === 1 ? "A bot takes the empty seat." : open.length ? `Bots take the ${open.length} empty seats.` : "Every seat is taken."))
        : h("p", { class: "waiting" }, hostName ? `Waiting for ${hostName} (the host) to start.` : "Waiting for the host to start."),
    );
    if (focusedKey) this.el.querySelector(`[data-key="${focusedKey}"]`)?.focus();
    // A keyboard player starts in the panel (Tab then goes through the invite and seats).
    else if (appearing && (!document.activeElement || document.activeElement === document.body)) {
      this.el.focus({ preventScroll: true });
    }
  }

  inviteBox() {
    const s = this.app.state;
    const invite = this.app.invites.get(s.table);
    if (!invite) {
      if (this.askedInvite !== s.table) {
        this.askedInvite = s.table; // once per table: the host's page was reloaded
        this.app.requestInvite(false);
      }
      return h("p", { class: "fine" }, "Getting the invite…");
    }
    const link = this.app.inviteLink(invite.invite);
    return h("div", { class: "invite", role: "group", "aria-label": "Invite" },
      h("p", { class: "fine" }, "Read the code to your friends (Join a table in the lobby), or send the link."),
      // A name on a paragraph is not read: the code is spelt out, letter by letter, in words.
      h("p", { class: "big-code" }, h("span", { id: "invite-code", "aria-hidden": "true" }, invite.code),
        h("span", { class: "sr-only" }, `Table code ${invite.code.split("").join(" ")}`)),
      h("div", { class: "inline link-row" },
        h("input", { class: "link-box", id: "invite-link", readonly: true, value: link, "aria-label": "Invite link",
          onfocus: (e) => e.target.select() }),
        h("button", { type: "button", class: "btn", dataset: { key: "copy" }, onclick: () => {
          navigator.clipboard?.writeText(link).then(() => toast("Link copied."), () => toast("Select the link and copy it."));
        } }, "Copy link")),
      h("button", { type: "button", class: "btn btn-link", dataset: { key: "renew" }, onclick: () => this.app.requestInvite(true) },
        "New code and link (the old ones stop working)"),
      this.byName());
  }

  /** Issue 17: invite an account by name (a notice on any page of theirs), or list the
   * table in the lobby for anyone to join. */
  byName() {
    const name = h("input", { id: "invite-name", maxlength: 20, placeholder: "A player's name", autocomplete: "off",
      "aria-label": "Invite a player by name" });
    const s = this.app.state;
    const sent = [...this.app.sentInvites.values()].filter((i) => i.table === s.table);
    const seated = (who) => s.seats.some((seat) => seat && seat.name === who);
    const said = (i) => (seated(i.name) ? "joined" : i.answer === "declined" ? "declined"
      : i.answer === "expired" ? "expired, unanswered" : "waiting for an answer");
    return h("div", { class: "by-name" },
      h("div", { class: "inline link-row" }, name,
        h("button", { type: "button", class: "btn", id: "invite-name-go", dataset: { key: "invite-name" },
          onclick: () => name.value.trim() && this.app.inviteByName(name.value.trim()) }, "Invite"),
        h("button", { type: "button", class: "btn btn-link", id: "list-table", dataset: { key: "list" },
          onclick: () => this.app.listTable(true) }, "List in the lobby (open to anyone)")),
      sent.length ? h("ul", { class: "fine invites-sent", id: "invites-sent", "aria-label": "Invites sent" },
        sent.map((i) => h("li", { dataset: { name: i.name } }, `${i.name}: ${said(i)}`))) : null);
  }

  seatRow(i, lobby, host, fmt) {
    const s = this.app.state;
    const info = s.seats[i] || {};
    const taken = !!info.name;
    const mine = i === s.seat;
    const tags = [];
    if (mine) tags.push(h("span", { class: "tag you" }, "you"));
    if (lobby.host === i) tags.push(h("span", { class: "tag host" }, "host"));
    if (info.guest) tags.push(h("span", { class: "tag guest", title: "Playing as a guest, without an account" }, "guest"));
    const actions = [];
    if (!taken && s.seat !== null) {
      actions.push(h("button", { type: "button", class: "btn small", dataset: { key: `sit-${i}` },
        "aria-label": `Sit in the ${fmt.seatName(i)} seat`, onclick: () => this.app.send("seat", { seat: i }) }, "Sit here"));
    }
    if (host && taken) {
      const others = fmt.seats.filter((j) => j !== i);
      actions.push(h("select", { class: "move-select", dataset: { key: `move-${i}` }, "aria-label": `Move ${info.name} to another seat`,
        onchange: (e) => { if (e.target.value !== "") this.app.send("move", { src: i, dst: Number(e.target.value) }); } },
      h("option", { value: "" }, "Move to…"),
      others.map((j) => h("option", { value: String(j) }, `${fmt.seatName(j)}${s.seats[j] && s.seats[j].name ? ` (swap with ${s.seats[j].name})` : ""}`))));
      if (!mine) {
        actions.push(h("button", { type: "button", class: "btn small btn-danger", dataset: { key: `remove-${i}` },
          "aria-label": `Remove ${info.name} from the table`, onclick: () => this.app.send("remove", { seat: i }) }, "Remove"));
      }
    }
    // A screen reader reads the seat as one sentence; the eye reads the columns.
    return h("li", { class: `seat-row${taken ? "" : " open"}`, dataset: { seat: i } },
      h("span", { class: "sr-only" }, seatSentence(s, lobby, i)),
      h("span", { class: "dir", "aria-hidden": "true" }, fmt.seatName(i)),
      h("span", { class: "sitter", "aria-hidden": "true" }, taken ? info.name : "Empty seat", " ", tags),
      h("span", { class: "row-actions" }, actions));
  }
}
