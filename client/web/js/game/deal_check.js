// Checking a revealed deal with SubtleCrypto SHA-256, as shared/spades/deal.py defines it:
// the commitment is sha256(deal_seed) in hex, and the deal sorts the deck by keys drawn
// from sha256(deal_seed + block number), dealt one card at a time clockwise from the
// dealer's left. Anyone can run the same check; this module is the browser's.
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

/** The hands (sorted card codes, by seat) that ``dealSeed`` deals from ``dealer``:
 * card i of the deck (ascending; with jokers 2C and 2D out, LJ and BJ last) gets key
 * i of the stream (big-endian 64-bit words, four per block), the deck is sorted by
 * (key, card), and card k goes to seat (dealer + 1 + k) % seats (four seats today). */
export async function dealFromSeed(dealSeed, dealer, jokers = false, seats = 4) {
  const deck = [];
  for (let c = 0; c < 52; c++) if (!(jokers && (c === 0 || c === 13))) deck.push(c);
  if (jokers) deck.push(52, 53);
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
  const hands = Array.from({ length: seats }, () => []);
  order.forEach(([, card], k) => hands[(dealer + 1 + k) % seats].push(card));
  return hands.map((hand) => hand.sort((a, b) => a - b).map(cardCode));
}

/**
 * Check a finished hand's review against the commitment this browser saw before the
 * bids (``seenBefore``, or null if it joined later). Returns
 * {seedMatches, dealMatches, seenBefore, computed}.
 */
export async function verifyReview(review, seenBefore, jokers = false) {
  const computed = await commitmentOf(review.deal_seed);
  const expected = seenBefore || review.commitment;
  const dealt = await dealFromSeed(review.deal_seed, review.dealer, jokers, review.dealt.length);
  const dealMatches = dealt.every((hand, seat) => hand.join(" ") === [...review.dealt[seat]]
    .sort((a, b) => cardIndex(a) - cardIndex(b)).join(" "));
  return { seedMatches: computed === expected, dealMatches, seenBefore: !!seenBefore, computed, expected };
}

