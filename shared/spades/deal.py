"""Deals: a stable shuffle from a seed, and the commit-reveal check.

The algorithm is fixed forever, so the same seed deals the same cards on every machine
and every version (tests pin known deals):

1. A hand's *deal seed* is ``sha256("spades-room/deal/{game_seed}/{hand_no}")`` as hex,
   first 32 characters (128 bits).
2. A key stream: block ``k`` is ``sha256(deal_seed_ascii + k as 4 bytes big-endian)``,
   read as four big-endian unsigned 64-bit words; word ``i`` of the stream is the key
   of the ``i``-th card of the deck in ascending card order (``2C`` first; with jokers
   ``2C`` and ``2D`` are absent and ``LJ``, ``BJ`` come last).
3. The shuffled deck is the cards sorted by (key, card). Keys are 64 bits, so a tie
   (where the card order decides) has odds below 1e-16 per deal; the sort runs in C,
   which is why this form was chosen over a Fisher-Yates loop (see docs/decisions.md).
4. Deal card ``k`` of the shuffled deck to seat ``(dealer + 1 + k) % seats``, one at a
   time clockwise from the dealer's left.

The deck of each format (``deck_mask``): four and two players 52 cards (with jokers
2C and 2D out, LJ and BJ in); three players 51 (the 2C out; with jokers 2C, 2D and 2H
out, LJ and BJ in), 17 each; six players two of those 51-card decks (102 cards), the
second copies (indices 54..107) after the first deck in "ascending card order". The
two-handed game deals nothing: the shuffled deck is its stock, top card first.

Before the bids the table shows ``commitment(deal_seed)``; after the hand it reveals the
seed, and :func:`verify_deal` checks it, so anyone can confirm the deal was fixed in
advance and not arranged.
"""

from __future__ import annotations

import hashlib
import importlib
import struct
from collections.abc import Callable
from typing import Any

from .cards import (
    COPY,
    JOKER_DECK,
    STANDARD_DECK,
    TRIMMED_DECK,
    TRIMMED_JOKER_DECK,
    cards_in,
)


def _builtin_sha256() -> Callable[[bytes], Any]:
    # CPython's own SHA-256 (_sha2 from 3.12, _sha256 before): the same digests as
    # hashlib.sha256, without OpenSSL's setup on every call, which is most of the cost of
    # hashing a few dozen bytes (13 hashes per deal: 9.5 µs instead of 14 µs measured).
    for name in ("_sha2", "_sha256"):
        try:
            return importlib.import_module(name).sha256  # type: ignore[no-any-return]
        except (ImportError, AttributeError):
            continue
    return hashlib.sha256


_sha256 = _builtin_sha256()


def derive_deal_seed(game_seed: int, hand_no: int) -> str:
    """The deal seed of hand ``hand_no`` (0-based) of the game with ``game_seed``."""
    digest: str = _sha256(f"spades-room/deal/{game_seed}/{hand_no}".encode()).hexdigest()
    return digest[:32]


def commitment(deal_seed: str) -> str:
    """The SHA-256 (hex) of a deal seed, published before the hand is played."""
    return hashlib.sha256(deal_seed.encode()).hexdigest()


def verify_deal(deal_seed: str, published_commitment: str) -> bool:
    """True when a revealed deal seed matches the commitment shown before the hand."""
    return commitment(deal_seed) == published_commitment


_DECKS: dict[int, tuple[int, ...]] = {}
_BLOCK_SUFFIXES = tuple(k.to_bytes(4, "big") for k in range(32))
_UNPACKERS: dict[int, struct.Struct] = {}  # by block count: the key stream as 64-bit words
_BITS = tuple(1 << card for card in range(2 * COPY))


def _keys(deal_seed: str, count: int) -> tuple[int, ...]:
    prefix = deal_seed.encode()
    blocks = (count + 3) // 4
    raw = b"".join([_sha256(prefix + suffix).digest() for suffix in _BLOCK_SUFFIXES[:blocks]])
    unpack = _UNPACKERS.get(blocks)
    if unpack is None:
        unpack = _UNPACKERS[blocks] = struct.Struct(f">{4 * blocks}Q")
    return unpack.unpack(raw)


def _deck(deck_mask: int) -> tuple[int, ...]:
    deck = _DECKS.get(deck_mask)
    if deck is None:
        deck = _DECKS[deck_mask] = tuple(cards_in(deck_mask))
    return deck


def shuffled(deal_seed: str, deck_mask: int) -> list[int]:
    """The cards of ``deck_mask`` in shuffled order (the documented algorithm)."""
    deck = _deck(deck_mask)
    keys = _keys(deal_seed, len(deck))
    # sorted() is stable and the deck ascends, so equal keys keep card order.
    order = sorted(range(len(deck)), key=keys.__getitem__)
    return [deck[i] for i in order]


def deck_mask(players: int, jokers: bool) -> int:
    """The cards a format plays with, as a mask (see the module's text)."""
    if players in (2, 4):
        return JOKER_DECK if jokers else STANDARD_DECK
    deck = TRIMMED_JOKER_DECK if jokers else TRIMMED_DECK
    return deck | deck << COPY if players == 6 else deck


def deal_cards(deal_seed: str, dealer: int, seats: int, deck: int) -> tuple[int, ...]:
    """The hands (card masks, by seat) dealt from ``deal_seed`` by ``dealer`` to
    ``seats`` seats from the cards of ``deck``, one at a time from the dealer's left."""
    if seats == 4:
        return deal_hands(deal_seed, dealer, deck == JOKER_DECK)
    bits = [_BITS[card] for card in shuffled(deal_seed, deck)]
    hands = [0] * seats
    for k in range(seats):
        hands[(dealer + 1 + k) % seats] = sum(bits[k::seats])
    return tuple(hands)


def deal_hands(deal_seed: str, dealer: int, jokers: bool = False) -> tuple[int, int, int, int]:
    """The four hands (card masks, by seat) dealt from ``deal_seed`` by ``dealer``."""
    bits = [_BITS[card] for card in shuffled(deal_seed, JOKER_DECK if jokers else STANDARD_DECK)]
    hands = [0, 0, 0, 0]
    for k in range(4):
        hands[(dealer + 1 + k) & 3] = sum(bits[k::4])  # distinct bits: sum is union
    return hands[0], hands[1], hands[2], hands[3]
