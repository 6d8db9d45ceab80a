"""The Tip's "sure winners" are cards that win in every layout consistent with the
seat's view, and its Nil is one with a high chance.

A card can lose a trick in some layout exactly when a card held elsewhere beats it:
a higher card of its suit, any spade over a side card (a seat void in the suit
trumps), or in the two-deck game its own twin (of two equal cards the first played
wins). The tests check every card the Tip names sure against that, over the first
hands of generated games in every format, jokers and twin cards included.
"""

from __future__ import annotations

import re

import pytest

from shared.bots import choose, tip
from shared.bots.bidder import NIL_MIN_CHANCE
from shared.bots.handeval import card_text
from shared.bots.knowledge import read_view
from shared.spades import Game, RuleSet
from shared.spades.cards import SPADES, base_of, cards_in, parse_card, suit_of

from .format_views import view

CARD_BY_TEXT = {card_text(c): c for c in range(54)}
_CARD = "|".join(sorted((re.escape(t) for t in CARD_BY_TEXT), key=len, reverse=True))
SURE = re.compile(rf"((?:(?:{_CARD}) ?)+) sure winners?")


def sure_cards(reason: str) -> list[int]:
    m = SURE.search(reason)
    if m is None:
        return []
    return [CARD_BY_TEXT[t] for t in re.findall(_CARD, m.group(1))]


def can_lose(card: int, hand_codes: list[str], rules: RuleSet) -> bool:
    """Whether a card held elsewhere can beat ``card`` in some trick."""
    held = [parse_card(c) for c in hand_codes]
    copies = 2 if rules.players == 6 else 1
    strength = base_of(card)
    for other in _deck(rules):
        if held.count(other) >= copies:
            continue  # every copy of it is ours
        if other == strength:
            return True  # the twin, played first
        if suit_of(other) == suit_of(card) and other > strength:
            return True
        if suit_of(card) != SPADES and suit_of(other) == SPADES:
            return True
    return False


def _deck(rules: RuleSet) -> list[int]:
    g = Game.new(rules, seed=1)
    return sorted({base_of(c) for c in cards_in(read_view(g.view(0)).deck)})


FORMATS = [
    RuleSet.preset("standard"),
    RuleSet.preset("standard", jokers=True),
    RuleSet.preset("cutthroat"),
    RuleSet.preset("three_handed"),
    RuleSet.preset("three_handed", jokers=True),
    RuleSet.preset("six_handed"),
    RuleSet.preset("two_handed"),
]


@pytest.mark.parametrize("rules", FORMATS, ids=lambda r: f"{r.name}{'-jokers' * r.jokers}")
def test_every_sure_winner_the_tip_names_wins_in_every_layout(rules: RuleSet) -> None:
    named = nils = 0
    for seed in range(1, 13):
        g = Game.new(rules, seed=seed)
        while not g.history and g.phase != "playing":
            seat = g.to_act
            assert seat is not None
            v = g.view(seat)
            if v.phase == "bidding" and not v.hand_hidden:
                action, reason = tip(v)
                if action == "bid nil" and rules.partnerships and "only bid" not in reason:
                    nils += 1
                    assert nil_chance(reason) >= NIL_MIN_CHANCE * 100, reason
                for card in sure_cards(reason):
                    named += 1
                    assert not can_lose(card, list(v.hand), rules), (seed, v.hand, reason)
            g = g.apply(seat, "look" if "look" in v.legal else choose("standard", v))
    assert named or rules.players == 6  # two decks: nothing is sure, nothing named


def bidding_view(preset: str, hand: str, **rules: object) -> dict[str, object]:
    r = RuleSet.preset(preset, **rules)  # type: ignore[arg-type]
    size = len(hand.split())
    legal = ["bid nil", *(f"bid {n}" for n in range(1, size + 1))]
    return view(preset, 0, hand, phase="bidding", legal=legal, dealer=r.seats - 1,
                **rules)  # type: ignore[arg-type]


@pytest.mark.parametrize(("preset", "hand", "not_sure"), [
    ("standard", "KS 6S AH KH QH 2H 3D 4D 5D 6C 7C 8C 9C", "♠K"),
    ("cutthroat", "KS QS 6S AH KH 2H 3D 4D 5D 6C 7C 8C 9C", "♠K ♠Q"),
    ("six_handed", "AS KS QS AH KH 2H 3H 3D 4D 5D 6D 6C 7C 8C 9C TC JC", "♠A ♠K ♠Q"),
])
def test_known_cards_that_can_lose_are_not_called_sure(preset: str, hand: str,
                                                       not_sure: str) -> None:
    _bid, reason = tip(bidding_view(preset, hand))
    named = {card_text(c) for c in sure_cards(reason)}
    assert not named & set(not_sure.split()), reason


@pytest.mark.parametrize("hand", [
    "AH 6H 5H 4H 3H 2S 3S 2D 3D 4D 2C 3C 4C",  # the ace of a five-card suit
    "AC 2C 3C AD 2D 3D KH 2H 3H 4H 2S 3S 4D",  # two side aces and a king
])
def test_no_nil_tip_holding_an_ace(hand: str) -> None:
    bid, reason = tip(bidding_view("standard", hand))
    assert bid != "bid nil", reason


def nil_chance(reason: str) -> int:
    m = re.search(r"about (\d+)% to make it", reason)
    assert m is not None, reason
    return int(m.group(1))


def test_a_nil_tip_says_its_chance_and_the_chance_is_high() -> None:
    bid, reason = tip(bidding_view("standard", "2C 3C 4C 5C 6C 7C 2D 3D 4D 5D 6D 2H 3H"))
    assert bid == "bid nil"
    assert reason.startswith("Nil (about ") and nil_chance(reason) >= NIL_MIN_CHANCE * 100


def test_no_nil_tip_where_standard_makes_it_too_rarely() -> None:
    # Nil risk 0.72 (♣K ♥Q ♥10 over few low cards): such Nils were made 60% of the
    # time, and main's Tip suggested this one.
    bid, reason = tip(bidding_view("standard", "4C 5C KC 2D 6D 9D 3H 4H 6H TH QH 6S 9S"))
    assert bid != "bid nil", reason
