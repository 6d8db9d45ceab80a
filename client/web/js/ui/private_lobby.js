// A private table before its start, over the felt: the invite (code to read aloud and
// link, host only), the seats of the table's format by team (solo formats: one list of
// players) with "Sit here", the host's moves and removals, spectators allowed or not,
// and Start (bots take the empty seats).
import { presetLine } from "../game/rules.js";
import { t } from "../i18n.js";
import { fill, h, toast } from "./dom.js";
import { whenNotPressed } from "./press.js";
import { LEVELS } from "./practice.js";
import { LobbyNews, seatSentence } from "./sr_lobby.js";

/** The seat groups shown: [label, seats] per team, or one group of every player. */
function seatGroups(fmt) {
  if (fmt.solo) return [[t("plobby.solo_group", { count: fmt.players }), fmt.seats]];
  return fmt.teams.map((team) => [t("plobby.team", { seats: team.map((s) => fmt.seatName(s)).join(" & ") }), team]);
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
    // A redraw under a press would swallow the click (Start as a friend sits down):
    // it waits for the release (ui/press.js).
    whenNotPressed(() => this.draw(appearing), this);
  }

  draw(appearing) {
    if (!this.shown) return; // the game began while a press held this back
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
        h("h2", { id: "private-title" }, t("plobby.title")),
        h("button", { type: "button", class: "btn btn-ghost small", dataset: { key: "rules" },
          onclick: () => this.screen.showRules() }, t("plobby.rules"))),
      // The rules as they are (a preset's name would hide the house options added to it).
      // The rules line is in the page's language (presetLine): the sentence around it too.
      h("p", { class: "muted rules-line" }, t("private.lobby_line", { rules: rules ? presetLine(rules) : t("title.private"),
        level: t(`level.${LEVELS[lobby.bots] ? lobby.bots : "standard"}`) })),
      host ? this.inviteBox() : h("p", { class: "fine" }, t("plobby.ask_host")),
      seatGroups(fmt).map(([label, seats]) => h("div", { class: "team-seats", role: "group", "aria-label": label },
        h("h3", {}, label), h("ul", { class: "seat-list" }, seats.map((i) => this.seatRow(i, lobby, host, fmt))))),
      host ? h("label", { class: "check" },
        h("input", { type: "checkbox", id: "allow-spectators", checked: !!lobby.watch, dataset: { key: "watch" },
          onchange: (e) => this.app.send("spectators", { allow: e.target.checked }) }),
        h("span", {}, t("plobby.spectators")), h("span", { class: "fine" }, t("plobby.spectators_note"))) : null,
      host
        ? h("div", { class: "pad-row" },
          h("button", { type: "button", class: "btn btn-primary", id: "start-private", dataset: { key: "start" },
            onclick: () => this.app.send("start") }, t("plobby.start")),
          h("span", { class: "fine" }, open.length ? t("plobby.bots_take", { count: open.length }) : t("plobby.every_seat_taken")))
        : h("p", { class: "waiting" }, hostName ? t("plobby.waiting_for", { name: hostName }) : t("plobby.waiting")),
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
      return h("p", { class: "fine" }, t("plobby.getting_invite"));
    }
    const link = this.app.inviteLink(invite.invite);
    return h("div", { class: "invite", role: "group", "aria-label": t("plobby.invite") },
      h("p", { class: "fine" }, t("plobby.read_code")),
      // A name on a paragraph is not read: the code is spelt out, letter by letter, in words.
      h("p", { class: "big-code" }, h("span", { id: "invite-code", "aria-hidden": "true" }, invite.code),
        h("span", { class: "sr-only" }, t("plobby.code_spelt", { letters: invite.code.split("").join(" ") }))),
      h("div", { class: "inline link-row" },
        h("input", { class: "link-box", id: "invite-link", readonly: true, value: link, "aria-label": t("plobby.link"),
          onfocus: (e) => e.target.select() }),
        h("button", { type: "button", class: "btn", dataset: { key: "copy" }, onclick: () => {
          navigator.clipboard?.writeText(link).then(() => toast(t("plobby.copied")), () => toast(t("plobby.copy_yourself")));
        } }, t("plobby.copy"))),
      h("button", { type: "button", class: "btn btn-link", dataset: { key: "renew" }, onclick: () => this.app.requestInvite(true) },
        t("plobby.renew")),
      this.byName());
  }

  /** Issue 17: invite an account by name (a notice on any page of theirs), or list the
   * table in the lobby for anyone to join. */
  byName() {
    const name = h("input", { id: "invite-name", maxlength: 20, placeholder: t("plobby.name_placeholder"), autocomplete: "off",
      "aria-label": t("plobby.by_name") });
    const s = this.app.state;
    const sent = [...this.app.sentInvites.values()].filter((i) => i.table === s.table);
    const seated = (who) => s.seats.some((seat) => seat && seat.name === who);
    const said = (i) => t(`plobby.answer.${seated(i.name) ? "joined" : i.answer === "declined" ? "declined"
      : i.answer === "expired" ? "expired" : "waiting"}`);
    return h("div", { class: "by-name" },
      h("div", { class: "inline link-row" }, name,
        h("button", { type: "button", class: "btn", id: "invite-name-go", dataset: { key: "invite-name" },
          onclick: () => name.value.trim() && this.app.inviteByName(name.value.trim()) }, t("plobby.invite")),
        h("button", { type: "button", class: "btn btn-link", id: "list-table", dataset: { key: "list" },
          onclick: () => this.app.listTable(true) }, t("plobby.list"))),
      sent.length ? h("ul", { class: "fine invites-sent", id: "invites-sent", "aria-label": t("plobby.sent") },
        sent.map((i) => h("li", { dataset: { name: i.name } }, t("plobby.invite_state", { name: i.name, state: said(i) })))) : null);
  }

  seatRow(i, lobby, host, fmt) {
    const s = this.app.state;
    const info = s.seats[i] || {};
    const taken = !!info.name;
    const mine = i === s.seat;
    const tags = [];
    if (mine) tags.push(h("span", { class: "tag you" }, t("plobby.tag.you")));
    if (lobby.host === i) tags.push(h("span", { class: "tag host" }, t("plobby.tag.host")));
    if (info.guest) tags.push(h("span", { class: "tag guest", title: t("plobby.guest_title") }, t("plobby.tag.guest")));
    const actions = [];
    if (!taken && s.seat !== null) {
      actions.push(h("button", { type: "button", class: "btn small", dataset: { key: `sit-${i}` },
        "aria-label": t("plobby.sit_in", { seat: fmt.seatName(i) }), onclick: () => this.app.send("seat", { seat: i }) }, t("plobby.sit")));
    }
    if (host && taken) {
      const others = fmt.seats.filter((j) => j !== i);
      actions.push(h("select", { class: "move-select", dataset: { key: `move-${i}` }, "aria-label": t("plobby.move_label", { name: info.name }),
        onchange: (e) => { if (e.target.value !== "") this.app.send("move", { src: i, dst: Number(e.target.value) }); } },
      h("option", { value: "" }, t("plobby.move_to")),
      others.map((j) => h("option", { value: String(j) }, s.seats[j] && s.seats[j].name
        ? t("plobby.swap", { seat: fmt.seatName(j), name: s.seats[j].name }) : fmt.seatName(j)))));
      if (!mine) {
        actions.push(h("button", { type: "button", class: "btn small btn-danger", dataset: { key: `remove-${i}` },
          "aria-label": t("plobby.remove_label", { name: info.name }), onclick: () => this.app.send("remove", { seat: i }) }, t("plobby.remove")));
      }
    }
    // A screen reader reads the seat as one sentence; the eye reads the columns.
    return h("li", { class: `seat-row${taken ? "" : " open"}`, dataset: { seat: i } },
      h("span", { class: "sr-only" }, seatSentence(s, lobby, i)),
      h("span", { class: "dir", "aria-hidden": "true" }, fmt.seatName(i)),
      h("span", { class: "sitter", "aria-hidden": "true" }, taken ? info.name : t("plobby.empty"), " ", tags),
      h("span", { class: "row-actions" }, actions));
  }
}
