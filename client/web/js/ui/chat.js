// The chat panel: off until the player turns it on, per-seat mute, quick phrases, plain
// text only (never markup). The messages it needs (chat_on, say, mute; the server's chat
// push and snap fields chat_on, chat, muted) are listed in docs/client-web.md.
import { SEAT_NAMES } from "../game/cards.js";
import { h, toast } from "./dom.js";

// Quick phrases travel by id (server/chat.py QUICK_PHRASES); the text is what is shown.
export const QUICK_PHRASES = { gg: "Good game", nice_bid: "Nice bid", nice_play: "Nice play",
  sorry: "Sorry partner", thanks: "Thanks partner", good_luck: "Good luck" };
const MAX_LENGTH = 200;

export class ChatPanel {
  /** ``room`` sends the requests; ``state`` is the TableState. */
  constructor({ room, state }) {
    this.room = room;
    this.state = state;
    this.on = false;
    this.messages = [];
    this.muted = new Set();
    this.unread = 0;
    this.visible = false;
    this.el = h("aside", { class: "chat-panel", id: "chat-panel", "aria-label": "Table chat", hidden: true });
    this.log = h("ul", { class: "chat-log", role: "log", "aria-live": "polite", "aria-label": "Messages" });
    this.onUnread = () => {};
  }

  /** Take the chat fields of a snapshot (a new table starts empty). */
  fromSnapshot(extra, newTable) {
    if (newTable) {
      this.messages = [];
      this.unread = 0;
    }
    if ("chat_on" in extra) this.on = !!extra.chat_on;
    if (Array.isArray(extra.chat)) this.messages = extra.chat.slice(-50);
    if (Array.isArray(extra.muted)) this.muted = new Set(extra.muted);
    this.render();
  }

  /** A ``chat`` push: {id, seat, name, text, at, phrase}. */
  receive(message) {
    if (this.muted.has(seatOf(message))) return;
    this.messages.push(message);
    this.messages = this.messages.slice(-50);
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
      const target = this.el.querySelector("input, button");
      if (target) target.focus();
    }
  }

  async setOn(on) {
    try {
      await this.room.request("chat_on", { on });
      this.on = on;
    } catch (err) {
      this.failed(err);
    }
    this.render();
  }

  /** Send ``text``, or the quick phrase with id ``phrase``. */
  async say(text, phrase = null) {
    const clean = text.replace(/\s+/g, " ").trim().slice(0, MAX_LENGTH);
    if (!clean && !phrase) return;
    try {
      await this.room.request("say", phrase ? { phrase } : { text: clean });
    } catch (err) {
      this.failed(err);
    }
  }

  async mute(seat, on) {
    try {
      await this.room.request("mute", { seat, on });
      if (on) this.muted.add(seat);
      else this.muted.delete(seat);
      if (on) this.messages = this.messages.filter((m) => seatOf(m) !== seat);
    } catch (err) {
      this.failed(err);
    }
    this.render();
  }

  failed(err) {
    if (err.code === "unsupported") {
      this.unsupported = true;
      this.render();
    } else {
      toast(err.message, "warn");
    }
  }

  render() {
    if (!this.visible) return;
    const head = h("header", { class: "panel-head" }, h("h2", {}, "Table chat"),
      h("button", { type: "button", class: "icon-btn", "aria-label": "Close chat", onclick: () => this.toggle(false) }, "✕"));
    if (this.unsupported || this.room.supports("say") === false) {
      this.el.replaceChildren(head, h("p", { class: "empty" }, "Table chat is coming to this room soon."));
      return;
    }
    if (!this.on) {
      this.el.replaceChildren(head,
        h("p", { class: "empty" }, "Chat is off. Only players who turn it on can send and read table chat."),
        h("button", { type: "button", class: "btn btn-primary", onclick: () => this.setOn(true) }, "Turn chat on"));
      return;
    }
    const me = this.state.seat;
    this.log.replaceChildren(...this.messages.map((m) => h("li", { class: seatOf(m) === me ? "mine" : "", dataset: { seat: seatOf(m) ?? "" } },
      h("b", {}, `${m.name || SEAT_NAMES[seatOf(m)] || "?"}: `), h("span", {}, m.text))));
    const input = h("input", { type: "text", maxlength: MAX_LENGTH, placeholder: "Say something…", "aria-label": "Message" });
    const form = h("form", { class: "chat-form", onsubmit: (e) => { e.preventDefault(); this.say(input.value); input.value = ""; } },
      input, h("button", { type: "submit", class: "btn btn-primary" }, "Send"));
    const phrases = h("div", { class: "phrases", role: "group", "aria-label": "Quick phrases" },
      Object.entries(QUICK_PHRASES).map(([id, text]) => h("button", { type: "button", class: "chip",
        onclick: () => this.say(text, id) }, text)));
    const seats = this.state.seats || [];
    const mutes = h("fieldset", { class: "mutes" }, h("legend", {}, "Mute"),
      [0, 1, 2, 3].filter((s) => s !== me && seats[s] && !seats[s].bot && seats[s].name).map((s) => h("label", { class: "chip" },
        h("input", { type: "checkbox", checked: this.muted.has(s), dataset: { seat: s },
          onchange: (e) => this.mute(s, e.target.checked) }),
        h("span", {}, `${seats[s].name} (${SEAT_NAMES[s]})`))));
    this.el.replaceChildren(head, this.log, phrases, form, mutes,
      h("button", { type: "button", class: "btn btn-ghost", onclick: () => this.setOn(false) }, "Turn chat off"));
    this.log.scrollTop = this.log.scrollHeight;
  }
}

function seatOf(message) {
  return message.seat ?? message.s ?? null;
}
