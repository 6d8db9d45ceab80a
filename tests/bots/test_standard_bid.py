"""Standard's bid: at four seats in partnerships, on seen cards, its rules' bid is
weighed against the others over sampled deals (as Challenge's is, with at most half
the deals, stopping once the bid is settled); elsewhere, and in the Tip and the Hint,
the rules' bid with reasons that name the cards."""

from __future__ import annotations

from collections.abc import Iterator

from shared.bots import choose, hint, searches, tip
from shared.bots.bidder import hand_after_pass, standard_bid
from shared.bots.handeval import nil_risk
from shared.bots.knowledge import Knowledge, read_view
from shared.bots.players import decide
from shared.bots.search_bid import (
    CHALLENGE_BID,
    SETTLED,
    STANDARD_BID,
    bid_searched,
    settled,
)
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
    searched = moved = early = risky = 0
    for view, k in bids("standard", range(12)):
        assert bid_searched(k) == searches("standard", view) == (
            len(k.legal) > 1 and not k.hand_hidden)
        d = decide("standard", k)
        if not bid_searched(k):
            continue
        searched += 1
        # A number and, where Nil is open, Nil: each over the same deals, a batch at a
        # time, never more than the most.
        assert d.rollouts % STANDARD_BID.batch == 0 and d.rollouts <= 2 * STANDARD_BID.deals
        assert STANDARD_BID.deals < CHALLENGE_BID.deals  # cheaper than Challenge's
        early += d.rollouts < STANDARD_BID.deals
        if "bid nil" in k.legal and nil_risk(hand_after_pass(k)) >= STANDARD_BID.nil_risk_below:
            # A Nil that risky is not played out (nor bid): the numbers' deals alone.
            risky += 1
            assert d.rollouts <= STANDARD_BID.deals and d.action != "bid nil", d
        rules_bid, _ = standard_bid(k)
        moved += d.action != rules_bid
    # Some bids are settled before the last batch: that is where the time is saved.
    assert searched >= 40 and moved >= 1 and early >= 5 and risky >= 5, \
        (searched, moved, early, risky)


def test_a_bid_is_settled_once_what_it_may_lose_is_small() -> None:
    base = [0.5 + 0.1 * (i % 3) for i in range(16)]
    # The same deals: a bid worth 0.05 less on every one of them costs nothing.
    assert settled({"bid 3": base, "bid 4": [v - 0.05 for v in base]}, "bid 4")
    # A tie within a hair either way: whichever is bid, little is lost.
    tie = [v + (SETTLED / 2 if i % 2 else -SETTLED / 2) for i, v in enumerate(base)]
    assert settled({"bid 3": base, "bid 4": tie}, "bid 3")
    # A tie that swings 0.05 a deal either way: 16 deals cannot tell which is better,
    # 256 can (it is a tie, so it costs little).
    swing = [v + (0.05 if i % 2 else -0.05) for i, v in enumerate(base)]
    assert not settled({"bid 3": base, "bid 4": swing}, "bid 3")
    assert settled({"bid 3": base * 16, "bid 4": swing * 16}, "bid 3")
    # Nil on other play-outs: far better on a few deals, worse on the rest. It trails
    # on the mean, but could well be worth more: not settled yet.
    nil = [v + (0.6 if i % 4 == 0 else -0.25) for i, v in enumerate(base)]
    assert not settled({"bid 3": base, "bid nil": nil}, "bid 3")
    # One deal says nothing about the spread.
    assert not settled({"bid 3": base[:1], "bid 4": base[:1]}, "bid 3")


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
