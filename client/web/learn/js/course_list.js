// The course: the lessons in order with the progress kept in this browser, a Continue
// button to the first one not done, and the practice positions.
import { h } from "../../js/ui/dom.js";
import { api } from "./api.js";
import { progress } from "./progress.js";

export class CourseList {
  constructor(app) {
    this.app = app;
    this.el = h("section", { class: "course" }, h("p", { class: "muted" }, "Loading the lessons…"));
  }

  async load() {
    try {
      this.data = await api.lessons();
    } catch (err) {
      this.el.replaceChildren(h("p", { class: "lesson-feedback bad" }, err.message));
      return;
    }
    this.render();
  }

  render() {
    const { lessons, practice } = this.data;
    const ids = lessons.map((l) => l.id);
    const done = progress.doneCount(ids);
    const next = lessons.find((l) => !progress.isDone(l.id));
    this.heading = h("h1", { tabindex: "-1" }, "Learn to play Spades");
    this.el.replaceChildren(
      this.heading,
      h("p", { class: "tagline" }, "Short lessons, each a real position at the table. You make the move; the other "
        + "players answer; every lesson ends with the score it produced."),
      h("p", { class: "course-progress", role: "status" }, `${done} of ${lessons.length} lessons done.`),
      h("div", { class: "pad-row" },
        next ? h("a", { href: `#/lesson/${next.id}`, class: "btn btn-primary btn-big continue" },
          done ? `Continue: ${next.title}` : `Start: ${next.title}`)
          : h("p", { class: "ok-line" }, "You have finished the course. Replay any lesson, or try a practice table."),
        done ? h("button", { type: "button", class: "btn btn-ghost btn-small", onclick: () => { progress.reset(); this.render(); this.heading.focus(); } },
          "Reset progress") : null),
      h("ol", { class: "lesson-list" }, lessons.map((l) => this.item(l))),
      h("h2", {}, "Practice positions"),
      h("ul", { class: "lesson-list practice-list" }, practice.map((l) => this.item(l))),
    );
  }

  item(lesson) {
    const isDone = lesson.kind === "lesson" && progress.isDone(lesson.id);
    return h("li", { class: `lesson-item${isDone ? " done" : ""}` },
      h("a", { href: `#/lesson/${lesson.id}`, class: "lesson-link", "aria-label":
        `${lesson.kind === "lesson" ? `Lesson ${lesson.number}: ` : ""}${lesson.title}${isDone ? ", done" : ""}` },
      h("span", { class: "lesson-title" }, lesson.title),
      h("span", { class: "lesson-summary" }, lesson.summary)),
      h("span", { class: `lesson-mark${isDone ? " on" : ""}`, "aria-hidden": "true" }, isDone ? "✓ Done" : ""));
  }

  focus() {
    if (this.heading) this.heading.focus();
  }
}
