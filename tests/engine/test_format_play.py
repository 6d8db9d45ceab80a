"""Issue 15's formats in play: the decks and deals, the six-handed duplicate cards, and
a whole two-handed hand with its draw checked card by card."""

from __future__ import annotations

from collections import Counter

import pytest

from shared.spades import Game, IllegalAction, RuleSet
from shared.spades.cards import CODES, JOKER_DECK, STANDARD_DECK
from shared.spades.deal import deal_cards, deal_hands, deck_mask, derive_deal_seed, shuffled

from .support import RANKS, SUITS, card_tokens, look_and_bid, model_deck, play_cards

THREE = RuleSet.preset("three_handed")
TWO = RuleSet.preset("two_handed")
SIX = RuleSet.preset("six_handed")


@pytest.mark.parametrize("name", ["cutthroat", "three_handed", "six_handed"])
@pytest.mark.parametrize("jokers", [False, True])
def test_each_format_deals_its_deck_evenly(name: str, jokers: bool) -> None:
    rules = RuleSet.preset(name, jokers=jokers)
    g = Game.new(rules, seed=21)
    hands = [g.hand_of(s) for s in range(rules.seats)]
    assert all(len(h) == rules.tricks_per_hand for h in hands)
    assert Counter(c for h in hands for c in h) == Counter(model_deck(rules))
    out = {"2C"} | ({"2D", "2H"} if jokers else set())
    if name != "cutthroat":
        assert not out & {c for h in hands for c in h}


def test_the_four_seat_deal_is_the_one_pinned_since_issue_1() -> None:
    for seed in range(20):
        deal_seed = derive_deal_seed(seed, 0)
        for jokers, deck in ((False, STANDARD_DECK), (True, JOKER_DECK)):
            assert deal_cards(deal_seed, 3, 4, deck) == deal_hands(deal_seed, 3, jokers)
    g = Game.new(RuleSet.preset("cutthroat"), seed=5)
    assert g.dealt == deal_hands(derive_deal_seed(5, 0), 3)


def test_three_and_six_deal_one_card_at_a_time_from_the_dealers_left() -> None:
    for rules in (THREE, SIX):
        g = Game.new(rules, seed=8, dealer=1)
        order = shuffled(derive_deal_seed(8, 0), deck_mask(rules.players, rules.jokers))
        n = rules.seats
        for k, card in enumerate(order):
            assert g.dealt[(1 + 1 + k) % n] >> card & 1


def six_handed_deal(first: list[list[str]]) -> list[list[str]]:
    """Six hands starting with ``first`` (by seat), the rest of the two decks dealt
    round the table."""
    deck = Counter(model_deck(SIX))
    hands = [list(cards) for cards in first]
    for hand in hands:
        deck.subtract(hand)
    seat = 0
    for card in deck.elements():
        while len(hands[seat]) == 17:
            seat = (seat + 1) % 6
        hands[seat].append(card)
        seat = (seat + 1) % 6
    return hands


def test_six_handed_of_two_identical_cards_the_first_played_wins() -> None:
    # Both aces of hearts to South (0) and North (3), a lower heart to every other seat.
    deal = six_handed_deal([["AH"], ["KH"], ["KH"], ["AH"], ["QH"], ["QH"]])
    g = Game.new(SIX, seed=1, dealer=5, deal=deal)
    g = look_and_bid(g, "2", "2", "2", "2", "2", "2")
    g = play_cards(g, "AH", "KH", "KH", "AH", "QH", "QH")
    assert g.tricks[-1][2] == 0 and g.tricks_won == (1, 0, 0, 0, 0, 0)
    assert g.view(2).last_trick == {
        "leader": 0, "winner": 0,
        "cards": [[0, "AH"], [1, "KH"], [2, "KH"], [3, "AH"], [4, "QH"], [5, "QH"]]}
    # The same when the first copy is played second in the trick: West's ace (the
    # second copy) beats North's (the first copy), played after it.
    deal = six_handed_deal([["2H"], ["AH"], ["KH"], ["AH"], ["QH"], ["JH"]])
    g = look_and_bid(Game.new(SIX, seed=1, dealer=5, deal=deal), *["2"] * 6)
    g = play_cards(g, "2H", "AH", "KH", "AH", "QH", "JH")
    assert g.tricks[-1][2] == 1


def test_six_handed_a_hand_holds_a_card_twice_and_plays_one_copy() -> None:
    deal = six_handed_deal([["4C", "4C"], [], [], [], [], []])
    g = Game.new(RuleSet.preset("six_handed", blind_nil="off"), seed=1, dealer=5, deal=deal)
    view = g.view(0)
    assert view.hand.count("4C") == 2 and view.hand == sorted(
        view.hand, key=lambda c: (SUITS.index(c[1]), RANKS.index(c[0])))
    g = look_and_bid(g, "2", "2", "2", "2", "2", "2")
    legal = [str(a) for a in g.legal_actions(0)]
    # One action per code; spades are not broken, so no spade leads.
    assert len(legal) == len(set(legal)) == len({c for c in g.hand_of(0) if c[1] != "S"})
    assert "play 4C" in legal
    restored = Game.from_dict(g.to_dict())
    assert restored == g and restored.hand_of(0) == g.hand_of(0)
    g = g.apply(0, "play 4C")
    assert g.hand_of(0).count("4C") == 1 and g.view(1).trick == [[0, "4C"]]
    assert Game.replay(g.rules, g.seed, g.first_dealer, g.events, g.opening) == g


def fixed_stock() -> list[str]:
    """A two-handed stock, top first: the deck by rank from the top, suits interleaved."""
    return [rank + suit for rank in reversed(RANKS) for suit in "SHDC"]


def test_a_whole_two_handed_hand_with_the_draw_checked_card_by_card() -> None:
    stock = fixed_stock()
    g = Game.new(TWO, seed=4, dealer=1, deal=[stock])
    assert g.phase == "drawing" and g.to_act == 0 and g.hand_of(0) == g.hand_of(1) == []
    kept: list[list[str]] = [[], []]
    discarded: list[list[str]] = [[], []]
    for turn in range(26):
        seat = turn % 2
        top, below = stock[2 * turn], stock[2 * turn + 1]
        assert g.to_act == seat and g.phase == "drawing"
        mine, theirs = g.view(seat), g.view(1 - seat)
        assert mine.draw == {"card": top, "stock": 52 - 2 * turn}
        assert theirs.draw == {"card": None, "stock": 52 - 2 * turn}
        assert g.spectator_view().draw is None
        assert mine.legal == ["keep", "discard"] and theirs.legal == []
        for view in (mine, theirs, g.spectator_view()):
            seen = card_tokens({k: v for k, v in view.to_dict().items() if k != "rules"})
            allowed = set(kept[view.seat]) if view.seat is not None else set()
            if view.seat == seat:
                allowed.add(top)
            assert seen <= allowed, (turn, view.seat, seen - allowed)
        with pytest.raises(IllegalAction):
            g.apply(1 - seat, "keep")
        with pytest.raises(IllegalAction, match="drawing their cards"):
            g.apply(seat, "bid 3")
        # Keep a spade, an ace or a king when shown; otherwise take the card below.
        keep = top[1] == "S" or top[0] in "AK"
        g = g.apply(seat, "keep" if keep else "discard")
        kept[seat].append(top if keep else below)
        discarded[seat].append(below if keep else top)
        assert sorted(g.hand_of(seat)) == sorted(kept[seat])
        if turn == 11:
            assert Game.from_dict(g.to_dict()) == g
            assert Game.from_dict(g.to_dict(events=False)).to_dict(events=False) == \
                g.to_dict(events=False)
    assert g.phase == "bidding" and g.to_act == 0
    assert [len(g.hand_of(s)) for s in (0, 1)] == [13, 13]
    assert g.view(0).draw is None
    with pytest.raises(IllegalAction, match="drawing is over"):
        g.apply(0, "keep")
    g = look_and_bid(g, "7", "5")
    while g.hands_played == 0:
        g = g.apply(g.to_act, g.legal_actions()[0])  # type: ignore[arg-type]
    review = g.review
    assert review is not None
    assert review["stock"] == stock
    assert [sorted(d) for d in review["discards"]] == [sorted(d) for d in discarded]
    assert [sorted(h) for h in review["dealt"]] == [sorted(h) for h in kept]
    assert len(review["tricks"]) == 13 and all(len(t[1]) == 2 for t in review["tricks"])
    assert sum(g.history[0]["tricks"]) == 13
    # The deal rotates to seat 0, so seat 1 draws first, from a new stock.
    assert g.phase == "drawing" and g.dealer == 0 and g.to_act == 1
    assert g.view(0).draw == {"card": None, "stock": 52}
    assert g.view(1).draw["card"] in CODES  # type: ignore[index]


def test_the_random_two_handed_stock_is_the_documented_shuffle() -> None:
    g = Game.new(TWO, seed=9)
    order = shuffled(derive_deal_seed(9, 0), STANDARD_DECK)
    assert g.view(0).draw == {"card": CODES[order[0]], "stock": 52}
    g = g.apply(0, "discard")
    assert g.hand_of(0) == [CODES[order[1]]]
    assert g.view(1).draw == {"card": CODES[order[2]], "stock": 50}
