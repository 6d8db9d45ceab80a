// The analysis on the game page (issue 19): every decision the analysis marked (cost at
// least its threshold of expected points, judged from what the seat could see; or bad
// luck: right by that view, beaten only by the hidden cards) is a tick on the slider at
// its move, a line of the review list, and, at that move, a note under the move line
// with the better choice and the reason. A marked mistake opens as a practice position
// in the room (#/practice/POSITION on the lobby page). A player of the game who has no
// analysis yet gets "Analyse my play" (POST /api/games/{id}/analysis, docs/archive.md).
import { h } from "../ui/dom.js";
import { actionText } from "../game/cards.js";
import { ArchiveError, askAnalysis, fetchAnalysis } from "./api.js";
import { playerName } from "./replay.js";
import { placeText } from "../ui/analysis_place.js";

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

function words(action) {
  return actionText(action).replace(/^plays /, "").replace(/^bids /, "bidding ");
}

/** What the panel says while an analysis waits: its place in the queue when known,
 * the viewer's own first. */
export function waitingText(body) {
  const queued = (body.analyses || []).filter((a) => a.status === "queued");
  const one = queued.find((a) => a.seat === body.you) || queued[0];
  return placeText(one && one.ahead, one && one.seat !== body.you ? "this one" : "yours");
}

export class AnalysisView {
  /** ``page``: the GamePage (its game, list of positions and go(index)). */
  constructor(page) {
    this.page = page;
    this.marks = new Map(); // position index -> [mark]
    this.ticks = h("div", { class: "slider-marks", id: "slider-marks", "aria-label": "Marked decisions" });
    this.note = h("div", { class: "move-mark", id: "move-mark", "aria-live": "polite" });
    this.panel = h("section", { class: "panel analysis", id: "analysis", "aria-labelledby": "analysis-title" },
      h("h2", { id: "analysis-title" }, "Review of decisions"));
    this.polling = false;
  }

  async load() {
    try {
      this.show(await fetchAnalysis(this.page.game.id));
    } catch (err) {
      this.panel.replaceChildren(this.panel.firstChild, h("p", { class: "muted" },
        err instanceof ArchiveError ? err.message : "The analysis could not be read."));
    }
  }

  show(body) {
    const game = this.page.game;
    const list = this.page.list;
    this.marks.clear();
    const items = [];
    let waiting = false;
    for (const one of body.analyses || []) {
      if (one.status === "queued") waiting = true;
      if (one.status !== "done") continue;
      for (const mark of one.analysis.marks) {
        const at = markIndex(game, list, mark);
        if (at < 0) continue;
        if (!this.marks.has(at)) this.marks.set(at, []);
        this.marks.get(at).push({ ...mark, threshold: one.analysis.threshold });
      }
    }
    const last = Math.max(1, list.length - 1);
    const order = [...this.marks.keys()].sort((a, b) => a - b);
    this.ticks.replaceChildren(...order.map((at) => {
      const kinds = this.marks.get(at);
      const bad = kinds.some((m) => m.label === "mistake");
      const pos = list[at];
      return h("button", { type: "button", class: `slider-mark ${bad ? "mistake" : "bad-luck"}`, "data-move": at,
        style: { left: `${(at / last) * 100}%` }, title: pos.text,
        "aria-label": `Move ${at + 1}: ${bad ? "a mistake" : "bad luck"} (${pos.text})`,
        onclick: () => this.page.go(at) });
    }));
    for (const at of order) {
      for (const mark of this.marks.get(at)) items.push(this.item(at, mark));
    }
    const mine = (body.analyses || []).find((a) => a.seat === body.you);
    const parts = [this.panel.firstChild];
    const analysed = (body.analyses || []).filter((a) => a.status === "done");
    if (analysed.length) {
      parts.push(h("p", { class: "muted" }, `Analysed: ${analysed.map((a) => playerName(game, a.seat)).join(", ")}. ` +
        `Each decision is judged from what that seat could see; marked when it cost ${analysed[0].analysis.threshold} ` +
        "expected points or more. Bad luck: right by what the seat knew, beaten only by the hidden cards."));
    }
    for (const failed of (body.analyses || []).filter((a) => a.status === "failed")) {
      parts.push(h("p", { class: "muted" }, `${playerName(game, failed.seat)}'s analysis failed: ${failed.error}`));
    }
    if (waiting) parts.push(h("p", { class: "muted loading", id: "analysis-waiting", "aria-live": "polite" }, waitingText(body)));
    if (body.you !== null && body.you !== undefined && !mine) { // a failed one fails again
      this.askButton = h("button", { type: "button", class: "btn", id: "analyse-my-play", onclick: () => this.ask() },
        "Analyse my play");
      parts.push(this.askButton);
    }
    if (items.length) parts.push(h("ol", { class: "mark-list", id: "mark-list" }, items));
    else if (analysed.length) parts.push(h("p", { id: "no-marks" }, "No decision was marked: nothing cost the threshold."));
    else if (!waiting && (body.you === null || body.you === undefined)) {
      parts.push(h("p", { class: "muted" }, "This game has not been analysed."));
    }
    this.panel.replaceChildren(...parts);
    this.at(this.page.at);
    if (waiting) this.poll();
  }

  item(at, mark) {
    const game = this.page.game;
    const pos = this.page.list[at];
    const where = mark.trick ? `hand ${pos.hand + 1}, trick ${mark.trick}` : `hand ${pos.hand + 1}, the bidding`;
    return h("li", { class: `mark-item ${mark.label === "mistake" ? "mistake" : "bad-luck"}`, "data-move": at },
      h("button", { type: "button", class: "btn btn-small btn-ghost", onclick: () => this.jump(at) }, `Move ${at + 1}`), " ",
      h("b", {}, mark.label === "mistake" ? "Mistake" : "Bad luck"), ` · ${where} · ${playerName(game, mark.seat)} chose ` +
        `${words(mark.action)}` + (mark.label === "mistake" ? `; better ${words(mark.better)} (about ${Math.round(mark.cost)} points)` : ""),
      h("br"), h("span", { class: "mark-reason" }, mark.reason));
  }

  /** From the list: to the move, and the board into view (the list is below it). */
  jump(at) {
    this.page.go(at);
    this.page.moveLine.scrollIntoView({ block: "center" });
  }

  /** The note at position ``index`` (called by the page at every move). */
  at(index) {
    const marks = this.marks.get(index) || [];
    for (const tick of this.ticks.children) tick.classList.toggle("here", Number(tick.dataset.move) === index);
    this.note.replaceChildren(...marks.map((mark) => h("p", { class: `mark-note ${mark.label === "mistake" ? "mistake" : "bad-luck"}` },
      h("b", {}, mark.label === "mistake" ? `Mistake: better ${words(mark.better)}. ` : "Bad luck, not a mistake. "),
      mark.reason, " ",
      mark.position ? h("a", { class: "btn btn-small practice-link", href: practiceHref(mark.position) },
        "Practise this position") : null)));
  }

  async ask() {
    this.askButton.disabled = true;
    try {
      await askAnalysis(this.page.game.id);
      await this.load();
    } catch (err) {
      this.askButton.disabled = false;
      this.panel.append(h("p", { class: "muted", id: "analysis-error" }, err.message));
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
