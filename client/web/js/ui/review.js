// Hand review: the four hands as dealt, the bids, every trick in order, the score lines,
// and the deal checked against the commitment shown before the bids (folded at the end).
import { bidText, sortHand } from "../game/cards.js";
import { Format } from "../game/format.js";
import { verifyReview } from "../game/deal_check.js";
import { t, tParts } from "../i18n.js";
import { cardFace } from "./card_view.js";
import { h } from "./dom.js";
import { handTable, tricksBySeat } from "./score_sheet.js";

const COMMITS_KEY = "spades.commitments";

/** Remember the commitment this browser saw before the bids of a hand. */
export function rememberCommitment(table, view) {
  if (!view || view.phase !== "bidding" || !view.commitment) return;
  const all = loadCommitments();
  const key = `${table}:${view.hand_no}`;
  if (all[key]) return;
  all[key] = view.commitment;
  const keys = Object.keys(all);
  for (const old of keys.slice(0, Math.max(0, keys.length - 60))) delete all[old];
  try {
    localStorage.setItem(COMMITS_KEY, JSON.stringify(all));
  } catch {
    // kept for this page only
  }
}

function loadCommitments() {
  try {
    return JSON.parse(localStorage.getItem(COMMITS_KEY) || "{}");
  } catch {
    return {};
  }
}

export function commitmentSeen(table, handNo) {
  return loadCommitments()[`${table}:${handNo}`] || null;
}

/** The review of ``view.review`` as an element; the check fills in when SubtleCrypto
 * answers. ``seats``: the table's seats; ``gameLink``: a link to the whole game's page
 * (once the game is over). */
export function reviewPanel(table, view, seat, seats = [], gameLink = null) {
  const review = view.review;
  if (!review) return h("p", { class: "empty" }, t("review.opens_later"));
  // The fairness proof is folded under its own heading at the end: the verdict shows in
  // the summary, the hashes when it is opened.
  const verdict = h("span", { class: "verdict" }, t("review.checking"));
  const proof = h("div", { class: "proof" });
  const check = h("details", { class: "verify pending" },
    h("summary", {}, h("span", { class: "proof-title" }, `${t("review.proof")} `), verdict), proof);
  const seen = commitmentSeen(table, review.hand);
  const players = (view.rules && view.rules.players) || 4;
  // A daily hand's review keeps its seed (which deals every hand) and the other
  // hands back while the day is open; the daily page checks them once it closes.
  const sealed = review.deal_seed == null;
  if (sealed) {
    verdict.textContent = t("review.sealed");
  } else verifyReview(review, seen, !!(view.rules && view.rules.jokers), players).then((result) => {
    const ok = result.seedMatches && result.dealMatches;
    check.className = `verify ${ok ? "ok" : "bad"}`;
    verdict.replaceChildren(h("b", {}, ok ? `✓ ${t(result.seenBefore ? "review.fixed_before" : "review.seed_matches")}`
      : `✗ ${t("review.no_match")}`));
    if (!ok) check.open = true; // a failed check is never folded away
    proof.replaceChildren(
      h("span", {}, tParts(result.seenBefore ? "review.commitment_before" : "review.commitment_after",
        { hash: h("code", {}, result.expected.slice(0, 16) + "…") })),
      h("br"),
      h("span", {}, tParts("review.seed_hash", { seed: h("code", {}, review.deal_seed),
        hash: h("code", {}, result.computed.slice(0, 16) + "…") })),
      h("br"),
      h("span", {}, !result.dealMatches ? t("review.other_hands") : review.stock ? t("review.this_stock")
        : t("review.these_hands", { count: players })),
    );
  }).catch((err) => {
    check.className = "verify bad";
    check.open = true;
    verdict.textContent = t("review.not_checked", { error: err.message });
  });
  const fmt = new Format(view.rules);
  const n = fmt.players;
  const order = fmt.fromViewer(seat);
  const hands = h("div", { class: "review-hands" }, order.map((s) => h("div", { class: "review-hand" },
    h("h3", {}, t(s === seat ? "review.your_hand" : "review.hand", { seat: fmt.seatName(s), bid: bidText(review.bids[s]) })),
    review.dealt[s].length || !sealed
      ? h("div", { class: "mini-cards" }, sortHand(review.dealt[s]).map((c) => cardFace(c, { small: true })))
      : h("p", { class: "fine" }, t("review.shown_later")))));
  const tricks = h("ol", { class: "review-tricks" }, review.tricks.map(([leader, cards, winner], i) => h("li", {},
    h("span", { class: "trick-no" }, t("review.trick", { trick: i + 1 })),
    h("span", { class: "mini-cards" }, cards.map((c, k) => {
      const who = (leader + k) % n;
      return h("span", { class: `played${who === winner ? " won" : ""}`, title: fmt.seatName(who) },
        h("small", {}, fmt.shortName(who)), cardFace(c, { small: true }));
    })),
    h("span", { class: "trick-winner" }, t("review.trick_winner", { who: fmt.seatName(winner) })))));
  const record = { hand: review.hand, bids: review.bids, teams: review.score, tricks: tricksBySeat(review, n) };
  return h("div", { class: "review" }, handTable(record, seat, view.rules, seats), hands,
    discardsOf(review, fmt), h("h3", {}, t("review.tricks")), tricks, check,
    gameLink ? h("p", { class: "review-game-link" }, gameLink) : null);
}

/** Two players: the discards of each seat, hidden during the hand and shown here. */
function discardsOf(review, fmt) {
  if (!review.discards) return null;
  return h("div", { class: "review-discards" }, h("h3", {}, t("review.discards")),
    h("div", { class: "review-hands" }, fmt.seats.map((s) => h("div", { class: "review-hand" },
      h("h3", {}, t("review.discarded", { seat: fmt.seatName(s) })),
      h("div", { class: "mini-cards" }, sortHand(review.discards[s] || []).map((c) => cardFace(c, { small: true })))))));
}
