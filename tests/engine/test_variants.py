"""Jokers, Nil card passes and ten-for-two-hundred in whole hands (issue 3)."""

from __future__ import annotations

from shared.spades import Game, IllegalAction, NotYourTurn, RuleSet

from .support import card_tokens, first_legal, look_and_bid, play_cards, play_hand, rig
from .test_play import refused

JOKERS = RuleSet.preset("course", jokers=True)

# Joker deck: no 2C or 2D. South holds BJ, West LJ; East ten spades and three top clubs.
DEAL_J = [
    "BJ 3S 2H 3H 4H 5H 6H 3C 4C 5C 6C 7C 8C",
    "LJ 4S 7H 8H 9H TH JH QH KH AH 9C TC JC",
    "5S 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
    "AS KS QS JS TS 9S 8S 7S 6S 2S QC KC AC",
]
# As DEAL_J, but West has no clubs (South has them), so it can trump with the joker.
DEAL_J_VOID = [
    "BJ 3S 9C TC JC 3C 4C 5C 6C 7C 8C 2H 3H",
    "LJ 4S 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
    DEAL_J[2],
    DEAL_J[3],
]


def legal(game: Game, seat: int | None = None) -> list[str]:
    return [str(a) for a in game.legal_actions(seat)]


# -- jokers ---------------------------------------------------------------------------------

def test_the_joker_deck_has_no_2c_or_2d_and_both_jokers() -> None:
    for seed in range(5):
        g = Game.new(JOKERS, seed=seed)
        held = [c for s in range(4) for c in g.hand_of(s)]
        assert len(held) == len(set(held)) == 52 and all(len(g.hand_of(s)) == 13 for s in range(4))
        assert {"BJ", "LJ"} <= set(held) and not {"2C", "2D"} & set(held)
    g = look_and_bid(rig(JOKERS, DEAL_J), "2", "2", "1", "8")
    refused(g, 0, "play 2C", IllegalAction, "You do not hold 2C.")


def test_a_joker_trick_big_over_little_over_the_ace() -> None:
    g = look_and_bid(rig(JOKERS, DEAL_J), "2", "2", "1", "8")
    refused(g, 0, "play BJ", IllegalAction, "Spades are not broken yet.")
    g = play_cards(g, "3C")
    refused(g, 1, "play LJ", IllegalAction, "You must follow clubs.")
    g = play_cards(g, "9C", "3D", "QC", "KC", "4C", "TC", "4D", "AC", "5C", "JC", "5D")
    assert g.tricks_won == (0, 0, 0, 3) and not g.broken
    # East holds nothing but spades now, so it may lead one before they are broken.
    assert legal(g) == [f"play {c}" for c in ("2S", "6S", "7S", "8S", "9S", "TS", "JS", "QS",
                                               "KS", "AS")]
    g = play_cards(g, "AS")
    assert legal(g) == ["play 3S", "play BJ"]  # jokers follow spades
    g = play_cards(g, "BJ")
    assert legal(g) == ["play 4S", "play LJ"]
    g = play_cards(g, "LJ")
    assert legal(g) == ["play 5S"]
    g = play_cards(g, "5S")
    assert g.tricks_won == (1, 0, 0, 3) and g.broken
    assert g.view(1).last_trick == {
        "leader": 3, "cards": [[3, "AS"], [0, "BJ"], [1, "LJ"], [2, "5S"]], "winner": 0,
    }


def test_a_joker_trumps_and_breaks_spades() -> None:
    g = look_and_bid(rig(JOKERS, DEAL_J_VOID), "2", "2", "1", "8")
    g = play_cards(g, "3C")
    assert "play LJ" in legal(g) and len(legal(g)) == 13  # void in clubs: anything
    g = play_cards(g, "LJ", "3D", "AC")
    assert g.broken and g.tricks_won == (0, 1, 0, 0)
    assert "play 4S" in legal(g)  # West may lead a spade now


def test_jokers_count_as_spades_for_whiz_and_mirror() -> None:
    g = rig(RuleSet.preset("course", jokers=True, bidding="whiz"), DEAL_J)
    assert legal(g) == ["bid nil", "bid 2"]  # South: BJ and 3S
    g = rig(RuleSet.preset("course", jokers=True, bidding="mirror"), DEAL_J)
    refused(g, 0, "bid 1", IllegalAction, "In mirror you must bid your 2 spades.")


def test_a_whole_joker_hand_scores_from_13_tricks() -> None:
    g = play_hand(Game.new(JOKERS, seed=9))
    record = g.history[0]
    assert sum(record["tricks"]) == 13
    assert sorted(c for hand in g.review["dealt"] for c in hand) == sorted(
        c for trick in g.review["tricks"] for c in trick[1]
    )


# -- Nil card passes --------------------------------------------------------------------

PASS1 = RuleSet.preset("course", nil_pass=1)

# South holds a single diamond (2D); North a single club (6C).
DEAL_P = [
    "2D AS KS QS JS 2H 3H 4H 5H 2C 3C 4C 5C",
    "6H 7H 8H 9H TH JH QH KH AH 2S 3S 4S 5S",
    "3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD 6C",
    "7C 8C 9C TC JC QC KC AC 6S 7S 8S 9S TS",
]


def test_a_nil_bidder_and_partner_exchange_cards_after_the_bids() -> None:
    g = look_and_bid(rig(PASS1, DEAL_P), "nil", "4", "5", "4")
    assert (g.phase, g.to_act) == ("passing", 0)
    due = [{"from": 0, "to": 2, "count": 1}, {"from": 2, "to": 0, "count": 1}]
    for seat in range(4):
        assert g.view(seat).passing == {"gave": [], "got": [], "due": due}
    assert g.spectator_view().passing is None
    assert len(legal(g)) == 13 and all(a.startswith("pass ") for a in legal(g))
    assert legal(g, 1) == legal(g, 2) == []
    refused(g, 1, "pass 6H", NotYourTurn, "It is South's turn, not yours.")
    refused(g, 0, "play 2C", IllegalAction, "Partners are passing cards now.")
    assert set(g.view(0).unplayable.values()) == {"Partners are passing cards now."}
    refused(g, 0, "bid 3", IllegalAction, "Partners are passing cards now.")
    refused(g, 0, "pass 2D 2C", IllegalAction, "Pass exactly 1 card to your partner.")
    refused(g, 0, "pass 3D", IllegalAction, "You do not hold 3D.")


def test_a_pass_of_the_only_card_of_a_suit_makes_the_new_hand_void() -> None:
    g = look_and_bid(rig(PASS1, DEAL_P), "nil", "4", "5", "4")
    g = g.apply(0, "pass 2D")  # South's only diamond
    assert g.to_act == 2
    assert g.view(0).passing["gave"] == ["2D"] and g.view(2).passing["got"] == ["2D"]
    assert "2D" in g.view(2).hand and "2D" not in g.view(0).hand
    g = g.apply(2, "pass 6C")  # North's only club
    assert (g.phase, g.to_act) == ("playing", 0)
    assert g.view(0).passing == {"gave": ["2D"], "got": ["6C"], "due": []}
    assert g.view(2).passing == {"gave": ["6C"], "got": ["2D"], "due": []}
    # Opponents learn that cards moved, never which.
    for seat in (1, 3):
        assert g.view(seat).passing is None
        assert not {"2D", "6C"} & card_tokens(g.view(seat).to_dict())
    assert not {"2D", "6C"} & card_tokens(g.spectator_view().to_dict())
    g = play_cards(g, "6C", "6H")  # South leads the club it got; West is void
    assert len(legal(g)) == 13  # North gave away its only club: void, so anything goes
    g = play_cards(g, "2D", "AC")
    assert g.tricks_won == (0, 0, 0, 1)
    assert "2D" not in g.hand_of(0)


def test_passed_cards_are_public_in_the_review_after_the_hand() -> None:
    g = look_and_bid(rig(PASS1, DEAL_P), "nil", "4", "5", "4")
    g = play_hand(g.apply(0, "pass 2D").apply(2, "pass 6C"))
    assert g.review["passes"] == [[["2D"], ["6C"]], [[], []], [["6C"], ["2D"]], [[], []]]
    assert [set(h) for h in g.review["dealt"]] == [set(h.split()) for h in DEAL_P]


def test_two_card_passes_and_blind_nil_passes() -> None:
    rules = RuleSet.preset("standard", nil_pass=2, blind_nil_pass=1)
    g = Game.new(rules, seed=7).apply(0, "bid blind nil")
    g = look_and_bid(g, "nil", "4", "3")
    # South (Blind Nil) passes 1 and gets 1; then West (Nil) passes 2 and gets 2.
    assert [p["count"] for p in g.view(0).passing["due"]] == [1, 1, 2, 2]
    assert [(p["from"], p["to"]) for p in g.view(0).passing["due"]] == \
        [(0, 2), (2, 0), (1, 3), (3, 1)]
    g = g.apply(0, first_legal(g))
    g = g.apply(2, first_legal(g))
    assert len(legal(g)) == 78  # 13 choose 2
    g = g.apply(1, first_legal(g))
    g = g.apply(3, first_legal(g))
    assert g.phase == "playing" and all(len(g.hand_of(s)) == 13 for s in range(4))


def test_no_pass_without_a_nil_bid() -> None:
    g = look_and_bid(rig(PASS1, DEAL_P), "3", "4", "5", "1")
    assert g.phase == "playing" and g.view(0).passing is None


def test_double_nil_makes_one_exchange_per_team() -> None:
    g = look_and_bid(rig(RuleSet.preset("standard", nil_pass=1), DEAL_P),
                     "nil", "4", "nil", "4")
    assert [(p["from"], p["to"]) for p in g.view(0).passing["due"]] == [(0, 2), (2, 0)]


def test_a_blind_nil_partner_of_a_nil_bidder_still_gets_its_pass() -> None:
    # Nil passes none, Blind Nil passes two: the team's exchange is the Blind Nil one.
    rules = RuleSet.preset("standard", nil_pass=0, blind_nil_pass=2)
    g = Game.new(rules, seed=7)
    g = look_and_bid(g, "nil", "4", "blind nil", "4")
    assert g.phase == "passing"
    assert [(p["from"], p["to"], p["count"]) for p in g.view(0).passing["due"]] == \
        [(2, 0, 2), (0, 2, 2)]


# -- ten for two hundred ------------------------------------------------------------------

def test_ten_for_two_hundred_in_a_played_hand() -> None:
    deal = [
        "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
        "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
    ]
    rules = RuleSet.preset("course", ten_for_two_hundred=True)
    g = play_hand(look_and_bid(rig(rules, deal), "10", "nil", "nil", "1"))
    south_north, west_east = g.history[0]["teams"]
    assert g.history[0]["tricks"] == [13, 0, 0, 0]
    assert (south_north["contract_points"], south_north["bag_points"]) == (200, 3)
    assert south_north["nil_points"] == 100 and south_north["hand_total"] == 303
    assert (west_east["contract_points"], west_east["nil_points"]) == (-10, 100)
    assert g.scores == (303, 90)
