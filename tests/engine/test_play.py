"""Card play: following suit, breaking spades, trick winners, typed errors."""

from __future__ import annotations

import pytest

from shared.spades import (
    Game,
    IllegalAction,
    InvalidAction,
    NotYourTurn,
    RuleSet,
    SpadesError,
    parse_card,
    trick_winner,
)

from .support import (
    first_legal,
    look_and_bid,
    model_trick_winner,
    play_cards,
    play_until,
    rig,
)

COURSE = RuleSet.preset("course")

# South leads first (East deals). West is long in hearts, East in clubs, North holds
# every diamond, and spades are spread so that the first trump breaks them.
DEAL_A = [
    "AS KS QS 2H 3H 4H 5H 6H 2C 3C 4C 5C 6C",  # South
    "7H 8H 9H TH JH QH KH AH 2S 3S 4S 5S 6S",  # West
    "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",  # North
    "7C 8C 9C TC JC QC KC AC 7S 8S 9S TS JS",  # East
]


def bid_a() -> Game:
    return look_and_bid(rig(COURSE, DEAL_A), "3", "5", "1", "4")


def legal(game: Game, seat: int | None = None) -> list[str]:
    return [str(a) for a in game.legal_actions(seat)]


def refused(game: Game, seat: int, action: str, error: type[SpadesError], reason: str) -> None:
    """The action raises ``error`` with exactly ``reason`` and the game is unchanged."""
    before = game.to_dict()
    with pytest.raises(error) as caught:
        game.apply(seat, action)
    assert type(caught.value) is error
    assert caught.value.reason == reason == str(caught.value)
    assert game.to_dict() == before


def test_spades_cannot_be_led_before_they_are_broken() -> None:
    g = bid_a()
    assert (g.phase, g.to_act) == ("playing", 0)
    assert legal(g) == ["play 2C", "play 3C", "play 4C", "play 5C", "play 6C",
                        "play 2H", "play 3H", "play 4H", "play 5H", "play 6H"]
    refused(g, 0, "play AS", IllegalAction, "Spades are not broken yet.")
    assert g.view(0).unplayable == {c: "Spades are not broken yet." for c in ("QS", "KS", "AS")}


def test_following_suit_is_compulsory() -> None:
    g = play_cards(bid_a(), "2H")
    assert legal(g) == ["play 7H", "play 8H", "play 9H", "play TH", "play JH", "play QH",
                        "play KH", "play AH"]
    refused(g, 1, "play 2S", IllegalAction, "You must follow hearts.")
    assert g.view(1).unplayable["2S"] == "You must follow hearts."


def test_a_void_player_may_discard_or_trump_and_a_trump_breaks_spades() -> None:
    g = play_cards(bid_a(), "2H", "7H")
    assert legal(g) == [f"play {r}D" for r in "23456789TJQKA"]  # North: any diamond
    g = play_cards(g, "2D")
    assert g.broken is False
    east = legal(g)
    assert "play 7C" in east and "play 7S" in east and len(east) == 13  # void: anything
    g = play_cards(g, "7S")
    assert g.broken is True and g.view(0).spades_broken is True
    assert g.tricks_won == (0, 0, 0, 1)  # the two of trumps beats the hearts
    assert (g.to_act, g.leader) == (3, 3)
    assert g.view(2).last_trick == {
        "leader": 0, "cards": [[0, "2H"], [1, "7H"], [2, "2D"], [3, "7S"]], "winner": 3,
    }
    # Broken: East may now lead a spade.
    assert {"play 8S", "play JS", "play 7C"} <= set(legal(g))


def test_being_void_never_forces_a_trump() -> None:
    g = play_cards(bid_a(), "2H", "7H", "2D", "7C")  # East discards a club
    assert g.broken is False and g.tricks_won == (0, 1, 0, 0)


def test_a_discard_of_another_suit_never_wins() -> None:
    g = play_cards(bid_a(), "2H", "7H", "AD", "AC")
    assert g.tricks_won == (0, 1, 0, 0)


def test_a_trump_beats_the_ace_of_the_suit_led() -> None:
    g = play_cards(bid_a(), "2H", "AH", "2D", "JS")  # East trumps West's ace
    assert g.tricks_won == (0, 0, 0, 1)


def test_a_hand_of_nothing_but_spades_may_lead_a_spade_before_they_are_broken() -> None:
    deal = [
        "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
        "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
    ]
    g = look_and_bid(rig(COURSE, deal), "13", "nil", "nil", "1")
    assert g.broken is False
    assert legal(g) == [f"play {r}S" for r in "23456789TJQKA"]
    assert g.view(0).unplayable == {}
    g = play_cards(g, "2S", "2H", "2D", "2C")
    assert g.broken is True and g.tricks_won == (1, 0, 0, 0)


def test_the_all_spades_exception_applies_later_in_a_hand_too() -> None:
    # South: three spades and two clubs to get rid of; nobody else can break spades
    # (West holds every heart, North every diamond, East the other clubs and spades).
    deal = [
        "2C 3C 8S 9S TS JS QS KS AS 2D 3D 4D 5D",
        "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
        "6D 7D 8D 9D TD JD QD KD AD 2S 3S 4S 5S",
        "4C 5C 6C 7C 8C 9C TC JC QC KC AC 6S 7S",
    ]
    g = look_and_bid(rig(COURSE, deal), "5", "1", "1", "5")
    g = play_cards(g, "2C", "2H", "6D", "AC")  # East wins and leads clubs
    g = play_cards(g, "KC", "3C", "3H", "7D")
    assert g.to_act == 3 and not g.broken
    # East leads its last non-spades while South still has diamonds, then spades.
    g = play_cards(g, "QC", "2D", "4H", "8D")
    g = play_cards(g, "JC", "3D", "5H", "9D")
    g = play_cards(g, "TC", "4D", "6H", "TD")
    g = play_cards(g, "9C", "5D", "7H", "JD")
    g = play_cards(g, "8C", "8S", "8H", "QD")  # South trumps: broken now
    assert g.broken and g.to_act == 0
    assert legal(g) == ["play 9S", "play TS", "play JS", "play QS", "play KS", "play AS"]


@pytest.mark.parametrize(
    ("leader", "cards", "winner"),
    [
        (0, ["2H", "7H", "AH", "KH"], 2),  # highest of the suit led
        (1, ["2H", "AC", "AD", "3H"], 0),  # discards never win
        (2, ["AH", "2S", "KH", "QH"], 3),  # the two of trumps beats the ace led
        (3, ["AH", "2S", "3S", "KS"], 2),  # the highest spade wins
        (0, ["5S", "AS", "2H", "KS"], 1),  # spades led
        (0, ["KD", "AD", "3S", "2S"], 2),
        (1, ["LJ", "AS", "BJ", "KS"], 3),  # jokers: BJ > LJ > AS
        (2, ["AH", "AS", "LJ", "KH"], 0),
        (3, ["LJ", "AS", "KS", "2H"], 3),  # a joker lead is a spade lead
        (0, ["QC", "KC", "AC", "JC"], 2),
    ],
)
def test_trick_winners(leader: int, cards: list[str], winner: int) -> None:
    plays = tuple(((leader + i) % 4, parse_card(c)) for i, c in enumerate(cards))
    assert trick_winner(plays) == winner
    assert model_trick_winner(leader, cards) == winner


# -- errors: typed, readable, and the game unchanged -----------------------------------

def test_playing_out_of_turn_is_not_your_turn() -> None:
    g = bid_a()
    refused(g, 2, "play 2D", NotYourTurn, "It is South's turn, not yours.")
    g = play_cards(g, "2H")
    refused(g, 3, "play 7C", NotYourTurn, "It is West's turn, not yours.")


def test_playing_a_card_not_held() -> None:
    g = bid_a()
    refused(g, 0, "play 2D", IllegalAction, "You do not hold 2D.")
    refused(g, 0, "play BJ", IllegalAction, "You do not hold BJ.")


def test_playing_before_the_bids_are_done_and_bidding_during_play() -> None:
    g = rig(COURSE, DEAL_A)
    refused(g, 0, "play 2H", IllegalAction,
            "Bidding is not over yet: every player bids before the first card.")
    refused(bid_a(), 0, "bid 3", IllegalAction, "The bidding is over; play a card.")
    refused(bid_a(), 0, "look", IllegalAction,
            "You have already bid; your cards are in front of you.")


def test_bad_text_and_bad_seats_are_invalid_actions() -> None:
    g = bid_a()
    refused(g, 0, "play 1H", InvalidAction, "'1H' is not a card (write rank then suit, "
                                            "like AS, TH, 2C)")
    refused(g, 4, "play 2H", InvalidAction, "There is no seat 4; seats are 0 to 3.")
    refused(g, -1, "look", InvalidAction, "There is no seat -1; seats are 0 to 3.")


def test_after_the_game_is_over_nothing_can_be_played() -> None:
    g = play_until(Game.new(RuleSet.preset("quick", max_hands=1), seed=3), first_legal, hands=1)
    assert g.over and g.to_act is None and g.legal_actions() == []
    assert all(g.legal_actions(s) == [] for s in range(4))
    refused(g, 0, "play 2C", IllegalAction, "The game is over.")
    refused(g, 0, "bid 3", IllegalAction, "The game is over.")
    refused(g, 0, "look", IllegalAction, "The game is over.")


@pytest.mark.parametrize("seat", [4, -1, True])
def test_legal_actions_of_no_seat_is_an_error(seat: int) -> None:
    with pytest.raises(ValueError, match="There is no seat"):
        bid_a().legal_actions(seat)


def test_errors_are_value_errors_with_a_reason_attribute() -> None:
    g = bid_a()
    for action in ("play AS", "play 9Z", "bid 4"):
        with pytest.raises(SpadesError) as caught:
            g.apply(1 if action == "bid 4" else 0, action)
        assert isinstance(caught.value, ValueError)
        assert caught.value.reason == str(caught.value)
        assert len(caught.value.reason.split()) >= 4  # a sentence, not a code
