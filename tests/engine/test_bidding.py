"""Bidding: Blind Nil modes and looking, Nil restrictions, minimum team bid, and the
whiz, mirror and suicide variants (issue 3)."""

from __future__ import annotations

import pytest

from shared.spades import Game, IllegalAction, NotYourTurn, RuleSet
from shared.spades.bidding import blind_nil_open

from .support import first_legal, look_and_bid, play_hand, rig
from .test_play import refused

STANDARD = RuleSet.preset("standard")
COURSE = RuleSet.preset("course")
CLUB = RuleSet.preset("club")

NUMBERS = [f"bid {n}" for n in range(1, 14)]

# South holds 4 spades, West 4, North none, East 5.
DEAL_M = [
    "AS KS QS JS 2H 3H 4H 5H 2C 3C 4C 5C 6C",
    "6H 7H 8H 9H TH JH QH KH AH 2S 3S 4S 5S",
    "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
    "7C 8C 9C TC JC QC KC AC 6S 7S 8S 9S TS",
]


def legal(game: Game, seat: int | None = None) -> list[str]:
    return [str(a) for a in game.legal_actions(seat)]


# -- Blind Nil "any" (standard): hidden hands, look -------------------------------------

def test_standard_hides_every_hand_until_its_seat_looks() -> None:
    g = Game.new(STANDARD, seed=7)
    for seat in range(4):
        view = g.view(seat)
        assert view.hand_hidden is True and view.hand == [] and view.unplayable == {}
    assert legal(g, 0) == ["bid blind nil", "look"]
    assert [legal(g, s) for s in (1, 2, 3)] == [["look"]] * 3
    refused(g, 0, "bid 4", IllegalAction,
            "Look at your cards first, or bid Blind Nil without looking.")
    refused(g, 0, "bid nil", IllegalAction,
            "Look at your cards first, or bid Blind Nil without looking.")


def test_look_may_come_out_of_turn_any_time_before_the_seat_bids() -> None:
    g = Game.new(STANDARD, seed=7)
    g = g.apply(2, "look")  # North looks while South is to bid
    assert g.to_act == 0 and g.events == [(2, "look")]
    assert g.view(2).hand == g.hand_of(2) and len(g.view(2).hand) == 13
    assert g.view(0).hand == [] and g.view(1).hand == []
    refused(g, 2, "look", IllegalAction, "You can already see your cards.")
    refused(g, 2, "bid 3", NotYourTurn, "It is South's turn, not yours.")
    g = look_and_bid(g, "2", "3")  # South and West look and bid
    assert g.to_act == 2
    assert legal(g, 2)[:2] == ["bid nil", "bid 1"] and "bid blind nil" not in legal(g, 2)
    refused(g, 2, "bid blind nil", IllegalAction,
            "Blind Nil must be bid before you look at your cards.")
    refused(g, 0, "look", IllegalAction, "You have already bid; your cards are in front of you.")
    g = g.apply(3, "look")  # East looks before its turn
    assert legal(g, 3) == []


def test_blind_nil_is_bid_unseen_and_shows_the_hand_afterwards() -> None:
    g = Game.new(STANDARD, seed=7).apply(0, "bid blind nil")
    assert g.bids[0] == -1 and g.view(1).bids == ["blind nil", None, None, None]
    view = g.view(0)
    assert view.hand_hidden is False and view.hand == g.hand_of(0)
    assert legal(g, 0) == []
    refused(g, 0, "look", IllegalAction, "You have already bid; your cards are in front of you.")


def test_looking_closes_blind_nil_and_lists_the_numeric_bids() -> None:
    g = Game.new(STANDARD, seed=7).apply(0, "look")
    assert legal(g) == ["bid nil", *NUMBERS]


# -- Blind Nil "off" --------------------------------------------------------------------

@pytest.mark.parametrize("name", ["quick", "course"])
def test_blind_nil_off_shows_hands_at_once(name: str) -> None:
    g = Game.new(RuleSet.preset(name), seed=7)
    assert all(not g.view(s).hand_hidden and len(g.view(s).hand) == 13 for s in range(4))
    assert legal(g) == ["bid nil", *NUMBERS]
    refused(g, 0, "bid blind nil", IllegalAction, "Blind Nil is not played at this table.")
    refused(g, 1, "look", IllegalAction, "You can already see your cards.")


# -- Blind Nil "opening_bidder" (club) ----------------------------------------------------

def test_club_offers_blind_nil_only_to_the_player_left_of_the_dealer() -> None:
    g = Game.new(CLUB, seed=7)
    assert [g.view(s).hand_hidden for s in range(4)] == [True, False, False, False]
    assert legal(g) == ["bid blind nil", "look"]
    g = look_and_bid(g, "3", "2")
    refused(g, 2, "bid blind nil", IllegalAction,
            "Only the player left of the dealer may bid Blind Nil.")
    # Next hand South deals, so West is the opening bidder.
    g = play_hand(g)
    assert g.dealer == 0
    assert [g.view(s).hand_hidden for s in range(4)] == [False, True, False, False]


# -- Blind Nil "trailing" ---------------------------------------------------------------

def test_trailing_blind_nil_opens_for_a_team_behind_by_the_margin() -> None:
    rules = RuleSet.preset("quick", blind_nil="trailing")
    g = Game.new(rules, seed=7)
    assert not any(g.view(s).hand_hidden for s in range(4))  # 0-0: nobody trails
    refused(g, 0, "bid blind nil", IllegalAction,
            "Blind Nil is only open to a team behind by 100 or more.")
    g = look_and_bid(g, "7", "1", "6", "1")  # a contract of 13 that South-North will miss
    g = play_hand(g)
    assert g.scores[0] <= g.scores[1] - 100, g.scores
    assert [g.view(s).hand_hidden for s in range(4)] == [True, False, True, False]
    assert g.to_act == 1  # West opens the second hand, and may not go blind
    refused(g, 1, "bid blind nil", IllegalAction,
            "Blind Nil is only open to a team behind by 100 or more.")
    g = g.apply(1, "bid 2")
    assert legal(g) == ["bid blind nil", "look"]
    g = g.apply(2, "bid blind nil")
    assert g.view(0).bids[2] == "blind nil"


def test_trailing_blind_nil_is_decided_from_the_scores_at_the_deal() -> None:
    rules = RuleSet.preset("quick", blind_nil="trailing")
    g = rig(rules, DEAL_M, scores=(-120, -20))
    assert [g.view(s).hand_hidden for s in range(4)] == [True, False, True, False]
    g = rig(rules, DEAL_M, scores=(-119, -20))
    assert not any(g.view(s).hand_hidden for s in range(4))


@pytest.mark.parametrize(
    ("scores", "margin", "team0_open", "team1_open"),
    [
        ((0, 0), 100, False, False),
        ((0, 99), 100, False, False),
        ((0, 100), 100, True, False),
        ((-250, -100), 100, True, False),
        ((300, 150), 100, False, True),
        ((10, 60), 50, True, False),
        ((0, 0), 0, True, True),
    ],
)
def test_trailing_margin(scores: tuple[int, int], margin: int, team0_open: bool,
                         team1_open: bool) -> None:
    rules = RuleSet.preset("quick", blind_nil="trailing", blind_nil_margin=margin)
    assert [blind_nil_open(rules, s, 3, scores) for s in range(4)] == \
        [team0_open, team1_open, team0_open, team1_open]


# -- Nil restrictions -------------------------------------------------------------------

def test_club_offers_no_nil_once_the_partner_has_bid() -> None:
    g = look_and_bid(rig(CLUB, DEAL_M), "3", "nil")  # West may: East has not bid
    assert "bid nil" not in legal(g)
    refused(g, 2, "bid nil", IllegalAction, "Nil is not offered once your partner has bid.")
    g = look_and_bid(g, "2")
    refused(g, 3, "bid nil", IllegalAction, "Nil is not offered once your partner has bid.")


def test_course_forbids_double_nil_and_standard_allows_it() -> None:
    g = look_and_bid(rig(COURSE, DEAL_M), "nil", "3")
    assert legal(g) == NUMBERS
    refused(g, 2, "bid nil", IllegalAction,
            "Your partner bid Nil, and double Nil is not allowed at this table.")
    g = look_and_bid(rig(STANDARD, DEAL_M), "nil", "3", "nil", "nil")
    assert g.bids == (0, 3, 0, 0) and g.phase == "playing"


def test_quick_allows_nil_after_the_partners_bid() -> None:
    g = look_and_bid(rig(RuleSet.preset("quick"), DEAL_M), "4", "3", "nil", "nil")
    assert g.bids == (4, 3, 0, 0)


# -- minimum team bid (issue 3) ---------------------------------------------------------

MIN4 = RuleSet.preset("course", min_team_bid=4)


def test_min_team_bid_binds_the_second_partner() -> None:
    g = look_and_bid(rig(MIN4, DEAL_M), "1")  # the first partner may bid anything
    g = look_and_bid(g, "2")
    assert legal(g) == ["bid nil", *NUMBERS[2:]]
    refused(g, 2, "bid 2", IllegalAction,
            "Your team must bid at least 4 together: bid 3 or more, or Nil.")
    g = look_and_bid(g, "3")
    assert legal(g) == ["bid nil", *NUMBERS[1:]]
    g = look_and_bid(g, "2")
    assert g.bids == (1, 2, 3, 2) and g.phase == "playing"


def test_min_team_bid_does_not_bind_a_nil_bidders_partner() -> None:
    g = look_and_bid(rig(MIN4, DEAL_M), "nil", "4")
    assert legal(g) == NUMBERS  # course: no double Nil, but 1 is fine
    g = look_and_bid(g, "1", "nil")
    assert g.bids == (0, 4, 1, 0)


def test_min_team_bid_with_a_blind_nil_partner() -> None:
    rules = RuleSet.preset("standard", min_team_bid=4)
    g = Game.new(rules, seed=7).apply(0, "bid blind nil")
    g = look_and_bid(g, "1")
    g = g.apply(2, "look")
    assert legal(g) == ["bid nil", *NUMBERS]


def test_min_team_bid_already_met_by_the_first_partner() -> None:
    g = look_and_bid(rig(MIN4, DEAL_M), "5", "1")
    assert legal(g) == ["bid nil", *NUMBERS]


# -- whiz (issue 3) -----------------------------------------------------------------------

WHIZ = RuleSet.preset("course", bidding="whiz")


def test_whiz_bids_the_spades_held_or_nil() -> None:
    g = rig(WHIZ, DEAL_M)
    assert legal(g) == ["bid nil", "bid 4"]
    refused(g, 0, "bid 3", IllegalAction, "In whiz you must bid your 4 spades or Nil.")
    g = look_and_bid(g, "4", "4")
    assert legal(g) == ["bid nil"]  # North has no spades
    refused(g, 2, "bid 1", IllegalAction, "In whiz, with no spades you must bid Nil.")
    g = look_and_bid(g, "nil")
    assert legal(g) == ["bid nil", "bid 5"]
    g = look_and_bid(g, "5")
    assert g.bids == (4, 4, 0, 5) and g.phase == "playing"


def test_whiz_with_one_spade_says_spade() -> None:
    deal = [
        "AS 2H 3H 4H 5H 6H 7H 2C 3C 4C 5C 6C 7C",
        "KS QS JS TS 9S 8S 7S 8H 9H TH JH QH KH",
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        "6S 5S 4S 3S 2S AH 8C 9C TC JC QC KC AC",
    ]
    g = rig(WHIZ, deal)
    refused(g, 0, "bid 2", IllegalAction, "In whiz you must bid your 1 spade or Nil.")


def test_whiz_with_blind_nil_open() -> None:
    g = Game.new(RuleSet.preset("standard", bidding="whiz"), seed=7)
    assert legal(g) == ["bid blind nil", "look"]
    g = g.apply(0, "look")
    assert len(legal(g)) == 2 and legal(g)[0] == "bid nil"


def test_whiz_nil_respects_club_nil_restriction_but_a_spadeless_hand_may_still_bid_nil() -> None:
    rules = RuleSet.preset("club", bidding="whiz", blind_nil="off")
    g = look_and_bid(rig(rules, DEAL_M), "4", "4")
    assert legal(g) == ["bid nil"]  # no spades: Nil is the only whiz bid
    g = look_and_bid(g, "nil")
    assert legal(g) == ["bid 5"]  # West bid: no Nil for East


# -- mirror (issue 3) ---------------------------------------------------------------------

MIRROR = RuleSet.preset("course", bidding="mirror")


def test_mirror_bids_exactly_the_spades_held() -> None:
    g = rig(MIRROR, DEAL_M)
    assert legal(g) == ["bid 4"]
    refused(g, 0, "bid 3", IllegalAction, "In mirror you must bid your 4 spades.")
    refused(g, 0, "bid nil", IllegalAction, "In mirror you must bid your 4 spades.")
    g = look_and_bid(g, "4", "4")
    assert legal(g) == ["bid nil"]
    refused(g, 2, "bid 1", IllegalAction, "In mirror, with no spades you must bid Nil.")
    g = look_and_bid(g, "nil", "5")
    assert g.bids == (4, 4, 0, 5)


def test_mirror_no_spades_bids_nil_even_under_club_and_it_scores_as_nil() -> None:
    rules = RuleSet.preset("club", bidding="mirror", blind_nil="off")
    g = look_and_bid(rig(rules, DEAL_M), "4", "4", "nil", "5")
    g = play_hand(g)
    record = g.history[0]
    assert record["bids"] == [4, 4, "nil", 5]
    north_tricks = record["tricks"][2]
    assert record["teams"][0]["nil_points"] == (100 if north_tricks == 0 else -100)


def test_mirror_needs_blind_nil_off() -> None:
    with pytest.raises(ValueError, match="Blind Nil must be off"):
        RuleSet.preset("standard", bidding="mirror")


# -- suicide (issue 3) --------------------------------------------------------------------

SUICIDE = RuleSet.preset("course", bidding="suicide")


def test_suicide_first_bidder_bids_4_so_the_partner_must_bid_nil() -> None:
    g = rig(SUICIDE, DEAL_M)
    assert legal(g) == ["bid nil", *NUMBERS[3:]]
    refused(g, 0, "bid 3", IllegalAction,
            "In suicide the first partner to bid bids Nil or at least 4.")
    g = look_and_bid(g, "4", "nil")
    assert legal(g) == ["bid nil"]
    refused(g, 2, "bid 5", IllegalAction, "Your partner bid 4, so in suicide you must bid Nil.")
    g = look_and_bid(g, "nil")
    assert legal(g) == NUMBERS[3:]
    refused(g, 3, "bid nil", IllegalAction,
            "Your partner bid Nil, so in suicide you must bid at least 4.")
    refused(g, 3, "bid 3", IllegalAction,
            "Your partner bid Nil, so in suicide you must bid at least 4.")
    g = look_and_bid(g, "4")
    assert g.bids == (4, 0, 0, 4) and g.phase == "playing"


def test_suicide_first_bidder_bids_nil_so_the_partner_must_bid_at_least_4() -> None:
    g = look_and_bid(rig(SUICIDE, DEAL_M), "nil", "6")
    assert legal(g) == NUMBERS[3:]
    refused(g, 2, "bid nil", IllegalAction,
            "Your partner bid Nil, so in suicide you must bid at least 4.")
    g = look_and_bid(g, "4", "nil")
    assert g.bids == (0, 6, 4, 0)


def test_suicide_blind_nil_takes_the_nil_role() -> None:
    g = Game.new(RuleSet.preset("standard", bidding="suicide"), seed=7)
    g = g.apply(0, "bid blind nil")
    g = look_and_bid(g, "5")
    assert legal(g) == ["look"]  # North must look: it has to bid at least 4
    g = g.apply(2, "look")
    assert legal(g) == NUMBERS[3:]


def test_suicide_games_always_have_one_nil_per_team() -> None:
    g = Game.new(RuleSet.preset("quick", bidding="suicide"), seed=4)
    for _ in range(3):
        g = play_hand(g, first_legal)
        bids = g.history[-1]["bids"]
        for team in (0, 1):
            pair = [bids[team], bids[team + 2]]
            assert sum(b in ("nil", "blind nil") for b in pair) == 1
            assert any(isinstance(b, int) and b >= 4 for b in pair)
