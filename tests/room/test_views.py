"""Views built from one shared public part equal the engine's whole views, in every
state of whole games (several house rules: Blind Nil, Nil passes, jokers), and the
event frames built without a model equal the protocol's encoding."""

from __future__ import annotations

import random

import pytest

from server.tables.views import (
    PRIVATE_KEYS,
    ActionDeltas,
    TableViews,
    encode_event,
    seat_delta,
    wire_view,
)
from shared.protocol import Event, Format, encode, view_delta
from shared.spades import Game, RuleSet

RULES = [
    RuleSet.preset("standard"),
    RuleSet.preset("quick"),
    RuleSet.preset("club"),
    RuleSet.preset("standard", nil_pass=2, blind_nil_pass=2, jokers=True, target_score=250),
]
SEATS: list[int | None] = [0, 1, 2, 3, None]


def states(rules: RuleSet, seed: int, limit: int = 400) -> list[Game]:
    """Every state of one game of random legal actions (nil and blind nil bids too)."""
    rng = random.Random(seed)
    game = Game.new(rules, seed=seed, dealer=seed % 4)
    out = [game]
    while not game.over and len(out) < limit:
        seat = game.to_act
        if seat is None:
            break
        game = game.apply(seat, rng.choice(game.legal_actions(seat)))
        out.append(game)
    return out


@pytest.mark.parametrize("rules", RULES, ids=[r.name + str(i) for i, r in enumerate(RULES)])
def test_shared_public_part_gives_the_engines_views(rules: RuleSet) -> None:
    seen_hidden = seen_passing = False
    for seed in range(3):
        previous: TableViews | None = None
        for game in states(rules, seed):
            views = TableViews(game)
            for seat in SEATS:
                whole = wire_view(game, seat)
                assert views.view(seat) == whole
                assert list(views.view(seat)) == list(whole)  # the same key order
                if seat is not None:
                    seen_hidden |= whole["hand_hidden"]
                    seen_passing |= whole["passing"] is not None
            if previous is not None:
                public = view_delta(previous.public, views.public)
                assert not set(public) & {"seat", "h", "hh", "l", "u", "ps"}
                for seat in SEATS:
                    expected = view_delta(wire_view(previous.game, seat), wire_view(game, seat))
                    assert seat_delta(previous, views, public, seat) == expected
            previous = views
    if rules.blind_nil != "off":
        assert seen_hidden  # the hidden-hand branch was exercised
    if rules.nil_pass:
        assert seen_passing


FORMATS = [RuleSet.preset(name) for name in ("standard", "cutthroat", "three_handed",
                                              "two_handed", "six_handed")]


@pytest.mark.parametrize("rules", FORMATS, ids=[r.name for r in FORMATS])
def test_action_deltas_equal_the_whole_views_deltas(rules: RuleSet) -> None:
    """What the room sends each seat within a hand, the public delta shared by the
    seats whose own part did not change, is the delta of the engine's whole views; the
    views after it (built from the views before: the hand's fields shared, each seat's
    own part kept when unchanged) are the engine's views, keys in its order."""
    shared = 0
    previous = TableViews(Game.new(rules, seed=8, dealer=0))
    for game in states(rules, 8, limit=120)[1:]:
        same_hand = game.hand_no == previous.game.hand_no and not game.over
        views = TableViews(game, same_hand=previous if same_hand else None)
        if same_hand:
            deltas = ActionDeltas(previous, views)
            seats: list[int | None] = [*range(rules.seats), None]
            for seat in seats:
                expected = view_delta(wire_view(previous.game, seat), wire_view(game, seat))
                assert deltas.of(seat) == expected, (seat, game.phase)
                shared += seat is not None and deltas.public_only(seat)
            for seat in seats:
                assert views.view(seat) == wire_view(game, seat)
                assert list(views.view(seat)) == list(wire_view(game, seat))
        previous = views
    assert shared > 0  # the shared path was taken


def test_a_seats_private_part_holds_no_other_hand() -> None:
    game = states(RULES[0], 5, limit=30)[-1]
    views = TableViews(game)
    assert views.public["hand"] == [] and views.public["legal"] == []
    for seat in range(4):
        part = views.private(seat)
        assert set(part) == set(PRIVATE_KEYS)
        assert part["hand"] == (game.hand_of(seat) if not part["hand_hidden"] else [])


@pytest.mark.parametrize("fmt", [Format.MSGPACK, Format.JSON])
@pytest.mark.parametrize("x, tl", [(None, None), ({"n": 1, "h-": ["AS"]}, 30), ({}, None)])
def test_event_frames_equal_the_protocols(fmt: Format, x: dict[str, object] | None,
                                          tl: int | None) -> None:
    model = Event.model_construct(v=7, s=2, a="play AS", x=x, tl=tl)
    assert encode_event(7, 2, "play AS", x, tl, fmt) == encode(model, fmt)
