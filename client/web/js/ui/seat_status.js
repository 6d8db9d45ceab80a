// What the room is doing with this person's seat, said where the actions are: a turn
// whose time ran out ("Time ran out: the autopilot played the 4♣"), away (the autopilot
// plays every turn until "I'm back"), a seat a bot took while the player was gone
// (watching, with "Take it back"), and a ranked game left (it counts as a loss).
// The server decides all of it (docs/protocol.md: ev.auto, seats[].away and .left,
// snap.reclaim); this module only shows it and sends back, reclaim.
import { cardName } from "../game/cards.js";
import { t } from "../i18n.js";
import { announce, h, toast } from "./dom.js";

/** "Time ran out: the autopilot played the 4♣ for you.": what the autopilot did for this
 * seat (``action``: the engine's action text), in the page's language. */
export function timedOut(action) {
  if (action.startsWith("play ")) {
    const code = action.slice(5).toUpperCase();
    const suit = { S: "♠", H: "♥", D: "♦", C: "♣" }[code[1]];
    const rank = code[0] === "T" ? "10" : code[0];
    return t("seat_status.timeout.play", { card: suit && code.length === 2 ? `${rank}${suit}` : cardName(code) });
  }
  if (action === "bid nil") return t("seat_status.timeout.bid", { bid: t("bid.nil") });
  if (action === "bid blind nil") return t("seat_status.timeout.bid", { bid: t("bid.blind") });
  if (action.startsWith("bid ")) return t("seat_status.timeout.bid", { bid: Number(action.slice(4)) });
  if (action.startsWith("pass ")) return t("seat_status.timeout.pass");
  if (action === "keep" || action === "discard") return t("seat_status.timeout.draw");
  return t("seat_status.timeout.other");
}

export class SeatStatus {
  /** ``room``: requests; ``state``: the TableState. */
  constructor(room, state) {
    this.room = room;
    this.state = state;
    this.notice = null; // the last time-out, shown until the player acts again
    this.text = h("span", { class: "seat-status-text" });
    this.button = h("button", { type: "button", class: "btn btn-primary", onclick: () => this.press() });
    this.el = h("div", { class: "seat-status", role: "status", hidden: true }, this.text, this.button);
    this.action = null;
    this.awaySeen = null; // {key: table and seat, away: per seat}: the other seats' away, last said
  }

  /** An ``ev``: the autopilot played for this seat because its time ran out. */
  onEvent(ev) {
    const s = this.state;
    if (ev.s !== s.seat) return;
    const me = s.seats[s.seat] || {};
    if (ev.auto && !me.away) {
      this.notice = timedOut(ev.a);
      announce(this.notice);
    } else if (!ev.auto) {
      this.notice = null; // the player acted: the notice has done its work
    }
  }

  render() {
    this.sayAwayChanges();
    const s = this.state;
    const me = s.seat !== null ? s.seats[s.seat] || {} : null;
    const playing = s.status === "playing";
    let text = null;
    let button = null;
    let kind = "info";
    if (s.seat === null && s.extra.reclaim !== undefined && s.extra.reclaim !== null && playing) {
      // With no other person at the table the bots do not play on by themselves.
      const people = s.seats.filter((info) => info && info.name && !info.bot).length;
      text = t(people ? "seat_status.bot_took" : "seat_status.bot_took_waits");
      button = [t("seat_status.take_back"), "reclaim"];
      kind = "warn";
    } else if (me && me.left && playing) {
      text = t("seat_status.left_ranked");
      kind = "warn";
    } else if (me && me.away && playing) {
      text = t("seat_status.away");
      button = [t("seat_status.back_button"), "back"];
      kind = "warn";
    } else if (me && this.notice && playing) {
      text = t("seat_status.twice", { notice: this.notice });
    }
    this.el.hidden = text === null;
    this.el.className = `seat-status seat-status-${kind}`;
    // Written only when it changes: a status region says its text again when it is rewritten.
    if (this.text.textContent !== (text || "")) this.text.textContent = text || "";
    this.action = button ? button[1] : null;
    this.button.hidden = !button;
    if (button && this.button.textContent !== button[0]) this.button.textContent = button[0];
  }

  /** Another person at the table gone away (the autopilot plays for them) or back: said
   * once, when it changes (not on joining: the seat's name says it). */
  sayAwayChanges() {
    const s = this.state;
    const key = `${s.table}:${s.seat}`;
    const away = s.seats.map((info) => !!(info && info.away));
    const seen = this.awaySeen && this.awaySeen.key === key ? this.awaySeen.away : null;
    this.awaySeen = { key, away };
    if (!seen) return;
    away.forEach((now, seat) => {
      const info = s.seats[seat];
      if (seat === s.seat || now === !!seen[seat] || !info || !info.name || info.bot) return;
      announce(t(now ? "seat_status.other_away" : "seat_status.other_back", { name: info.name }));
    });
  }

  async press() {
    const what = this.action;
    if (!what) return;
    try {
      await this.room.request(what);
      this.notice = null;
      if (what === "reclaim") announce(t("seat_status.reclaimed"));
    } catch (err) {
      toast(err.message, "warn");
    }
    this.render();
  }
}
