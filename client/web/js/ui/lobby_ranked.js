// The lobby's account, ranked-queue and leaderboard panels (their contents; lobby.js
// owns the panels and decides when to redraw them).
import { formatNumber, t, tParts } from "../i18n.js";
import { ratingText, signed } from "../game/numbers.js";
import { gameEndText, loadRankedRules } from "../game/rules.js";
import { playerHref } from "../pages/api.js";
import { h } from "./dom.js";

/** Signed in: who, the rating and rank, Sign out. A guest: the sign-in/register form. */
export function accountPanel(app, me) {
  if (me) {
    const facts = me.rating === undefined ? [] : [
      h("dt", {}, t("account.rating")), h("dd", { id: "my-rating" }, ratingText(me.rating, false),
        me.provisional ? h("span", { class: "fine" }, ` ${t("account.provisional")}`) : null),
      h("dt", {}, t("account.games")), h("dd", {}, formatNumber(me.games ?? 0)),
      h("dt", {}, t("account.rank")), h("dd", {}, me.rank ? t("account.rank_value", { rank: me.rank }) : t("account.unranked")),
    ];
    const rated = app.rated;
    return [
      h("h2", {}, t("account.title")),
      h("p", { id: "signed-in-as" }, ...tParts("account.signed_in_as", { name: h("b", {}, me.name),
        page: h("a", { href: playerHref(me.name), id: "my-page" }, t("account.your_page")) })),
      facts.length ? h("dl", { class: "facts" }, facts) : null,
      rated ? h("p", { class: "fine" }, t(rated.won ? "account.last_won" : "account.last_lost", { change: signed(rated.change) })) : null,
      h("div", { class: "pad-row" },
        h("button", { type: "button", class: "btn", id: "sign-out", onclick: () => app.account("signout") }, t("account.sign_out")),
        h("button", { type: "button", class: "btn", id: "sign-out-everywhere",
          "aria-describedby": "sign-out-everywhere-note", onclick: () => app.account("signout/everywhere") },
        t("account.sign_out_everywhere"))),
      h("p", { class: "fine", id: "sign-out-everywhere-note" }, t("account.sign_out_note")),
    ];
  }
  const user = h("input", { id: "acct-name", name: "name", autocomplete: "username", maxlength: 20, required: true,
    autocapitalize: "none", spellcheck: "false" });
  const pass = h("input", { id: "acct-pass", name: "password", type: "password", autocomplete: "current-password",
    minlength: 8, maxlength: 128, required: true });
  const form = h("form", { class: "account-form", "aria-labelledby": "account-title", onsubmit: (e) => {
    e.preventDefault();
    const kind = e.submitter && e.submitter.value === "register" ? "register" : "signin";
    app.account(kind, user.value.trim(), pass.value);
  } },
  h("label", { for: "acct-name" }, t("account.name")), user,
  h("label", { for: "acct-pass" }, t("account.password")), pass,
  h("p", { class: "fine" }, t("account.new_here")),
  h("div", { class: "pad-row" },
    h("button", { type: "submit", class: "btn btn-primary", value: "signin", id: "sign-in" }, t("account.sign_in")),
    h("button", { type: "submit", class: "btn", value: "register", id: "register" }, t("account.register"))));
  return [
    h("h2", { id: "account-title" }, t("account.sign_in")),
    h("p", { class: "muted" }, t("account.about")),
    form,
  ];
}

/** The ranked queue: join or leave it; the time waited is filled in by the lobby. */
export function rankedPanel(app, signedIn, queued, refused) {
  return [
    h("h2", {}, t("ranked.title")),
    h("p", { class: "muted" }, t("ranked.about")),
    rankedLength(),
    queued
      ? h("button", { type: "button", class: "btn", id: "ranked-leave", onclick: () => app.queue(false) }, t("ranked.leave"))
      : h("button", { type: "button", class: "btn btn-primary", id: "ranked-queue", onclick: () => app.queue(true),
        "aria-describedby": signedIn ? null : "ranked-note" }, t("ranked.find")),
    signedIn ? null : h("p", { id: "ranked-note", class: refused ? "coming" : "fine", role: refused ? "alert" : null },
      refused || t("ranked.needs_account")),
    h("p", { class: "queue-line", role: "status" }),
  ];
}

/** How long a ranked game runs, from the rules its tables play (said before queueing). */
function rankedLength() {
  const line = h("p", { class: "fine", id: "ranked-length" });
  loadRankedRules().then((rules) => { line.textContent = gameEndText(rules); }).catch(() => {});
  return line;
}

/** The top 100 (your row marked) and your own place. */
export function leaderboardPanel(board) {
  const title = h("h2", { id: "board-title" }, t("board.title"));
  if (!board) return [title, h("p", { class: "empty" }, t("board.failed"))];
  const rows = board.top || [];
  const you = board.you;
  if (!rows.length) return [title, h("p", { class: "empty" }, t("board.empty"))];
  const table = h("table", { class: "leaders", "aria-labelledby": "board-title" },
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "#"), h("th", { scope: "col" }, t("people.player")),
      h("th", { scope: "col" }, t("account.rating")), h("th", { scope: "col" }, t("board.games")))),
    h("tbody", {}, rows.map((r) => h("tr", { class: you && you.name === r.name ? "me" : "" }, // ranks tie
      h("td", {}, formatNumber(r.rank)), h("th", { scope: "row" }, h("a", { href: playerHref(r.name) }, r.name)),
      h("td", {}, ratingText(r.rating, r.provisional)), h("td", {}, formatNumber(r.games))))));
  return [
    title,
    h("div", { class: "board-scroll", tabindex: "0", role: "region", "aria-label": t("board.top", { count: rows.length }) }, table),
    h("p", { class: "fine", id: "board-you" }, you
      ? t("board.you", { rank: you.rank, rating: ratingText(you.rating, you.provisional) }) : t("board.sign_in")),
  ];
}
