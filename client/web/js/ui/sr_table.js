// The table's screen-reader mode: a switch placed first in the table's tab order, and
// while it is on, plain text regions (hand by suit, trick, bids and tricks, score and
// bags, last trick, cards played per suit, what may be played and why not), a box to
// type a card or a bid, and single-key commands that read a region aloud. The choice is
// kept in this browser (settings.js) and for a signed-in account; at casual and private tables the room gives the
// player ten times the turn time (the ``more_time`` message).
import { bidsText, commandWord, handText, lastTrickText, legalText, playedText, reasonsOf, scoreText, trickText } from "../game/table_text.js";
import { typedMove } from "../game/typed_move.js";
import { postScreenReader } from "../net/accounts.js";
import { announce, h, seconds } from "./dom.js";
import { sideNames, sideOrder } from "./score_sheet.js";
import { saveSettings, settings } from "./settings.js";
import { t } from "../i18n.js";

const MORE_TIME_KINDS = ["casual", "private"];

/** [key, what it reads]: the mode's single-key commands (``?`` lists them), in the
 * page's language. */
export function srKeys() {
  return ["H", "T", "B", "S", "L", "P", "C"].map((k) => [k, t(`srtable.key.${k.toLowerCase()}`)])
    .concat([["?", t("srreplay.key_keys")]]);
}

/** A signed-in account's choice (GET /api/me's ``screen_reader``) becomes this browser's
 * too; an account that never chose leaves the browser's as it is. */
export function followAccount(me) {
  if (me && typeof me.screen_reader === "boolean") saveSettings({ screenReader: me.screen_reader });
}

/** A text region of the mode: a section named ``label`` with its heading; its paragraph
 * is kept in ``into[key]`` for ``fillRegions``. */
export function srRegion(into, key, label) {
  const text = h("p", { class: "sr-text" });
  into[key] = text;
  return h("section", { class: "sr-region", "aria-label": label }, h("h3", {}, label), text);
}

/** The move box: a form named "Your move" with the ``label``led input (#sr-move), a Play
 * key, and the paragraph (#sr-legal) that says what may be played; ``onSubmit()``. The
 * card's refusal reasons are said in the page's language. */
export function srMoveForm(label, onSubmit) {
  const input = h("input", { id: "sr-move", autocomplete: "off", spellcheck: "false", "aria-describedby": "sr-legal" });
  const legal = h("p", { class: "sr-text", id: "sr-legal" });
  const form = h("form", { class: "sr-move", "aria-label": t("srtable.move"),
    onsubmit: (e) => { e.preventDefault(); onSubmit(); } },
  h("label", { for: "sr-move" }, label),
  h("div", { class: "inline" }, input, h("button", { type: "submit", class: "btn" }, t("srtable.play"))),
  legal);
  return { form, input, legal };
}

/** Write ``texts[key]`` into each region's paragraph, where it changed. */
export function fillRegions(regions, texts) {
  for (const [key, el] of Object.entries(regions)) if (el.textContent !== texts[key]) el.textContent = texts[key];
}

/** Make the move typed in ``input`` through ``act(action)``, if ``view`` allows it; else
 * say why not at once (the engine's reason for a card that may not be played). */
export async function actTyped(input, view, act) {
  const move = typedMove(input.value.trim(), view.legal, reasonsOf(view));
  if (move.error) {
    announce(move.error, { urgent: true });
    return;
  }
  input.value = "";
  await act(move.action);
}

export class SrTable {
  /** ``screen``: the TableScreen (state, room, nameOf(seat), act(action)). */
  constructor(screen) {
    this.screen = screen;
    this.moreTimeAsked = null; // "table:on" last sent to the room
    this.toggle = h("label", { class: "switch sr-switch" },
      h("input", { type: "checkbox", role: "switch", id: "sr-mode", checked: settings.screenReader,
        onchange: (e) => this.switchTo(e.target.checked) }),
      h("span", {}, t("srreplay.switch")));
    this.regions = {};
    const region = (key, label) => srRegion(this.regions, key, label);
    ({ form: this.form, input: this.input, legal: this.legal } = srMoveForm(
      t("srtable.move_label", { hint: commandWord("hint"), undo: commandWord("undo"), redo: commandWord("redo") }),
      () => this.submit()));
    this.el = h("section", { class: "sr-table", "aria-label": t("srtable.region"), hidden: true },
      h("h2", {}, t("srtable.title")),
      h("p", { class: "fine" }, t("srtable.keys_note", { keys: srKeys().map(([k, what]) => `${k} ${what}`).join(t("srtable.semicolon")) })),
      this.form,
      region("hand", t("srtable.hand")), region("trick", t("srreplay.trick_region")), region("bids", t("srreplay.bids")),
      region("score", t("srtable.score")), region("last", t("srreplay.last_region")),
      region("played", t("srreplay.played_region")));
  }

  get on() {
    return !!settings.screenReader;
  }

  switchTo(on) {
    saveSettings({ screenReader: on });
    if (this.screen.room.signedIn) postScreenReader(on);
    announce(on ? t("srtable.on") : t("srreplay.off"));
    this.screen.render();
  }

  /** The words of the table now, by region. */
  texts() {
    const s = this.screen.state;
    const view = s.view;
    const nameOf = (seat) => this.screen.nameOf(seat);
    const fmt = s.format;
    const names = sideNames(fmt, s.seat, s.seats);
    const sides = sideOrder(fmt, s.seat).map((side) => ({ side, name: names[side] }));
    const mine = s.seat !== null && view;
    return {
      hand: !mine ? t("srtable.watching") : view.hand_hidden ? t("srtable.hidden", { show: commandWord("show") })
        : handText(view.hand),
      trick: trickText(view, nameOf),
      bids: bidsText(view, fmt, nameOf),
      score: scoreText(view, sides),
      last: lastTrickText(view, nameOf),
      played: playedText(view),
      legal: s.myTurn ? legalText(view, true) : "",
    };
  }

  render() {
    this.el.hidden = !this.on || this.screen.lobbyPanel.shown; // before the start: the private lobby
    this.toggle.querySelector("input").checked = this.on; // an account's choice may come late
    this.screen.el.classList.toggle("sr-mode", this.on);
    this.askMoreTime();
    if (!this.on) return;
    const texts = this.texts();
    fillRegions(this.regions, texts);
    const legal = texts.legal || t("srtable.not_turn");
    if (this.legal.textContent !== legal) this.legal.textContent = legal;
  }

  /** Tell the room this seat's turn clock (ten times longer in the mode), once per table. */
  askMoreTime() {
    const s = this.screen.state;
    if (s.seat === null || !s.table || !MORE_TIME_KINDS.includes(s.kind)) return;
    const want = `${s.table}:${s.seat}:${this.on}`;
    if (this.moreTimeAsked === want) return;
    if (this.moreTimeAsked === null && !this.on) return; // never asked: nothing to take back
    this.moreTimeAsked = want;
    this.screen.room.request("more_time", { on: this.on }).catch(() => { this.moreTimeAsked = null; });
  }

  /** A snapshot arrived (a join or a reconnect seats the player afresh): ask again. */
  onSnapshot() {
    if (this.on) this.moreTimeAsked = null;
  }

  async submit() {
    const s = this.screen.state;
    const text = this.input.value.trim();
    if (!text) return;
    // Practice's Hint, Undo and Redo, typed as words (H is the hand key in this mode).
    const word = text.toLowerCase();
    const practice = ["hint", "undo", "redo"].find((name) => word === name || word === commandWord(name).toLowerCase());
    const steps = { hint: () => this.screen.practice.hint(), undo: () => this.screen.practice.step("undo"),
      redo: () => this.screen.practice.step("redo") };
    if (practice && s.kind === "practice") {
      this.input.value = "";
      await steps[practice]();
      return;
    }
    if (!s.myTurn || !s.view) {
      announce(t("srtable.not_your_turn"), { urgent: true });
      return;
    }
    await actTyped(this.input, s.view, (action) => this.screen.act(action));
  }

  /** A key pressed on the table (not in a box): read a region. True when it was one. */
  onKey(key) {
    if (!this.on || this.el.hidden) return false; // hidden: a private table before its start
    if (key === "?") {
      announce(t("srreplay.keys", { keys: srKeys().map(([k, what]) => `${k}, ${what}`).join(t("srtable.semicolon")) }), { key: "read" });
      return true;
    }
    const region = { h: "hand", t: "trick", b: "bids", s: "score", l: "last", p: "played" }[key];
    if (region) {
      const texts = this.texts();
      const extra = region === "hand" && texts.legal ? ` ${texts.legal}` : "";
      announce(texts[region] + extra, { key: "read" });
      return true;
    }
    if (key === "c") {
      announce(this.clockText(), { key: "read" });
      return true;
    }
    return false;
  }

  clockText() {
    const s = this.screen.state;
    const view = s.view;
    if (!view || view.to_act === null || view.over) return t("srtable.clock_nobody");
    const yours = view.to_act === s.seat;
    const who = this.screen.nameOf(view.to_act);
    if (!s.turnDeadline) return yours ? t("srtable.clock_yours_none") : t("srtable.clock_none", { who });
    const count = seconds(s.turnDeadline - performance.now());
    return yours ? t("srtable.clock_yours", { count }) : t("srtable.clock", { who, count });
  }
}
