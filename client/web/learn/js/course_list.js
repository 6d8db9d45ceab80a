// The course: the lessons in order with the progress kept in this browser, a Continue
// button to the first one not done, and the practice positions.
import { t } from "../../js/i18n.js";
import { h } from "../../js/ui/dom.js";
import { api } from "./api.js";
import { progress } from "./progress.js";

export class CourseList {
  constructor(app) {
    this.app = app;
    this.el = h("section", { class: "course" }, h("p", { class: "muted" }, t("learn.course.loading")));
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
    this.heading = h("h1", { tabindex: "-1" }, t("learn.course.heading"));
    this.el.replaceChildren(
      this.heading,
      h("p", { class: "tagline" }, t("learn.course.tagline")),
      h("p", { class: "course-progress", role: "status" }, t("learn.course.progress", { done, count: lessons.length })),
      h("div", { class: "pad-row" },
        next ? h("a", { href: `#/lesson/${next.id}`, class: "btn btn-primary btn-big continue" },
          t(done ? "learn.course.continue" : "learn.course.start", { title: next.title }))
          : h("p", { class: "ok-line" }, t("learn.course.finished")),
        done ? h("button", { type: "button", class: "btn btn-ghost btn-small", onclick: () => { progress.reset(); this.render(); this.heading.focus(); } },
          t("learn.course.reset")) : null),
      h("ol", { class: "lesson-list" }, lessons.map((l) => this.item(l))),
      h("h2", {}, t("learn.course.practice")),
      h("ul", { class: "lesson-list practice-list" }, practice.map((l) => this.item(l))),
    );
  }

  item(lesson) {
    const isDone = lesson.kind === "lesson" && progress.isDone(lesson.id);
    return h("li", { class: `lesson-item${isDone ? " done" : ""}` },
      h("a", { href: `#/lesson/${lesson.id}`, class: "lesson-link", "aria-label":
        t(`learn.course.item_${lesson.kind === "lesson" ? "lesson" : "practice"}${isDone ? "_done" : ""}`,
          { number: lesson.number, title: lesson.title }) },
      h("span", { class: "lesson-title" }, lesson.title),
      h("span", { class: "lesson-summary" }, lesson.summary)),
      h("span", { class: `lesson-mark${isDone ? " on" : ""}`, "aria-hidden": "true" }, isDone ? t("learn.course.done_mark") : ""));
  }

  focus() {
    if (this.heading) this.heading.focus();
  }
}
