// The table told in sentences, for the screen-reader mode (ui/sr_table.js): the hand by
// suit with counts, the trick and who is winning it, the bids and tricks of each seat, the
// score and bags, the last trick, the cards played in each suit, the legal cards and why
// the others are not. Pure: a seat view and names in, text in the page's language out
// (the catalogue's srtable.*, and the card names of cards.js).
import { cardIndex, cardName, bidText, lowerFirst, rankIndex, suitOf, theCard, upperFirst } from "./cards.js";
import { said, t } from "../i18n.js";

// Spades first (trumps), then hearts, diamonds, clubs: the order the mode reads suits in.
const READ_ORDER = ["S", "H", "D", "C"];

/** "Thirteen", "Trece", "Treize": a count of cards as a word (the catalogue's list, as
 * it starts a sentence), else its digits. */
function countWord(n) {
  return t("srtable.numbers").split("|")[n]?.trim() || String(n);
}

/** The seat ``nameOf`` calls the reader's own ("You"). */
function isYou(nameOf, seat) {
  return nameOf(seat) === t("table.you");
}

/** "ace", "ten", "Little Joker" ("as", "dama", "Petit Joker"): a card's rank as read
 * inside its suit's list. */
function rankWord(code) {
  return code === "LJ" || code === "BJ" ? cardName(code) : t(`rank.${code[0]}`).toLowerCase();
}

function ranks(codes) {
  return codes.map(rankWord).join(t("list.comma"));
}

/** ``codes`` grouped by suit in reading order, high to low: [[suit, [codes]]]. */
function bySuit(codes) {
  return READ_ORDER.map((suit) => [suit, codes.filter((c) => suitOf(c) === suit)
    .sort((a, b) => rankIndex(b) - rankIndex(a))]);
}

/** "Spades: ace, ten, four. Three cards." per suit, and the total. */
export function handText(hand) {
  if (!hand || !hand.length) return t("srtable.no_cards");
  const lines = bySuit(hand).map(([suit, codes]) => {
    const name = upperFirst(t(`suit.${suit}`));
    if (!codes.length) return t("srtable.suit_none", { suit: name });
    const count = codes.length;
    return t("srtable.suit", { suit: name, ranks: ranks(codes), cards: t("srtable.cards", { count, n: countWord(count) }) });
  });
  return [...lines, t("srtable.in_all", { count: hand.length, n: countWord(hand.length) })].join(" ");
}

/** The seat whose card wins ``trick`` ([[seat, code]...]) so far: spades (and jokers)
 * above everything, then the led suit; of two equal cards the first (as the engine). */
export function winningSeat(trick) {
  if (!trick || !trick.length) return null;
  const led = suitOf(trick[0][1]);
  const strength = (code) => (suitOf(code) === "S" ? 100 + cardIndex(code) : suitOf(code) === led ? cardIndex(code) : -1);
  let best = trick[0];
  for (const play of trick.slice(1)) if (strength(play[1]) > strength(best[1])) best = play;
  return best[0];
}

/** "Trick 2: West led the King of hearts. North played the Two of hearts. West is winning.
 * You to play." */
export function trickText(view, nameOf) {
  if (!view || view.phase !== "playing") return t("srtable.no_trick");
  const n = view.tricks.length + 1;
  if (!view.trick.length) {
    if (view.to_act === null) return t("srtable.nobody_leads", { n });
    return isYou(nameOf, view.to_act) ? t("srtable.you_lead", { n }) : t("srtable.to_lead", { n, who: nameOf(view.to_act) });
  }
  const plays = view.trick.map(([seat, code], i) => {
    const you = isYou(nameOf, seat);
    const key = i ? (you ? "srtable.you_played" : "srtable.played") : (you ? "srtable.you_led" : "srtable.led");
    return t(key, { who: nameOf(seat), card: theCard(code) });
  });
  const winner = winningSeat(view.trick);
  const parts = [t("srtable.trick", { n }), ...plays,
    isYou(nameOf, winner) ? t("srtable.you_winning") : t("srtable.winning", { who: nameOf(winner) })];
  if (view.to_act !== null) {
    parts.push(isYou(nameOf, view.to_act) ? t("srtable.you_to_play") : t("srtable.to_play", { who: nameOf(view.to_act) }));
  }
  return parts.join(" ");
}

/** "South, you: bid 4, won 2 tricks." for every seat, in seat order. */
export function bidsText(view, fmt, nameOf) {
  if (!view) return t("srtable.no_bids");
  return fmt.seats.map((seat) => {
    const bid = view.bids[seat];
    const args = { seat: fmt.seatName(seat), name: isYou(nameOf, seat) ? t("seat.tag_you") : nameOf(seat),
      count: view.tricks_won[seat], bid: bidText(bid) };
    return t(bid === null ? "srtable.no_bid_won" : "srtable.bid_won", args);
  }).join(" ");
}

/** "Us: 120 points, 3 bags of 10. Them: 80 points, 1 bag of 10. The game ends at 500." */
export function scoreText(view, sides) {
  if (!view) return t("srtable.no_score");
  const rules = view.rules || {};
  const lines = sides.map(({ side, name }) => {
    const points = t("srtable.points", { count: view.scores[side] });
    return rules.bag_penalty
      ? t("srtable.side_bags", { side: name, points, bags: t("srtable.bags", { count: view.bags[side], limit: rules.bag_limit }) })
      : t("srtable.side", { side: name, points });
  });
  if (rules.target_score) lines.push(t("srtable.ends_at", { score: rules.target_score }));
  return lines.join(" ");
}

/** "Last trick, won by North: South the Ace of hearts, ..." */
export function lastTrickText(view, nameOf) {
  const last = view && view.last_trick;
  if (!last) return t("srreplay.no_last");
  const cards = last.cards.map(([seat, code]) => t("srtable.card_of", { name: nameOf(seat), card: theCard(code) }))
    .join(t("list.comma"));
  return isYou(nameOf, last.winner) ? t("srtable.last_you", { cards }) : t("srtable.last", { who: nameOf(last.winner), cards });
}

/** The cards played so far in this hand, suit by suit (the tricks and the one on the table). */
export function playedText(view) {
  if (!view) return t("srtable.none_played");
  return playedCardsText([...view.tricks.flatMap((tr) => tr.cards.map(([, code]) => code)), ...view.trick.map(([, code]) => code)]);
}

/** The cards ``played`` (codes), suit by suit: "Spades played: ace, four. Hearts played: none. …" */
export function playedCardsText(played) {
  if (!played.length) return t("srtable.none_played_hand");
  return bySuit(played).map(([suit, codes]) => {
    const name = upperFirst(t(`suit.${suit}`));
    return codes.length ? t("srtable.suit_played", { suit: name, ranks: ranks(codes) })
      : t("srtable.suit_played_none", { suit: name });
  }).join(" ");
}

/** The engine's reason ``code`` may not be played, in the page's language (the view's
 * ``why``: its catalogue id and arguments), or undefined. */
export function reasonOf(view, code) {
  const reason = view && view.unplayable && view.unplayable[code];
  return reason ? said(reason, ...((view.why && view.why[reason]) || [])) : undefined;
}

/** card -> the reason it may not be played, in the page's language. */
export function reasonsOf(view) {
  return Object.fromEntries(Object.keys((view && view.unplayable) || {}).map((code) => [code, reasonOf(view, code)]));
}

/** The words a typed command is in the page's language: "keep", "guardar". */
export function commandWord(name) {
  return t(`srtable.cmd.${name}`);
}

/** What may be played now, and why the rest of the hand may not. */
export function legalText(view, mine) {
  if (!view || !mine) return "";
  const plays = view.legal.filter((a) => a.startsWith("play ")).map((a) => a.slice(5));
  if (view.phase === "bidding") {
    const bids = view.legal.filter((a) => a.startsWith("bid ")).map((a) => bidText(a.slice(4)));
    if (!bids.length) return "";
    const may = t("srtable.may_bid", { bids: bids.join(t("list.comma")) });
    return view.legal.includes("look") ? `${may} ${t("srtable.or_show", { show: commandWord("show") })}` : may;
  }
  if (view.phase === "drawing" && view.draw && view.draw.card) {
    return t("srtable.your_draw", { card: theCard(view.draw.card), keep: commandWord("keep"), discard: commandWord("discard") });
  }
  const passes = view.legal.filter((a) => a.startsWith("pass "));
  if (passes.length) return t("srtable.your_pass", { count: passes[0].split(" ").length - 1 });
  if (!plays.length) return "";
  const why = {};
  for (const code of Object.keys(view.unplayable || {})) (why[lowerFirst(reasonOf(view, code))] ||= []).push(code);
  const reasons = Object.entries(why).map(([reason, codes]) => t("srtable.not_playable",
    { reason, cards: codes.map(cardName).join(t("list.comma")) }));
  return [t("srtable.may_play", { cards: plays.map(cardName).join(t("list.comma")) }), ...reasons].join(" ");
}
