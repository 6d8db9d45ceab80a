// Learn to play: the course, a lesson, the rules page, the FAQ and the strategy notes.
// Addresses: "#/" the course, "#/lesson/ID", "#/rules", "#/faq", "#/strategy". The rules
// shown come from the query: ?preset=NAME or ?rules=<json> (a private table's rules);
// with rules in the query and no hash, the rules page opens.
import { LANGUAGES, loadLanguage, t } from "../../js/i18n.js";
import { h } from "../../js/ui/dom.js";
import { applySettings, settings } from "../../js/ui/settings.js";
import { CourseList } from "./course_list.js";
import { LessonPlayer } from "./lesson_player.js";
import { NotesView, RulesView, withSource } from "./rules_view.js";

function sourceFromQuery() {
  const query = new URLSearchParams(location.search);
  // The rules stay text: the server reads them and explains what is wrong, if anything.
  const text = query.get("rules");
  if (text) return { rules: text };
  return { preset: query.get("preset") || "standard" };
}

class LearnApp {
  constructor() {
    this.main = document.getElementById("screen");
    this.nav = document.getElementById("learn-nav");
    this.source = sourceFromQuery();
    this.screen = null;
    this.navLinks = [];
  }

  async start() {
    applySettings();
    // The reader's language: the pages' words, the card words (js/game/cards.js), and
    // the lessons and rules the server writes in it (api.js sends the language). A
    // language the address names (?lang=, as the server wrote the page's head) comes first.
    const asked = new URLSearchParams(location.search).get("lang");
    await loadLanguage(Object.hasOwn(LANGUAGES, asked ?? "") ? asked : settings.lang);
    const skip = document.querySelector(".skip-link");
    if (skip) skip.textContent = t("learn.skip");
    const query = new URLSearchParams(location.search);
    if (!location.hash && (query.has("rules") || query.has("preset"))) history.replaceState(null, "", `${location.search}#/rules`);
    this.renderNav();
    // Listened to only now: an address changed while the catalogue loaded (a quick
    // click, a test) is routed by the route() below, once the nav is there.
    window.addEventListener("hashchange", () => this.route());
    this.route();
  }

  renderNav() {
    const links = [["#/", "course", t("learn.nav.course")], [withSource(this.source, "#/rules"), "rules", t("learn.nav.rules")],
      [withSource(this.source, "#/faq"), "faq", t("learn.nav.faq")],
      [withSource(this.source, "#/strategy"), "strategy", t("learn.nav.strategy")]];
    this.navLinks = links.map(([href, page, label]) => h("a", { href, class: "tool", dataset: { page } }, label));
    this.nav.setAttribute("aria-label", t("learn.nav.label"));
    this.nav.replaceChildren(h("a", { href: "/", class: "tool home" }, t("learn.nav.home")), h("span", { class: "tools" }, this.navLinks));
  }

  async route() {
    const hash = location.hash.replace(/^#\/?/, "");
    const [page, arg] = hash.split("/");
    if (this.screen && this.screen.destroy) this.screen.destroy();
    let screen;
    if (page === "lesson" && arg) screen = new LessonPlayer(this, decodeURIComponent(arg));
    else if (page === "rules") screen = new RulesView(this, this.source);
    else if (page === "faq" || page === "strategy") screen = new NotesView(this, this.source, page);
    else screen = new CourseList(this);
    this.screen = screen;
    const current = page === "lesson" || !page ? "course" : page;
    for (const a of this.navLinks) {
      if (a.dataset.page === current) a.setAttribute("aria-current", "page");
      else a.removeAttribute("aria-current");
    }
    this.main.replaceChildren(screen.el);
    const titled = ["lesson", "rules", "faq", "strategy"].includes(page) ? page : "learn";
    document.title = t("learn.title", { page: t(`learn.title.${titled}`) });
    await screen.load();
    if (this.screen === screen && screen.focus) screen.focus();
    window.scrollTo(0, 0);
  }
}

const app = new LearnApp();
window.spadesLearn = app;
app.start();
