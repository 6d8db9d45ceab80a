"""The TricksterBots port passes the original's own unit tests (TestSpadesBot.cs).

Each case below is one of the original's, with its hands, tricks and expected answers
unchanged; seat 0 is to act, the trick was led by the seat that makes seat 0 next, and
the cards the players took are the cards played. The original's
``PlayHighFrom3rdSeatWithPlayHistory`` plays the deuces-high joker variant, which our
rules do not have, and is left out.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from shared.bots.knowledge import read_view
from shared.bots.outside import trickster
from shared.bots.outside.trickster import CardState, Options, Player, SpadesBot, supports
from shared.bots.players import ALL_LEVELS, decide
from shared.bots.tournament import TOURNAMENT_LEVELS, run
from shared.spades import PRESETS, Game, RuleSet
from shared.spades.actions import BLIND_NIL_BID, NIL_BID
from shared.spades.cards import STANDARD_DECK, cards_in, parse_card, suit_of


def cards(text: str) -> list[int]:
    text = text.replace(" ", "")
    return [parse_card(text[i:i + 2]) for i in range(0, len(text), 2)]


@dataclass
class P:
    """The original's TestPlayer: bid 0 is Nil, 20 Blind Nil, None no bid yet."""

    bid: int | None = None
    hand: str = ""
    hand_score: int = 0
    game_score: int = 0
    cards_taken: str = ""
    void: str = ""
    played: list[tuple[str, str]] = field(default_factory=list)  # (high in trick, card)

    def player(self, seat: int) -> Player:
        bid = {0: NIL_BID, 20: BLIND_NIL_BID}.get(self.bid, self.bid) \
            if self.bid is not None else None
        return Player(seat=seat, bid=bid, hand=cards(self.hand), hand_score=self.hand_score,
                      game_score=self.game_score, bags=self.game_score % 10,
                      played_cards=[(parse_card(h), parse_card(c)) for h, c in self.played],
                      void_suits={"CDHS".index(x) for x in self.void})


def bot(**options: object) -> SpadesBot:
    return SpadesBot(Options(**options), cards_in(STANDARD_DECK))  # type: ignore[arg-type]


def suggest(ps: list[P], trick: str = "", not_legal_suit: str = "", **options: object) -> str:
    b = bot(**options)
    players = [p.player(i) for i, p in enumerate(ps)]
    me = players[0]
    played = [c for p in ps for c in cards(p.cards_taken)]
    t = cards(trick)
    legal = list(me.hand)
    if t:
        follow = [c for c in legal if suit_of(c) == suit_of(t[0])]
        legal = follow or legal
    if not_legal_suit:
        legal = [c for c in legal if suit_of(c) != "CDHS".index(not_legal_suit)]
    state = CardState(players, me, t, legal, played)
    if t:
        i = b.trick_high_card_index(t)
        state.card_taking_trick = t[i]
        seat = (len(ps) - len(t) + i) % len(ps)
        state.trick_taker = players[seat]
        partner = b.partner_of(players, me)
        state.is_partner_taking_trick = partner is not None and partner.seat == seat
    card = b.suggest_card(state)
    return f"{'23456789TJQKA'[card % 13]}{'CDHS'[suit_of(card)]}"


def test_count_sure_tricks() -> None:
    assert suggest([P(4, "QSTCTSJS", 3, cards_taken="7DQD5SJDAS2S6S3S3H8H7H7C"),
                    P(2, hand_score=2, cards_taken="4DAD3D2DAC2C5C3C"),
                    P(4, hand_score=3, cards_taken="8DKD5D2HKC9C4C6C8CJC7SQC"),
                    P(1, hand_score=1, cards_taken="6H4HTHAH")], "KS4S") == "QS"


def test_take_bags_even_with_sure_tricks() -> None:
    assert suggest([P(3, "AS3H", 3), P(3, hand_score=3), P(3, hand_score=3),
                    P(3, hand_score=2)], "3C4C5C") == "AS"


def test_play_hand_that_bid_itself() -> None:
    assert suggest([P(hand="AC3C"), P(hand="3H"), P(hand="4H"), P(hand="5H")],
                   "4C5C6C") == "AC"


@pytest.mark.parametrize(("trick", "hand", "taken", "card"), [
    ("2H3H", "JH5H", "", "JH"), ("3H2H", "JH5H", "", "JH"), ("9HTH", "QHJH", "", "JH"),
    ("9HTH", "KHJH", "", "KH"), ("TH9H", "QH7H", "", "QH"), ("TH9H", "JH7H", "", "7H"),
    ("9HTH", "JH7H", "", "JH"), ("7H8H", "QHTH", "", "QH"), ("7H8H", "QHTH", "JH", "TH"),
])
def test_play_high_from_3rd_seat(trick: str, hand: str, taken: str, card: str) -> None:
    assert suggest([P(1, hand), P(5), P(1, cards_taken=taken), P(5)], trick) == card


@pytest.mark.parametrize(("name", "game_score", "partner_score"), [
    ("can't set opponents", 0, 0),
    ("we'll win anyway", 490, 490),
    ("too close to the bag penalty", 9, 9),
])
def test_dont_take_bags(name: str, game_score: int, partner_score: int) -> None:
    bids = (3, 2, 3, 2) if game_score == 0 else (3, 3, 3, 3)
    assert suggest([P(bids[0], "3H6H", 3, game_score), P(bids[1], hand_score=2),
                    P(bids[2], hand_score=3, game_score=partner_score),
                    P(bids[3], hand_score=2)], "2H4H5H") == "3H", name


def test_ignore_nil_with_high_bid() -> None:
    assert suggest([P(5, "AH5H4H3H2H9S8S7S6S5S4S3S2S"), P(3), P(5), P(0)],
                   not_legal_suit="S") == "AH"


@pytest.mark.parametrize(("hand", "taken", "partner", "expected"), [
    ("TH9HKC8C7C6C5C4C3C2CKDKS", "AHKHQHJH", P(0), "TH"),  # lead boss
    ("9H4H2HKC7C6C5C4C3C2CQDQS", "AHKHQHJH", P(0), "KC"),  # lead the highest legal card
    ("6H4HKC7C6C5C4C3C2CKDKS", "AHKHQHJHTH8H3H7H", P(0, played=[("TH", "3H")]), "4H"),
    ("4H2HKC7C6C5C4C3C2CKDKS", "AHKHQHJHTH5HQC3H", P(0, void="H"), "2H"),  # partner's void
])
def test_lead_to_protect_nil(hand: str, taken: str, partner: P, expected: str) -> None:
    score = 1 if len(taken) == 8 else 2
    assert suggest([P(4, hand, score, cards_taken=taken), P(4), partner, P(4)],
                   not_legal_suit="S") == expected


def test_lead_highest_spade_to_protect_nil() -> None:
    assert suggest([P(4, "TH9HKC8C7C6C5C4C3CKDKS2S", 1, cards_taken="AHKHQHJH"), P(4), P(0),
                    P(4)]) == "KS"


def test_opportunistically_set_nil_with_high_bid() -> None:
    assert suggest([P(5, "AH3HTS9S8S7S6S5S4S3S2S2C2D"), P(3), P(5), P(0)], "2H4H5H") == "3H"


@pytest.mark.parametrize(("hand", "trick", "expected", "need"), [
    ("QH2H", "JH", "QH", 2), ("AS5SAD", "AH", "5S", 2), ("QH2H", "JH", "2H", 3),
    ("AS2S", "KS", "2S", 1), ("QH2H", "QH", "2H", 1), ("QS2C", "AH", "QS", 2),
    ("QS2C", "AH", "2C", 3), ("AHQH2H", "JHTH9H", "QH", 2), ("AHQH2H", "JHTH9H", "2H", 0),
    ("AH2H", "JHTH9H", "AH", 2), ("AH2H", "JHTH9H", "2H", 3), ("AC2CAS2S", "JHTH9H", "2S", 2),
    ("AC2CAS", "JHTH9H", "2C", 2), ("AC2CAS", "JHTH9H", "AS", 3), ("AC2CAS", "JHTH9H", "2C", 4),
])
def test_try_to_make_bid_when_protecting_nil(hand: str, trick: str, expected: str,
                                             need: int) -> None:
    assert suggest([P(5, hand, 5 - need), P(3), P(0), P(5)], trick) == expected


@pytest.mark.parametrize(("hand", "trick", "expected", "need"), [
    ("ACJC9C", "4C2CTC", "9C", 2), ("QS6SAHTH", "4C2CTC", "TH", 4),
])
def test_balance_protecting_and_setting_nil(hand: str, trick: str, expected: str,
                                            need: int) -> None:
    assert suggest([P(5, hand, 5 - need), P(3), P(0), P(0)], trick) == expected


def test_play_over_high_card_to_protect_nil_if_needed() -> None:
    assert suggest([P(5, "2D3D4D3C4CKCQH5S7S8SJSKS"), P(0), P(0), P(4)], "JC") == "KC"


def test_save_high_card_to_protect_nil_if_no_gaps() -> None:
    assert suggest([P(5, "2D3D4D3C4CACQH5S7S8SJSKS"), P(2), P(0),
                    P(4, hand_score=1, cards_taken="AH9HKH4H")], "KC") == "3C"


def test_take_bags_if_well_end_up_short_busted_nil() -> None:
    assert suggest([P(4, "3H6H", 4, 490), P(4, hand_score=3),
                    P(0, hand_score=1, game_score=490), P(4, hand_score=3)], "2H4H5H") == "6H"


def test_take_bags_to_set_opponents() -> None:
    assert suggest([P(3, "3H6H", 3), P(3, hand_score=2), P(3, hand_score=3),
                    P(3, hand_score=2)], "2H4H5H") == "6H"


def bid(hand: str, partner_bid: int | None = None, nil_pass: int = 0) -> int:
    b = bot(nil_pass=nil_pass)
    pb = P(partner_bid).player(2).bid if partner_bid is not None else None
    players = [Player(0, hand=cards(hand)), Player(1), Player(2, bid=pb), Player(3)]
    choice = b.suggest_bid(players, players[0], cards(hand), [NIL_BID, *range(1, 14)])
    return 0 if choice == NIL_BID else choice


@pytest.mark.parametrize(("expected", "hand", "partner", "nil_pass"), [
    (4, "2D3D5D6D8DTD  QH 2S3S5S7S9SAS", None, 0),
    (13, "   2S3S4S5S6S7S8S9STSJSQSKSAS", None, 0),
    (13, "  AH 3S4S5S6S7S8S9STSJSQSKSAS", None, 0),
    (13, "AD AC AH 5S6S7S8S9STSJSQSKSAS", None, 0),
    (0, "2C3C4C5C6C7C8C 2D3D4D5D6D7D  ", None, 0),
    (1, "2C3C4C5C6C7C8C 2D3D4D5D6D7D  ", 0, 0),
    (1, "2C3C4C5C6C7C8C 2D3D4D5D6D  AS", None, 0),
    (0, "2C3C4C5C6C7C8C 2D3D4D5D6D  AS", None, 1),
    (2, "2C3C4C5C6C7C8C 2D3D4D5D  ASKS", None, 0),
    (2, "2C3C4C5C6C7C8C 2D3D4D5D  ASKS", None, 1),
    (0, "2C3C4C5C6C7C8C 2D3D4D5D  ASKS", None, 2),
    (4, "2C3C4C5C6C 2D3D4D5D  ASKSQSJS", None, 0),
    (4, "2C3C4C5C6C 2D3D4D5D  ASKSQSJS", None, 1),
    (5, "2C3C4C5C6C 2D3D4D5D  ASKSQSJS", None, 2),
    (5, "2C3C4C5C6C 2D3D4D5D  ASKSQSJS", 0, 2),
    (4, "2C3C4C5C6C 2D3D4D5D  ASKSQSJS", 3, 2),
    (0, "2C3C4C5C6C 2D3D4D5D  ASKSQSJS", None, 4),
    (0, "2C3C4C 2D3DAD 2H3H4H ASKSQS3S", None, 4),
    (6, "2C3C4C 2D3DAD 2H3H4H ASKSQS3S", 0, 4),
    (7, "2C3C4C5C6C 2D3D4DAD  ASKSQSJS", None, 4),
    (5, "2C3C4C5C6C 2D3D4DAD  ASKSQSJS", 5, 4),
])
def test_bids(expected: int, hand: str, partner: int | None, nil_pass: int) -> None:
    assert bid(hand, partner, nil_pass) == expected


def test_dont_bid_nil_after_blind_nil() -> None:
    b = bot()
    hand = cards("2C3C4C5C6C7C8C2D3D4D5D6D7D")
    players = [Player(0, hand=hand), Player(1), Player(2), Player(3, bid=BLIND_NIL_BID)]
    assert b.suggest_bid(players, players[0], hand, [NIL_BID, *range(1, 14)]) == 1


@pytest.mark.parametrize(("my_bid", "expected"), [(0, "ASKSQSAH"), (3, "2C2H3D3C")])
def test_pass(my_bid: int, expected: str) -> None:
    me = P(my_bid, "ASKSQSJSAD9D8D3DAH2HAC3C2C").player(0)
    assert sorted(bot(nil_pass=4).suggest_pass(me, 4)) == sorted(cards(expected))


SUPPORTED = [name for name, rules in PRESETS.items() if supports(rules)]


@pytest.mark.parametrize("preset", SUPPORTED)
def test_the_port_plays_a_duplicate_deal_in_every_format_it_supports(preset: str) -> None:
    out = run("standard", "trickster", RuleSet.preset(preset), 1, procs=1)
    assert out["hands"] > 0 and out["b_decisions"] > 0


def test_the_port_is_a_tournament_level_and_never_a_product_level() -> None:
    assert "trickster" in TOURNAMENT_LEVELS
    assert "trickster" not in ALL_LEVELS
    with pytest.raises(ValueError, match="no bot level"):
        decide("trickster", read_view(Game.new(RuleSet(), 1).view(1)))


def test_formats_the_port_cannot_play_are_refused_in_words() -> None:
    assert set(SUPPORTED) >= {"standard", "cutthroat", "three_handed"}
    game = Game.new(RuleSet.preset("six_handed"), 1)
    seat = game.to_act
    assert seat is not None
    with pytest.raises(ValueError, match="one deck"):
        trickster.decide(read_view(game.view(seat)))
