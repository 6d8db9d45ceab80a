// What a page says while an analysis waits: its place in the queue, from the server's
// ``ahead`` (how many requests are before it; docs/protocol.md, `analysis`).

/** "3 analyses ahead of yours in the queue…", or, when it is next, under way or its
 * place is unknown, that it is being made. ``whose``: "yours" or "this one". */
export function placeText(ahead, whose = "yours") {
  if (!ahead) return "An analysis is being made…";
  return `${ahead} ${ahead === 1 ? "analysis" : "analyses"} ahead of ${whose} in the queue…`;
}
