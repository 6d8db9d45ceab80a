"""Standard's bid: at four seats in partnerships, on seen cards, its rules' bid is
weighed against the others over sampled deals (as Challenge's is, with half the
deals); elsewhere, and in the Tip and the Hint, the rules' bid with reasons that name
the cards."""

from __future__ import annotations

from collections.abc import Iterator

from shared.bots import choose, hint, searches, tip
from shared.bots.bidder import standard_bid
from shared.bots.knowledge import Knowledge, read_view
from shared.bots.players import decide
from shared.bots.search_bid import BID_DEALS, STANDARD_BID_DEALS, bid_searched
from shared.i18n import Text
from shared.spades import Game, RuleSet
from shared.spades.view import SeatView


def bids(preset: str, seeds: range) -> Iterator[tuple[SeatView, Knowledge]]:
    """Every bid of the first hand of each seed (Standard bidding), with its view."""
    for seed in seeds:
        g = Game.new(RuleSet.preset(preset), seed=seed)
        while g.phase in ("bidding", "passing") and g.to_act is not None:
            view = g.view(g.to_act)
            if g.phase == "bidding":
                yield view, read_view(view)
            g = g.apply(g.to_act, choose("standard", view))


def test_it_searches_the_bids_of_four_seats_in_partnerships_and_weighs_the_rules_bid() -> None:
    searched = moved = 0
    for view, k in bids("standard", range(12)):
        assert bid_searched(k) == searches("standard", view) == (
            len(k.legal) > 1 and not k.hand_hidden)
        d = decide("standard", k)
        if not bid_searched(k):
            continue
        searched += 1
        # A number and, where Nil is open, Nil: each over the same count of deals.
        assert d.rollouts in (STANDARD_BID_DEALS, 2 * STANDARD_BID_DEALS), d
        assert STANDARD_BID_DEALS < BID_DEALS  # cheaper than Challenge's
        rules_bid, _ = standard_bid(k)
        moved += d.action != rules_bid
    assert searched >= 40 and moved >= 1, (searched, moved)


def test_other_formats_and_a_blind_nil_keep_the_rules_bid() -> None:
    for preset in ("cutthroat", "three_handed", "two_handed", "six_handed"):
        for view, k in bids(preset, range(4)):
            assert not bid_searched(k) and not searches("standard", view), preset
            assert decide("standard", k).action == standard_bid(k)[0]
    # Cards not yet seen (a Blind Nil is open): Standard's rule for it, not a search.
    g = Game.new(RuleSet.preset("standard"), seed=3, scores=(-300, 300))
    assert g.to_act is not None
    k = read_view(g.view(g.to_act))
    assert k.hand_hidden and not bid_searched(k)
    assert decide("standard", k).action == standard_bid(k)[0]


def test_the_tip_and_the_hint_give_the_rules_bid_in_words() -> None:
    for view, k in bids("standard", range(6)):
        rules_bid, why = standard_bid(k)
        for advised, reason in (tip(view), hint(view)):
            assert advised == rules_bid
            assert isinstance(reason, Text) and reason.key.startswith("tip."), reason
        assert why == tip(view)[1]
