"""Whole hands with known results: the numbers of 003, game end by target, losing
score and hand cap, and ties playing on."""

from __future__ import annotations

import pytest

from shared.spades import RANKED_RULES, Game, RuleSet

from .support import hashed, look_and_bid, play_hand, play_until, rig

COURSE = RuleSet.preset("course")

# Played with the first legal card each time, this deal gives South 8 tricks (one heart
# trumped, then seven spades) and West 5 (hearts): see test_the_deal_plays_out_8_to_5.
DEAL_62 = [
    "AS KS QS JS TS 9S 8S 7S 2H 3H 4H 5H 6H",
    "6S 5S 4S 3S 2S 7H 8H 9H TH JH QH KH AH",
    "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
]


def hand_62(rules: RuleSet, *bids: str, scores: tuple[int, int] = (0, 0),
            bags: tuple[int, int] = (0, 0)) -> Game:
    """Bid (default: South 5, West 4, North 1, East 1) and play DEAL_62 to the end."""
    game = rig(rules, DEAL_62, scores=scores, bags=bags)
    return play_hand(look_and_bid(game, *(bids or ("5", "4", "1", "1"))))


def test_the_deal_plays_out_8_to_5() -> None:
    g = hand_62(COURSE)
    assert g.history[0]["tricks"] == [8, 5, 0, 0]
    winners = [t[2] for t in g.review["tricks"]]
    assert winners == [1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0]


def test_003_plus_62_and_two_bags_then_the_deal_rotates() -> None:
    g = hand_62(COURSE)
    team = g.history[0]["teams"][0]
    assert (team["contract_points"], team["bag_points"], team["hand_total"]) == (60, 2, 62)
    assert g.scores == (62, 50) and g.bags == (2, 0)
    assert not g.over and (g.hand_no, g.dealer, g.to_act) == (1, 0, 1)


def test_003_minus_38_for_a_failed_nil_with_a_made_contract() -> None:
    g = hand_62(COURSE, "nil", "4", "6", "1")
    team = g.history[0]["teams"][0]
    assert (team["contract_points"], team["bag_points"], team["nil_points"]) == (60, 2, -100)
    assert g.scores[0] == -38


def test_003_eleven_bags_cost_100_and_leave_1() -> None:
    g = hand_62(COURSE, bags=(9, 0))
    assert g.scores[0] == -38 and g.bags == (1, 0)
    assert g.history[0]["teams"][0]["bag_penalty"] == -100


def test_003_bag_penalty_off_keeps_plus_62_and_banks_nothing() -> None:
    g = hand_62(RuleSet.preset("course", bag_penalty=False), bags=(9, 0))
    assert g.scores[0] == 62 and g.bags == (9, 0)


def test_003_target_250_ends_at_262_with_the_higher_total() -> None:
    g = hand_62(RuleSet.preset("course", target_score=250), scores=(200, 100))
    assert g.scores == (262, 150)
    assert g.over and g.outcome == 0 and g.to_act is None and g.legal_actions() == []
    assert g.hands_played == 1 and g.view(0).over and g.view(0).outcome == 0


def test_003_target_500_ends_at_512() -> None:
    g = hand_62(COURSE, scores=(450, 300))
    assert g.scores == (512, 350) and g.outcome == 0


def test_003_a_tie_at_500_plays_another_hand() -> None:
    g = hand_62(COURSE, scores=(438, 450))
    assert g.scores == (500, 500)
    assert not g.over and g.outcome is None and g.phase == "bidding" and g.hand_no == 1


def test_reaching_the_target_does_not_win_when_the_other_total_is_higher() -> None:
    # West-East reach 500 and South-North pass them in the same hand.
    g = hand_62(COURSE, scores=(460, 450))
    assert g.scores == (522, 500) and g.outcome == 0


def test_the_team_that_crosses_can_still_lose() -> None:
    # South-North overbid: 11 of 13 bid, 8 taken, -110; West-East reach 505.
    g = hand_62(COURSE, "7", "4", "4", "1", scores=(520, 455))
    assert g.scores == (410, 505) and g.outcome == 1


def test_quick_losing_score_ends_the_game() -> None:
    # West-East bid 8 and take 5: -80 from -150 is -230, at or below -200.
    g = hand_62(RuleSet.preset("quick"), "5", "7", "1", "1", scores=(0, -150))
    assert g.scores == (62, -230) and g.over and g.outcome == 0


def test_standard_has_no_losing_score() -> None:
    g = hand_62(RuleSet.preset("course"), "5", "7", "1", "1", scores=(0, -950))
    assert g.scores == (62, -1030) and not g.over


@pytest.mark.parametrize(
    ("scores", "outcome"), [((0, 12), "draw"), ((1, 12), 0), ((0, 13), 1)]
)
def test_hand_cap_ends_the_game_and_a_tie_is_a_draw(scores: tuple[int, int],
                                                    outcome: int | str) -> None:
    g = hand_62(RuleSet.preset("quick", max_hands=1), scores=scores)
    assert g.over and g.outcome == outcome and g.hands_played == 1


def test_quick_plays_at_most_30_hands() -> None:
    # Everyone bids 1 and nobody gets near 250 or -200 quickly: the cap decides.
    g = Game.new(RuleSet.preset("quick", target_score=10_000, losing_score=-10_000), seed=2)
    g = play_until(g, hashed("cap"), hands=40)
    assert g.hands_played == 30 and g.over
    assert g.outcome == ("draw" if g.scores[0] == g.scores[1] else int(g.scores[1] > g.scores[0]))


def test_a_tie_without_a_cap_keeps_dealing() -> None:
    g = hand_62(RuleSet.preset("course", target_score=100), scores=(50, 62))
    assert g.scores == (112, 112) and not g.over
    assert g.hand_no == 1 and g.dealer == 0


def test_ranked_is_the_standard_game_with_a_losing_score_and_a_hand_cap() -> None:
    standard = RuleSet.preset("standard").to_dict()
    changed = {k: v for k, v in RANKED_RULES.to_dict().items() if standard[k] != v}
    assert changed == {"name": "ranked", "losing_score": -200, "max_hands": 25}
    g = hand_62(RANKED_RULES, "5", "7", "1", "1", scores=(0, -150))
    assert g.scores == (62, -230) and g.over and g.outcome == 0


def test_ranked_ends_after_25_hands() -> None:
    g = Game.new(RuleSet.from_dict({**RANKED_RULES.to_dict(), "target_score": 10_000,
                                    "losing_score": -10_000}), seed=3)
    g = play_until(g, hashed("cap"), hands=40)
    assert g.hands_played == 25 and g.over
