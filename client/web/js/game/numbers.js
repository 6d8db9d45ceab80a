// How every page writes a number: a real minus sign (U+2212) before a negative one, a
// plus before a gain where a change is meant, and a noun that agrees with its count.
// One place for it, so no page writes "-120" or "1 bags".

export const MINUS = "\u2212";

/** ``-120`` -> ``−120``; ``71`` -> ``71``. ``digits``: that many decimals. A value that
 * rounds to zero has no sign. */
export function number(n, digits = null) {
  const text = digits === null ? String(Math.abs(n)) : Math.abs(n).toFixed(digits);
  return n < 0 && Number(text) !== 0 ? `${MINUS}${text}` : text;
}

/** A change: ``+71``, ``−150``, ``0`` (``+1.2``, ``−0.8``, ``0.0`` with ``digits``). */
export function signed(n, digits = null) {
  const text = number(n, digits);
  return n > 0 && Number(text) !== 0 ? `+${text}` : text;
}

/** A rating as shown: a whole number (``1500``), ``?`` after it while ``provisional``
 * (no rated game yet). */
export function ratingText(rating, provisional = false) {
  const value = typeof rating === "number" ? number(Math.round(rating)) : String(rating ?? 1500);
  return provisional ? `${value}?` : value;
}

/** ``1 bag``, ``2 bags``: a count and its noun, the plural when it is not one. */
export function counted(n, one, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}
