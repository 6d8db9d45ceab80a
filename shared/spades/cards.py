"""Cards as small integers, and their two-letter codes.

A card is an ``int`` index: ``suit * 13 + rank`` with suits clubs, diamonds, hearts,
spades (0..3) and ranks 2..A (0..12), so ``2C`` is 0 and ``AS`` is 51. The two jokers
of the joker variant are 52 (``LJ``, Little Joker) and 53 (``BJ``, Big Joker); both are
spades in every respect. Because every spade index is above every other card and the
jokers sit above ``AS``, "the highest spade" and "the highest card of the led suit" are
both plain ``max`` over indices.

A set of cards (a hand, the cards played) is an ``int`` bit mask: bit ``i`` set means
card ``i`` is in it. Codes are rank + suit (``AS``, ``TH`` with T for ten, ``2C``).

Six-handed Spades plays two decks: the second copy of card ``c`` is ``c + COPY``
(54..107), with the same code, suit and strength; ``base_of`` maps either copy to
``c``. The suit masks cover both copies, so ``hand & SUIT_MASKS[s]`` works on any hand.
A mask of the one-deck formats never has a bit from 54 up.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
SUIT_LETTERS = "CDHS"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
SUIT_SYMBOLS = ("♣", "♦", "♥", "♠")
RANK_LETTERS = "23456789TJQKA"
RANK_NAMES = (
    "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
    "Jack", "Queen", "King", "Ace",
)

LITTLE_JOKER = 52
BIG_JOKER = 53
DECK_SIZE = 54  # indices in use when jokers are in play
COPY = 54  # the second deck's copy of card c is c + COPY (six-handed only)
ONE_DECK = (1 << DECK_SIZE) - 1  # every index of the first deck

_NARROW_SUITS = (
    0x1FFF,
    0x1FFF << 13,
    0x1FFF << 26,
    (0x1FFF << 39) | (1 << LITTLE_JOKER) | (1 << BIG_JOKER),
)
# Bit masks of each suit, both copies; the jokers belong to spades.
SUIT_MASKS = tuple(m | m << COPY for m in _NARROW_SUITS)
SPADE_MASK = SUIT_MASKS[SPADES]
STANDARD_DECK = (1 << 52) - 1
# The joker deck drops the two of clubs and the two of diamonds and adds both jokers.
JOKER_DECK = (STANDARD_DECK & ~(1 << 0) & ~(1 << 13)) | (1 << LITTLE_JOKER) | (1 << BIG_JOKER)
# Three- and six-handed deal 17 cards a seat from 51 per deck: the 2C leaves; with
# jokers (which already replace 2C and 2D) the 2H leaves as well.
TRIMMED_DECK = STANDARD_DECK & ~1
TRIMMED_JOKER_DECK = JOKER_DECK & ~(1 << 26)


def base_of(card: int) -> int:
    """The first deck's index of a card (itself unless a six-handed second copy)."""
    return card - COPY if card >= COPY else card


def suit_of(card: int) -> int:
    """The suit a card belongs to for following and trumping (jokers are spades)."""
    card = base_of(card)
    return SPADES if card >= 39 else card // 13


def card_code(card: int) -> str:
    """``51 -> 'AS'``; jokers are ``LJ`` and ``BJ``; a second copy has its card's code."""
    card = base_of(card)
    if card == LITTLE_JOKER:
        return "LJ"
    if card == BIG_JOKER:
        return "BJ"
    return RANK_LETTERS[card % 13] + SUIT_LETTERS[card // 13]


CODES: tuple[str, ...] = tuple(card_code(c) for c in range(DECK_SIZE))
# The code of every index, second copies (54..107) included: what the engine reads.
ALL_CODES: tuple[str, ...] = CODES + CODES
_INDEX_BY_CODE = {code: i for i, code in enumerate(CODES)}
# Accept "10H" and lower case as well; the canonical form stays "TH".
_INDEX_BY_CODE.update({code.lower(): i for code, i in list(_INDEX_BY_CODE.items())})
for _suit in range(4):
    _INDEX_BY_CODE["10" + SUIT_LETTERS[_suit]] = _suit * 13 + 8
    _INDEX_BY_CODE["10" + SUIT_LETTERS[_suit].lower()] = _suit * 13 + 8


def parse_card(code: str) -> int:
    """``'AS' -> 51``. Raises ``ValueError`` naming the text when it is not a card."""
    try:
        return _INDEX_BY_CODE[code]
    except (KeyError, TypeError):
        raise ValueError(
            f"{code!r} is not a card (write rank then suit, like AS, TH, 2C)"
        ) from None


def card_name(card: int) -> str:
    """A name for people and screen readers: ``'Ace of spades'``, ``'Big Joker'``."""
    if card == LITTLE_JOKER:
        return "Little Joker"
    if card == BIG_JOKER:
        return "Big Joker"
    return f"{RANK_NAMES[card % 13]} of {SUIT_NAMES[card // 13]}"


def cards_in(mask: int) -> Iterator[int]:
    """The cards of a mask, lowest index first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def mask_of(cards: Iterable[int]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def codes_of(mask: int) -> list[str]:
    """Card codes of a mask in display order: by suit (clubs..spades), low to high; a
    card held twice (six-handed) is named twice, side by side."""
    if mask >> COPY:
        return [ALL_CODES[c] for c in sorted(cards_in(mask), key=base_of)]
    return [CODES[c] for c in cards_in(mask)]


def fold(mask: int) -> int:
    """The one-deck mask of the cards in ``mask`` (a card held twice counts once)."""
    return (mask | mask >> COPY) & ONE_DECK


def count(mask: int) -> int:
    return mask.bit_count()
