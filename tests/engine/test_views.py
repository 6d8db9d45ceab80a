"""Per-seat views: own hand only, everything public, hand review after a hand."""

from __future__ import annotations

import copy
import json

import pytest

from shared.spades import Game, RuleSet, SeatView

from .support import card_tokens, first_legal, look_and_bid, play_cards, play_hand, rig
from .test_play import DEAL_A

COURSE = RuleSet.preset("course")

VIEW_FIELDS = {
    "seat", "hand", "hand_hidden", "phase", "hand_no", "dealer", "to_act", "bids",
    "tricks_won", "trick", "leader", "last_trick", "tricks", "spades_broken", "scores", "bags",
    "rules", "legal", "unplayable", "commitment", "history", "review", "passing", "over",
    "outcome", "teams", "standings", "draw",
}


def mid_trick() -> Game:
    """DEAL_A bid and two tricks into play, the third trick half played."""
    g = look_and_bid(rig(COURSE, DEAL_A), "3", "5", "1", "4")
    return play_cards(g, "2H", "7H", "2D", "7S", "7C", "2C", "8H", "3D", "9C", "3C")


def test_a_view_holds_the_own_hand_and_only_public_information() -> None:
    g = mid_trick()
    assert g.to_act == 1
    for seat in range(4):
        view = g.view(seat)
        assert isinstance(view, SeatView) and set(view.to_dict()) == VIEW_FIELDS
        assert view.seat == seat and view.partner == (seat + 2) % 4
        assert view.hand == g.hand_of(seat)
        others = {c for s in range(4) if s != seat for c in g.hand_of(s)}
        assert not others & card_tokens(view.to_dict())
    view = g.view(1)
    assert view.bids == [3, 5, 1, 4]
    assert view.trick == [[3, "9C"], [0, "3C"]]
    assert view.leader == 3 and view.to_act == 1
    assert view.tricks_won == [0, 0, 0, 2]
    assert [t["winner"] for t in view.tricks] == [3, 3]
    assert view.last_trick == {"leader": 3, "cards": [[3, "7C"], [0, "2C"], [1, "8H"],
                                                      [2, "3D"]], "winner": 3}
    assert view.spades_broken is True
    assert view.scores == [0, 0] and view.bags == [0, 0]
    assert (view.hand_no, view.dealer, view.phase, view.over, view.outcome) == \
        (0, 3, "playing", False, None)
    assert view.rules == COURSE.to_dict()
    assert view.legal == [str(a) for a in g.legal_actions(1)]
    assert view.unplayable == {}  # West has no clubs: any card
    assert len(view.legal) == len(view.hand) == 11
    assert view.commitment == g.commitment and view.review is None and view.history == []


def test_a_seat_not_to_act_sees_why_each_card_waits() -> None:
    view = mid_trick().view(2)
    assert view.legal == []
    assert set(view.unplayable) == set(view.hand)
    assert set(view.unplayable.values()) == {"Wait for your turn: it is West's turn."}


def test_during_bidding_every_card_waits_for_the_bids() -> None:
    view = rig(COURSE, DEAL_A).view(0)
    assert set(view.unplayable.values()) == {"Bidding is not over yet."}
    assert view.legal[0] == "bid nil"


def test_the_spectator_sees_no_hand_and_no_actions() -> None:
    g = mid_trick()
    view = g.spectator_view()
    assert view.seat is None and view.partner is None
    assert view.hand == [] and view.legal == [] and view.unplayable == {}
    unplayed = {c for s in range(4) for c in g.hand_of(s)}
    assert not unplayed & card_tokens(view.to_dict())
    assert view.trick == g.view(0).trick


@pytest.mark.parametrize("seat", [4, -1, None, "0"])
def test_there_is_no_fifth_seat(seat: object) -> None:
    with pytest.raises(ValueError, match="There is no seat"):
        Game.new(COURSE, seed=1).view(seat)  # type: ignore[arg-type]


def test_the_review_makes_the_finished_hand_public_to_everyone() -> None:
    g = Game.new(COURSE, seed=5)
    dealt = [g.hand_of(s) for s in range(4)]
    commitment = g.spectator_view().commitment
    g = play_hand(g, first_legal)
    for view in [g.view(s) for s in range(4)] + [g.spectator_view()]:
        review = view.review
        assert review is not None
        assert review["hand"] == 0 and review["dealer"] == 3
        assert review["dealt"] == dealt and review["commitment"] == commitment
        assert len(review["tricks"]) == 13 and review["bids"] == view.history[0]["bids"]
        assert review["score"] == view.history[0]["teams"]
    # The new hand's cards are still private.
    assert g.view(0).hand == g.hand_of(0)
    assert not set(g.hand_of(1)) & card_tokens({k: v for k, v in g.view(0).to_dict().items()
                                                if k not in ("review",)})


def test_history_records_every_hand() -> None:
    g = Game.new(COURSE, seed=5)
    g = play_hand(play_hand(g))
    history = g.view(3).history
    assert [h["hand"] for h in history] == [0, 1] and [h["dealer"] for h in history] == [3, 0]
    totals = [0, 0]
    for record in history:
        assert sum(record["tricks"]) == 13
        for team in (0, 1):
            totals[team] += record["teams"][team]["hand_total"]
            assert record["teams"][team]["total"] == totals[team]
    assert g.scores == tuple(totals)


def test_views_are_json_safe() -> None:
    g = play_hand(Game.new(RuleSet.preset("standard", nil_pass=1), seed=5), first_legal)
    for view in [g.view(s) for s in range(4)] + [g.spectator_view()]:
        data = view.to_dict()
        assert json.loads(json.dumps(data)) == data


def test_changing_a_view_does_not_change_the_game() -> None:
    g = play_hand(Game.new(COURSE, seed=5), first_legal)
    g = look_and_bid(g, "1")
    before = json.dumps(g.to_dict())
    data = g.view(0).to_dict()
    pristine = copy.deepcopy(data)
    _scribble(data)
    assert json.dumps(g.to_dict()) == before
    assert g.view(0).to_dict() == pristine


def test_changing_a_saved_game_does_not_change_the_game() -> None:
    g = play_hand(Game.new(COURSE, seed=5), first_legal)
    before = json.dumps(g.to_dict())
    _scribble(g.to_dict())
    assert json.dumps(g.to_dict()) == before
    loaded = Game.from_dict(json.loads(before))
    data = json.loads(before)
    loaded = Game.from_dict(data)
    _scribble(data)
    assert json.dumps(loaded.to_dict()) == before


def _scribble(value: object) -> None:
    """Change every list and dict inside ``value`` in place."""
    if isinstance(value, dict):
        for item in list(value.values()):
            _scribble(item)
        value["scribbled"] = True
    elif isinstance(value, list):
        for item in value:
            _scribble(item)
        value.append("scribbled")


def test_a_view_is_its_public_part_plus_its_seat_part() -> None:
    from shared.spades.view import SEAT_KEYS, public_part, seat_part

    g = mid_trick()
    public = public_part(g)
    assert set(public) | set(SEAT_KEYS) == VIEW_FIELDS and not set(public) & set(SEAT_KEYS)
    for seat in range(4):
        whole = g.view(seat).to_dict()
        assert {k: whole[k] for k in SEAT_KEYS} == seat_part(g, seat)
        assert {k: v for k, v in whole.items() if k not in SEAT_KEYS} == public
    spectator = g.spectator_view().to_dict()
    assert {k: spectator[k] for k in SEAT_KEYS} == seat_part(g, None)
    waiting = next(s for s in range(4) if s != g.to_act)
    assert g.view(waiting).unplayable and not seat_part(g, waiting, reasons=False)["unplayable"]
