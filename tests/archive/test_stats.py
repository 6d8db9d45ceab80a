"""The per-seat Spades statistics of one hand, checked on a hand worked out by hand."""

from __future__ import annotations

from shared.archive import SeatStats, seat_sides, seat_stats
from shared.spades import RuleSet


def _tricks(winners: list[int]) -> list[dict[str, object]]:
    return [{"leader": 0, "cards": ["2C", "3C", "4C", "5C"], "winner": w} for w in winners]


HAND = {
    "bids": [{"seat": 1, "bid": "nil"}, {"seat": 2, "bid": 3},
             {"seat": 3, "bid": "blind_nil"}, {"seat": 0, "bid": 4}],
    # South 5 tricks, North 6, East 2, West none
    "tricks": _tricks([0] * 5 + [2] * 6 + [3] * 2),
    "score": [{"bid": 7, "took": 11, "points": 74, "bags": 4, "total": 74},
              {"bid": 0, "took": 2, "points": -300, "bags": 2, "total": -300}],
    "new_bags": [4, 2],
}


def test_one_hand_counts_each_seat_as_the_rules_say() -> None:
    south, west, north, east = seat_stats([HAND], seat_sides({}), 4)
    assert south == SeatStats(hands=1, bids=1, bid_error_sum=1, contracts_made=1, bags=4)
    assert north == SeatStats(hands=1, bids=1, bid_error_sum=3, contracts_made=1, bags=4,
                              top_scorer=1)
    assert west == SeatStats(hands=1, bags=2, nil_tried=1, nil_made=1)
    assert east == SeatStats(hands=1, bags=2, blind_nil_tried=1, top_scorer=1)


def test_a_set_contract_and_tied_top_scorers() -> None:
    hand = {**HAND, "bids": [{"seat": s, "bid": 4} for s in range(4)],
            "tricks": _tricks([0] * 3 + [2] * 3 + [1] * 4 + [3] * 3),
            "score": [{"bid": 8, "took": 6, "points": -80, "bags": 0, "total": -80},
                      {"bid": 8, "took": 7, "points": -80, "bags": 0, "total": -80}],
            "new_bags": [0, 0]}
    stats = seat_stats([hand, hand], seat_sides({}), 4)
    assert [s.contracts_set for s in stats] == [2, 2, 2, 2]
    assert [s.top_scorer for s in stats] == [2, 2, 2, 0]  # South and North tie at 3
    assert [s.bid_error_sum for s in stats] == [-2, 0, -2, -2]


def test_sides_are_the_engines_teams_of_the_format() -> None:
    assert seat_sides({}) == [[0, 2], [1, 3]]  # rules stored before the formats
    for name in ("standard", "cutthroat", "three_handed", "two_handed", "six_handed"):
        rules = RuleSet.preset(name)
        assert seat_sides(rules.to_dict()) == [list(team) for team in rules.teams]
