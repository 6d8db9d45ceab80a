// The words of an analysis's marks (shared/analysis: each marked decision with its cost
// in expected points, judged from what the seat could see): how big each mistake is, and
// one player's summary line, as a chess site's accuracy line gives one. Used by the game
// page's review and the table's "Analyse my play".

import { counted } from "./numbers.js";

// Sizes by the points a mistake gave away, biggest first (the analysis marks from its
// threshold, 8 points, up).
const SIZES = [
  { min: 50, one: "blunder", many: "blunders" },
  { min: 20, one: "mistake", many: "mistakes" },
  { min: 0, one: "slip", many: "slips" },
];

export function isMistake(mark) {
  return mark.label === "mistake";
}

/** The size of a mistake: ``{one, many}`` (``blunder``: 50 points or more, ``mistake``:
 * 20 or more, ``slip``: less). */
export function sizeOf(mark) {
  return SIZES.find((size) => mark.cost >= size.min);
}

/** What the sizes mean, for the line above the summaries. */
export const SIZES_TEXT = "A slip cost under 20 points, a mistake 20 to 49, a blunder 50 or more.";

/** ``Blunder``: a mark's heading word (``Bad luck`` for bad luck). */
export function markWord(mark) {
  if (!isMistake(mark)) return "Bad luck";
  const word = sizeOf(mark).one;
  return word[0].toUpperCase() + word.slice(1);
}

/** One player's line: ``1 blunder, 2 slips · about 140 points lost in 38 decisions ·
 * unlucky 6 times`` (``no mistakes in 38 decisions``). ``analysis``: one seat's result
 * (``judged``, ``marks``). */
export function summaryText(analysis) {
  const mistakes = analysis.marks.filter(isMistake);
  const luck = analysis.marks.length - mistakes.length;
  const parts = [];
  if (mistakes.length) {
    const sizes = SIZES.map((size) => [size, mistakes.filter((m) => sizeOf(m) === size).length])
      .filter(([, n]) => n > 0).map(([size, n]) => counted(n, size.one, size.many));
    const lost = Math.round(mistakes.reduce((sum, m) => sum + m.cost, 0));
    parts.push(sizes.join(", "), `about ${counted(lost, "point")} lost in ${counted(analysis.judged, "decision")}`);
  } else {
    parts.push(`no mistakes in ${counted(analysis.judged, "decision")}`);
  }
  if (luck) parts.push(`unlucky ${counted(luck, "time")}`);
  return parts.join(" · ");
}

/** A mark's reason as a sentence of its own: a capital first, a full stop last. */
export function reasonSentence(mark) {
  const text = mark.reason.trim();
  return `${text[0].toUpperCase()}${text.slice(1)}${/[.!?]$/.test(text) ? "" : "."}`;
}
