"""Standard's Blind Nil is decided by its effect on the chance to win the game, so a
side far behind does not bid it hand after hand (the spiral): each failure leaves it
400 further behind, where another Blind Nil no longer buys a chance."""

from __future__ import annotations

import pytest

from shared.bots import choose
from shared.bots.bidder import BLIND_NIL_GAIN, blind_nil_gain, blind_nil_wanted
from shared.bots.knowledge import read_view
from shared.spades import Game, RuleSet
from shared.spades.view import SeatView


def blind_view(ours: int, theirs: int, preset: str = "standard") -> SeatView:
    """The first bidder's view, cards not yet seen, its side ``ours`` to ``theirs``."""
    rules = RuleSet.preset(preset)
    game = Game.new(rules, seed=3, scores=(ours, theirs) if rules.partnerships else None)
    seat = game.to_act
    assert seat is not None
    view = game.view(seat)
    assert "bid blind nil" in view.legal
    return view


def _scores(view: SeatView, ours: int, theirs: int) -> tuple[int, int]:
    # the view's side of the first bidder is side 1 or 0: put "ours" on its side
    return (ours, theirs) if view.seat % 2 == 0 else (theirs, ours)


def view_at(ours: int, theirs: int) -> SeatView:
    first = blind_view(0, 0)
    a, b = _scores(first, ours, theirs)
    return blind_view(a, b)


@pytest.mark.parametrize("behind", [500, 700])
@pytest.mark.parametrize("theirs", [0, 100, 200, 300, 400, 450, 490])
def test_never_blind_nil_500_or_700_behind(behind: int, theirs: int) -> None:
    view = view_at(theirs - behind, theirs)
    assert blind_nil_wanted(read_view(view)) is None
    assert choose("standard", view) != "bid blind nil"


def test_300_behind_only_where_it_buys_a_chance_to_win() -> None:
    # Early in the game looking keeps more chance than a gamble at about 1 in 5 ...
    early = read_view(view_at(-200, 100))
    assert blind_nil_gain(early) < BLIND_NIL_GAIN
    assert choose("standard", view_at(-200, 100)) != "bid blind nil"
    # ... with the opponents 200 from the game it is the side's best chance.
    late = view_at(100, 400)
    assert blind_nil_gain(read_view(late)) >= BLIND_NIL_GAIN
    assert choose("standard", late) == "bid blind nil"
    reason = blind_nil_wanted(read_view(late))
    assert reason is not None and "300 behind" in reason and "19%" in reason


def test_a_failed_blind_nil_is_not_followed_by_another() -> None:
    # Made: the side catches up; set: 400 further behind, past any chance it buys.
    view = view_at(100, 400)
    assert choose("standard", view) == "bid blind nil"
    assert blind_nil_wanted(read_view(view_at(100 - 200 + 70, 400 + 70))) is None


@pytest.mark.parametrize("behind", [50, 100])
def test_no_blind_nil_a_hand_behind_when_the_opponents_near_the_target(behind: int) -> None:
    # A typical hand would take the opponents past 500 and leave the side short, but a
    # hand is not typical: looking keeps the chance of a good one (or of their set),
    # which a Blind Nil made one time in five does not beat.
    view = view_at(450 - behind, 450)
    assert blind_nil_gain(read_view(view)) < BLIND_NIL_GAIN
    assert choose("standard", view) != "bid blind nil"


@pytest.mark.parametrize("behind", [150, 200, 250])
def test_no_blind_nil_less_than_300_behind(behind: int) -> None:
    # The equity still finds a gain here (the opponents 50 from the game), but in whole
    # games against the TricksterBots port Blind Nils this close cost 9 points a hand
    # and bought no measurable share of wins.
    view = view_at(450 - behind, 450)
    assert blind_nil_wanted(read_view(view)) is None
    assert choose("standard", view) != "bid blind nil"
