// The chat panel: off until the player turns it on (the room remembers the choice for
// accounts), a mute per seat (decided by the room: a muted seat's messages never reach
// this player), quick phrases, the last messages for a late joiner (the snapshot's
// ``chat``). Plain text only, never markup. Spectators talk among themselves.
// The same panel is an event's chat (pages/event_page.js) with another ``place``: who
// is who there (players by id rather than seats), what it says of its audience.
import { t } from "../i18n.js";
import { fill, h, toast } from "./dom.js";

// Quick phrases travel by id (server/social/chat.py QUICK_PHRASES); each reader sees the
// catalogue's "chat.phrase.<id>" in their own language.
export const QUICK_PHRASES = ["gg", "nice_bid", "nice_play", "sorry", "thanks", "good_luck", "hello", "oops"];
const MAX_LENGTH = 200;
const KEPT = 50;
const NOTE_MS = 3500; // as long as a toast

/** A table's place: seats, the viewer's own, and the spectators' gallery. */
function tablePlace(state) {
  return {
    title: t("chat.title"),
    docked: false,
    watching: () => state.seat === null,
    canSay: () => true,
    audience: () => t(state.seat === null ? "chat.audience_watching" : "chat.audience_players"),
    mine: (m) => state.seat !== null && m.seat === state.seat,
    keyOf: (m) => m.seat,
    tag: (m) => ({ seat: m.seat ?? "" }),
    nameOf: (m) => m.name || (m.seat !== undefined && m.seat !== null ? state.format.seatName(m.seat) : "?"),
    muteLegend: t("chat.mute_legend"),
    noPeople: t("chat.no_people"),
    people: () => {
      const seats = state.seats || [];
      return state.format.seats.filter((s) => s !== state.seat && seats[s] && !seats[s].bot && seats[s].name)
        .map((s) => ({ key: s, label: `${seats[s].name} (${state.format.seatName(s)})`, data: { seat: s } }));
    },
    muteData: (seat, on) => ({ seat, on }),
  };
}

export class ChatPanel {
  /** ``room`` sends the requests; ``state`` is the TableState; ``place`` (an event's
   * page) says who is who instead of the table's seats. */
  constructor({ room, state = null, place = null }) {
    this.room = room;
    this.place = place || tablePlace(state);
    this.on = false;
    this.messages = [];
    this.muted = new Set();
    this.unread = 0;
    this.visible = false;
    this.draft = "";
    this.el = h("aside", { class: `chat-panel${this.place.docked ? " docked" : ""}`, id: "chat-panel",
      "aria-label": this.place.title, hidden: true });
    // The room's refusals, over the panel's heading (kept across redraws of the panel).
    this.note = h("p", { class: "chat-note", role: "alert", hidden: true });
    // A list read as one (its lines are list items: a role of "log" on it would leave them
    // without a list), each new line said once.
    this.log = h("ul", { class: "chat-log", "aria-live": "polite", "aria-label": t("chat.messages") });
    this.onUnread = () => {};
  }

  /** Take the chat fields of a snapshot (a new table starts empty). Snapshots sent on
   * joining, resuming, resync and chat_on carry them; others leave them out. */
  fromSnapshot(extra, newTable) {
    if (newTable) {
      this.messages = [];
      this.muted = new Set();
      this.unread = 0;
    }
    if ("chat_on" in extra) this.on = !!extra.chat_on;
    if (Array.isArray(extra.chat)) this.messages = extra.chat.slice(-KEPT);
    if (Array.isArray(extra.muted)) this.muted = new Set(extra.muted);
    this.render();
  }

  /** A ``chat`` push: {id, seat, name, text, at, phrase}. */
  receive(message) {
    if (this.messages.some((m) => m.id === message.id)) return; // also in a snapshot
    this.messages.push(message);
    this.messages = this.messages.slice(-KEPT);
    if (!this.visible) {
      this.unread += 1;
      this.onUnread(this.unread);
    }
    this.render();
  }

  toggle(force) {
    this.visible = force === undefined ? !this.visible : force;
    this.el.hidden = !this.visible;
    if (this.visible) {
      this.unread = 0;
      this.onUnread(0);
      this.render();
      const target = this.el.querySelector(".chat-form input, .chat-on");
      if (target) target.focus();
    }
  }

  async setOn(on) {
    try {
      await this.room.request("chat_on", { on });
      this.on = on; // the snapshot that follows brings the kept messages
    } catch (err) {
      this.refused(err);
    }
    this.render();
    if (this.visible) this.el.querySelector(on ? ".chat-form input" : ".chat-on")?.focus();  // i18n: selectors
  }

  /** Say why the room refused a chat request: in the open panel, over its heading (where
   * the person is looking, and over no seat: under the top bar it hid North's name and
   * bid), moving with the panel as the table's layout changes; with the panel closed, as
   * a toast under the top bar. */
  refused(err) {
    if (!this.visible) {
      toast(err.message, "warn");
      return;
    }
    clearTimeout(this.noteTimer);
    this.note.textContent = err.message;
    this.note.hidden = false;
    this.noteTimer = setTimeout(() => { this.note.hidden = true; }, NOTE_MS);
  }

  /** Send ``text``, or the quick phrase with id ``phrase``; true when the room took it. */
  async say(text, phrase = null) {
    const clean = text.replace(/\s+/g, " ").trim();
    if (!clean && !phrase) return false;
    try {
      await this.room.request("say", phrase ? { phrase } : { text: clean.slice(0, MAX_LENGTH) });
      return true;
    } catch (err) {
      this.refused(err);
      return false;
    }
  }

  async mute(key, on) {
    try {
      await this.room.request("mute", this.place.muteData(key, on));
      if (on) this.muted.add(key);
      else this.muted.delete(key);
      // What that seat said is hidden at once, as the room's history does for us.
      if (on) this.messages = this.messages.filter((m) => this.place.keyOf(m) !== key);
    } catch (err) {
      this.refused(err);
    }
    this.render();
  }

  render() {
    if (!this.visible) return;
    const focusedKey = this.el.contains(document.activeElement) ? document.activeElement.dataset.key : null;
    const place = this.place;
    const watching = place.watching();
    const head = h("header", { class: "panel-head" }, h("h2", {}, place.title), this.note,
      h("span", { class: "head-tools" },
        this.on ? h("button", { type: "button", class: "btn btn-ghost small", dataset: { key: "off" },
          onclick: () => this.setOn(false) }, t("chat.turn_off")) : null,
        place.docked ? null : h("button", { type: "button", class: "icon-btn", "aria-label": t("chat.close"), dataset: { key: "close" },
          onclick: () => this.toggle(false) }, "✕")));
    const audience = place.audience();
    if (!this.on) {
      this.el.replaceChildren(head,
        h("p", { class: "empty" }, t("chat.is_off", { audience })),
        h("button", { type: "button", class: "btn btn-primary chat-on", dataset: { key: "on" },
          onclick: () => this.setOn(true) }, t("chat.turn_on")));
      this.refocus(focusedKey);
      return;
    }
    this.log.replaceChildren(...(this.messages.length ? this.messages.map((m) => h("li",
      { class: place.mine(m) ? "mine" : "", dataset: place.tag(m) },
      h("b", {}, `${t("chat.who", { name: place.nameOf(m) })} `),
      h("span", { class: m.phrase ? "phrase" : "" }, m.phrase ? phraseText(m.phrase, m.text) : m.text)))
      : [h("li", { class: "empty" }, t("chat.none"))]));
    const input = h("input", { type: "text", maxlength: MAX_LENGTH, placeholder: t("chat.placeholder"), "aria-label": t("chat.message"),
      value: this.draft, dataset: { key: "input" }, oninput: (e) => { this.draft = e.target.value; } });
    const form = h("form", { class: "chat-form", onsubmit: async (e) => {
      e.preventDefault();
      const text = input.value;
      if (await this.say(text)) {
        // The echo of this message redraws the panel before the answer comes: empty the
        // box on screen now, not the one we read (unless more was typed meanwhile).
        const box = this.el.querySelector(".chat-form input") || input;
        if (box.value === text) box.value = "";
        this.draft = box.value;
      }
    } }, input, h("button", { type: "submit", class: "btn btn-primary", dataset: { key: "send" } }, t("chat.send")));
    const phrases = h("div", { class: "phrases", role: "group", "aria-label": t("chat.phrases") },
      QUICK_PHRASES.map((id) => h("button", { type: "button", class: "chip", dataset: { key: `p-${id}` },
        onclick: () => this.say("", id) }, phraseText(id))));
    const people = watching ? [] : place.people(this.messages, this.muted);
    const mutes = watching ? null : h("fieldset", { class: "mutes" }, h("legend", {}, place.muteLegend),
      people.length ? people.map((p) => h("label", { class: "chip" },
        h("input", { type: "checkbox", checked: this.muted.has(p.key), dataset: { ...p.data, key: `m-${p.key}` },
          onchange: (e) => this.mute(p.key, e.target.checked) }),
        h("span", {}, p.label))) : h("span", { class: "fine" }, place.noPeople));
    const speaks = place.canSay();
    fill(this.el, head, h("p", { class: "fine" }, audience), this.log, speaks ? phrases : null, speaks ? form : null, mutes);
    this.log.scrollTop = this.log.scrollHeight;
    this.refocus(focusedKey);
  }

  refocus(key) {
    if (!key) return;
    const again = this.el.querySelector(`[data-key="${key}"]`);
    if (again) again.focus();
  }
}

/** A quick phrase in the reader's language (``english``: the room's text, for a phrase
 * this page does not know). */
function phraseText(id, english = id) {
  return QUICK_PHRASES.includes(id) ? t(`chat.phrase.${id}`) : english;
}
