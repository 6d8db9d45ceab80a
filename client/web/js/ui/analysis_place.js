// What a page says while an analysis waits: its place in the queue, from the server's
// ``ahead`` (how many requests are before it; docs/protocol.md, `analysis`).
import { t } from "../i18n.js";

/** "3 analyses ahead of yours in the queue…", or, when it is next, under way or its
 * place is unknown, that it is being made. ``whose``: "yours" or "this" (another
 * player's). */
export function placeText(ahead, whose = "yours") {
  if (!ahead) return t("analysis.making");
  return t(whose === "yours" ? "analysis.ahead_yours" : "analysis.ahead_this", { count: ahead });
}
