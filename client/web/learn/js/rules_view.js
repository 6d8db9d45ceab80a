// The rules page, drawn from the server's rules document for a preset or for the rules
// given in the address (a private table's rules: ?rules=<json>). Every number on it comes
// from those rules; the worked example was scored by the engine under them.
import { PRESET_NAMES, presetName } from "../../js/game/rules.js";
import { formatNumber, t, tParts } from "../../js/i18n.js";
import { fill, h } from "../../js/ui/dom.js";
import { api } from "./api.js";


function signed(n) {
  if (!n) return formatNumber(0);
  return formatNumber(n, { signDisplay: "always" });
}

/** Where a link keeps the page's rules: the same query, another hash. */
export function withSource(source, hash) {
  if (source.rules) return withLang(`?rules=${encodeURIComponent(source.rules)}`, hash);
  if (source.preset) return presetLink(source.preset, hash);
  return hash;
}

/** A link to ``preset``'s rules; the address's ``?lang=`` goes with it, so a reader who
 * came by it stays in that language. */
function presetLink(preset, hash) {
  return withLang(`?preset=${encodeURIComponent(preset)}`, hash);
}

function withLang(query, hash) {
  const lang = new URLSearchParams(location.search).get("lang");
  return `${query}${lang ? `&lang=${encodeURIComponent(lang)}` : ""}${hash}`;
}

export class RulesView {
  constructor(app, source) {
    this.app = app;
    this.source = source;
    this.el = h("section", { class: "rules-page" }, h("p", { class: "muted" }, t("learn.rules.loading")));
  }

  async load() {
    try {
      this.doc = await api.rules(this.source);
    } catch (err) {
      this.heading = h("h1", { tabindex: "-1" }, t("learn.rules.cannot"));
      this.el.replaceChildren(this.heading, h("p", { class: "lesson-feedback bad", role: "alert" }, err.message),
        h("a", { href: presetLink("standard", "#/rules") }, t("learn.rules.show_standard")));
      return;
    }
    this.render();
  }

  render() {
    const doc = this.doc;
    this.heading = h("h1", { tabindex: "-1" }, doc.title);
    const current = this.source.rules ? "table" : (this.source.preset || "standard");
    const switcher = h("nav", { class: "preset-switch", "aria-label": t("learn.rules.switch_label") },
      this.source.rules ? h("a", { href: withSource(this.source, "#/rules"), class: "chip", "aria-current": "page" }, t("learn.rules.this_table")) : null,
      PRESET_NAMES.map((name) => h("a", { href: presetLink(name, "#/rules"), class: "chip",
        "aria-current": current === name ? "page" : null }, presetName(name))));
    const ex = doc.example;
    const exampleTable = h("table", { class: "score-table example-table" },
      h("caption", {}, t("learn.rules.example_caption")),
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("learn.rules.line")),
        ex.sides.map((side) => h("th", { scope: "col" }, side)))),
      h("tbody", {}, ex.line_names.map((name, i) => {
        const key = ["contract_points", "bag_points", "nil_points", "bag_penalty", "hand_total", "total"][i];
        return h("tr", { class: i >= 4 ? "total" : "", dataset: { line: key } }, h("th", { scope: "row" }, name),
          ex.teams.map((team) => h("td", { class: `pts ${team[key] < 0 ? "neg" : ""}` }, i === 5 ? formatNumber(team[key]) : signed(team[key]))));
      })));
    const presets = doc.presets;
    const presetTable = h("div", { class: "table-scroll", tabindex: "0", role: "region", "aria-label": t("learn.rules.presets") },
      h("table", { class: "score-table presets-table" },
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("learn.rules.option")),
          presets.columns.map((c, i) => h("th", { scope: "col", class: i === 0 ? "this-table" : "" }, i === 0 ? (this.source.rules ? t("learn.rules.this_table") : t("learn.rules.shown_here")) : presetName(c))))),
        h("tbody", {}, presets.rows.map((row) => h("tr", { class: row.differs ? "differs" : "", dataset: { option: row.option } },
          h("th", { scope: "row" }, row.label),
          row.values.map((v, i) => h("td", { class: i === 0 ? "this-table" : "" }, v)))))));
    fill(this.el,
      this.heading,
      switcher,
      h("dl", { class: "rules-list glance" }, doc.at_a_glance.map(([k, v]) => [h("dt", {}, k), h("dd", {}, v)])),
      doc.sections.map((s) => h("section", { class: "rules-section", id: `rules-${s.id}` },
        h("h2", {}, s.title), s.paragraphs.map((p) => h("p", {}, p)))),
      h("section", { class: "rules-section", id: "rules-scoring" },
        h("h2", {}, doc.rules.partnerships === false ? t("learn.rules.scoring_player") : t("learn.rules.scoring_team")),
        h("ol", { class: "score-lines" }, doc.score_lines.map((l) => h("li", {}, ...tParts("learn.rules.score_line", { name: h("strong", {}, l.name), text: l.text }))))),
      h("section", { class: "rules-section", id: "rules-example" },
        h("h2", {}, t("learn.rules.example")),
        ex.setting.map((p) => h("p", {}, p)),
        exampleTable,
        h("div", { class: "explained" }, ex.sides.map((side, team) => h("div", {},
          h("h3", {}, side),
          h("ol", {}, ex.explained[team].map((line) => h("li", {}, line))))))),
      h("section", { class: "rules-section", id: "rules-presets" },
        h("h2", {}, t("learn.rules.presets")),
        h("p", { class: "fine" }, t("learn.rules.presets_note")),
        presetTable),
      h("section", { class: "rules-section", id: "rules-variants" },
        h("h2", {}, t("learn.rules.variants")),
        h("ul", { class: "variants" }, doc.variants.map((v) => h("li", { class: `variant${v.on ? " on" : ""}`, dataset: { variant: v.id } },
          h("span", { class: `badge${v.on ? " on" : ""}` }, v.on ? t("learn.rules.on_here") : t("learn.rules.off_here")),
          h("strong", {}, v.name), " ", h("span", {}, v.text), " ",
          h("span", { class: "fine" }, t("learn.rules.variant_here", { setting: v.setting })))))),
      h("p", { class: "pad-row" },
        h("a", { href: withSource(this.source, "#/faq"), class: "btn" }, t("learn.notes.faq")),
        h("a", { href: withSource(this.source, "#/strategy"), class: "btn" }, t("learn.notes.strategy")),
        h("a", { href: "#/", class: "btn btn-ghost" }, t("learn.rules.course"))),
    );
  }

  focus() {
    if (this.heading) this.heading.focus();
  }
}

/** The FAQ or the strategy notes, each with a position to open. */
export class NotesView {
  constructor(app, source, which) {
    this.app = app;
    this.source = source;
    this.which = which;
    this.el = h("section", { class: "notes-page" }, h("p", { class: "muted" }, t("learn.notes.loading")));
  }

  async load() {
    try {
      this.doc = await api.rules(this.source);
    } catch (err) {
      this.heading = h("h1", { tabindex: "-1" }, t("learn.notes.unavailable"));
      this.el.replaceChildren(this.heading, h("p", { class: "lesson-feedback bad", role: "alert" }, err.message));
      return;
    }
    const faq = this.which === "faq";
    const notes = faq ? this.doc.faq : this.doc.strategy;
    this.heading = h("h1", { tabindex: "-1" }, faq ? t("learn.notes.faq") : t("learn.notes.strategy"));
    this.el.replaceChildren(
      this.heading,
      h("p", { class: "fine" }, t("learn.notes.follow", { rules: this.doc.short_title || this.doc.title })),
      faq
        ? h("div", { class: "faq" }, notes.map((n) => h("details", { class: "note" },
          h("summary", {}, n.title), h("p", {}, n.text),
          h("a", { href: `#/lesson/${n.scenario}`, class: "btn btn-small" }, t("learn.notes.open")))))
        : h("div", { class: "strategy" }, notes.map((n) => h("article", { class: "note panel" },
          h("h2", {}, n.title), h("p", {}, n.text),
          h("a", { href: `#/lesson/${n.scenario}`, class: "btn btn-small" }, t("learn.notes.try", { title: n.title.toLowerCase() }))))),
      h("p", { class: "pad-row" }, h("a", { href: withSource(this.source, "#/rules"), class: "btn btn-ghost" }, t("learn.notes.rules"))));
  }

  focus() {
    if (this.heading) this.heading.focus();
  }
}
