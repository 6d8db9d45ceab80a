"""Counting a hand's tricks and its Nil risk, with the cards behind each number.

The estimate is the sum of three parts, each a table lookup on one suit's cards (so
it is cheap enough to run on thousands of sampled hands):

* side-suit honours: an ace is a near-sure winner, a guarded king a likely one, a
  queen with two guards sometimes; long suits lose value (they get trumped);
* spades: a top spade, or one guarded by enough lower spades, wins; the fourth and
  later spades win by length;
* ruffs: low spades not needed for that can trump a void, singleton or doubleton.

``nil_risk`` scores how likely a hand is to be forced to take a trick: high cards
without low cards under them, long or high spades.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from shared.spades.cards import CODES, SUIT_SYMBOLS

from . import reasons as R


def _side_value(ranks: int) -> tuple[float, tuple[int, ...], tuple[int, ...]]:
    """Tricks from one side suit's 13-bit rank mask, the sure and the likely ranks."""
    n = ranks.bit_count()
    if not n:
        return 0.0, (), ()
    has = [bool(ranks >> r & 1) for r in range(13)]
    value = 0.0
    sure: list[int] = []
    likely: list[int] = []
    ace, king, queen = has[12], has[11], has[10]
    if ace:
        v = 1.0 if n <= 5 else 0.85 if n == 6 else 0.6
        value += v
        sure.append(12)
    if king:
        if ace:
            v = 0.85 if n <= 4 else 0.6 if n == 5 else 0.35
        else:
            v = (0.1, 0.55, 0.65, 0.6, 0.45, 0.3)[min(n, 6) - 1]
        value += v
        (sure if v >= 0.8 else likely if v >= 0.5 else []).append(11)
    if queen:
        if ace and king:
            v = 0.7 if n <= 3 else 0.5 if n == 4 else 0.25
        elif ace or king:
            v = 0.0 if n <= 2 else 0.4 if n <= 4 else 0.2
        else:
            v = 0.0 if n <= 2 else 0.25 if n <= 4 else 0.1
        value += v
        if v >= 0.5:
            likely.append(10)
    return value, tuple(sure), tuple(likely)


@lru_cache(maxsize=8192)
def side_tricks(ranks: int) -> tuple[float, tuple[int, ...], tuple[int, ...]]:
    """Cached :func:`_side_value`: (tricks, sure ranks, likely ranks)."""
    return _side_value(ranks)


def _spade_value(bits: int, top: int) -> tuple[float, int, tuple[int, ...], tuple[int, ...]]:
    """Spade tricks from a spade mask (bit 0 = 2S ... bit 12 = AS, 13 LJ, 14 BJ).

    ``top`` is the highest bit the deck has (12 without jokers, 14 with). Returns
    (honour + length tricks, spare low spades for ruffing, sure bits, likely bits).
    """
    held = [b for b in range(top, -1, -1) if bits >> b & 1]
    n = len(held)
    value = 0.0
    spare = 0
    sure: list[int] = []
    likely: list[int] = []
    for idx, b in enumerate(held):
        gaps = sum(1 for h in range(b + 1, top + 1) if not bits >> h & 1)
        guards = n - idx - 1
        if gaps == 0:
            honour = 1.0
        elif gaps == 1:
            honour = 0.8 if guards >= 1 else 0.3
        elif gaps == 2:
            honour = 0.55 if guards >= 2 else 0.2 if guards == 1 else 0.0
        elif gaps == 3:
            honour = 0.3 if guards >= 3 else 0.0
        else:
            honour = 0.0
        length = 0.0 if idx < 3 else 0.5 if idx == 3 else 0.8 if idx == 4 else 0.95
        v = max(honour, length)
        value += v
        # A low spade that wins only by length is not a "likely" card: the reason
        # line counts it as a long trick instead (bidder.bid_reason).
        if honour >= 0.8:
            sure.append(b)
        elif honour >= 0.5:
            likely.append(b)
        if honour < 0.5 and length < 0.5:
            spare += 1
    return value, spare, tuple(sure), tuple(likely)


@lru_cache(maxsize=16384)
def spade_tricks(bits: int, top: int) -> tuple[float, int, tuple[int, ...], tuple[int, ...]]:
    return _spade_value(bits, top)


@dataclass(frozen=True, slots=True)
class Estimate:
    """A hand's expected tricks and the cards and shapes behind the number."""

    tricks: float
    sure: tuple[int, ...]  # cards counted as near-sure winners
    likely: tuple[int, ...]  # honours counted as likely winners (not long low spades)
    ruffs: float  # tricks expected from trumping short suits
    short_suits: tuple[tuple[int, int], ...]  # (suit, length) of side suits of 0..1 cards
    spades: int


def _spade_bits(hand: int) -> int:
    return (hand >> 39) & 0x7FFF


def estimate(hand: int, jokers: bool = False, scale: float = 1.0) -> Estimate:
    """Expected tricks of a 13-card hand (a card mask) played as a plain contract.
    ``scale`` (``Table.trick_scale``) adapts the count to the other formats."""
    top = 14 if jokers else 12
    sbits = _spade_bits(hand)
    s_value, spare, s_sure, s_likely = spade_tricks(sbits, top)
    total = s_value
    sure = [39 + b for b in s_sure]
    likely = [39 + b for b in s_likely]
    slots = 0.0
    short: list[tuple[int, int]] = []
    for suit in range(3):
        ranks = (hand >> (13 * suit)) & 0x1FFF
        v, su, li = side_tricks(ranks)
        total += v
        sure += [13 * suit + r for r in su]
        likely += [13 * suit + r for r in li]
        n = ranks.bit_count()
        if n <= 2:
            slots += (2.0, 1.0, 0.4)[n]
            if n <= 1:
                short.append((suit, n))
    ruffs = 0.8 * min(float(spare), slots)
    total += ruffs
    if scale != 1.0:
        total *= scale
    return Estimate(total, tuple(sorted(sure, reverse=True)), tuple(sorted(likely, reverse=True)),
                    ruffs, tuple(short), sbits.bit_count())


_SLOTS = (2.0, 1.0, 0.4)


def estimate_tricks(hand: int, jokers: bool = False, scale: float = 1.0) -> float:
    """``estimate(hand, jokers, scale).tricks`` without the explanation (fast)."""
    s_value, spare, _, _ = spade_tricks((hand >> 39) & 0x7FFF, 14 if jokers else 12)
    total = s_value
    slots = 0.0
    for shift in (0, 13, 26):
        ranks = (hand >> shift) & 0x1FFF
        total += side_tricks(ranks)[0]
        n = ranks.bit_count()
        if n <= 2:
            slots += _SLOTS[n]
    total += 0.8 * min(float(spare), slots)
    return total * scale if scale != 1.0 else total


def sure_winner_cards(hand: int, jokers: bool = False, copies: int = 1) -> frozenset[int]:
    """The cards that win a trick in every layout of the other cards: the spades above
    every spade held elsewhere (from the top of the deck down, while they are ours).
    A side card can always be trumped by a spade held elsewhere, and with two decks
    (``copies`` 2) the twin of a top spade, played first, beats it: none is sure."""
    if copies > 1:
        return frozenset()
    top = 14 if jokers else 12
    sbits = _spade_bits(hand)
    sure: list[int] = []
    for b in range(top, -1, -1):
        if not sbits >> b & 1:
            break
        sure.append(39 + b)
    return frozenset(sure)


def certain_winners(hand: int, jokers: bool = False, on_lead: bool = False) -> int:
    """Tricks the hand takes whatever the other three hold and play (a lower bound).

    Each spade still out that is above one of ours can beat at most one of ours, so
    ``spades - beaten`` spades win for sure. On lead, with as many spades above every
    spade out as there are spades out, drawing them keeps the lead throughout: then
    every spade and every side card at the top of its suit wins as well.
    """
    top = 14 if jokers else 12
    sbits = _spade_bits(hand)
    out = ((1 << (top + 1)) - 1) & ~sbits
    mine = [b for b in range(top + 1) if sbits >> b & 1]
    theirs = [b for b in range(top + 1) if out >> b & 1]
    # Greedy matching: each outside spade beats the highest of ours below it not yet
    # beaten (the most of ours the outside spades can kill).
    beaten = 0
    free = sorted(mine)
    for o in sorted(theirs):
        below = [b for b in free if b < o]
        if below:
            free.remove(below[-1])
            beaten += 1
    certain = len(mine) - beaten
    high = sum(1 for b in mine if not theirs or b > theirs[-1])
    if on_lead and high >= len(theirs):
        tops = 0
        for suit in range(3):
            ranks = (hand >> (13 * suit)) & 0x1FFF
            r = 12
            while r >= 0 and ranks >> r & 1:
                tops += 1
                r -= 1
        certain = max(certain, len(mine) + tops)
    return certain


@lru_cache(maxsize=8192)
def _side_risk(ranks: int, offset: int = 5) -> float:
    # The i-th lowest card of the suit is at risk once its rank passes 2i + offset: a
    # partner covers the middle cards (offset 5); alone, every opponent plays under the
    # Nil, so any card above the lowest few is caught (offset 1).
    risk = 0.0
    i = 0
    for r in range(13):
        if ranks >> r & 1:
            risk += max(0.0, (r - 2 * i - offset) / 8.0)
            i += 1
    return risk


@lru_cache(maxsize=16384)
def _spade_risk(bits: int, top: int) -> float:
    n = bits.bit_count()
    risk = 0.0
    held = [b for b in range(top, -1, -1) if bits >> b & 1]
    for idx, b in enumerate(held):
        gaps = sum(1 for h in range(b + 1, top + 1) if not bits >> h & 1)
        lower = n - idx - 1
        if gaps == 0:
            risk += 3.0  # the top spade always wins a trick
        elif gaps == 1:
            risk += 1.5 if lower < 3 else 1.0
        elif gaps == 2:
            risk += 0.9 if lower < 2 else 0.6
        elif b >= top - 5:
            risk += 0.35
        elif b >= top - 8:
            risk += 0.12
    if n > 3:
        risk += 0.5 * (n - 3)
    return risk


SOLO_OFFSET = 1  # _side_risk's offset when no partner covers the Nil


def nil_risk(hand: int, jokers: bool = False, solo: bool = False) -> float:
    """A score of how exposed the hand is as a Nil: 0 is ideal; above ~1.5 is poor.
    ``solo``: nobody covers it, and every opponent ducks under it."""
    top = 14 if jokers else 12
    risk = _spade_risk(_spade_bits(hand), top)
    offset = SOLO_OFFSET if solo else 5
    for suit in range(3):
        risk += _side_risk((hand >> (13 * suit)) & 0x1FFF, offset)
    return risk


def nil_danger_cards(hand: int, jokers: bool = False) -> list[int]:
    """The cards that make a Nil risky, most dangerous first (for reasons)."""
    out: list[tuple[float, int]] = []
    for suit in range(3):
        ranks = (hand >> (13 * suit)) & 0x1FFF
        i = 0
        for r in range(13):
            if ranks >> r & 1:
                d = (r - 2 * i - 5) / 8.0
                if d > 0.3:
                    out.append((d, 13 * suit + r))
                i += 1
    top = 14 if jokers else 12
    sbits = _spade_bits(hand)
    for b in range(top, top - 4, -1):
        if sbits >> b & 1:
            out.append((3.0 - 0.5 * (top - b), 39 + b))
    out.sort(reverse=True)
    return [c for _, c in out]


def card_text(card: int) -> str:
    """A card as people read it: ``♠A``, ``♥10``; a joker is a catalogue name ("Big
    Joker", a ``Text``), so a reason that names it is said in the reader's language."""
    code = CODES[card]
    if card >= 52:
        return R.BIG_JOKER() if code == "BJ" else R.LITTLE_JOKER()
    rank = code[0]
    return SUIT_SYMBOLS[card // 13] + ("10" if rank == "T" else rank)


def cards_text(cards: list[int] | tuple[int, ...]) -> str:
    """Cards as people read them, "♠A ♠K"; with a joker among them, a ``Text`` of
    :data:`reasons.CARDS` that keeps the joker's name for each language."""
    if not any(c >= 52 for c in cards):
        return " ".join(card_text(c) for c in cards)
    head, *rest = cards
    return R.CARDS(first=card_text(head), rest=cards_text(rest)) if rest else card_text(head)


__all__ = [
    "Estimate",
    "card_text",
    "cards_text",
    "certain_winners",
    "estimate",
    "estimate_tricks",
    "nil_danger_cards",
    "nil_risk",
    "side_tricks",
    "spade_tricks",
    "sure_winner_cards",
]
