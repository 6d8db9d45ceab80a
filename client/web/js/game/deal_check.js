// Checking a revealed deal with SubtleCrypto SHA-256, as shared/spades/deal.py defines it:
// the commitment is sha256(deal_seed) in hex, and the deal is a Fisher-Yates shuffle
// driven by sha256(deal_seed + block number) words, dealt one card at a time clockwise
// from the dealer's left. Anyone can run the same check; this module is the browser's.
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

/** The four hands (sorted card codes, by seat) that ``dealSeed`` deals from ``dealer``. */
export async function dealFromSeed(dealSeed, dealer, jokers = false) {
  const deck = [];
  for (let c = 0; c < 52; c++) if (!(jokers && (c === 0 || c === 13))) deck.push(c);
  if (jokers) deck.push(52, 53);
  const prefix = encoder.encode(dealSeed);
  let block = 0;
  let words = [];
  const nextWord = async () => {
    if (!words.length) {
      const input = new Uint8Array(prefix.length + 4);
      input.set(prefix);
      new DataView(input.buffer).setUint32(prefix.length, block++);
      const digest = await sha256(input);
      const view = new DataView(digest.buffer);
      for (let at = 0; at < 32; at += 4) words.push(view.getUint32(at));
    }
    return words.shift();
  };
  for (let i = deck.length - 1; i > 0; i--) {
    const span = i + 1;
    const limit = 2 ** 32 - (2 ** 32 % span);
    let word = await nextWord();
    while (word >= limit) word = await nextWord();
    const j = word % span;
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  const hands = [[], [], [], []];
  deck.forEach((card, k) => hands[(dealer + 1 + k) % 4].push(card));
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
  const dealt = await dealFromSeed(review.deal_seed, review.dealer, jokers);
  const dealMatches = dealt.every((hand, seat) => hand.join(" ") === [...review.dealt[seat]]
    .sort((a, b) => cardIndex(a) - cardIndex(b)).join(" "));
  return { seedMatches: computed === expected, dealMatches, seenBefore: !!seenBefore, computed, expected };
}

