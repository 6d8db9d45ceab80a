"""score_hand and match_outcome: every worked example of the seed texts, and each rule."""

from __future__ import annotations

import pytest

from shared.spades import RuleSet, TeamScore, match_outcome, score_hand

STANDARD = RuleSet.preset("standard")
QUICK = RuleSet.preset("quick")
COURSE = RuleSet.preset("course")


def lines(t: TeamScore) -> tuple[int, int, int, int, int, int]:
    """The score lines: contract, bag points, nil points, bag penalty, hand total, bags."""
    return (t.contract_points, t.bag_points, t.nil_points, t.bag_penalty, t.hand_total, t.bags)


# -- 000 and 001 worked examples ----------------------------------------------------------

def test_000_scoring_example_plus_71_and_plus_50() -> None:
    # South 4, North 3 (contract 7), they take 5 + 3; West 2, East 3 take exactly 5.
    south_north, west_east = score_hand(QUICK, bids=(4, 2, 3, 3), tricks=(5, 2, 3, 3))
    assert (south_north.contract, south_north.tricks, south_north.made) == (7, 8, True)
    assert lines(south_north) == (70, 1, 0, 0, 71, 1)
    assert lines(west_east) == (50, 0, 0, 0, 50, 0)
    assert match_outcome(QUICK, scores=(71, 50), hands_played=1) is None


def test_001_7_1_made_contract_of_7_with_9_tricks_is_plus_72_and_2_bags() -> None:
    team, _ = score_hand(STANDARD, bids=(4, 2, 3, 2), tricks=(5, 2, 4, 2))
    assert lines(team) == (70, 2, 0, 0, 72, 2)


def test_001_7_1_failed_contract_of_7_with_5_tricks_is_minus_70_and_no_bags() -> None:
    team, _ = score_hand(STANDARD, bids=(4, 2, 3, 2), tricks=(3, 4, 2, 4), bags=(5, 0))
    assert team.made is False
    assert lines(team) == (-70, 0, 0, 0, -70, 5)


def test_001_10_double_nil_both_failing_is_minus_197_and_3_bags() -> None:
    team, _ = score_hand(STANDARD, bids=("nil", 5, "nil", 5), tricks=(2, 5, 1, 5))
    assert (team.contract, team.made) == (0, True)
    assert lines(team) == (0, 3, -200, 0, -197, 3)


def test_001_10_failed_contract_does_not_cancel_a_made_nil() -> None:
    # A bids 6 and takes 3, B bids Nil and takes 0: -60 + 100 = +40.
    team, _ = score_hand(STANDARD, bids=(6, 4, "nil", 4), tricks=(3, 5, 0, 5))
    assert lines(team) == (-60, 0, 100, 0, 40, 0)


def test_001_10_failed_nil_bidders_tricks_help_the_partner_in_standard() -> None:
    # A bids 4 and takes 2; B bids Nil and takes 2: the team's 4 make the contract.
    team, _ = score_hand(STANDARD, bids=(4, 4, 0, 5), tricks=(2, 4, 2, 5))
    assert lines(team) == (40, 0, -100, 0, -60, 0)


def test_000_nil_bidders_tricks_never_count_for_the_partner_in_quick() -> None:
    # Same hand under quick: the partner took 2 of 4 (set, -40); each Nil trick is +1 and a bag.
    team, _ = score_hand(QUICK, bids=(4, 4, 0, 5), tricks=(2, 4, 2, 5))
    assert team.made is False
    assert lines(team) == (-40, 2, -100, 0, -138, 2)


def test_quick_nil_tricks_are_bags_even_when_the_partner_makes_the_bid() -> None:
    team, _ = score_hand(QUICK, bids=(3, 4, 0, 3), tricks=(4, 4, 2, 3))
    assert lines(team) == (30, 3, -100, 0, -67, 3)


def test_blind_nil_is_worth_double() -> None:
    south_north, west_east = score_hand(STANDARD, bids=(3, "blind nil", "blind nil", 5),
                                        tricks=(5, 0, 0, 8))
    assert lines(south_north) == (30, 2, 200, 0, 232, 2)
    assert lines(west_east) == (50, 3, 200, 0, 253, 3)
    _, failed = score_hand(STANDARD, bids=(3, "blind nil", 2, 5), tricks=(4, 1, 2, 6))
    assert lines(failed) == (50, 2, -200, 0, -148, 2)


def test_nil_may_be_written_0_or_nil() -> None:
    assert score_hand(STANDARD, (0, 3, 4, 3), (0, 4, 5, 4)) == \
        score_hand(STANDARD, ("nil", 3, 4, 3), (0, 4, 5, 4))


# -- bags -------------------------------------------------------------------------------

def test_001_7_3_twelve_bags_cost_100_and_leave_2() -> None:
    team, _ = score_hand(STANDARD, bids=(3, 4, 2, 4), tricks=(6, 2, 3, 2), bags=(8, 0))
    assert lines(team) == (50, 4, 0, -100, -46, 2)


def test_001_7_3_the_bag_penalty_repeats_while_ten_or_more() -> None:
    team, _ = score_hand(STANDARD, bids=(1, 6, 0, 6), tricks=(13, 0, 0, 0), bags=(9, 0))
    assert team.new_bags == 12
    assert lines(team) == (10, 12, 100, -200, -78, 1)


def test_003_eleven_bags_cost_100_and_leave_1_so_plus_62_nets_minus_38() -> None:
    team, _ = score_hand(COURSE, bids=(3, 3, 3, 3), tricks=(4, 2, 4, 3), bags=(9, 0))
    assert lines(team) == (60, 2, 0, -100, -38, 1)


def test_003_plus_62_then_minus_100_for_a_failed_nil_is_minus_38() -> None:
    team, _ = score_hand(COURSE, bids=(0, 3, 6, 4), tricks=(2, 1, 6, 4))
    assert lines(team) == (60, 2, -100, 0, -38, 2)


def test_003_bag_penalty_off_overtricks_still_score_but_bags_never_bank() -> None:
    off = RuleSet.preset("course", bag_penalty=False)
    team, _ = score_hand(off, bids=(3, 3, 3, 3), tricks=(4, 2, 4, 3), bags=(9, 0))
    assert team.new_bags == 2
    assert lines(team) == (60, 2, 0, 0, 62, 9)
    team, _ = score_hand(off, bids=(1, 6, 0, 6), tricks=(13, 0, 0, 0), bags=(0, 0))
    assert (team.bag_points, team.bag_penalty, team.bags) == (12, 0, 0)


def test_a_failed_contract_banks_no_bags_even_with_a_failed_nil_partner() -> None:
    team, _ = score_hand(STANDARD, bids=(6, 3, 0, 3), tricks=(4, 4, 1, 4), bags=(8, 0))
    assert lines(team) == (-60, 0, -100, 0, -160, 8)


# -- free values (issue 3) --------------------------------------------------------------

def test_changed_nil_and_blind_nil_values() -> None:
    rules = RuleSet.preset("standard", nil_value=50, blind_nil_value=300)
    nil_team, blind_team = score_hand(rules, bids=(0, "blind nil", 4, 5), tricks=(0, 1, 6, 6))
    assert nil_team.nil_points == 50 and blind_team.nil_points == -300


def test_changed_bag_limit_and_penalty_size() -> None:
    rules = RuleSet.preset("standard", bag_limit=5, bag_penalty_points=50)
    team, _ = score_hand(rules, bids=(2, 3, 2, 3), tricks=(5, 2, 3, 3), bags=(3, 0))
    assert lines(team) == (40, 4, 0, -50, -6, 2)
    team, _ = score_hand(rules, bids=(1, 6, 0, 6), tricks=(13, 0, 0, 0), bags=(4, 0))
    assert (team.bag_penalty, team.bags) == (-150, 1)


# -- ten for two hundred (issue 3) ------------------------------------------------------

TEN = RuleSet.preset("standard", ten_for_two_hundred=True)


def test_ten_for_two_hundred_bid_10_make_10_is_200() -> None:
    team, other = score_hand(TEN, bids=(6, 2, 4, 1), tricks=(6, 2, 4, 1))
    assert lines(team) == (200, 0, 0, 0, 200, 0)
    assert lines(other) == (30, 0, 0, 0, 30, 0)


def test_ten_for_two_hundred_overtricks_stay_one_point() -> None:
    team, _ = score_hand(TEN, bids=(6, 1, 4, 1), tricks=(7, 1, 4, 1))
    assert lines(team) == (200, 1, 0, 0, 201, 1)
    team, _ = score_hand(TEN, bids=(7, 1, 5, 1), tricks=(8, 0, 5, 0))
    assert team.contract_points == 240


def test_ten_for_two_hundred_set_is_still_minus_10_per_bid_trick() -> None:
    team, _ = score_hand(TEN, bids=(6, 2, 4, 2), tricks=(5, 4, 4, 0))
    assert lines(team) == (-100, 0, 0, 0, -100, 0)


def test_ten_for_two_hundred_leaves_smaller_contracts_alone() -> None:
    team, _ = score_hand(TEN, bids=(5, 2, 4, 2), tricks=(5, 2, 4, 2))
    assert team.contract_points == 90
    plain, _ = score_hand(STANDARD, bids=(6, 2, 4, 1), tricks=(6, 2, 4, 1))
    assert plain.contract_points == 100


# -- input checks -----------------------------------------------------------------------

@pytest.mark.parametrize(
    ("bids", "tricks", "reason"),
    [
        ((4, 4, 4), (4, 4, 5), "four bids and four trick counts"),
        ((4, 4, 4, 4), (4, 4, 4, 4), "add up to 13, not 16"),
        ((4, 4, 14, 4), (4, 4, 1, 4), "is not a bid"),
        ((4, 4, "double", 4), (4, 4, 1, 4), "is not a bid"),
        ((4, 4, None, 4), (4, 4, 1, 4), "Every seat must have bid"),
        ((4, 4, 4, 4), (4, 4, -1, 6), "whole numbers from 0"),
        ((4, 4, True, 4), (4, 4, 1, 4), "is not a bid"),
    ],
)
def test_score_hand_refuses_bad_input(
    bids: tuple[object, ...], tricks: tuple[int, ...], reason: str
) -> None:
    with pytest.raises(ValueError, match=reason):
        score_hand(STANDARD, bids, tricks)  # type: ignore[arg-type]


# -- game end (match_outcome) -----------------------------------------------------------

@pytest.mark.parametrize(
    ("rules", "scores", "hands", "outcome"),
    [
        (STANDARD, (499, 300), 9, None),
        (STANDARD, (500, 300), 9, 0),
        (STANDARD, (512, 450), 9, 0),
        (STANDARD, (300, 530), 9, 1),
        (STANDARD, (560, 520), 9, 0),  # both crossed: the higher total wins
        (STANDARD, (480, 510), 9, 1),
        (STANDARD, (500, 500), 9, None),  # 003: a tie at the target plays on
        (STANDARD, (620, 620), 40, None),
        (STANDARD, (-5000, 100), 99, None),  # no losing score, no hand cap
        (QUICK, (262, 100), 5, 0),  # 003: 250 target ending at 262
        (QUICK, (249, -199), 5, None),
        (QUICK, (10, -200), 5, 0),  # at or below -200 ends it
        (QUICK, (-210, -150), 5, 1),
        (QUICK, (-200, -200), 5, None),  # a tie on the floor plays on
        (QUICK, (100, 90), 29, None),
        (QUICK, (100, 90), 30, 0),  # hand cap: the higher total wins
        (QUICK, (90, 100), 30, 1),
        (QUICK, (100, 100), 30, "draw"),  # hand cap: a tie is a draw
        (QUICK, (250, 250), 30, "draw"),
        (RuleSet.preset("course", target_score=250), (262, 240), 4, 0),
    ],
)
def test_match_outcome(rules: RuleSet, scores: tuple[int, int], hands: int,
                       outcome: int | str | None) -> None:
    assert match_outcome(rules, scores, hands) == outcome
