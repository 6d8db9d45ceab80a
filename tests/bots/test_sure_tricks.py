"""Bids never below the tricks a hand cannot lose, and Tips that agree with their bid."""

from __future__ import annotations

import pytest

from shared.bots import choose, tip
from shared.bots.handeval import certain_winners
from shared.spades import Game, RuleSet
from shared.spades.cards import parse_card

from .positions import position, to_act_view

SMART = ("standard", "challenge")


def _mask(codes: str) -> int:
    m = 0
    for code in codes.split():
        m |= 1 << parse_card(code)
    return m


def test_certain_winners_count() -> None:
    assert certain_winners(_mask("AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S")) == 13
    tops = _mask("AS KS QS JS TS 9S 8S 7S 6S 5S AH AD AC")
    # On lead, ten spades above the three still out draw them: every card wins.
    assert certain_winners(tops, on_lead=True) == 13
    # Not on lead, an ace may be trumped on the first trick; the spades still win.
    assert certain_winners(tops) == 10
    # Each spade out above one of ours can take one of ours: A K Q count, 8 5 4 3 2 not.
    assert certain_winners(_mask("AS KS QS 8S 5S 4S 3S 2S AH AD AC KC 3H"), on_lead=True) == 3
    assert certain_winners(_mask("KS 2H 3H 4H 5H 2D 3D 4D 5D 3C 4C 2S 3S")) == 0


@pytest.mark.parametrize("level", SMART)
@pytest.mark.parametrize(("hand", "bids", "dealer", "want"), [
    ("AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", [], 3, 13),  # all thirteen spades
    ("AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", ["bid 3"], 2, 13),
    # Partner bid Nil: every trick is ours. The old Standard took 0.5 off for the two
    # Nils, then a trick for the "overbid" table (4 + 13 > 13), and bid 12.
    ("AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", ["bid 4", "bid nil", "bid nil"], 0, 13),
    ("AS KS QS JS TS 9S 8S 7S 6S 5S AH AD AC", [], 3, 13),  # on lead: draw, then the aces
    # Partner bid 2: the team takes at most 13, so 11 is the bid that cannot fail.
    ("AS KS QS JS TS 9S 8S 7S 6S 5S AH AD AC", ["bid 2", "bid 3"], 1, 11),
])
def test_never_bid_below_the_certain_winners(level: str, hand: str, bids: list[str],
                                             dealer: int, want: int) -> None:
    g = position({0: hand}, bids, [], dealer=dealer)
    assert choose(level, to_act_view(g)) == f"bid {want}"


def _sure_listed(reason: str) -> int:
    head = reason.split(",")[0]
    return len(head.split()) - 2 if head.endswith(("sure winners", "sure winner")) else 0


def test_a_tip_never_lists_more_sure_winners_than_it_bids() -> None:
    rules = RuleSet.preset("standard", blind_nil="off")
    checked = 0
    for seed in range(1, 121):
        g = Game.new(rules, seed)
        while g.phase == "bidding":
            seat = g.to_act
            assert seat is not None
            view = g.view(seat)
            if view.hand_hidden:
                g = g.apply(seat, "look")
                continue
            action, reason = tip(view)
            if action.startswith("bid ") and action[4:].isdigit():
                assert _sure_listed(reason) <= int(action[4:]), (seed, seat, action, reason)
                checked += 1
            g = g.apply(seat, action)
    assert checked > 300


def test_an_overbid_table_tip_names_no_more_sure_winners_than_the_bid() -> None:
    # Last to bid after 5 + 4 + 4: Standard drops a trick (someone will be set) and bids
    # 3 with four aces and kings; the Tip counts the top spades sure (the side aces can
    # be trumped: likely), never more than the bid.
    g = position({0: "AS KS AH AD 2H 3H 4H 2D 3D 4D 5C 6C 7C"}, ["bid 5", "bid 4", "bid 4"],
                 [], dealer=0)
    action, reason = tip(to_act_view(g))
    assert action == "bid 3"
    assert _sure_listed(reason) == 2
    assert reason.startswith("♠A ♠K sure winners, ♥A ♦A likely")
