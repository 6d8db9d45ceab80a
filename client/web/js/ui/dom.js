// Small DOM helpers: build elements, speak to screen readers, show a passing note.
// Text always goes in as text (textContent), never as markup: names and chat are data.

/**
 * h("button", {class: "x", onclick: fn, "aria-label": "..."}, "text", child, ...)
 * Attributes: "class", "style" (object or string, set through el.style), "dataset" (object), on* handlers,
 * booleans (true sets the attribute, false/null leaves it out), anything else as an attribute.
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === false || value === null || value === undefined) continue;
    if (key === "class") el.className = value;
    // Through the CSSOM: the room's CSP (style-src 'self') blocks a style attribute.
    else if (key === "style") {
      if (typeof value === "object") Object.assign(el.style, value);
      else el.style.cssText = value;
    }
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (key === "text") el.textContent = value;
    else if (value === true) el.setAttribute(key, "");
    else el.setAttribute(key, String(value));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Replace the children of ``el``. */
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

/** The selector that finds ``details`` again after a redraw: its id, else its classes. */
function detailsKey(details) {
  if (details.id) return `#${CSS.escape(details.id)}`;
  return ["details", ...[...details.classList].map((c) => CSS.escape(c))].join(".");
}

/**
 * Replace the children of ``el`` as ``fill`` does, keeping what a person was doing in
 * it: the text typed and the choices made in fields with an id, which ``details`` were
 * open (found by id or classes), and the focus with its caret. For panels redrawn by
 * news (a friend came online) while someone may be typing in them.
 */
export function refill(el, ...children) {
  const fields = [...el.querySelectorAll("input[id], select[id], textarea[id]")]
    .map((f) => [f.id, f.type === "checkbox" || f.type === "radio" ? f.checked : f.value]);
  const open = [...el.querySelectorAll("details[open]")].map(detailsKey);
  const active = document.activeElement;
  const focus = active && active.id && el.contains(active)
    ? { id: active.id, start: caret(active, "selectionStart"), end: caret(active, "selectionEnd") } : null;
  fill(el, ...children);
  for (const [id, value] of fields) {
    const f = el.querySelector(`#${CSS.escape(id)}`);
    if (!f) continue;
    if (typeof value === "boolean") f.checked = value;
    else f.value = value;
  }
  for (const key of open) {
    const details = el.querySelector(key);
    if (details) details.open = true;
  }
  const again = focus && el.querySelector(`#${CSS.escape(focus.id)}`);
  if (again) {
    again.focus({ preventScroll: true });
    if (focus.start !== null) {
      try { again.setSelectionRange(focus.start, focus.end); } catch { /* no caret here */ }
    }
  }
  return el;
}

/** ``field``'s caret end ``which``, or null where the field has no caret (a select). */
function caret(field, which) {
  try { return typeof field[which] === "number" ? field[which] : null; } catch { return null; }
}

// Announcements stay in their live region this long, then go (a screen reader that has
// not reached one by then would read news that no longer holds).
const STALE_MS = 10_000;
const KEPT = 12;

/**
 * Say ``text`` to screen readers. Polite (after what they are reading) by default;
 * ``urgent``: the assertive region, for what cannot wait (time running out, a refused
 * move). Each sentence is a new node added to its region, so the sentences of a quick
 * series are all read in order and the same sentence twice is read twice; ``key`` names
 * a sentence that a newer one of the same key makes stale (your turn, once you acted):
 * the old one is taken out. Sentences older than a few seconds are taken out too.
 */
export function announce(text, { urgent = false, key = null } = {}) {
  const live = document.getElementById(urgent ? "live-now" : "live");
  if (!live) return;
  const now = Date.now();
  for (const old of [...live.children]) {
    if (now - Number(old.dataset.at) > STALE_MS || (key && old.dataset.key === key)) old.remove();
  }
  while (live.children.length >= KEPT) live.firstElementChild.remove();
  live.append(h("p", { dataset: { at: String(now), ...(key ? { key } : {}) } }, text));
}

/** Take the sentences of ``key`` out of the live regions (they no longer hold). */
export function unannounce(key) {
  for (const p of document.querySelectorAll(`#live p[data-key="${key}"], #live-now p[data-key="${key}"]`)) p.remove();
}

let toastTimer = null;

/** A short note on screen (and read out at once): why a card cannot be played, errors.
 * It shows under the top bar; with ``above`` (an element), just over that element and
 * centred on it (kept on screen) instead: a card's note by the hand, where it covers
 * none of the seats on the felt. */
export function toast(text, kind = "info", { above = null } = {}) {
  const box = document.getElementById("toast");
  if (!box) return;
  clearTimeout(toastTimer);
  box.textContent = text;
  const anchor = above && above.isConnected ? above.getBoundingClientRect() : null;
  box.style.top = anchor ? "auto" : "";
  box.style.bottom = anchor ? `${Math.max(8, window.innerHeight - anchor.top + 6)}px` : "";
  if (anchor) {
    const half = box.offsetWidth / 2;
    const middle = anchor.left + anchor.width / 2;
    box.style.left = `${Math.max(half + 8, Math.min(middle, window.innerWidth - half - 8))}px`;
  } else {
    box.style.left = "";
  }
  box.className = `toast toast-${kind} show`;
  toastTimer = setTimeout(() => { box.className = "toast"; }, 3500);
}

/** Take the note down now (it no longer holds: a good code after a bad one, a new trick).
 * With ``text``, only if that note is the one showing. */
export function clearToast(text = null) {
  const box = document.getElementById("toast");
  if (!box || (text !== null && box.textContent !== text)) return;
  clearTimeout(toastTimer);
  box.className = "toast";
}

/** Roving focus over ``items`` (buttons) with the arrow keys, Home and End. */
export function rovingKeys(event, items, columns = 0) {
  const at = items.indexOf(document.activeElement);
  if (at < 0) return false;
  let next = at;
  const key = event.key;
  if (key === "ArrowRight") next = at + 1;
  else if (key === "ArrowLeft") next = at - 1;
  else if (key === "ArrowDown") next = columns ? at + columns : at + 1;
  else if (key === "ArrowUp") next = columns ? at - columns : at - 1;
  else if (key === "Home") next = 0;
  else if (key === "End") next = items.length - 1;
  else return false;
  next = Math.max(0, Math.min(items.length - 1, next));
  event.preventDefault();
  items.forEach((item, i) => item.setAttribute("tabindex", i === next ? "0" : "-1"));
  items[next].focus();
  return true;
}

export function seconds(ms) {
  return Math.max(0, Math.ceil(ms / 1000));
}
