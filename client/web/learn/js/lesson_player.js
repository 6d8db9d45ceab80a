// One lesson: its text, the table position, the learner's hand, the move. A move goes to
// the server with the moves accepted so far; the answer is animated (the other seats'
// replies, frame by frame), then explained: a wrong move shows the engine's reason and
// can be retried, a finished step shows what it taught, the last one the hand's six score
// lines. Keyboard: Tab between parts, arrows within the hand or the bid pad, Enter to
// play, Escape to skip the replies or put a message away.
import { actionText } from "../../js/game/cards.js";
import { t, tParts } from "../../js/i18n.js";
import { announce, h } from "../../js/ui/dom.js";
import { handTable } from "../../js/ui/score_sheet.js";
import { pace } from "../../js/ui/settings.js";
import { api } from "./api.js";
import { progress } from "./progress.js";
import { SrLesson } from "./sr_lesson.js";
import { applyFrame, BidPad, LessonHand, LessonTable, seatName, tableState } from "./table_view.js";

const narrow = () => window.matchMedia("(max-width: 700px)").matches;

export class LessonPlayer {
  constructor(app, id) {
    this.app = app;
    this.id = id;
    this.busy = false;
    this.animating = false;
    this.skipping = false;
    this.finished = false;
    this.el = h("article", { class: "lesson", "aria-busy": "true" }, h("p", { class: "muted" }, t("learn.lesson.loading")));
    this.onKey = (event) => this.key(event);
  }

  async load() {
    try {
      this.data = await api.lesson(this.id);
    } catch (err) {
      this.el.replaceChildren(h("h1", {}, t("learn.lesson.not_found")), h("p", {}, err.message),
        h("a", { href: "#/", class: "btn" }, t("learn.lesson.all")));
      return;
    }
    progress.opened(this.id);
    this.seat = this.data.seat;
    this.build();
    this.start();
    document.addEventListener("keydown", this.onKey);
  }

  destroy() {
    document.removeEventListener("keydown", this.onKey);
    this.skipping = true;
  }

  build() {
    const d = this.data;
    const kind = d.kind === "lesson" ? t("learn.lesson.kicker", { number: d.number, count: d.of }) : t("learn.lesson.kicker_practice");
    this.heading = h("h1", { tabindex: "-1" }, h("span", { class: "lesson-kicker" }, kind), d.title);
    this.stepLine = h("p", { class: "lesson-step" });
    // On a narrow screen the intro starts folded (a tap opens it): the move and the cards
    // to play it with come on the first screen.
    this.intro = h("details", { class: "lesson-intro", open: !matchMedia("(max-width: 700px)").matches },
      h("summary", {}, t("learn.lesson.about")), d.intro.map((p) => h("p", {}, p)));
    this.doneList = h("ul", { class: "lesson-done" });
    this.prompt = h("p", { class: "lesson-prompt" });
    this.feedback = h("div", { class: "lesson-feedback", role: "alert" });
    this.hintText = h("p", { class: "lesson-hint", hidden: true });
    this.hintBtn = h("button", { type: "button", class: "btn btn-ghost btn-small", onclick: () => this.showHint() }, t("learn.lesson.hint"));
    this.skipBtn = h("button", { type: "button", class: "btn btn-ghost btn-small", hidden: true, onclick: () => this.skip() }, t("learn.lesson.skip"));
    this.ending = h("section", { class: "lesson-end", hidden: true, "aria-label": t("learn.lesson.score_label") });
    this.table = new LessonTable(this.seat);
    this.pad = new BidPad((action) => this.send(action));
    this.hand = new LessonHand((action) => this.send(action));
    this.sr = new SrLesson(this);
    this.el.removeAttribute("aria-busy");
    this.el.replaceChildren(
      h("header", { class: "lesson-head" },
        h("a", { href: "#/", class: "btn btn-ghost btn-small back-link" }, t("learn.lesson.back")), this.sr.toggle,
        this.heading, this.stepLine),
      h("div", { class: "lesson-grid" },
        h("section", { class: "lesson-text", "aria-label": t("learn.lesson.text_label") },
          this.intro, this.doneList, this.prompt, this.feedback, this.hintText,
          h("div", { class: "lesson-actions" }, this.hintBtn, this.skipBtn), this.sr.el),
        h("section", { class: "lesson-play", "aria-label": t("learn.lesson.table_label") },
          this.table.el, this.pad.el, this.hand.el)),
      this.ending);
  }

  async start() {
    const d = this.data;
    this.moves = d.moves;
    this.step = d.step;
    this.view = d.view;
    this.state = tableState(this.view);
    this.finished = false;
    this.doneList.replaceChildren();
    this.ending.hidden = true;
    this.ending.replaceChildren();
    this.clearFeedback();
    this.renderAll();
    this.heading.focus();
    if (d.frames.length) {
      this.setBusy(true);
      await this.play(d.frames);
      this.state = tableState(this.view);
      this.renderAll();
    }
    this.setBusy(false);
  }

  // -- drawing -------------------------------------------------------------------------

  renderAll() {
    const d = this.data;
    const steps = d.steps.length;
    if (this.finished) {
      this.stepLine.textContent = t("learn.lesson.done");
      this.prompt.hidden = true;
      this.hintBtn.hidden = true;
    } else {
      const step = d.steps[this.step];
      this.stepLine.textContent = steps > 1 ? t("learn.lesson.step", { number: this.step + 1, count: steps }) : t("learn.lesson.one_task");
      this.prompt.hidden = false;
      this.prompt.replaceChildren(...tParts("learn.lesson.your_move", { label: h("strong", {}, t("learn.lesson.your_move_label")), prompt: step.prompt }));
      this.hintBtn.hidden = !step.hint;
      this.hintBtn.textContent = this.view.phase === "bidding" ? t("learn.lesson.tip") : t("learn.lesson.hint");
    }
    this.table.render(this.state, d.rules);
    this.pad.render(this.finished ? { phase: "over" } : this.view);
    this.hand.render(this.view, { hidden: this.finished });
    this.sr.render();
  }

  showHint() {
    const hint = this.data.steps[this.step]?.hint;
    if (!hint) return;
    this.hintText.hidden = false;
    this.hintText.textContent = hint;
    announce(hint);
  }

  clearFeedback() {
    this.feedback.replaceChildren();
    this.feedback.className = "lesson-feedback";
    this.hintText.hidden = true;
    this.retry = null;
  }

  say(kind, title, text, ...extra) {
    this.feedback.className = `lesson-feedback ${kind}`;
    this.feedback.replaceChildren(h("p", {}, h("strong", {}, title), " ", text), ...extra);
  }

  focusPlay() {
    if (!this.sr.focus() && !this.pad.focus()) this.hand.focus();
  }

  // -- moves ---------------------------------------------------------------------------

  setBusy(busy) {
    this.busy = busy;
    this.el.dataset.busy = busy ? "true" : "false";
  }

  async send(action) {
    if (this.busy || this.finished) return;
    this.setBusy(true);
    this.skipping = false; // Escape from now on skips this move's replies
    this.clearFeedback();
    let answer;
    try {
      answer = await api.move(this.id, this.moves, action);
    } catch (err) {
      this.setBusy(false);
      this.say("bad", t("learn.lesson.went_wrong"), err.message);
      return;
    }
    if (narrow() && answer.result !== "wrong") this.intro.open = false;
    await this.play(answer.frames);
    if (answer.result === "wrong") this.wrong(answer);
    else if (answer.result === "done") this.done(answer);
    else this.advance(answer);
    this.setBusy(false);
  }

  wrong(answer) {
    if (answer.kind === "illegal") {
      this.say("bad", t("learn.lesson.not_allowed"), answer.reason, h("p", { class: "fine" }, t("learn.lesson.choose_another")));
      return;
    }
    if (!answer.frames.length) {
      this.say("warn", t("learn.lesson.not_quite"), answer.reason, h("p", { class: "fine" }, t("learn.lesson.try_another")));
      return;
    }
    // The replies were played: leave the table as it ended, then go back on request.
    this.view = answer.view;
    this.renderAll();
    this.retry = answer.retry;
    const again = h("button", { type: "button", class: "btn btn-primary btn-small", onclick: () => this.tryAgain() }, t("learn.lesson.try_again"));
    this.say("warn", t("learn.lesson.not_quite"), answer.reason, h("p", {}, again));
    again.focus();
  }

  tryAgain() {
    const back = this.retry;
    if (!back) return;
    this.moves = back.moves;
    this.step = back.step;
    this.view = back.view;
    this.state = tableState(this.view);
    this.clearFeedback();
    this.renderAll();
    announce(t("learn.lesson.back_to_step"));
    this.focusPlay();
  }

  advance(answer) {
    this.moves = answer.moves;
    this.view = answer.view;
    this.state = tableState(answer.view);
    if (answer.kind === "step") {
      this.note(answer.after);
      this.step = answer.step;
    }
    this.renderAll();
    if (answer.kind === "step") announce(t("learn.lesson.next_step", { after: answer.after, prompt: this.data.steps[this.step].prompt }));
    this.focusPlay();
  }

  note(text) {
    if (text) this.doneList.append(h("li", {}, h("span", { class: "tick", "aria-hidden": "true" }, "✓ "), text));
  }

  done(answer) {
    this.finished = true;
    this.moves = answer.moves;
    this.note(answer.after);
    const totals = answer.score ? answer.score.record.teams.map((team) => team.total) : this.state.scores;
    this.state = { ...this.state, trick: [], winner: null, toAct: null, scores: totals,
      bags: answer.score ? answer.score.record.teams.map((team) => team.bags) : this.state.bags };
    this.renderAll();
    if (this.data.kind === "lesson") progress.markDone(this.id);
    this.renderEnding(answer);
  }

  renderEnding(answer) {
    const d = this.data;
    const us = this.seat % 2;
    const parts = [h("h2", { tabindex: "-1" }, d.kind === "lesson" ? t("learn.lesson.complete") : t("learn.lesson.complete_practice"))];
    parts.push(...answer.outro.map((p) => h("p", {}, p)));
    if (answer.score) {
      const { record, explained } = answer.score;
      parts.push(handTable(record, this.seat, d.rules));
      parts.push(h("div", { class: "explained" }, [us, 1 - us].map((team) => h("div", {},
        h("h3", {}, team === us ? t("learn.lesson.our_lines") : t("learn.lesson.their_lines")),
        h("ol", {}, explained[team].map((line) => h("li", {}, line)))))));
    }
    if (answer.over) {
      const [a, b] = [answer.over.scores[us], answer.over.scores[1 - us]];
      const won = answer.over.outcome === us;
      parts.push(h("p", { class: "lesson-result" }, answer.over.outcome === "draw" ? t("learn.lesson.over_draw", { score: a })
        : t(won ? "learn.lesson.over_won" : "learn.lesson.over_lost", { high: won ? a : b, low: won ? b : a })));
    } else if (answer.next_hand) {
      const n = answer.next_hand;
      parts.push(h("p", { class: "lesson-result" },
        t("learn.lesson.next_hand", {
          dealing: n.dealer === this.seat ? t("learn.lesson.you_deal") : t("learn.lesson.deals", { who: seatName(n.dealer, this.seat) }),
          first: n.first === this.seat ? t("learn.lesson.you_bid_first") : t("learn.lesson.bids_first", { who: seatName(n.first, this.seat) }),
          ours: n.scores[us], theirs: n.scores[1 - us], our_bags: n.bags[us], their_bags: n.bags[1 - us] })));
    }
    const buttons = [];
    if (d.kind === "lesson" && d.next) {
      buttons.push(h("a", { href: `#/lesson/${d.next}`, class: "btn btn-primary next-lesson" }, t("learn.lesson.next")));
    }
    buttons.push(h("button", { type: "button", class: "btn", onclick: () => this.start() }, t("learn.lesson.replay")));
    buttons.push(h("a", { href: "#/", class: "btn btn-ghost" }, t("learn.lesson.all")));
    parts.push(h("div", { class: "pad-row" }, buttons));
    this.ending.replaceChildren(...parts);
    this.ending.hidden = false;
    announce(t("learn.lesson.complete_said"));
    buttons[0].focus();
  }

  // -- the replies, frame by frame -----------------------------------------------------

  async play(frames) {
    if (!frames.length) return;
    const p = pace();
    const long = frames.length > 16;
    const step = long ? Math.max(40, p.holdMs / 8) : Math.max(120, p.holdMs / 2.5);
    const hold = long ? p.holdMs / 2 : p.holdMs;
    this.animating = true;
    this.skipBtn.hidden = false;
    if (long) announce(t("learn.lesson.played_out"));
    for (const frame of frames) {
      if (frame.action === "look") continue;
      this.state = applyFrame(this.state, frame);
      this.table.render(this.state, this.data.rules);
      if (!long && frame.seat !== this.seat) announce(t("learn.lesson.reply", { who: seatName(frame.seat, this.seat), action: actionText(frame.action) }));
      const complete = frame.winner !== null && frame.winner !== undefined;
      if (!this.skipping) await this.pause(complete ? hold : step);
      if (complete) this.state = { ...this.state, trick: [], winner: null };
    }
    this.table.render(this.state, this.data.rules);
    this.animating = false;
    this.skipBtn.hidden = true;
    if (this.skipBtn.contains(document.activeElement)) this.heading.focus();
  }

  /** A pause that Skip (or Escape) cuts short. */
  pause(ms) {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => { clearTimeout(timer); resolve(); };
    });
  }

  skip() {
    this.skipping = true;
    if (this.wake) this.wake();
  }

  key(event) {
    if (event.key !== "Escape") return;
    if (this.animating || this.busy) {
      event.preventDefault();
      this.skip();
    } else if (this.feedback.childElementCount) {
      event.preventDefault();
      if (this.retry) this.tryAgain();
      else {
        this.clearFeedback();
        this.focusPlay();
      }
    }
  }
}
