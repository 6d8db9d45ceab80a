// "Analyse my play" on a hand's result (docs/protocol.md, `analyse`): the analysis of
// the player's own decisions in the game's finished hands, made by an analysis worker.
// While it waits the line says how many analyses are ahead of it (the reply's `ahead`)
// and the table asks again every 2 s; then each marked decision is listed with the
// better choice and the reason under a summary line (mistakes by size, points lost), bad
// luck folded away under its own heading; or that nothing was marked. A refusal (a ranked game
// still on, a position set up by hand, the hourly limit) is the server's sentence.
import { placeText } from "./analysis_place.js";
import { h } from "./dom.js";
import { choiceText, costText, isMistake, markWord, reasonSentence, sizesText, summaryText } from "../game/review_marks.js";
import { t } from "../i18n.js";

const POLL_MS = 2_000;
const POLL_FOR_MS = 10 * 60_000; // a worker may have a queue to get through first

export class HandAnalysis {
  constructor(room) {
    this.room = room;
    this.button = h("button", { type: "button", class: "btn", id: "analyse-hand", onclick: () => this.ask() },
      t("analysis.ask"));
    this.out = h("div", { class: "hand-analysis", id: "hand-analysis", "aria-live": "polite" });
    this.run = 0; // a new hand's result (or a closed one) stops the previous polling
  }

  /** A fresh button and an empty answer, for a new hand's result. */
  reset() {
    this.run += 1;
    this.button.disabled = false;
    this.button.hidden = false;
    this.out.replaceChildren();
  }

  stop() {
    this.run += 1;
  }

  async ask() {
    const run = ++this.run;
    this.button.disabled = true;
    const until = performance.now() + POLL_FOR_MS;
    try {
      for (;;) {
        const reply = await this.room.request("analyse");
        if (run !== this.run) return;
        if (reply.status !== "queued") {
          this.show(reply);
          return;
        }
        this.out.replaceChildren(h("p", { class: "muted loading", id: "hand-analysis-waiting" }, placeText(reply.ahead)));
        if (performance.now() > until) {
          this.out.replaceChildren(h("p", { class: "muted" }, t("analysis.taking_long")));
          this.button.disabled = false;
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        if (run !== this.run) return;
      }
    } catch (err) {
      if (run !== this.run) return;
      this.button.disabled = false;
      this.out.replaceChildren(h("p", { class: "muted", id: "hand-analysis-error" }, err.message));
    }
  }

  show(reply) {
    this.button.hidden = true;
    // On a phone the answer is below the hand's table: bring it into view once it is in.
    requestAnimationFrame(() => this.out.scrollIntoView({ block: "nearest" }));
    if (reply.status === "failed") {
      this.out.replaceChildren(h("p", { class: "muted" }, t("analysis.failed", { error: reply.error })));
      return;
    }
    const result = reply.analysis;
    const marks = result.marks || [];
    const head = h("p", { class: "muted" }, `${t("analysis.head", { count: result.hands, threshold: result.threshold })} ${sizesText()}`);
    const summary = h("p", { id: "hand-analysis-summary" }, h("b", {}, t("analysis.you")), " ", summaryText(result));
    const mistakes = marks.filter(isMistake);
    const luck = marks.filter((mark) => !isMistake(mark));
    const line = (mark) => {
      const where = mark.trick ? t("analysis.where_trick", { hand: mark.hand + 1, trick: mark.trick })
        : t("analysis.where_bidding", { hand: mark.hand + 1 });
      const bad = isMistake(mark);
      const choice = choiceText(mark.action);
      return h("li", { class: `mark-item ${bad ? "mistake" : "bad-luck"}` },
        h("b", {}, markWord(mark)), ` · ${bad ? t("analysis.chose_better", { where, choice,
          better: choiceText(mark.better), cost: costText(mark) }) : t("analysis.chose", { where, choice })}`,
        h("br"), h("span", { class: "mark-reason" }, reasonSentence(mark)));
    };
    this.out.replaceChildren(head, summary,
      mistakes.length ? h("ol", { class: "mark-list", id: "hand-analysis-marks" }, mistakes.map(line))
        : h("p", { id: "hand-analysis-none" }, t("analysis.none")),
      luck.length ? h("details", { class: "bad-luck-list", id: "hand-analysis-luck" },
        h("summary", {}, t("analysis.luck", { count: luck.length })),
        h("ol", { class: "mark-list" }, luck.map(line))) : null);
  }
}
