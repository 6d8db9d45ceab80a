// The analysis on the game page: every decision the analysis marked (cost at least its
// threshold of expected points, judged from what the seat could see; or bad luck: right
// by that view, beaten only by the hidden cards). Each analysed player has a summary
// line (mistakes by size, points lost); a choice shows everyone's decisions or one
// player's (the viewer's own first); the mistakes shown are ticks on the slider, lines of
// the list and steps of Previous/Next mistake, and at a marked move a note under the move
// line gives the better choice and the reason. Bad luck is folded away under its own
// heading. A marked mistake opens as a practice position in the room
// (#/practice/POSITION on the lobby page). A player of the game who has no analysis yet
// gets "Analyse my play" (POST /api/games/{id}/analysis, docs/archive.md).
import { h } from "../ui/dom.js";
import { ArchiveError, askAnalysis, fetchAnalysis, messageOf } from "./api.js";
import { playerName } from "./replay.js";
import { placeText } from "../ui/analysis_place.js";
import { choiceText, costText, isMistake, markWord, reasonSentence, sizesText, summaryText } from "../game/review_marks.js";
import { t } from "../i18n.js";

const POLL_MS = 2_000;
const POLL_FOR_MS = 10 * 60_000; // a worker may have a queue to get through first

/** The lobby address that starts a practice table from ``position`` (the `practice`
 * message's preset and position, as the analysis gives them). */
export function practiceHref(position) {
  return `/#/practice/${encodeURIComponent(JSON.stringify(position))}`;
}

/** The index in ``list`` (replay.js positions) of the move a mark judged, or -1. */
export function markIndex(game, list, mark) {
  const hi = game.hands.findIndex((hand) => hand.no === mark.hand);
  const card = mark.action.startsWith("play ") ? mark.action.slice(5) : null;
  return list.findIndex((p) => p.hand === hi && p.seat === mark.seat &&
    (card ? p.kind === "play" && p.trick.at(-1)?.card === card : p.kind === "bid"));
}


/** What the panel says while an analysis waits: its place in the queue when known,
 * the viewer's own first. */
export function waitingText(body) {
  const queued = (body.analyses || []).filter((a) => a.status === "queued");
  const one = queued.find((a) => a.seat === body.you) || queued[0];
  return placeText(one && one.ahead, one && one.seat !== body.you ? "this" : "yours");
}

export class AnalysisView {
  /** ``page``: the GamePage (its game, list of positions and go(index)). */
  constructor(page) {
    this.page = page;
    this.marks = new Map(); // position index -> [mark] of the chosen player(s)
    this.all = []; // every mark: {at, mark}, in move order
    this.whose = null; // the seat whose decisions are shown; null: everyone's
    this.ticks = h("div", { class: "slider-marks", id: "slider-marks", role: "group", "aria-label": t("analysis.marked") });
    this.note = h("div", { class: "move-mark", id: "move-mark", "aria-live": "polite" });
    this.panel = h("section", { class: "panel analysis", id: "analysis", "aria-labelledby": "analysis-title" },
      h("h2", { id: "analysis-title" }, t("analysis.title")));
    // Step through the mistakes shown, under the board's move line.
    this.stepLine = h("span", { class: "mark-step-line", id: "mistake-at" });
    this.prev = h("button", { type: "button", class: "btn btn-small", id: "prev-mistake", onclick: () => this.step(-1) },
      t("analysis.prev"));
    this.next = h("button", { type: "button", class: "btn btn-small", id: "next-mistake", onclick: () => this.step(1) },
      t("analysis.next"));
    this.steps = h("div", { class: "mark-step", id: "mark-step", hidden: true }, this.prev, this.stepLine, this.next);
    this.mistakeMoves = [];
    this.polling = false;
  }

  async load() {
    try {
      this.show(await fetchAnalysis(this.page.game.id));
    } catch (err) {
      this.panel.replaceChildren(this.panel.firstChild, h("p", { class: "muted" },
        err instanceof ArchiveError ? messageOf(err) : t("analysis.unreadable")));
    }
  }

  show(body) {
    const game = this.page.game;
    const list = this.page.list;
    const analyses = body.analyses || [];
    const analysed = analyses.filter((a) => a.status === "done");
    const waiting = analyses.some((a) => a.status === "queued");
    this.all = [];
    for (const one of analysed) {
      for (const mark of one.analysis.marks) {
        const at = markIndex(game, list, mark);
        if (at >= 0) this.all.push({ at, mark });
      }
    }
    this.all.sort((x, y) => x.at - y.at);
    const you = body.you ?? null;
    if (!analysed.some((a) => a.seat === this.whose)) {
      this.whose = analysed.some((a) => a.seat === you) ? you : null;
    }
    const mine = analyses.find((a) => a.seat === you);
    const parts = [this.panel.firstChild];
    if (analysed.length) {
      parts.push(h("p", { class: "muted" },
        `${t("analysis.head_all", { threshold: analysed[0].analysis.threshold })} ${sizesText()}`));
      parts.push(h("ul", { class: "analysis-summary", id: "analysis-summary" }, analysed.map((a) =>
        h("li", { class: "summary-line", "data-seat": a.seat },
          h("b", {}, t(a.seat === you ? "analysis.player_you" : "analysis.player", { name: playerName(game, a.seat) })),
          " ", summaryText(a.analysis)))));
    }
    for (const failed of analyses.filter((a) => a.status === "failed")) {
      parts.push(h("p", { class: "muted" }, t("analysis.player_failed", { name: playerName(game, failed.seat), error: failed.error })));
    }
    if (waiting) parts.push(h("p", { class: "muted loading", id: "analysis-waiting", "aria-live": "polite" }, waitingText(body)));
    if (you !== null && !mine) { // a failed one fails again
      this.askButton = h("button", { type: "button", class: "btn", id: "analyse-my-play", onclick: () => this.ask() },
        t("analysis.ask"));
      parts.push(this.askButton);
    }
    this.shown = h("div", { class: "analysis-marks" });
    if (analysed.length) {
      const choice = h("select", { id: "mark-filter", "aria-label": t("analysis.whose"),
        onchange: () => this.choose(choice.value === "all" ? null : Number(choice.value)) },
      h("option", { value: "all" }, t("analysis.everyone")),
      ...analysed.map((a) => h("option", { value: a.seat },
        a.seat === you ? t("analysis.yours") : t("analysis.theirs", { name: playerName(game, a.seat) }))));
      choice.value = this.whose === null ? "all" : String(this.whose);
      parts.push(h("div", { class: "mark-controls" }, choice), this.shown);
    } else if (!waiting && you === null) {
      parts.push(h("p", { class: "muted" }, t("analysis.not_analysed")));
    }
    this.panel.replaceChildren(...parts);
    this.choose(this.whose);
    if (waiting) this.poll();
  }

  /** Show the decisions of ``seat`` (null: everyone's): the ticks, the list, the
   * folded bad luck, the steps. */
  choose(seat) {
    this.whose = seat;
    const shown = this.all.filter(({ mark }) => seat === null || mark.seat === seat);
    this.marks.clear();
    for (const { at, mark } of shown) {
      if (!this.marks.has(at)) this.marks.set(at, []);
      this.marks.get(at).push(mark);
    }
    const mistakes = shown.filter(({ mark }) => isMistake(mark));
    const luck = shown.filter(({ mark }) => !isMistake(mark));
    this.mistakeMoves = [...new Set(mistakes.map(({ at }) => at))];
    const last = Math.max(1, this.page.list.length - 1);
    this.ticks.replaceChildren(...this.mistakeMoves.map((at) => {
      const pos = this.page.list[at];
      return h("button", { type: "button", class: "slider-mark mistake", "data-move": at,
        style: { left: `${(at / last) * 100}%` }, title: pos.text,
        "aria-label": t("analysis.tick", { move: at + 1, text: pos.text }),
        onclick: () => this.page.go(at) });
    }));
    if (!this.shown) return;
    const parts = [];
    if (mistakes.length) parts.push(h("ol", { class: "mark-list", id: "mark-list" }, mistakes.map(({ at, mark }) => this.item(at, mark))));
    else parts.push(h("p", { id: "no-marks" }, t("analysis.none")));
    if (luck.length) {
      parts.push(h("details", { class: "bad-luck-list", id: "bad-luck" },
        h("summary", {}, t("analysis.luck_seen", { count: luck.length })),
        h("ol", { class: "mark-list" }, luck.map(({ at, mark }) => this.item(at, mark)))));
    }
    this.shown.replaceChildren(...parts);
    this.at(this.page.at);
  }

  item(at, mark) {
    const game = this.page.game;
    const pos = this.page.list[at];
    const bad = isMistake(mark);
    const where = mark.trick ? t("analysis.where_trick", { hand: pos.hand + 1, trick: mark.trick })
      : t("analysis.where_bidding", { hand: pos.hand + 1 });
    const args = { where, name: playerName(game, mark.seat), choice: choiceText(mark.action) };
    return h("li", { class: `mark-item ${bad ? "mistake" : "bad-luck"}`, "data-move": at },
      h("button", { type: "button", class: "btn btn-small btn-ghost", onclick: () => this.jump(at) },
        t("analysis.move", { move: at + 1 })), " ",
      h("b", {}, markWord(mark)), ` · ${bad ? t("analysis.chose_someone_better",
        { ...args, better: choiceText(mark.better), cost: costText(mark) }) : t("analysis.chose_someone", args)}`,
      h("br"), h("span", { class: "mark-reason" }, reasonSentence(mark)));
  }

  /** From the list: to the move, and the board into view (the list is below it). */
  jump(at) {
    this.page.go(at);
    this.page.moveLine.scrollIntoView({ block: "center" });
  }

  /** To the next (``+1``) or previous (``-1``) mistake shown, from the move on the board. */
  step(direction) {
    const here = this.page.at;
    const to = direction > 0 ? this.mistakeMoves.find((at) => at > here)
      : this.mistakeMoves.findLast((at) => at < here);
    if (to !== undefined) this.page.go(to);
  }

  /** The note at position ``index`` (called by the page at every move). */
  at(index) {
    const marks = this.marks.get(index) || [];
    for (const tick of this.ticks.children) tick.classList.toggle("here", Number(tick.dataset.move) === index);
    this.note.replaceChildren(...marks.map((mark) => h("p", { class: `mark-note ${isMistake(mark) ? "mistake" : "bad-luck"}` },
      h("b", {}, isMistake(mark) ? t("analysis.note_better", { mark: markWord(mark), better: choiceText(mark.better) })
        : t("analysis.note_luck")), " ",
      reasonSentence(mark), " ",
      mark.position ? h("a", { class: "btn btn-small practice-link", href: practiceHref(mark.position) },
        t("analysis.practise")) : null)));
    const moves = this.mistakeMoves;
    this.steps.hidden = !moves.length;
    const k = moves.indexOf(index);
    this.stepLine.textContent = k >= 0 ? t("analysis.step", { n: k + 1, count: moves.length })
      : t("analysis.size.mistake", { count: moves.length });
    this.prev.disabled = !moves.some((at) => at < index);
    this.next.disabled = !moves.some((at) => at > index);
  }

  async ask() {
    this.askButton.disabled = true;
    try {
      await askAnalysis(this.page.game.id);
      await this.load();
    } catch (err) {
      this.askButton.disabled = false;
      this.panel.append(h("p", { class: "muted", id: "analysis-error" }, messageOf(err)));
    }
  }

  async poll() {
    if (this.polling) return;
    this.polling = true;
    const until = performance.now() + POLL_FOR_MS;
    try {
      while (performance.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        const body = await fetchAnalysis(this.page.game.id).catch(() => null);
        if (body && !(body.analyses || []).some((a) => a.status === "queued")) {
          this.polling = false;
          this.show(body);
          return;
        }
        const waiting = this.panel.querySelector("#analysis-waiting");
        if (body && waiting) waiting.textContent = waitingText(body);
      }
    } finally {
      this.polling = false;
    }
  }
}
