// "Analyse my play" on a hand's result (docs/protocol.md, `analyse`): the analysis of
// the player's own decisions in the game's finished hands, made by an analysis worker.
// While it waits the line says how many analyses are ahead of it (the reply's `ahead`)
// and the table asks again every 2 s; then each marked decision is listed with the
// better choice and the reason under a summary line (mistakes by size, points lost), bad
// luck folded away under its own heading; or that nothing was marked. A refusal (a ranked game
// still on, a position set up by hand, the hourly limit) is the server's sentence.
import { actionText } from "../game/cards.js";
import { placeText } from "./analysis_place.js";
import { h } from "./dom.js";
import { SIZES_TEXT, isMistake, markWord, reasonSentence, summaryText } from "../game/review_marks.js";
import { counted } from "../game/numbers.js";

const POLL_MS = 2_000;
const POLL_FOR_MS = 10 * 60_000; // a worker may have a queue to get through first

function words(action) {
  return actionText(action).replace(/^plays /, "").replace(/^bids /, "bidding ");
}

export class HandAnalysis {
  constructor(room) {
    this.room = room;
    this.button = h("button", { type: "button", class: "btn", id: "analyse-hand", onclick: () => this.ask() },
      "Analyse my play");
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
          this.out.replaceChildren(h("p", { class: "muted" }, "The analysis is taking long: ask again later."));
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
      this.out.replaceChildren(h("p", { class: "muted" }, `The analysis failed: ${reply.error}`));
      return;
    }
    const result = reply.analysis;
    const marks = result.marks || [];
    const head = h("p", { class: "muted" }, `Your decisions in ${counted(result.hands, "hand")}, each judged ` +
      `from what you could see; one that cost ${result.threshold} points or more on average is marked. ${SIZES_TEXT}`);
    const summary = h("p", { id: "hand-analysis-summary" }, h("b", {}, "You: "), summaryText(result));
    const mistakes = marks.filter(isMistake);
    const luck = marks.filter((mark) => !isMistake(mark));
    const line = (mark) => {
      const where = mark.trick ? `hand ${mark.hand + 1}, trick ${mark.trick}` : `hand ${mark.hand + 1}, the bidding`;
      const bad = isMistake(mark);
      return h("li", { class: `mark-item ${bad ? "mistake" : "bad-luck"}` },
        h("b", {}, markWord(mark)), ` · ${where} · you chose ${words(mark.action)}` +
          (bad ? `; better ${words(mark.better)} (about ${counted(Math.round(mark.cost), "point")})` : ""),
        h("br"), h("span", { class: "mark-reason" }, reasonSentence(mark)));
    };
    this.out.replaceChildren(head, summary,
      mistakes.length ? h("ol", { class: "mark-list", id: "hand-analysis-marks" }, mistakes.map(line))
        : h("p", { id: "hand-analysis-none" }, "No mistake was marked: nothing cost the threshold."),
      luck.length ? h("details", { class: "bad-luck-list", id: "hand-analysis-luck" },
        h("summary", {}, `Bad luck: ${counted(luck.length, "decision")} right by what you could see, beaten only by the hidden cards`),
        h("ol", { class: "mark-list" }, luck.map(line))) : null);
  }
}
