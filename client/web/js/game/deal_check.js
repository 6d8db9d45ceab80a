// Checking a revealed deal with SubtleCrypto SHA-256, as shared/spades/deal.py defines it:
// the commitment is sha256(deal_seed) in hex, and the deal sorts the deck by keys drawn
// from sha256(deal_seed + block number), dealt one card at a time clockwise from the
// dealer's left (to the format's seats; two players draw from that shuffled stock). Anyone can run the same check; this module is the browser's.
import { cardCode, cardIndex } from "./cards.js";

const encoder = new TextEncoder();

async function sha256(bytes) {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
}

function hex(bytes) {
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The SHA-256 (hex) of a deal seed: what the table showed before the bids. */
export async function commitmentOf(dealSeed) {
  return hex(await sha256(encoder.encode(dealSeed)));
}

/** The deck a deal shuffles, as card indices in ascending order (shared/spades/deal.py
 * deck_mask): 52 (with jokers 2C and 2D out, LJ and BJ last); three players 51 (the 2C
 * out; with jokers 2C, 2D and 2H); six players two such 51-card decks, the second after
 * the first. */
export function deckOf(players = 4, jokers = false) {
  // Left out: with jokers 2♣ and 2♦ (and for three and six players the 2♥ too, so that
  // 51 cards deal evenly); without, the 2♣ for three and six players.
  const trimmed = players === 3 || players === 6;
  const out = jokers ? (trimmed ? [0, 13, 26] : [0, 13]) : (trimmed ? [0] : []);
  const one = [];
  for (let c = 0; c < 52; c++) if (!out.includes(c)) one.push(c);
  if (jokers) one.push(52, 53);
  return players === 6 ? [...one, ...one] : one;
}

/** The shuffled deck ``dealSeed`` gives (card codes, top first): card i of ``deck``
 * gets key i of the stream (big-endian 64-bit words, four per block) and the deck is
 * sorted by (key, card). */
export async function shuffled(dealSeed, deck) {
  const prefix = encoder.encode(dealSeed);
  const keys = [];
  for (let block = 0; keys.length < deck.length; block++) {
    const input = new Uint8Array(prefix.length + 4);
    input.set(prefix);
    new DataView(input.buffer).setUint32(prefix.length, block);
    const digest = new DataView((await sha256(input)).buffer);
    for (let at = 0; at < 32; at += 8) keys.push(digest.getBigUint64(at));
  }
  const order = deck.map((card, i) => [keys[i], card]);
  order.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
  return order.map(([, card]) => cardCode(card));
}

/** The hands (sorted card codes, by seat) that ``dealSeed`` deals from ``dealer`` to
 * ``players`` seats: card k of the shuffled deck goes to seat (dealer + 1 + k) % players. */
export async function dealFromSeed(dealSeed, dealer, jokers = false, players = 4) {
  const hands = Array.from({ length: players }, () => []);
  (await shuffled(dealSeed, deckOf(players, jokers))).forEach((code, k) => hands[(dealer + 1 + k) % players].push(code));
  return hands.map((hand) => hand.sort((a, b) => cardIndex(a) - cardIndex(b)));
}

/**
 * Check a finished hand's review against the commitment this browser saw before the
 * bids (``seenBefore``, or null if it joined later). Returns
 * {seedMatches, dealMatches, seenBefore, computed}.
 */
export async function verifyReview(review, seenBefore, jokers = false, players = 4) {
  const computed = await commitmentOf(review.deal_seed);
  const expected = seenBefore || review.commitment;
  let dealMatches;
  if (review.stock) {
    // Two players draw from the stock: the seed must give exactly the stock shown.
    const stock = await shuffled(review.deal_seed, deckOf(players, jokers));
    dealMatches = stock.join(" ") === review.stock.join(" ");
  } else {
    const dealt = await dealFromSeed(review.deal_seed, review.dealer, jokers, players);
    dealMatches = dealt.every((hand, seat) => hand.join(" ") === [...review.dealt[seat]]
      .sort((a, b) => cardIndex(a) - cardIndex(b)).join(" "));
  }
  return { seedMatches: computed === expected, dealMatches, seenBefore: !!seenBefore, computed, expected };
}

