// The game page, /g/ID: a finished game from the archive, move by move. A slider over
// every move of the game, ←/→ (one move), Home/End (the game's ends), PageUp/PageDown
// (a hand back or on); the table at that move (game_board.js), the score sheet, the deal
// proof of the hand shown, and the plain-text record to download. The address keeps the
// move (#m=42), so a reload or a shared link opens the same moment. The analysis of the
// players' decisions marks its moves on the slider (analysis_view.js). In screen-reader
// mode each step says its move (and a hand's score lines) once, and the position is
// written out in words (replay_reader.js).
import { ratingText } from "../game/numbers.js";
import { announce, h } from "../ui/dom.js";
import { t } from "../i18n.js";
import { AnalysisView } from "./analysis_view.js";
import { ArchiveError, fetchGame, playerHref, recordHref } from "./api.js";
import { boardView, dealProof, scoreSheet } from "./game_board.js";
import { KINDS, kindName, points, when } from "./games_list.js";
import { handStart, levelName, playerName, positions, sideName, sideSeats } from "./replay.js";
import { ReplayReader } from "./replay_reader.js";
import { stepNews } from "./replay_words.js";

export class GamePage {
  constructor(root, game) {
    this.root = root;
    this.game = game;
    this.list = positions(game);
    this.at = 0;
    this.proofHand = null;
    this.analysis = new AnalysisView(this);
    this.reader = new ReplayReader(game);
  }

  render() {
    const game = this.game;
    this.slider = h("input", { type: "range", id: "move-slider", min: 0, max: Math.max(0, this.list.length - 1),
      value: 0, "aria-label": t("archive.move"), oninput: () => this.go(Number(this.slider.value), false) });
    const button = (label, text, delta) => h("button", { type: "button", class: "btn btn-small", "aria-label": label,
      onclick: () => this.step(delta) }, text);
    this.moveLine = h("p", { class: "move-line", id: "move-line" });
    this.boardEl = h("div", { id: "board" });
    this.sheetEl = h("div", { class: "sheet-scroll" });
    this.proofEl = h("div");
    const controls = h("div", { class: "replay-controls", role: "group", "aria-label": t("archive.move_through") },
      button(t("archive.prev_hand"), "◀◀", "-hand"), button(t("archive.prev_move"), "◀", -1),
      this.slider, button(t("archive.next_move"), "▶", 1), button(t("archive.next_hand"), "▶▶", "+hand"));
    this.root.replaceChildren(h("article", { class: "game-page" },
      header(game),
      h("section", { class: "panel replay", "aria-labelledby": "replay-title" },
        h("h2", { id: "replay-title" }, t("archive.move_by_move")),
        controls, this.analysis.ticks, this.moveLine, this.analysis.note, this.analysis.steps,
        h("p", { class: "fine keys-line" }, t("archive.keys_line")),
        this.reader.switch, this.reader.el, this.boardEl),
      h("section", { class: "panel" }, this.sheetEl, this.proofEl),
      this.analysis.panel,
      h("p", { class: "game-links" },
        h("a", { class: "btn", id: "download-record", href: recordHref(game.id), download: `spades-${game.id}.txt` },
          t("archive.download")), " ",
        h("a", { class: "btn btn-ghost", id: "download-record-dealt", href: `${recordHref(game.id)}?dealt=1`,
          download: `spades-${game.id}-dealt.txt` }, t("archive.download_dealt")), " ", // i18n: a file name
        h("a", { class: "btn btn-ghost", href: "/" }, t("archive.lobby")))));
    document.addEventListener("keydown", (e) => this.onKey(e));
    const fromHash = location.hash.match(/^#m=(\d+)$/);
    this.go(fromHash ? Number(fromHash[1]) : 0, false, true);
    this.analysis.load();
  }

  onKey(e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    // The slider moves itself on the arrow keys (its input event moves the game).
    if (e.target === this.slider && e.key.startsWith("Arrow")) return; // i18n: a key's name
    if (e.target instanceof HTMLInputElement && e.target !== this.slider) return;
    const moves = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: 1, ArrowUp: -1, PageDown: "+hand", PageUp: "-hand" };
    if (e.key in moves) this.step(moves[e.key]);
    else if (e.key === "Home") this.go(0);
    else if (e.key === "End") this.go(this.list.length - 1);
    else if (!this.reader.onKey(e.key)) return;
    e.preventDefault();
  }

  /** One move (±1), or to the next / previous hand's deal ("+hand", "-hand"). */
  step(delta) {
    const pos = this.list[this.at];
    if (delta === "+hand") this.go(pos.hand + 1 < this.game.hands.length ? handStart(this.list, pos.hand + 1) : this.list.length - 1);
    else if (delta === "-hand") this.go(handStart(this.list, pos.move === 0 ? Math.max(0, pos.hand - 1) : pos.hand));
    else this.go(this.at + delta);
  }

  go(index, speak = true, first = false) {
    if (!this.list.length) {
      this.boardEl.replaceChildren(h("p", { class: "empty" }, t("archive.no_hand")));
      return;
    }
    const at = Math.max(0, Math.min(this.list.length - 1, index));
    if (at === this.at && !first) return;
    this.at = at;
    const pos = this.list[at];
    this.slider.value = String(at);
    this.slider.setAttribute("aria-valuetext", t("archive.move_value", { n: at + 1, count: this.list.length, text: pos.text }));
    this.moveLine.textContent = t("archive.move_line", { n: at + 1, count: this.list.length, text: pos.text });
    this.boardEl.replaceChildren(boardView(this.game, pos));
    this.reader.show(pos);
    if (this.proofHand !== pos.hand) { // the sheet's mark and the proof follow the hand
      this.proofHand = pos.hand;
      // The sheet is redrawn: a focused hand button's focus goes to the new sheet's one.
      const sheetFocus = this.sheetEl.contains(document.activeElement);
      this.sheetEl.replaceChildren(scoreSheet(this.game, pos.hand, (hi) => this.go(handStart(this.list, hi))));
      if (sheetFocus) this.sheetEl.querySelector(`tr[data-hand="${pos.hand}"] .hand-jump`)?.focus();
      this.proofEl.replaceChildren(dealProof(this.game, pos.hand));
    }
    this.analysis.at(at);
    history.replaceState(null, "", `#m=${at}`);
    // The slider's value text says the move itself; a key's step says it aloud.
    const news = stepNews(this.game, pos);
    if (speak) for (const line of news) announce(line);
    else if (!first) for (const line of news.slice(1)) announce(line);
  }
}

/** "Casual game" ("Partida informal"): the kinds the catalogue names, else the kind's
 * name before "game". */
function gameOf(kind) {
  return KINDS.includes(kind) ? t(`archive.game_of.${kind}`) : t("archive.game_of_other", { kind: kindName(kind) });
}

function header(game) {
  const result = game.result || {};
  const sides = sideSeats(game);
  const winner = result.winner;
  const title = winner === null || winner === undefined ? t("archive.a_draw") : t("archive.side_won", { side: sideName(game, winner), count: sides[winner]?.length ?? 1 });
  const ratings = new Map((game.ratings || []).map((r) => [r.seat, r]));
  return h("header", { class: "panel panel-hero game-head" },
    h("h1", { id: "game-title" }, title),
    h("p", { class: "final", id: "game-final" }, sides.map((_, side) => `${sideName(game, side)} ${points((result.totals || [])[side] ?? 0)}`).join(" — ")),
    h("p", { class: "muted" }, t("archive.game_line",
      { game: gameOf(game.kind), count: result.hands_played ?? game.hands.length, when: when(game.ended) })),
    h("ul", { class: "game-players" }, game.seats.map((s) => {
      const r = ratings.get(s.seat);
      const name = playerName(game, s.seat);
      return h("li", {}, s.account ? h("a", { href: playerHref(s.account), class: "player-link" }, name) : name,
        s.bot ? h("small", { class: "bot-tag" }, s.left ? ` · ${t("archive.autopilot")}` : ` · ${t("archive.bot_level", { level: levelName(s.bot) })}`) : null,
        r ? h("small", { class: "rating-change" }, ` ${ratingText(r.before)} → ${ratingText(r.after)}`) : null);
    })));
}

// A node that read the game's entry and died leaves it to another node's claim after 30 s
// (docs/archive.md): wait past that.
const JUST_ENDED_WAIT_MS = 60_000;

/** The game; from a game-over link (``?just=1``) a 404 is a game the archive has not
 * written yet (it is queued at the last card and written within moments, or after a
 * claim of 30 s when the node reading it failed): ask again for a while, saying so,
 * before taking it for a game that does not exist. */
async function fetchArchived(id, root) {
  const params = new URLSearchParams(location.search);
  const patient = params.has("just");
  if (patient) history.replaceState(null, "", location.pathname + location.hash);
  const until = performance.now() + JUST_ENDED_WAIT_MS;
  for (;;) {
    try {
      return await fetchGame(id);
    } catch (err) {
      if (!patient || !(err instanceof ArchiveError) || err.status !== 404 || performance.now() > until) throw err;
      root.replaceChildren(h("p", { class: "muted loading" }, t("archive.just_ended")));
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/** Show the game ``id`` in ``root``; rejects (ArchiveError) when there is none to show. */
export async function showGame(root, id) {
  document.title = t("archive.title_game", { id });
  const game = await fetchArchived(id, root);
  const page = new GamePage(root, game);
  window.gamePage = page; // for the browser tests and the curious
  page.render();
  document.title = t("archive.title_played", { name: playerName(game, 0), when: when(game.ended) });
}
