"""The bots in the formats of issue 15: seats, sides, decks and the draw from the rules.

Positions are written out as views (``format_views.view``), so each test pins one
thing a bot must get right in one format: bids from the seat count and the deck, no
Nil that needs a partner's cover in a solo game, the two-handed draw, a six-handed
hand holding a card twice, and deals sampled to fit each table.
"""

from __future__ import annotations

import random

import pytest

from shared.bots import LEVELS, choose, hint, tip
from shared.bots.knowledge import read_view
from shared.bots.players import decide
from shared.bots.rng import Rng
from shared.bots.sampler import Sampler
from shared.bots.tournament import run
from shared.spades import Game, RuleSet
from shared.spades.cards import SUIT_MASKS, codes_of, parse_card

from .format_views import view

# Nil risk 0.35 with a partner (made about 76% of the time), 2.6 alone: Standard bids
# Nil on it when a partner can cover.
NIL_WITH_COVER = "3C 6C 7C JC 4D 8D 9D 4H 8H 9H QH 4S 9S"


def _mask(codes: str) -> int:
    return sum(1 << parse_card(c) for c in codes.split())


def test_standard_bids_nil_with_a_partner_to_cover_it_but_not_alone() -> None:
    bids_legal = ["bid nil", *[f"bid {n}" for n in range(1, 14)]]
    partners = view("standard", 0, NIL_WITH_COVER, phase="bidding", legal=bids_legal)
    solo = view("cutthroat", 0, NIL_WITH_COVER, phase="bidding", legal=bids_legal)
    assert choose("standard", partners) == "bid nil"
    assert choose("standard", solo) != "bid nil"
    assert tip(solo)[0] == choose("standard", solo)


def _standard_bid_sum(preset: str, seed: int) -> int:
    """The sum of Standard's first-round bids (each seat bidding blind to the others)
    over one random deal of ``preset``."""
    rules = RuleSet.preset(preset)
    n, size = rules.seats, rules.tricks_per_hand
    deck = [c for c in codes_of((1 << 52) - 1) if not (n in (3, 6) and c == "2C")]
    cards = deck * (2 if n == 6 else 1)
    random.Random(seed).shuffle(cards)
    legal = ["bid nil", *[f"bid {b}" for b in range(1, size + 1)]]
    total = 0
    for seat in range(n):
        hand = " ".join(cards[seat * size:(seat + 1) * size])
        action = choose("standard", view(preset, seat, hand, phase="bidding", legal=legal))
        total += 0 if action == "bid nil" else int(action[4:])
    return total


@pytest.mark.parametrize(("preset", "low", "high"), [
    ("cutthroat", 9.5, 13.0), ("three_handed", 13.0, 17.0), ("six_handed", 13.0, 17.5)])
def test_standard_bids_add_up_to_the_tricks_of_the_format(preset: str, low: float,
                                                         high: float) -> None:
    # Four hands of 13 bid about 11 of the 13 tricks; the estimate is scaled so that
    # the 17-card formats bid the same share of their 17 (without the scale three
    # hands of 17 bid about 12, six hands from two decks about 21).
    sums = [_standard_bid_sum(preset, seed) for seed in range(60)]
    assert low <= sum(sums) / len(sums) <= high


def _drawing(seat: int, hand: str, card: str) -> dict[str, object]:
    return view("two_handed", seat, hand, phase="drawing", legal=["keep", "discard"],
                draw={"card": card, "stock": 30})


def test_the_draw_keeps_what_helps_the_bid() -> None:
    ace, low = _drawing(1, "KC 7D AH 4H QS", "AS"), _drawing(1, "KC 7D AH 4H QS", "3C")
    for level in LEVELS:
        assert choose(level, ace) == "keep"
        assert choose(level, low) == "discard"
    text, reason = hint(low)
    assert text == "discard" and "on average" in reason


def test_the_draw_keeps_low_cards_for_a_nil_shaped_hand() -> None:
    hand = "2C 3C 2D 4D 3H 5H 2S"
    low, high = _drawing(0, hand, "2H"), _drawing(0, hand, "KH")
    assert choose("standard", low) == "keep"
    assert choose("standard", high) == "discard"
    assert "Nil" in hint(high)[1]


SIX_HAND = "AS AS KS 3S 2D 2D 5D 9D JH QH 4H 3C 3C 8C KC TH TD"


def test_a_six_handed_hand_holding_a_card_twice() -> None:
    v = view("six_handed", 0, SIX_HAND, phase="bidding",
             legal=["bid nil", *[f"bid {n}" for n in range(1, 18)]])
    k = read_view(v)
    assert k.count_in(0) == 17
    assert not k.unseen >> parse_card("AS") & 1  # both aces of spades are here
    assert k.unseen >> parse_card("KS") & 1  # the other king is out
    assert not k.unseen >> parse_card("2C") & 1  # no 2C in the deck
    for level in LEVELS:
        assert choose(level, v).startswith("bid ")
    # Second to play to a diamond lead: each level follows with one of its diamonds.
    play = view("six_handed", 0, SIX_HAND, trick="4D", leader=5,
                bids=[3, 2, 3, 3, 2, 3], legal=["play 2D", "play 5D", "play 9D", "play TD"])
    for level in LEVELS:
        assert choose(level, play) in play["legal"]


def test_a_solo_seat_covers_nobody_and_ducks_once_its_bid_is_made() -> None:
    # Cutthroat: seat 2 bid 1 and took the first trick; seat 0 (across, no partner)
    # bid Nil and is winning this trick with the 9 of hearts. A partner would overtake
    # it; a solo seat with its bid made stays under (an overtrick would be a bag).
    v = view("cutthroat", 2, "KH 3H 6D 7D 8S 9S TS 2D 3D 4D 5D",
             bids=["nil", 3, 1, 4], tricks=[(0, "2C 3C AC 4C"), (2, "5C 8C 6C 7C")],
             trick="2H 9H 4H", leader=3, legal=["play KH", "play 3H"])
    assert v["tricks_won"] == [0, 0, 1, 1]
    for level in ("standard", "challenge"):
        d = decide(level, read_view(v))
        assert d.action == "play 3H", (level, d)
    assert "partner" not in decide("standard", read_view(v)).reason
    # The same cards in the partnership game: seat 2 is seat 0's partner and covers.
    p = view("standard", 2, "KH 3H 6D 7D 8S 9S TS 2D 3D 4D 5D",
             bids=["nil", 3, 1, 4], tricks=[(0, "2C 3C AC 4C"), (2, "5C 8C 6C 7C")],
             trick="2H 9H 4H", leader=3, legal=["play KH", "play 3H"])
    assert choose("standard", p) == "play KH"


SAMPLED = {
    # (the seat's hand after the first trick, the first trick led by seat 0)
    "three_handed": ("3C 4C 5C 6C 7C 2D 3D 4D 5D 6D 2H 3H 4H 5H 6H 2S", "AC 3S 9C"),
    "cutthroat": ("3C 4C 5C 6C 2D 3D 4D 5D 2H 3H 4H 5H", "7C 3S 8C 9C"),
    "two_handed": ("3C 4C 5C 6C 2D 3D 4D 5D 2H 3H 4H 5H", "7C 3S"),
}


@pytest.mark.parametrize("preset", sorted(SAMPLED))
def test_sampled_deals_fit_the_table(preset: str) -> None:
    # Seat 1 trumped the club lead: it is out of clubs in every deal.
    rules = RuleSet.preset(preset)
    n, size = rules.seats, rules.tricks_per_hand
    hand, first = SAMPLED[preset]
    k = read_view(view(preset, 0, hand, bids=[2] * n, tricks=[(0, first)]))
    for deal in Sampler(k, Rng(7)).deals(30, weigh_bids=True, weigh_play=True):
        assert len(deal) == n and deal[0] == k.hand
        dealt = 0
        for s in range(1, n):
            assert deal[s].bit_count() == k.count_in(s) == size - 1
            assert not deal[s] & (k.hand | k.played | dealt)
            dealt |= deal[s]
        assert not deal[1] & SUIT_MASKS[0]
        # Two-handed, the other unseen cards are the discards; else every one is dealt.
        assert dealt == k.unseen if preset != "two_handed" else dealt & ~k.unseen == 0


# No high card, but no low one either: a partner covers these middle cards; alone,
# both opponents play under them (partnership Nil risk 0.0, solo 1.6).
MIDDLE_CARDS = "5C 6C 7C 8C JC 4D 5D 6D 7D 8D 6H 8H 9H TH 2S 3S 4S"


def test_alone_middle_cards_are_no_nil() -> None:
    legal = ["bid nil", *[f"bid {n}" for n in range(1, 18)]]
    alone = view("three_handed", 0, MIDDLE_CARDS, phase="bidding", legal=legal)
    assert choose("standard", alone) != "bid nil"
    # The same kind of hand with a partner: Nil (six-handed, 17 cards too).
    six = view("six_handed", 0, MIDDLE_CARDS, phase="bidding", legal=legal)
    assert choose("standard", six) == "bid nil"


@pytest.mark.parametrize("preset", ["cutthroat", "three_handed"])
def test_the_tournament_scores_solo_sides_per_player_and_hand(preset: str) -> None:
    out = run("standard", "easy", RuleSet.preset(preset), 3, procs=1)
    seats = RuleSet.preset(preset).seats
    # Each deal twice: every seat's cards played once by each level.
    assert out["hands"] == 3 * seats
    assert out["diff_per_hand"] == pytest.approx(
        out["a_points_per_hand"] - out["b_points_per_hand"], abs=0.011)


@pytest.mark.parametrize("preset", ["cutthroat", "three_handed", "two_handed", "six_handed"])
def test_tip_and_hint_play_a_whole_hand_of_every_format(preset: str) -> None:
    g = Game.new(RuleSet.preset(preset), seed=3)
    phases: set[str] = set()
    while not g.history:
        seat = g.to_act
        assert seat is not None
        v = g.view(seat)
        text, reason = hint(v)
        assert text in v.legal and reason
        if v.phase == "bidding" and not v.hand_hidden:
            assert tip(v) == (text, reason)
        phases.add(v.phase)
        g = g.apply(seat, text)
    assert {"bidding", "playing"} <= phases
    assert ("drawing" in phases) == (preset == "two_handed")


def test_two_handed_challenge_bids_as_standard() -> None:
    # The sampler cannot model a drawn hand's strength; searching, Challenge overbid.
    legal = ["bid nil", *[f"bid {n}" for n in range(1, 14)]]
    hand = "AC KC 7C AD QD 9D 4H 8H KH AS QS 5S 3S"
    v = view("two_handed", 1, hand, phase="bidding", legal=legal, bids=[4, None])
    d = decide("challenge", read_view(v))
    assert d.action == choose("standard", v) and d.rollouts == 0
