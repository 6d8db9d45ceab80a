// The lobby's account, ranked-queue and leaderboard panels (their contents; lobby.js
// owns the panels and decides when to redraw them).
import { ratingText, signed } from "../game/numbers.js";
import { gameEndText, loadRankedRules } from "../game/rules.js";
import { playerHref } from "../pages/api.js";
import { h } from "./dom.js";

/** Signed in: who, the rating and rank, Sign out. A guest: the sign-in/register form. */
export function accountPanel(app, me) {
  if (me) {
    const facts = me.rating === undefined ? [] : [
      h("dt", {}, "Rating"), h("dd", { id: "my-rating" }, ratingText(me.rating, false),
        me.provisional ? h("span", { class: "fine" }, " (provisional)") : null),
      h("dt", {}, "Ranked games"), h("dd", {}, String(me.games ?? 0)),
      h("dt", {}, "Rank"), h("dd", {}, me.rank ? `#${me.rank}` : "not ranked yet"),
    ];
    const rated = app.rated;
    return [
      h("h2", {}, "Account"),
      h("p", { id: "signed-in-as" }, "Signed in as ", h("b", {}, me.name), " · ",
        h("a", { href: playerHref(me.name), id: "my-page" }, "your player page")),
      facts.length ? h("dl", { class: "facts" }, facts) : null,
      rated ? h("p", { class: "fine" }, `Last ranked game: ${rated.won ? "won" : "lost"}, ${signed(rated.change)}`) : null,
      h("div", { class: "pad-row" },
        h("button", { type: "button", class: "btn", id: "sign-out", onclick: () => app.account("signout") }, "Sign out"),
        h("button", { type: "button", class: "btn", id: "sign-out-everywhere",
          "aria-describedby": "sign-out-everywhere-note", onclick: () => app.account("signout/everywhere") },
        "Sign out everywhere")),
      h("p", { class: "fine", id: "sign-out-everywhere-note" },
        "Sign out ends this browser's session; Sign out everywhere ends it on all your devices."),
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
  h("label", { for: "acct-name" }, "Name"), user,
  h("label", { for: "acct-pass" }, "Password"), pass,
  h("p", { class: "fine" }, "New here? Register with a name (3–20 letters, digits, - or _) and a password of 8 or more characters."),
  h("div", { class: "pad-row" },
    h("button", { type: "submit", class: "btn btn-primary", value: "signin", id: "sign-in" }, "Sign in"),
    h("button", { type: "submit", class: "btn", value: "register", id: "register" }, "Register")));
  return [
    h("h2", { id: "account-title" }, "Sign in"),
    h("p", { class: "muted" }, "An account keeps your name, your chat choice and a ranked rating. Registering at a table keeps your seat."),
    form,
  ];
}

/** The ranked queue: join or leave it; the time waited is filled in by the lobby. */
export function rankedPanel(app, signedIn, queued, refused) {
  return [
    h("h2", {}, "Ranked"),
    h("p", { class: "muted" }, "Rated games against players near your level, in balanced teams. No bots: a leaver is played by the autopilot and loses."),
    rankedLength(),
    queued
      ? h("button", { type: "button", class: "btn", id: "ranked-leave", onclick: () => app.queue(false) }, "Leave the queue")
      : h("button", { type: "button", class: "btn btn-primary", id: "ranked-queue", onclick: () => app.queue(true),
        "aria-describedby": signedIn ? null : "ranked-note" }, "Find a ranked game"),
    signedIn ? null : h("p", { id: "ranked-note", class: refused ? "coming" : "fine", role: refused ? "alert" : null },
      refused || "Ranked play needs an account: sign in or register first."),
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
  const title = h("h2", { id: "board-title" }, "Leaderboard");
  if (!board) return [title, h("p", { class: "empty" }, "The leaderboard could not be loaded.")];
  const rows = board.top || [];
  const you = board.you;
  if (!rows.length) return [title, h("p", { class: "empty" }, "No ranked games yet: be the first.")];
  const table = h("table", { class: "leaders", "aria-labelledby": "board-title" },
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "#"), h("th", { scope: "col" }, "Player"),
      h("th", { scope: "col" }, "Rating"), h("th", { scope: "col" }, "Games"))),
    h("tbody", {}, rows.map((r) => h("tr", { class: you && you.name === r.name ? "me" : "" }, // ranks tie
      h("td", {}, String(r.rank)), h("th", { scope: "row" }, h("a", { href: playerHref(r.name) }, r.name)),
      h("td", {}, ratingText(r.rating, r.provisional)), h("td", {}, String(r.games))))));
  return [
    title,
    h("div", { class: "board-scroll", tabindex: "0", role: "region", "aria-label": `Top ${rows.length}` }, table),
    h("p", { class: "fine", id: "board-you" }, you ? `You: #${you.rank} · ${ratingText(you.rating, you.provisional)}`
      : "Sign in and play ranked to get a place."),
  ];
}
