// The words of an analysis's marks (shared/analysis: each marked decision with its cost
// in expected points, judged from what the seat could see): how big each mistake is, and
// one player's summary line, as a chess site's accuracy line gives one. Used by the game
// page's review and the table's "Analyse my play".

import { actionText, bidText, theCard } from "./cards.js";
import { said, t } from "../i18n.js";

// Sizes by the points a mistake gave away, biggest first (the analysis marks from its
// threshold, 8 points, up): the catalogue's analysis.size.* ("2 blunders") and
// analysis.mark.* ("Blunder").
const SIZES = [
  { min: 50, name: "blunder" },
  { min: 20, name: "mistake" },
  { min: 0, name: "slip" },
];

export function isMistake(mark) {
  return mark.label === "mistake";
}

/** The size of a mistake: ``{name}`` (``blunder``: 50 points or more, ``mistake``: 20
 * or more, ``slip``: less). */
export function sizeOf(mark) {
  return SIZES.find((size) => mark.cost >= size.min);
}

/** What the sizes mean, for the line above the summaries. */
export function sizesText() {
  return t("analysis.sizes");
}

/** ``Blunder``: a mark's heading word (``Bad luck`` for bad luck). */
export function markWord(mark) {
  return t(`analysis.mark.${isMistake(mark) ? sizeOf(mark).name : "luck"}`);
}

/** A decision as a mark names it: "the Four of hearts", "bidding 4" ("el cuatro de
 * corazones", "apostar 4"). */
export function choiceText(action) {
  if (action.startsWith("play ")) return theCard(action.slice(5).toUpperCase());
  if (action.startsWith("bid ")) return t("analysis.bidding", { bid: bidText(action.slice(4)) });
  return actionText(action);
}

/** "about 14 points" ("unos 14 puntos"): what a mistake cost. */
export function costText(mark) {
  return t("analysis.cost", { count: Math.round(mark.cost) });
}

/** One player's line: ``1 blunder, 2 slips · about 140 points lost in 38 decisions ·
 * unlucky 6 times`` (``no mistakes in 38 decisions``). ``analysis``: one seat's result
 * (``judged``, ``marks``). */
export function summaryText(analysis) {
  const mistakes = analysis.marks.filter(isMistake);
  const luck = analysis.marks.length - mistakes.length;
  const decisions = t("analysis.decisions", { count: analysis.judged });
  const parts = [];
  if (mistakes.length) {
    const sizes = SIZES.map((size) => [size, mistakes.filter((m) => sizeOf(m) === size).length])
      .filter(([, n]) => n > 0).map(([size, n]) => t(`analysis.size.${size.name}`, { count: n }));
    const lost = Math.round(mistakes.reduce((sum, m) => sum + m.cost, 0));
    parts.push(sizes.join(t("list.comma")), t("analysis.lost", { count: lost, decisions }));
  } else {
    parts.push(t("analysis.no_mistakes", { decisions }));
  }
  if (luck) parts.push(t("analysis.unlucky", { count: luck }));
  return parts.join(" · ");
}

/** A mark's reason as a sentence of its own: a capital first, a full stop last. In the
 * page's language when the mark carries its catalogue id (``reason_key``, ``reason_args``),
 * else its English. */
export function reasonSentence(mark) {
  const text = said(mark.reason, mark.reason_key, mark.reason_args).trim();
  return `${text[0].toUpperCase()}${text.slice(1)}${/[.!?]$/.test(text) ? "" : "."}`;
}
