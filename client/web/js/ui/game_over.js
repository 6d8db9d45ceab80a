// The end of a game: the game-over sheet (the winner, the final score, the last hand, and
// what comes next: Rematch, which keeps the seats; after a ranked game the rating change
// of the room's ``rated`` push and the way back to the queue instead), and the bar that
// stays under the table when the sheet is closed (✕ or Escape), so Rematch, Review and
// Lobby remain one tap away.
import { ratingText, signed } from "../game/numbers.js";
import { t, tParts } from "../i18n.js";
import { gameHref } from "../pages/api.js";
import { closeDialog, dialogOpen, openDialog } from "./dialog.js";
import { h } from "./dom.js";
import { whenNotPressed } from "./press.js";
import { gameSheet, ordinal, scoreLine, sideNames, standings } from "./score_sheet.js";

/** "You win!", "They win", "A draw", "Ada wins", "SW & NE win" (spectators:
 * "North–South win"); ``outcome`` is the winning side (of ``fmt.teams``) or "draw". */
export function outcomeTitle(outcome, seat, fmt, seats = []) {
  if (outcome === "draw" || outcome === null || outcome === undefined) return t("over.draw");
  const mine = seat === null || seat === undefined ? null : fmt.teamOf(seat);
  if (outcome === mine) return t("over.you_win");
  if (mine !== null && fmt.teams.length === 2 && !fmt.solo) return t("over.they_win");
  return t(fmt.solo ? "over.player_wins" : "over.side_wins", { side: sideNames(fmt, seat, seats)[outcome] });
}

/** The standings at the game's end, as a list (more than two sides: cutthroat, three and
 * six players; two sides say it all in the score line). */
function standingsList(view, seat, fmt, seats) {
  if (fmt.teams.length <= 2) return null;
  const mine = seat === null || seat === undefined ? null : fmt.teamOf(seat);
  return h("ol", { class: "standings", "aria-label": t("over.standings") }, standings(view.scores, seat, fmt, seats).map((row) =>
    h("li", { class: row.side === mine ? "mine" : "" },
      h("span", { class: "place" }, ordinal(row.place)), h("span", { class: "who" }, row.name),
      h("b", { class: "pts" }, String(row.score)))));
}

/** A link to the finished game's page (/g/ID), from the snapshot's ``game`` (the
 * archive's id; absent at practice tables), or null while the game is on. ``?just=1``:
 * the page waits a moment for the archive to write a game that ended a moment ago. */
export function gamePageLink(state, className, text = null) {
  const id = state.extra && state.extra.game;
  if (!id || state.status !== "over") return null;
  return h("a", { class: className, href: `${gameHref(id)}?just=1`, dataset: { key: "game-page" } },
    text ?? t("over.game_page"));
}

export class GameOver {
  /** ``screen`` is the TableScreen (state, app, nameOf, showReview, rematch). */
  constructor(screen) {
    this.screen = screen;
    this.dismissed = null; // the game whose sheet was closed: show the bar, not the sheet
    this.bar = h("div", { class: "game-over-bar", role: "region", "aria-label": t("status.game_over"), hidden: true });
  }

  /** Which game is over: a rematch's game has another key. */
  gameKey() {
    const s = this.screen.state;
    return `${s.table}:${s.view ? s.view.history.length : 0}:${s.view ? s.view.scores.join(",") : ""}`;
  }

  /** At a game over: open (or redraw) the sheet, unless the player closed it for this
   * game (then only the bar is redrawn). */
  show() {
    if (this.dismissed === this.gameKey() && !dialogOpen("game-over")) {
      this.render();
      return;
    }
    this.openSheet();
  }

  /** Draw the bar: shown only at a game over whose sheet was closed. A push that comes
   * while one of its buttons is pressed is drawn at the release, after the click
   * (ui/press.js): a redraw then would replace the button and lose the click. */
  render() {
    whenNotPressed(() => this.drawBar(), this);
  }

  drawBar() {
    const s = this.screen.state;
    const over = s.status === "over" && s.view;
    if (!over) this.dismissed = null;
    const show = !!over && this.dismissed === this.gameKey();
    this.bar.hidden = !show;
    if (!show) return;
    const focused = this.bar.contains(document.activeElement) ? document.activeElement.dataset.key : null;
    this.bar.replaceChildren(
      h("p", { class: "over-line" }, h("b", {}, outcomeTitle(s.view.outcome, s.seat, s.format, s.seats)), " ",
        scoreLine(s.view.scores, s.seat, s.format, s.seats)),
      h("div", { class: "over-actions" }, this.actions(false)));
    if (focused) this.bar.querySelector(`[data-key="${focused}"]`)?.focus();
  }

  /** What comes next, as buttons (in the sheet, ``inSheet``, or the bar). */
  actions(inSheet) {
    const screen = this.screen;
    const s = screen.state;
    const votes = s.rematch || [];
    const iVoted = s.seat !== null && votes[s.seat];
    const list = [
      h("button", { type: "button", class: "btn", dataset: { key: "lobby" },
        onclick: () => { closeDialog(); screen.app.goLobby(); } }, t("over.lobby")),
      h("button", { type: "button", class: "btn", dataset: { key: "review" }, onclick: () => {
        this.dismissed = this.gameKey(); // the review replaces the sheet: the bar stays
        screen.showReview();
      } },
        t(inSheet ? "over.review_last" : "table.review")),
    ];
    const page = gamePageLink(s, "btn");
    if (page) list.push(page);
    const daily = screen.app.daily ? screen.app.daily.buttonFor(s) : null;
    if (daily) {
      list.push(daily); // a daily hand: the next one, not a rematch
    } else if (s.kind === "ranked") {
      // No rematch in ranked play: the next game comes from the queue.
      list.push(h("button", { type: "button", class: "btn btn-primary", dataset: { key: "queue" }, onclick: () => {
        screen.app.goLobby();
        screen.app.queue(true);
      } }, t("over.find_ranked")));
    } else if (s.kind === "practice" && s.seat !== null) {
      // Practice's next game is a fresh one with the choices made since (the settings'
      // Blind Nil), dealt with the Deal button: not a rematch of the same rules.
      list.push(h("button", { type: "button", class: "btn btn-primary", dataset: { key: "new-game" },
        onclick: () => { closeDialog(); screen.newPractice(); } }, t("over.new_game")));
    } else if (s.seat !== null) {
      list.push(h("button", { type: "button", class: "btn btn-primary", disabled: !!iVoted, dataset: { key: "rematch" },
        onclick: () => screen.rematch() }, t(iVoted ? "over.rematch_asked" : "over.rematch")));
    }
    return list;
  }

  openSheet() {
    const screen = this.screen;
    const s = screen.state;
    const view = s.view;
    const votes = s.rematch || [];
    const people = s.seats.map((x, i) => (x && !x.bot && x.name ? i : null)).filter((i) => i !== null);
    const waiting = people.filter((i) => !votes[i]).map((i) => screen.nameOf(i));
    const iVoted = s.seat !== null && votes[s.seat];
    const ranked = s.kind === "ranked";
    const rated = ranked && screen.app.rated && screen.app.rated.table === s.table ? screen.app.rated : null;
    const fmt = s.format;
    const body = h("div", { class: "game-over" },
      standingsList(view, s.seat, fmt, s.seats) || h("p", { class: "final" }, scoreLine(view.scores, s.seat, fmt, s.seats)),
      rated ? ratedLines(rated) : ranked && s.seat !== null ? h("p", { class: "rated" }, t("over.rating")) : null,
      iVoted && waiting.length ? h("p", {}, t("over.waiting_yes", { names: waiting.join(t("list.comma")) })) : null,
      gameSheet(view.history.slice(-1), s.seat, view.rules, s.seats));
    const key = this.gameKey();
    this.dismissed = null;
    // An earlier hand's result panel would be stale: the sheet shows the last hand.
    if (!screen.resultPanel.hidden) screen.hideResult();
    this.render();
    // More than two sides need the wide sheet for their columns.
    const className = fmt.teams.length > 2 ? "game-over wide" : "game-over";  // i18n: class names
    // A daily hand is scored on its own: its points, not who won (ui/daily.js).
    const daily = screen.app.daily ? screen.app.daily.overTitle(s) : null;
    openDialog(daily || outcomeTitle(view.outcome, s.seat, fmt, s.seats), body, { className, actions: this.actions(true),
      onClose: () => {
        // Closed by ✕, Escape or a button while the game is still over: keep the bar.
        // (The close event comes after a redrawn sheet opened: that one is not closed.)
        if (this.screen.state.status === "over" && this.gameKey() === key && !dialogOpen("game-over")) {
          this.dismissed = key;
          this.render();
        }
      } });
  }
}

/** "Your rating: 1579 (+79) · #7 on the leaderboard". */
function ratedLines(rated) {
  const change = signed(rated.change);
  return [
    h("p", { class: "rated", id: "rated-line" },
      rated.left ? `${t("over.left_as_loss")} ` : "",
      tParts("over.your_rating", { rating: h("b", {}, ratingText(rated.rating, rated.provisional)), change }),
      rated.rank ? ` · ${t("over.rank", { rank: rated.rank })}` : ""),
  ];
}
