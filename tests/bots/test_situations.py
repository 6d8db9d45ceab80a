"""Positions with one right answer, for the levels that promise to find it."""

from __future__ import annotations

import pytest

from shared.bots import choose, hint

from .positions import position, to_act_view

SMART = ("standard", "challenge")


@pytest.mark.parametrize("level", SMART)
def test_cover_partners_nil(level: str) -> None:
    # West leads, North (Nil) is forced to play its singleton king; South overtakes.
    g = position(
        {0: "AH 3H AS KS QS AC KC QC AD KD QD JD TD",
         2: "KH 2C 3C 4C 5C 2D 3D 4D 5D 2S 3S 4S 5S",
         1: "5H", 3: "2H"},
        bids=["bid 3", "bid nil", "bid 3", "bid 5"],
        plays=["5H", "KH", "2H"], dealer=0)
    assert choose(level, to_act_view(g)) == "play AH"


def test_cover_hint_says_why() -> None:
    g = position(
        {0: "AH 3H AS KS QS AC KC QC AD KD QD JD TD",
         2: "KH 2C 3C 4C 5C 2D 3D 4D 5D 2S 3S 4S 5S",
         1: "5H", 3: "2H"},
        bids=["bid 3", "bid nil", "bid 3", "bid 5"],
        plays=["5H", "KH", "2H"], dealer=0)
    action, reason = hint(to_act_view(g))
    assert action == "play AH"
    assert "Nil" in reason


@pytest.mark.parametrize("level", SMART)
def test_third_hand_high(level: str) -> None:
    # North (partner) leads low, East follows low: South plays high, not the three.
    g = position(
        {0: "KH QH 3H 4S 5S 6S 5C 6C 7C 5D 6D 7D 8D", 2: "4H", 3: "6H", 1: "AH"},
        bids=["bid 4", "bid 3", "bid 3", "bid 3"],
        plays=["4H", "6H"], dealer=1)
    assert choose(level, to_act_view(g)) in ("play KH", "play QH")


def _tenth_bag_position() -> object:
    # South/North bid 1 + 1 and North has taken two tricks: the contract is made with
    # nine bags banked. East's nine of hearts is winning; the king would win a bag.
    return position(
        {0: "2C 3D KH 2H 4S 5S 6S 7S 5C 6C 7C 8C 9C",
         1: "3C 4D", 2: "AC AD 5H", 3: "4C 2D 9H"},
        bids=["bid 1", "bid 3", "bid 1", "bid 3"],
        plays=["2C", "3C", "AC", "4C", "AD", "2D", "3D", "4D", "5H", "9H"],
        bags=(9, 0))


@pytest.mark.parametrize("level", SMART)
def test_duck_to_avoid_a_tenth_bag(level: str) -> None:
    g = _tenth_bag_position()
    assert choose(level, to_act_view(g)) == "play 2H"  # type: ignore[arg-type]


def test_duck_hint_names_the_bag() -> None:
    action, reason = hint(to_act_view(_tenth_bag_position()))  # type: ignore[arg-type]
    assert action == "play 2H"
    assert "would make 10 bags" in reason


@pytest.mark.parametrize("level", SMART)
def test_set_the_opponents_when_it_is_cheap(level: str) -> None:
    # Our contract (2) is made, they bid 11 and need every trick left: the ace sets
    # them for one bag.
    g = position(
        {0: "2C 3D AH 2H 4S 5S 6S 7S 5C 6C 7C 8C 9C",
         1: "3C 4D", 2: "AC AD 5H", 3: "4C 2D QH"},
        bids=["bid 1", "bid 6", "bid 1", "bid 5"],
        plays=["2C", "3C", "AC", "4C", "AD", "2D", "3D", "4D", "5H", "QH"])
    assert choose(level, to_act_view(g)) == "play AH"


@pytest.mark.parametrize("level", SMART)
def test_never_overtake_partners_sure_winner(level: str) -> None:
    g = position(
        {0: "KH 7H 2H 4S 5S 6S 5C 6C 7C 5D 6D 7D 8D", 2: "AH", 3: "4H"},
        bids=["bid 3", "bid 3", "bid 3", "bid 3"],
        plays=["AH", "4H"], dealer=1)
    assert choose(level, to_act_view(g)) != "play KH"


def test_third_hand_plays_high_over_partners_low_card() -> None:
    # North leads the four of hearts and East plays under it: West, last, beats the
    # four with almost anything, so South plays the lower of its equal king-queen.
    g = position(
        {0: "KH QH 3H 4S 5S 6S 5C 6C 7C 5D 6D 7D 8D", 2: "4H", 3: "2H", 1: "AH"},
        bids=["bid 4", "bid 3", "bid 3", "bid 3"],
        plays=["4H", "2H"], dealer=1)
    assert choose("standard", to_act_view(g)) == "play QH"


def test_trump_low_when_nobody_after_is_known_to_be_out() -> None:
    # East leads the king of diamonds; South, out of diamonds, trumps with the three:
    # the ace of spades wins a trick of its own later.
    g = position(
        {0: "3S 8S AS 2C 3C 4C 5C 6C 7C 2H 3H 4H 5H", 3: "KD"},
        bids=["bid 3", "bid 3", "bid 3", "bid 3"],
        plays=["KD"], dealer=2)
    assert choose("standard", to_act_view(g)) == "play 3S"


def test_third_hand_trumps_partners_card_that_the_last_hand_beats() -> None:
    # North's five of clubs is winning with West still to play: South, out of clubs,
    # takes the trick with its lowest spade instead of hoping the five holds.
    g = position(
        {0: "2S 9S KS 2D 3D 4D 5D 6D 2H 3H 4H 5H 6H", 2: "5C", 3: "3C"},
        bids=["bid 4", "bid 3", "bid 3", "bid 3"],
        plays=["5C", "3C"], dealer=1)
    assert choose("standard", to_act_view(g)) == "play 2S"
