"""The equity's chance to win the game: the spread of the hands left is not shrunk by
the bag term (a name once shared by both made a side 150 behind with a hand or two
left look lost, 4e-11, and one 150 ahead look certain)."""

from __future__ import annotations

from shared.bots.equity import win_chance
from shared.spades import RuleSet


def test_150_behind_near_the_end_still_has_a_chance() -> None:
    rules = RuleSet()
    behind = win_chance(rules, 0, (320, 470), (0, 0), 6)
    assert 0.03 < behind < 0.2
    ahead = win_chance(rules, 1, (320, 470), (0, 0), 6)
    assert abs(behind + ahead - 1.0) < 1e-9


def test_bags_still_cost_their_share_of_the_penalty() -> None:
    rules = RuleSet()
    clean = win_chance(rules, 0, (200, 200), (0, 0), 3)
    bagged = win_chance(rules, 0, (200, 200), (8, 0), 3)
    assert clean == 0.5 and bagged < clean
