// The room writes a moment in its sentences in UTC ("until 2026-12-02 14:05 UTC", "a new
// deal opens at 00:00 UTC"): the page shows it in the reader's own time. Every refusal
// the page shows passes through here (RequestError). Written in the page's locale.

import { formatDate } from "../i18n.js";

const STAMP = /(?:(\d{4})-(\d{2})-(\d{2}) )?(\d{2}):(\d{2}) UTC/g;
const DAY_MS = 86_400_000;

/** ``text`` with each UTC moment in it written in this browser's time zone. A time with
 * no date is the next such moment from ``now``. */
export function localTimes(text, now = new Date()) {
  return String(text ?? "").replace(STAMP, (all, y, mo, d, hh, mm) => {
    let at;
    if (y) at = new Date(Date.UTC(+y, +mo - 1, +d, +hh, +mm));
    else {
      at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), +hh, +mm));
      if (at < now) at = new Date(at.getTime() + DAY_MS);
    }
    const time = formatDate(at, { hour: "2-digit", minute: "2-digit" });
    return y ? `${formatDate(at, { month: "short", day: "numeric" })}, ${time}` : time;
  });
}
