// A lesson's screen-reader mode, as the table's (js/ui/sr_table.js): a switch in the
// lesson's header, and while it is on, the position in plain text regions (your hand by
// suit, the trick, the bids and tricks, the cards played) and a box to type the move (a
// card or a bid, in the words the table takes). The choice is the browser's, shared with
// the room's table and the game pages (settings.screenReader). The replies, a step done
// and the lesson's end are said by the lesson itself (lesson_player.js).
import { Format } from "../../js/game/format.js";
import { t } from "../../js/i18n.js";
import { bidsText, handText, legalText, playedText, trickText } from "../../js/game/table_text.js";
import { announce, h } from "../../js/ui/dom.js";
import { saveSettings, settings } from "../../js/ui/settings.js";
import { actTyped, fillRegions, srMoveForm, srRegion } from "../../js/ui/sr_table.js";
import { seatName } from "./table_view.js";

export class SrLesson {
  /** ``player``: the LessonPlayer (view, seat, data.rules, busy, finished, send(action)). */
  constructor(player) {
    this.player = player;
    this.toggle = h("label", { class: "switch sr-switch lesson-sr-switch" },
      h("input", { type: "checkbox", role: "switch", id: "sr-mode", checked: !!settings.screenReader,
        onchange: (e) => this.switchTo(e.target.checked) }),
      h("span", {}, t("learn.sr.mode")));
    this.regions = {};
    const region = (key, label) => srRegion(this.regions, key, label);
    ({ form: this.form, input: this.input, legal: this.legal } = srMoveForm(
      t("learn.sr.move_label"), () => this.submit()));
    this.el = h("section", { class: "sr-table", "aria-label": t("learn.sr.heading"), hidden: true },
      h("h2", {}, t("learn.sr.heading")), this.form,
      region("hand", t("learn.sr.hand")), region("trick", t("learn.sr.trick")), region("bids", t("learn.sr.bids")),
      region("played", t("learn.sr.played")));
  }

  get on() {
    return !!settings.screenReader;
  }

  switchTo(on) {
    saveSettings({ screenReader: on });
    announce(on ? t("learn.sr.on") : t("learn.sr.off"));
    this.render();
  }

  /** The words of the position now, by region. */
  texts() {
    const p = this.player;
    const view = p.view;
    const me = p.seat;
    const fmt = new Format(p.data.rules);
    const partner = fmt.partnerOf(me);
    // The bids line names the seat, then who sits there for the learner.
    const role = (seat) => (seat === me ? t("learn.sr.role_you") : seat === partner ? t("learn.sr.role_partner") : t("learn.sr.role_opponent"));
    const mine = !p.finished && view.to_act === me;
    return {
      hand: view.hand_hidden ? t("learn.sr.hand_hidden") : handText(view.hand),
      trick: trickText(view, (seat) => seatName(seat, me)),
      bids: bidsText(view, fmt, role),
      played: playedText(view),
      legal: p.finished ? t("learn.sr.done") : mine ? legalText(view, true) : t("learn.sr.not_your_turn"),
    };
  }

  render() {
    this.el.hidden = !this.on;
    this.toggle.querySelector("input").checked = this.on;
    if (!this.on) return;
    const texts = this.texts();
    fillRegions(this.regions, texts);
    if (this.legal.textContent !== texts.legal) this.legal.textContent = texts.legal;
  }

  /** Put the focus in the move box (true), when the mode is on. */
  focus() {
    if (!this.on || this.player.finished) return false;
    this.input.focus();
    return true;
  }

  async submit() {
    const p = this.player;
    const text = this.input.value.trim();
    if (!text) return;
    if (p.busy || p.finished || p.view.to_act !== p.seat) {
      announce(p.finished ? t("learn.sr.done") : t("learn.sr.wait"), { urgent: true });
      return;
    }
    await actTyped(this.input, p.view, (action) => p.send(action));
  }
}
