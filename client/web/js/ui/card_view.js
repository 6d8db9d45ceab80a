// How a card looks: a face with its corner index and suit, or a back.
import { cardName, isRed, rankShown, suitOf, SUIT_SYMBOLS } from "../game/cards.js";
import { h } from "./dom.js";

/** A card face (not interactive). ``small`` for tricks and reviews. */
export function cardFace(code, { small = false, extraClass = "" } = {}) {
  const joker = code === "LJ" || code === "BJ";
  const symbol = joker ? "★" : SUIT_SYMBOLS[suitOf(code)];
  return h("span", {
    class: `card face ${isRed(code) || code === "BJ" ? "red" : "black"} ${small ? "small" : ""} ${extraClass}`,
    dataset: { card: code },
    role: "img",
    "aria-label": cardName(code),
  },
  h("span", { class: "corner", "aria-hidden": "true" }, h("b", {}, rankShown(code)), h("i", {}, symbol)),
  h("span", { class: "pip", "aria-hidden": "true" }, joker ? (code === "BJ" ? "JOKER" : "joker") : symbol)); // i18n: printed on the card
}

export function cardBack({ small = false, extraClass = "" } = {}) {
  return h("span", { class: `card back ${small ? "small" : ""} ${extraClass}`, "aria-hidden": "true" });
}

/** "Q♥" for short texts such as the Play button. */
export function cardShort(code) {
  if (code === "LJ" || code === "BJ") return cardName(code);
  return `${rankShown(code)}${SUIT_SYMBOLS[code[1]]}`;
}

/** Shape a hand of ``count`` cards (``el`` has the class "hand", cards.css): how many
 * share the width and, on a phone, two rows of --cols cards (table.css); 17 cards (three
 * and six players) are "long": nine to a row on a phone, so narrower cards. */
export function shapeHand(el, count) {
  el.style.setProperty("--n", String(Math.max(count, 1)));
  el.style.setProperty("--cols", String(count > 7 ? Math.ceil(count / 2) : Math.max(count, 1)));
  el.classList.toggle("long", count > 14);
}
