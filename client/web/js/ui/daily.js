// The daily deal (issue 19): the same eight hands for everyone today, each played at an
// ordinary table with Challenge bots as partner and opponents; then the result page (hand
// by hand against the field's median and the bots' par, the percentile, the
// distribution), the day's board of accounts, and, once the day is closed, the check of
// every deal against the commitments published when the day opened.
// The socket's `daily` deals the next hand (docs/protocol.md); the page reads
// GET /api/daily/{day}, /me and /board.
import { signed as signedNumber } from "../game/numbers.js";
import { commitmentOf, dealFromSeed } from "../game/deal_check.js";
import { said, t, tParts } from "../i18n.js";
import { closeDialog } from "./dialog.js";
import { h, toast } from "./dom.js";

// shared/daily/abandon.py: what a hand left unfinished scores (below any hand played out).
const ABANDONED_POINTS = -501;

function dailyRule() {
  return t("daily.rule", { points: signed(ABANDONED_POINTS) });
}

/** A daily hand's table: its rules are named "daily" (shared/daily/deals.py). */
export function isDailyTable(state) {
  return state.kind === "practice" && !!(state.view && state.view.rules && state.view.rules.name === "daily");
}

/** What leaving a daily hand before it ends does. */
export function dailyLeave() {
  return t("daily.leave", { points: signed(ABANDONED_POINTS) });
}

/** The lobby's entry; ``onStart`` starts today's deal (the lobby first takes the name
 * typed in its name box, as for every other way to a table). */
export function dailyPanel(onStart) {
  return h("section", { class: "panel", id: "daily-panel", "aria-labelledby": "daily-title" },
    h("h2", { id: "daily-title" }, t("daily.title")),
    h("p", { class: "muted" }, t("daily.intro")),
    h("p", { class: "fine", id: "daily-rule" }, dailyRule()),
    h("div", { class: "inline" },
      h("button", { type: "button", class: "btn", id: "daily-start", onclick: onStart }, t("daily.play_today")),
      h("a", { href: "#/daily", class: "btn btn-link", id: "daily-page-link" }, t("daily.results_link"))));
}

/** The player's way through today's hands: which table is the daily hand in play. */
export class DailyPlay {
  constructor(app) {
    this.app = app;
    this.current = null; // the last daily_hand: {day, hand, hands, commitment, table}
  }

  /** Start today's deal, or go on to the next hand once the one in play is over. */
  async start() {
    const app = this.app;
    // The room seats a player again at their daily hand in play; any other game must
    // be left first.
    if (!isDailyTable(app.state) && !(await app.freeToMove())) return;
    app.wantTable = true;
    let reply;
    try {
      reply = await app.room.request("daily");
    } catch (err) {
      app.wantTable = false;
      toast(err.message, "warn");
      if (err.code === "daily_played") location.hash = "#/daily";
      return;
    }
    if (reply.t === "daily_hand") {
      this.current = { ...reply, table: app.state.table };
      // The table's snapshot came first and is drawn: its bar learns the hand's number now
      // (with reduced motion no deal animation draws the table again after this).
      app.renderTable();
      toast(t("daily.started", { hand: reply.hand, hands: reply.hands, points: signed(ABANDONED_POINTS) }));
    } else if (reply.t === "daily_done") {
      app.wantTable = false;
      this.current = null;
      location.hash = `#/daily/${reply.day}`;
    }
  }

  isDailyTable(state) {
    return isDailyTable(state);
  }

  /** The daily hand in play at this table ({day, hand, hands}): as the last daily_hand
   * said, else (after a reload) as the table's snapshot says. */
  handAt(state) {
    const c = this.current;
    if (c && c.table === state.table) return c;
    return (state.extra && state.extra.daily) || null;
  }

  /** The table bar's title at a daily table ("Daily deal · hand 3 of 8"), or null. */
  titleFor(state) {
    if (!this.isDailyTable(state)) return null;
    const c = this.handAt(state);
    return c ? t("daily.title_hand", { hand: c.hand, hands: c.hands }) : t("daily.title");
  }

  /** The game-over sheet's title at a daily table ("Hand 1: you scored +60"), or null. */
  overTitle(state) {
    if (!this.isDailyTable(state) || state.seat === null || !state.view.history.length) return null;
    const c = this.handAt(state);
    const points = state.view.history[0].teams[state.seat % 2].hand_total;
    return c ? t("daily.over_hand", { hand: c.hand, points: signed(points) })
      : t("daily.over", { points: signed(points) });
  }

  /** The game-over sheet's next step at a daily table (instead of Rematch), or null. */
  buttonFor(state) {
    if (!this.isDailyTable(state) || state.seat === null) return null;
    const c = this.handAt(state);
    const text = !c ? t("daily.next") : c.hand >= c.hands ? t("daily.see_result")
      : t("daily.next_of", { hand: c.hand + 1, hands: c.hands });
    return h("button", { type: "button", class: "btn btn-primary", id: "daily-next", dataset: { key: "daily" },
      onclick: () => { closeDialog(); this.start(); } }, text);
  }

  showPage(day) {
    const page = new DailyPage(this.app, day || null);
    this.app.setScreen(page);
    document.title = t("daily.doc_title");
    page.load();
  }
}

/** The daily route's refusal ({code, message, key?, args?}) in the page's language. */
function refusal(error) {
  return said(error.message, error.key, error.args);
}

async function getJson(path) {
  const response = await fetch(path, { credentials: "same-origin" });
  const body = await response.json().catch(() => ({}));
  return { ok: response.ok, status: response.status, body };
}

function signed(value) {
  if (value === null || value === undefined) return "–";
  return Number.isInteger(value) ? signedNumber(value) : signedNumber(value, 1);
}

/** The result page of one day (today when ``day`` is null). */
class DailyPage {
  constructor(app, day) {
    this.app = app;
    this.day = day;
    this.dailyPage = true; // main.js: a snapshot of an old table does not replace the page
    this.el = h("section", { class: "daily-page", "aria-labelledby": "daily-page-title" });
  }

  async load() {
    const record = await getJson(this.day ? `/api/daily/${this.day}` : "/api/daily");
    if (!record.ok) {
      this.el.replaceChildren(this.head(this.day || t("daily.today")),
        h("p", { role: "alert" }, record.body.error ? refusal(record.body.error) : t("daily.unavailable")));
      return;
    }
    const day = record.body.day;
    const [mine, board] = await Promise.all([getJson(`/api/daily/${day}/me`), getJson(`/api/daily/${day}/board`)]);
    this.el.replaceChildren(this.head(day), this.result(record.body, mine), this.board(board.body),
      this.check(record.body));
  }

  head(day) {
    return h("header", { class: "daily-head" },
      h("h1", { id: "daily-page-title" }, t("daily.page_title", { day })),
      h("a", { href: "#/", class: "btn btn-link", id: "daily-lobby" }, t("table.back_label")));
  }

  result(record, mine) {
    // Sections named by their headings: regions a screen reader can list and jump to.
    const box = h("section", { class: "panel", id: "daily-result", "aria-labelledby": "daily-result-title" },
      h("h2", { id: "daily-result-title" }, t("daily.your_result")),
      h("p", { class: "fine", id: "daily-page-rule" }, dailyRule()));
    if (!mine.ok) {
      box.append(h("p", {}, t("daily.not_played")));
      if (!record.closed) box.append(h("button", { type: "button", class: "btn btn-primary", onclick: () => this.app.daily.start() }, t("daily.play_today")));
      return box;
    }
    const me = mine.body;
    if (!me.finished) {
      box.append(h("p", {}, t("daily.at_hand", { hand: me.hand, hands: record.hands })),
        h("button", { type: "button", class: "btn btn-primary", onclick: () => this.app.daily.start() }, t("daily.go_on")));
      return box;
    }
    const field = me.field;
    box.append(
      h("p", { class: "daily-total" }, ...tParts("daily.total", { total: h("b", { id: "daily-total" }, signed(me.total)) }),
        " · ", me.par_total !== null ? t("daily.par", { par: signed(me.par_total) }) : t("daily.par_later")),
      h("p", { id: "daily-percentile" }, t("daily.percentile", { percentile: me.percentile, count: field.players })),
      h("ul", { class: "daily-hands", id: "daily-hands" }, me.hands.map((line) => h("li", {}, handLine(line)))),
      h("h3", {}, t("daily.field")),
      h("p", { class: "fine" }, t("daily.field_line", { low: signed(field.low), q1: signed(field.q1),
        median: signed(field.median), q3: signed(field.q3), high: signed(field.high) })),
      this.histogram(field, me.total));
    return box;
  }

  histogram(field, total) {
    const most = Math.max(1, ...field.buckets.map(([, n]) => n));
    return h("ul", { class: "daily-histogram", id: "daily-histogram", "aria-label": t("daily.distribution") },
      field.buckets.map(([edge, count]) => {
        const mine = total >= edge && total < edge + field.width;
        const range = { low: signed(edge), high: signed(edge + field.width - 1) };
        // The columns are for the eye; a screen reader reads the bar as one sentence
        // ("−50 to −1: 2 players (you)"), where the bare count was a number alone.
        return h("li", { class: mine ? "mine" : "" },
          h("span", { class: "range", "aria-hidden": "true" }, t("daily.range", range)),
          h("span", { class: "bar", style: { width: `${Math.round((100 * count) / most)}%` } }),
          h("span", { class: "count", "aria-hidden": "true" }, mine ? t("daily.count_you", { n: count }) : String(count)),
          h("span", { class: "sr-only" }, t(mine ? "daily.bar_words_you" : "daily.bar_words", { ...range, count })));
      }));
  }

  board(body) {
    const rows = (body && body.board) || [];
    return h("section", { class: "panel", id: "daily-board", "aria-labelledby": "daily-board-title" },
      h("h2", { id: "daily-board-title" }, t("daily.board")),
      rows.length
        ? h("table", { class: "board" },
          h("thead", {}, h("tr", {}, h("th", {}, "#"), h("th", {}, t("daily.player")), h("th", {}, t("daily.total_head")))),
          h("tbody", {}, rows.map((r) => h("tr", {}, h("td", {}, String(r.rank)),
            h("td", {}, h("a", { href: `/@/${encodeURIComponent(r.name)}` }, r.name)), h("td", {}, signed(r.total))))))
        : h("p", { class: "muted" }, t("daily.board_empty")));
  }

  check(record) {
    const out = h("div", { class: "daily-check-out", id: "daily-check-out", role: "status" });
    const box = h("div", { class: "panel", id: "daily-commitments" }, h("h2", {}, t("daily.commitments")),
      h("p", { class: "fine" }, t("daily.commitments_note", { count: record.instances || 1 })),
      h("p", { class: "mono" }, ...tParts("daily.day", { hash: h("code", {}, record.day_commitment) })),
      h("ol", { class: "mono fine" }, record.commitments.map((c, at) => h("li", {}, ...tParts("daily.deal_hash", { deal: dealName(record, at), hash: h("code", {}, c) })))));
    if (record.closed) {
      box.append(h("button", { type: "button", class: "btn", id: "daily-check", onclick: () => this.runCheck(record, out) }, t("daily.check")), out);
    } else {
      box.append(h("p", { class: "muted" }, t("daily.check_later")));
    }
    return box;
  }

  /** The page's deal check for each hand: the revealed seed derives the deal seed whose
   * SHA-256 was committed, the commitments hash to the day's, and the deal it makes. */
  async runCheck(record, out) {
    const lines = []; // [ok, sentence]
    const dayOk = (await commitmentOf(record.commitments.join("\n"))) === record.day_commitment;
    lines.push([dayOk, t(dayOk ? "daily.day_ok" : "daily.day_bad")]);
    const per = record.instances || 1;
    for (let at = 0; at < record.seeds.length; at++) {
      const dealSeed = (await commitmentOf(`spades-room/deal/${record.seeds[at]}/0`)).slice(0, 32);
      const ok = (await commitmentOf(dealSeed)) === record.commitments[at];
      const south = (await dealFromSeed(dealSeed, record.dealers[Math.floor(at / per)]))[0];
      lines.push([ok, t(ok ? "daily.deal_ok" : "daily.deal_bad", { deal: dealName(record, at), cards: south.join(" ") })]);
    }
    out.replaceChildren(...lines.map(([ok, text]) => h("p", { class: ok ? "ok" : "bad" }, text)));
  }
}

/** "Hand 3, deal 5": the name of the deal at ``at`` in the day's commitments (hand by
 * hand, each hand's deals in order; shared/daily/deals.py). */
function dealName(record, at) {
  const per = record.instances || 1;
  return t("daily.deal_name", { hand: Math.floor(at / per) + 1, deal: (at % per) + 1 });
}

/** "hand 2: you scored +10, the field's median +5, par −20": one hand of the result
 * (the field's median and the par when known). */
function handLine(line) {
  const parts = [t("daily.line_you", { hand: line.hand, points: signed(line.you) })];
  if (line.field_median !== null) parts.push(t("daily.line_median", { median: signed(line.field_median) }));
  if (line.par !== null) parts.push(t("daily.par", { par: signed(line.par) }));
  return parts.join(t("list.comma"));
}
