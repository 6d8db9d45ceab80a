"""Deals: a stable shuffle from a seed, and the commit-reveal check.

The algorithm is fixed forever, so the same seed deals the same cards on every machine
and every version (tests pin known deals):

1. A hand's *deal seed* is ``sha256("spades-room/deal/{game_seed}/{hand_no}")`` as hex,
   first 32 characters (128 bits).
2. A byte stream: block ``k`` is ``sha256(deal_seed_ascii + k as 4 bytes big-endian)``,
   read as eight big-endian unsigned 32-bit words.
3. Fisher-Yates over the deck in ascending card order: for ``i`` from ``n-1`` down to 1,
   draw words until one is below ``2**32 - 2**32 % (i+1)`` (rejection keeps it
   uniform) and swap position ``i`` with ``word % (i+1)``.
4. Deal card ``k`` of the shuffled deck to seat ``(dealer + 1 + k) % 4``, one at a time
   clockwise from the dealer's left.

Before the bids the table shows ``commitment(deal_seed)``; after the hand it reveals the
seed, and :func:`verify_deal` checks it, so anyone can confirm the deal was fixed in
advance and not arranged.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator

from .cards import JOKER_DECK, STANDARD_DECK, cards_in


def derive_deal_seed(game_seed: int, hand_no: int) -> str:
    """The deal seed of hand ``hand_no`` (0-based) of the game with ``game_seed``."""
    digest = hashlib.sha256(f"spades-room/deal/{game_seed}/{hand_no}".encode()).hexdigest()
    return digest[:32]


def commitment(deal_seed: str) -> str:
    """The SHA-256 (hex) of a deal seed, published before the hand is played."""
    return hashlib.sha256(deal_seed.encode()).hexdigest()


def verify_deal(deal_seed: str, published_commitment: str) -> bool:
    """True when a revealed deal seed matches the commitment shown before the hand."""
    return commitment(deal_seed) == published_commitment


def _words(deal_seed: str) -> Iterator[int]:
    prefix = deal_seed.encode()
    block = 0
    while True:
        digest = hashlib.sha256(prefix + block.to_bytes(4, "big")).digest()
        for at in range(0, 32, 4):
            yield int.from_bytes(digest[at:at + 4], "big")
        block += 1


def shuffled(deal_seed: str, deck_mask: int) -> list[int]:
    """The cards of ``deck_mask`` in shuffled order (the documented algorithm)."""
    deck = list(cards_in(deck_mask))
    words = _words(deal_seed)
    for i in range(len(deck) - 1, 0, -1):
        span = i + 1
        limit = (1 << 32) - (1 << 32) % span
        word = next(words)
        while word >= limit:
            word = next(words)
        j = word % span
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def deal_hands(deal_seed: str, dealer: int, jokers: bool = False) -> tuple[int, int, int, int]:
    """The four hands (card masks, by seat) dealt from ``deal_seed`` by ``dealer``."""
    hands = [0, 0, 0, 0]
    seat = dealer
    for card in shuffled(deal_seed, JOKER_DECK if jokers else STANDARD_DECK):
        seat = (seat + 1) & 3
        hands[seat] |= 1 << card
    return hands[0], hands[1], hands[2], hands[3]
