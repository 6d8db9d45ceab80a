"""Worked scoring examples for each format of issue 15 (solo, three teams), the game's
end by side, standings, and Blind Nil for a player trailing the leader."""

from __future__ import annotations

import pytest

from shared.spades import Game, RuleSet, match_outcome, score_hand
from shared.spades.scoring import standings

from .support import look_and_bid

CUTTHROAT = RuleSet.preset("cutthroat")
THREE = RuleSet.preset("three_handed")
TWO = RuleSet.preset("two_handed")
SIX = RuleSet.preset("six_handed")


def totals(rules: RuleSet, bids: tuple[object, ...], tricks: tuple[int, ...],
           bags: tuple[int, ...] | None = None) -> list[int]:
    return [s.hand_total for s in score_hand(rules, bids, tricks, bags)]  # type: ignore[arg-type]


def test_cutthroat_each_player_scores_their_own_bid() -> None:
    # South 4 takes 5 (40 + 1 bag), West Nil takes 0 (+100), North 3 takes 2 (set: -30),
    # East 5 takes 6 (50 + 1 bag).
    sides = score_hand(CUTTHROAT, (4, "nil", 3, 5), (5, 0, 2, 6))
    assert [s.hand_total for s in sides] == [41, 100, -30, 51]
    assert [s.bags for s in sides] == [1, 0, 0, 1]
    assert [(s.contract, s.made) for s in sides] == [(4, True), (0, True), (3, False),
                                                     (5, True)]


def test_cutthroat_a_failed_nil_costs_the_bonus_and_its_tricks_are_bags() -> None:
    south = score_hand(CUTTHROAT, ("nil", 4, 4, 3), (2, 4, 4, 3))[0]
    assert (south.nil_points, south.bag_points, south.hand_total, south.bags) == (-100, 2, -98, 2)
    blind = score_hand(CUTTHROAT, ("blind nil", 4, 4, 5), (0, 4, 4, 5))[0]
    assert blind.hand_total == 200


def test_cutthroat_the_bag_penalty_is_per_player() -> None:
    sides = score_hand(CUTTHROAT, (3, 3, 3, 2), (5, 3, 3, 2), bags=(9, 9, 0, 0))
    assert [s.bag_penalty for s in sides] == [-100, 0, 0, 0]
    assert [s.bags for s in sides] == [1, 9, 0, 0]
    assert sides[0].hand_total == 30 + 2 - 100


def test_three_handed_scores_seventeen_tricks() -> None:
    assert totals(THREE, (5, 6, 4), (7, 6, 4)) == [52, 60, 40]
    assert totals(THREE, (12, "nil", 4), (13, 0, 4)) == [121, 100, 40]
    ten = RuleSet.preset("three_handed", ten_for_two_hundred=True)
    assert totals(ten, (10, 3, 4), (10, 3, 4)) == [200, 30, 40]
    with pytest.raises(ValueError, match="add up to 17, not 13"):
        score_hand(THREE, (5, 6, 4), (5, 4, 4))
    with pytest.raises(ValueError, match="is not a bid here: a hand has 13 tricks"):
        score_hand(CUTTHROAT, (14, 1, 1, 1), (10, 1, 1, 1))


def test_two_handed_scores_each_player() -> None:
    assert totals(TWO, (6, 5), (8, 5)) == [62, 50]
    assert totals(TWO, ("nil", 9), (1, 12)) == [-99, 93]


def test_six_handed_scores_three_partnerships() -> None:
    # Sides (South 0 + North 3), (1 + 4), (2 + 5).
    sides = score_hand(SIX, (3, 2, 3, 3, 2, 4), (4, 2, 2, 3, 3, 3))
    assert [s.hand_total for s in sides] == [61, 41, -70]
    assert [(s.contract, s.tricks) for s in sides] == [(6, 7), (4, 5), (7, 5)]
    nil = score_hand(SIX, ("nil", 5, 4, 6, 2, 4), (0, 6, 4, 6, 1, 0))
    assert [s.hand_total for s in nil] == [100 + 60, 70, -80]


def test_the_highest_total_wins_and_a_tie_for_first_plays_on() -> None:
    assert match_outcome(CUTTHROAT, (510, 420, 530, 100), 9) == 2
    assert match_outcome(CUTTHROAT, (530, 420, 530, 100), 9) is None  # tie for first
    assert match_outcome(CUTTHROAT, (490, 420, 480, 100), 9) is None
    floor = RuleSet.preset("cutthroat", losing_score=-200)
    assert match_outcome(floor, (50, -210, 80, 10), 3) == 2
    capped = RuleSet.preset("three_handed", max_hands=5)
    assert match_outcome(capped, (200, 200, 100), 5) == "draw"
    assert match_outcome(capped, (200, 210, 100), 5) == 1
    assert match_outcome(SIX, (300, 505, 120), 7) == 1
    assert standings((300, 505, 120)) == [1, 0, 2]
    assert standings((40, 90, 40, 10)) == [1, 0, 2, 3]


def test_blind_nil_is_open_to_a_player_trailing_the_leader_by_the_margin() -> None:
    rules = RuleSet.preset("cutthroat", blind_nil="trailing", blind_nil_margin=100)
    g = Game.new(rules, seed=3, scores=(300, 150, 200, 250))
    assert g.blind_open == (False, True, True, False)
    assert [g.view(s).hand_hidden for s in range(4)] == [False, True, True, False]
    g = g.apply(0, "bid 3")
    assert "bid blind nil" in [str(a) for a in g.legal_actions(1)]
    g = g.apply(1, "bid blind nil").apply(2, "look").apply(2, "bid 2")
    with pytest.raises(ValueError, match="a player behind the leader by 100 or more"):
        g.apply(3, "bid blind nil")


def test_a_game_ends_with_standings_in_every_view() -> None:
    rules = RuleSet.preset("three_handed", target_score=50)
    g = Game.new(rules, seed=11, scores=(45, 20, 30))
    g = look_and_bid(g, "1", "1", "1")
    while not g.over:
        g = g.apply(g.to_act, g.legal_actions()[0])  # type: ignore[arg-type]
    view = g.view(1).to_dict()
    assert view["over"] and view["outcome"] == view["standings"][0]
    assert [g.scores[s] for s in view["standings"]] == sorted(g.scores, reverse=True)
    assert view["teams"] == [[0], [1], [2]]
