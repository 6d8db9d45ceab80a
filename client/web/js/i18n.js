// The page in its reader's language. One catalogue per language, loaded as data (no
// build step): the page's own labels, client/web/i18n/<lang>.json, merged with what the
// server says (its reasons, by id: GET /api/i18n/<lang>). English is the fallback for a
// missing entry. docs/i18n.md tells how to add a string or a language.
//
// A pattern holds {name} (the argument as it is) or {name:kind} (the catalogue word
// "kind.value", e.g. {suit:suit} with suit "H" reads "suit.H"); an argument that is
// [key, args] is a sentence of its own, read the same way. A plural entry is
// {one, few, many, other...} by CLDR category (Intl.PluralRules), chosen by args.count.

export const LANGUAGES = { en: "English", es: "Español", "pt-BR": "Português (Brasil)", fr: "Français" }; // i18n: each language by its own name
// A test language: the English, 40% longer and accented, to show clipped text.
export const PSEUDO = "en-XA";

let lang = "en";
let messages = {};
let english = {};
let plurals = new Intl.PluralRules("en");

async function fetchJson(url) {
  const response = await fetch(url, { cache: "no-cache" });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.json();
}

/** Load the catalogue of ``wanted`` (a key of LANGUAGES, PSEUDO, or "" for the browser's
 * Accept-Language); falls back to English when it cannot be read. */
export async function loadLanguage(wanted = "") {
  const base = wanted === PSEUDO ? "en" : wanted || "auto";
  let server = { lang: "en", messages: {} };
  try {
    server = await fetchJson(`/api/i18n/${encodeURIComponent(base)}`);
  } catch {
    // an older room, or offline: the page's English
  }
  const chosen = wanted === PSEUDO ? PSEUDO : server.lang in LANGUAGES ? server.lang : "en";
  const file = chosen === PSEUDO ? "en" : chosen;
  const [en, own] = await Promise.all([
    fetchJson("/i18n/en.json").catch(() => ({})),
    file === "en" ? null : fetchJson(`/i18n/${file}.json`).catch(() => ({})),
  ]);
  english = { ...(file === "en" ? server.messages : {}), ...en };
  messages = { ...server.messages, ...(own || en) };
  if (chosen === PSEUDO) messages = pseudo({ ...messages });
  lang = chosen;
  plurals = new Intl.PluralRules(chosen === PSEUDO ? "en" : chosen);
  document.documentElement.lang = chosen;
  return chosen;
}

/** The language the page speaks now. */
export function language() {
  return lang;
}

function fill(pattern, args) {
  if (pattern && typeof pattern === "object") {
    const count = typeof args.count === "number" ? args.count : 0;
    pattern = pattern[plurals.select(count)] ?? pattern.other;
  }
  return String(pattern).replace(/\{([a-z_][a-z0-9_]*)(?::([a-z_]+))?\}/g, (whole, name, kind) => {
    if (!(name in args)) return whole;
    const value = args[name];
    if (Array.isArray(value)) return t(value[0], value[1] || {}); // a sentence inside: [key, args]
    if (kind) return t(`${kind}.${value}`);
    return typeof value === "number" ? formatNumber(value) : String(value);
  });
}

/** "1st", "2nd" (English), "1.º" (Spanish), "1er" (French): the catalogue's "ordinal"
 * entry by the language's ordinal categories (Intl.PluralRules, type "ordinal"). */
export function ordinal(n) {
  const forms = messages.ordinal ?? english.ordinal ?? { other: "{count}" };
  const rule = new Intl.PluralRules(lang === PSEUDO ? "en" : lang, { type: "ordinal" });
  return fill(forms[rule.select(n)] ?? forms.other, { count: n });
}

/** The sentence ``key`` in the page's language, filled with ``args``. */
export function t(key, args = {}) {
  const pattern = messages[key] ?? english[key];
  return pattern === undefined ? key : fill(pattern, args);
}

/** The sentence ``key`` as parts to append to an element: an argument that is a DOM
 * node (a <b>, a <code>) takes its placeholder's place, the rest is text. */
export function tParts(key, args = {}) {
  const nodes = {};
  const filled = { ...args };
  for (const [name, value] of Object.entries(args)) {
    if (value instanceof Node) {
      nodes[name] = value;
      filled[name] = `\u0000${name}\u0000`;
    }
  }
  return t(key, filled).split("\u0000").map((part, i) => (i % 2 ? nodes[part] : part)).filter((p) => p !== "");
}

/** What the server said: its catalogue ``key`` and ``args`` when it sent them and the
 * catalogue has the key, else its English ``text``. */
export function said(text, key, args) {
  return key && (messages[key] ?? english[key]) !== undefined ? t(key, args || {}) : text;
}

/** The locale numbers, dates and times are written in: the browser's own tag when it
 * is of the page's language ("en-GB" on an English page: 24-hour times, "fr-CA" on a
 * French one), else the page's language. ``preferred`` is the browser's list. */
export function locale(preferred = globalThis.navigator?.languages ?? []) {
  const page = lang === PSEUDO ? "en" : lang;
  const base = page.split("-")[0].toLowerCase();
  const own = preferred.find((tag) => String(tag).split("-")[0].toLowerCase() === base);
  if (!own || page.includes("-")) return page;  // pt-BR stays pt-BR, not pt-PT
  try {
    return Intl.getCanonicalLocales(own)[0];
  } catch {
    return page;
  }
}

/** A line the server sent in parts (``parts``: [[key, args], ...], each said whole; a
 * plain string, such as a name, as it is) in the page's language, joined by ``joiner``,
 * when the catalogue has every part; else its English ``text`` (an older server, or a
 * part not yet catalogued). */
export function saidParts(text, parts, joiner = " · ") {
  const known = (part) => typeof part === "string"
    || (Array.isArray(part) && (messages[part[0]] ?? english[part[0]]) !== undefined);
  if (!Array.isArray(parts) || !parts.length || !parts.every(known)) return text;
  return parts.map((part) => (typeof part === "string" ? part : t(part[0], part[1] || {}))).join(joiner);
}

/** A number by the page's locale (a real minus sign, the locale's digits and groups). */
export function formatNumber(n, options = {}) {
  return new Intl.NumberFormat(locale(), options).format(n).replace(/^-/, "\u2212");
}

/** A date or time by the page's locale. */
export function formatDate(date, options = { dateStyle: "medium" }) {
  return new Intl.DateTimeFormat(locale(), options).format(date);
}

// Pseudo-localisation: accents, and 40% more length; placeholders stay as they are.
const ACCENTS = { a: "á", e: "é", i: "í", o: "ö", u: "ü", A: "Å", E: "É", O: "Ö", c: "ç", n: "ñ" };
function stretch(text) {
  const parts = String(text).split(/(\{[^}]+\})/);
  const letters = parts.map((p, i) => (i % 2 ? p : p.replace(/[aeiouAEOcn]/g, (c) => ACCENTS[c]))).join("");
  const extra = Math.ceil(String(text).replace(/\{[^}]+\}/g, "").length * 0.4);
  // Padding as words of up to seven letters, so it wraps where a real language would.
  const pad = "ẍ".repeat(extra).replace(/(.{7})(?=.)/g, "$1 ");
  return extra ? `${letters} ${pad}` : letters;
}
function pseudo(catalogue) {
  for (const [key, value] of Object.entries(catalogue)) {
    catalogue[key] = value && typeof value === "object"
      ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, stretch(v)]))
      : stretch(value);
  }
  return catalogue;
}
