// The private lobby (a private table before its start) for a screen reader: each seat as
// one sentence ("North: you (Sam), the host."), and, in screen-reader mode, what changes
// said once through the polite live region: a player sitting, moving or leaving, the bots
// taking the empty seats and the game starting.
import { t } from "../i18n.js";
import { announce } from "./dom.js";
import { settings } from "./settings.js";

/** The seat ``i`` of a private table in one sentence: its compass name, who sits there
 * (you, a name, empty) and what they are (the host, a guest, a bot). */
export function seatSentence(state, lobby, i) {
  const info = state.seats[i] || {};
  const seat = state.format.seatName(i);
  if (!info.name) return t("srlobby.seat_line", { seat, who: t("srlobby.empty") });
  const tags = [i === state.seat ? t("srlobby.you", { name: info.name }) : info.name];
  if (lobby.host === i) tags.push(t("srlobby.tag_host"));
  if (info.guest) tags.push(t("srlobby.tag_guest"));
  if (info.bot) tags.push(t("srlobby.tag_bot"));
  return t("srlobby.seat_line", { seat, who: tags.join(t("list.comma")) });
}

/** Who sits where: [name, bot] per seat, null for an empty one. */
function sitters(state) {
  return (state.seats || []).map((info) => (info && info.name ? [info.name, !!info.bot] : null));
}

/** The news of a private table before its start, said once each (``hear`` is called at
 * every render; it compares the seats with those it saw last at the same table). */
export class LobbyNews {
  constructor() {
    this.table = null;
    this.seats = null; // the seats last seen while the table was filling
  }

  hear(state) {
    const filling = state.kind === "private" && state.status === "filling";
    const before = this.table === state.table ? this.seats : null;
    this.table = state.table;
    this.seats = filling ? sitters(state) : null;
    if (!before || !settings.screenReader) return;
    for (const sentence of this.changes(state, before, sitters(state))) announce(sentence);
    if (!filling && state.status === "playing") announce(t("srlobby.starts"));
  }

  /** The sentences for the seats that changed from ``before`` to ``now``: a name in a new
   * seat that was in another one has moved. */
  changes(state, before, now) {
    const seatName = (i) => state.format.seatName(i);
    const gone = new Map();
    const came = [];
    now.forEach((sitter, i) => {
      const was = before[i];
      if (was && sitter && was[0] === sitter[0] && was[1] === sitter[1]) return;
      if (was) gone.set(was[0], i);
      if (sitter) came.push([sitter, i]);
    });
    const out = [];
    for (const [[name, bot], i] of came) {
      const mine = i === state.seat;
      if (gone.has(name)) {
        gone.delete(name);
        out.push(mine ? t("srlobby.you_move", { seat: seatName(i) }) : t("srlobby.moves", { name, seat: seatName(i) }));
      } else if (bot) out.push(t("srlobby.bot_sits", { name, seat: seatName(i) }));
      else out.push(mine ? t("srlobby.you_sit", { seat: seatName(i) }) : t("srlobby.sits", { name, seat: seatName(i) }));
    }
    for (const [name, i] of gone) out.push(t("srlobby.leaves", { name, seat: seatName(i) }));
    return out;
  }
}
