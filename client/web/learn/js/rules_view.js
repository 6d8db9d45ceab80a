// The rules page, drawn from the server's rules document for a preset or for the rules
// given in the address (a private table's rules: ?rules=<json>). Every number on it comes
// from those rules; the worked example was scored by the engine under them.
import { PRESET_NAMES, presetName } from "../../js/game/rules.js";
import { fill, h } from "../../js/ui/dom.js";
import { api } from "./api.js";


function signed(n) {
  if (!n) return "0";
  return n > 0 ? `+${n}` : `−${Math.abs(n)}`;
}

/** Where a link keeps the page's rules: the same query, another hash. */
export function withSource(source, hash) {
  if (source.rules) return `?rules=${encodeURIComponent(source.rules)}${hash}`;
  if (source.preset) return `?preset=${encodeURIComponent(source.preset)}${hash}`;
  return hash;
}

export class RulesView {
  constructor(app, source) {
    this.app = app;
    this.source = source;
    this.el = h("section", { class: "rules-page" }, h("p", { class: "muted" }, "Loading the rules…"));
  }

  async load() {
    try {
      this.doc = await api.rules(this.source);
    } catch (err) {
      this.heading = h("h1", { tabindex: "-1" }, "These rules cannot be shown");
      this.el.replaceChildren(this.heading, h("p", { class: "lesson-feedback bad", role: "alert" }, err.message),
        h("a", { href: "?preset=standard#/rules" }, "Show the standard rules"));
      return;
    }
    this.render();
  }

  render() {
    const doc = this.doc;
    this.heading = h("h1", { tabindex: "-1" }, doc.title);
    const current = this.source.rules ? "table" : (this.source.preset || "standard");
    const switcher = h("nav", { class: "preset-switch", "aria-label": "Show the rules of" },
      this.source.rules ? h("a", { href: withSource(this.source, "#/rules"), class: "chip", "aria-current": "page" }, "This table") : null,
      Object.keys(PRESET_NAMES).map((name) => h("a", { href: `?preset=${name}#/rules`, class: "chip",
        "aria-current": current === name ? "page" : null }, presetName(name))));
    const ex = doc.example;
    const exampleTable = h("table", { class: "score-table example-table" },
      h("caption", {}, "The example hand, scored under these rules"),
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Line"),
        (ex.sides || ["South–North", "West–East"]).map((side) => h("th", { scope: "col" }, side)))),
      h("tbody", {}, ex.line_names.map((name, i) => {
        const key = ["contract_points", "bag_points", "nil_points", "bag_penalty", "hand_total", "total"][i];
        return h("tr", { class: i >= 4 ? "total" : "", dataset: { line: key } }, h("th", { scope: "row" }, name),
          ex.teams.map((t) => h("td", { class: `pts ${t[key] < 0 ? "neg" : ""}` }, i === 5 ? String(t[key]) : signed(t[key]))));
      })));
    const presets = doc.presets;
    const presetTable = h("div", { class: "table-scroll", tabindex: "0", role: "region", "aria-label": "The presets side by side" },
      h("table", { class: "score-table presets-table" },
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Option"),
          presets.columns.map((c, i) => h("th", { scope: "col", class: i === 0 ? "this-table" : "" }, i === 0 ? (this.source.rules ? "This table" : "Shown here") : c)))),
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
        h("h2", {}, `Scoring: six lines per ${doc.rules.partnerships === false ? "player" : "team"}, every hand`),
        h("ol", { class: "score-lines" }, doc.score_lines.map((l) => h("li", {}, h("strong", {}, `${l.name}: `), l.text)))),
      h("section", { class: "rules-section", id: "rules-example" },
        h("h2", {}, "A worked example"),
        ex.setting.map((p) => h("p", {}, p)),
        exampleTable,
        h("div", { class: "explained" }, (ex.sides || ["South–North", "West–East"]).map((side, t) => h("div", {},
          h("h3", {}, side),
          h("ol", {}, ex.explained[t].map((line) => h("li", {}, line))))))),
      h("section", { class: "rules-section", id: "rules-presets" },
        h("h2", {}, "The presets side by side"),
        h("p", { class: "fine" }, "Highlighted rows are the options on which they differ."),
        presetTable),
      h("section", { class: "rules-section", id: "rules-variants" },
        h("h2", {}, "Variants"),
        h("ul", { class: "variants" }, doc.variants.map((v) => h("li", { class: `variant${v.on ? " on" : ""}`, dataset: { variant: v.id } },
          h("span", { class: `badge${v.on ? " on" : ""}` }, v.on ? "On here" : "Off here"),
          h("strong", {}, v.name), " ", h("span", {}, v.text), " ",
          h("span", { class: "fine" }, `This table: ${v.setting}.`))))),
      h("p", { class: "pad-row" },
        h("a", { href: withSource(this.source, "#/faq"), class: "btn" }, "Questions and answers"),
        h("a", { href: withSource(this.source, "#/strategy"), class: "btn" }, "Strategy notes"),
        h("a", { href: "#/", class: "btn btn-ghost" }, "The course")),
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
    this.el = h("section", { class: "notes-page" }, h("p", { class: "muted" }, "Loading…"));
  }

  async load() {
    try {
      this.doc = await api.rules(this.source);
    } catch (err) {
      this.heading = h("h1", { tabindex: "-1" }, "Not available");
      this.el.replaceChildren(this.heading, h("p", { class: "lesson-feedback bad", role: "alert" }, err.message));
      return;
    }
    const faq = this.which === "faq";
    const notes = faq ? this.doc.faq : this.doc.strategy;
    this.heading = h("h1", { tabindex: "-1" }, faq ? "Questions and answers" : "Strategy notes");
    this.el.replaceChildren(
      this.heading,
      h("p", { class: "fine" }, `Answers follow the rules shown: ${this.doc.title.replace(/^Spades rules:? ?/, "")}.`),
      faq
        ? h("div", { class: "faq" }, notes.map((n) => h("details", { class: "note" },
          h("summary", {}, n.title), h("p", {}, n.text),
          h("a", { href: `#/lesson/${n.scenario}`, class: "btn btn-small" }, "Open the position"))))
        : h("div", { class: "strategy" }, notes.map((n) => h("article", { class: "note panel" },
          h("h2", {}, n.title), h("p", {}, n.text),
          h("a", { href: `#/lesson/${n.scenario}`, class: "btn btn-small" }, `Try it: ${n.title.toLowerCase()}`)))),
      h("p", { class: "pad-row" }, h("a", { href: withSource(this.source, "#/rules"), class: "btn btn-ghost" }, "The rules")));
  }

  focus() {
    if (this.heading) this.heading.focus();
  }
}
