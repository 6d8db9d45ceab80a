"""Saving, loading and replaying games: to_dict/from_dict, replay, msgpack safety."""

from __future__ import annotations

import json

import msgpack
import pytest

from shared.spades import Game, IllegalAction, RuleSet

from .support import first_legal, hashed, play_until

STANDARD = RuleSet.preset("standard", nil_pass=1, blind_nil_pass=2)


def some_game(steps: int = 130, rules: RuleSet = STANDARD) -> Game:
    g = Game.new(rules, seed=31)
    policy = hashed("snapshot")
    for _ in range(steps):
        assert g.to_act is not None
        g = g.apply(g.to_act, policy(g))
    return g


@pytest.mark.parametrize("steps", [0, 1, 5, 60, 130, 200])
def test_from_dict_of_to_dict_is_the_same_game(steps: int) -> None:
    g = some_game(steps)
    assert Game.from_dict(g.to_dict()) == g
    assert Game.from_dict(g.to_dict()).to_dict() == g.to_dict()


def test_the_saved_game_survives_msgpack_and_json() -> None:
    g = some_game(200)
    data = g.to_dict()
    assert Game.from_dict(msgpack.unpackb(msgpack.packb(data), strict_map_key=True)) == g
    assert Game.from_dict(json.loads(json.dumps(data))) == g


def test_replay_of_the_events_is_the_same_game() -> None:
    g = some_game(200)
    assert len(g.events) == g.n_events == 200
    assert Game.replay(g.rules, g.seed, g.first_dealer, g.events) == g
    data = json.loads(json.dumps(g.to_dict()))
    assert Game.replay(RuleSet.from_dict(data["rules"]), data["seed"], data["first_dealer"],
                       data["events"]) == g


def test_a_saved_game_with_only_events_is_replayed() -> None:
    g = some_game(90)
    data = g.to_dict()
    del data["state"]
    assert Game.from_dict(data) == g


def test_without_events_the_state_still_round_trips_and_plays_on() -> None:
    g = some_game(100)
    data = g.to_dict(events=False)
    assert "events" not in data
    loaded = Game.from_dict(data)
    assert loaded.to_dict(events=False) == data
    assert loaded.n_events == 100
    for _ in range(40):
        assert g.to_act is not None
        action = first_legal(g)
        g, loaded = g.apply(g.to_act, action), loaded.apply(g.to_act, action)
        assert loaded.to_dict(events=False) == g.to_dict(events=False)


def test_a_game_loaded_without_events_saves_and_loads_again() -> None:
    loaded = Game.from_dict(some_game(100).to_dict(events=False))
    later = play_until(loaded, first_legal, hands=1)
    again = Game.from_dict(later.to_dict())
    assert again.to_dict(events=False) == later.to_dict(events=False)


def test_the_game_is_immutable_apply_returns_a_new_one() -> None:
    g = some_game(10)
    before = json.dumps(g.to_dict())
    assert g.to_act is not None
    h = g.apply(g.to_act, first_legal(g))
    assert h is not g and json.dumps(g.to_dict()) == before
    assert h.n_events == g.n_events + 1


@pytest.mark.parametrize(
    ("damage", "reason"),
    [
        (lambda d: d.update(format=99), "Unknown saved-game format 99"),
        (lambda d: d.pop("rules"), "not a saved game"),
        (lambda d: d["state"].pop("hands"), "not a saved game"),
        (lambda d: d["state"].update(hands=[1, 2, 3]), "hands must have four entries"),
        (lambda d: d.update(first_dealer=7), "first dealer 0..3"),
        (lambda d: d.update(seed="seven"), "integer seed"),
        (lambda d: d["events"].pop(), "events do not match its state"),
        (lambda d: d["rules"].update(target_score=-1), "target score must be between"),
        (lambda d: d.update(state=None, events=None), "needs a state or its events"),
        (lambda d: d.update(state=None, events=[[0, "play ZZ"]]), "is not a card"),
        (lambda d: d["state"].update(phase="lunch"), "'lunch' is not a phase"),
    ],
)
def test_damaged_saves_raise_value_error(damage: object, reason: str) -> None:
    data = json.loads(json.dumps(some_game(30).to_dict()))
    damage(data)  # type: ignore[operator]
    with pytest.raises(ValueError, match=reason):
        Game.from_dict(data)


def test_a_trick_not_played_in_turn_is_refused() -> None:
    g = some_game(30)
    while len(g.trick) < 2:
        assert g.to_act is not None
        g = g.apply(g.to_act, first_legal(g))
    data = g.to_dict(events=False)
    data["state"]["trick"][1][0] = (data["state"]["trick"][1][0] + 1) % 4
    with pytest.raises(ValueError, match="not played in turn"):
        Game.from_dict(data)


def test_not_a_dict_at_all() -> None:
    with pytest.raises(ValueError):
        Game.from_dict([1, 2, 3])  # type: ignore[arg-type]


def test_replay_refuses_an_illegal_event() -> None:
    g = some_game(20)
    events = g.events
    events[5] = (events[5][0], "play AS")
    with pytest.raises(IllegalAction):
        Game.replay(g.rules, g.seed, g.first_dealer, events)
