"""The Knock-out's pure core: seeding, byes, best-of, advancing, leavers, podium, and
bad requests as typed errors that change nothing."""

from __future__ import annotations

import random

import pytest

from shared.tournaments import (
    AlreadyEntered,
    AlreadyRecorded,
    BadEntry,
    Entrant,
    EventFull,
    EventStarted,
    Knockout,
    KnockoutSettings,
    NotEntered,
    NotFree,
    SameAddress,
    bracket_order,
)

START = 5_000_000


def knockout(**changes: object) -> Knockout:
    settings = {"name": "Daily Knock-out", "preset": "standard", "starts_ms": START,
                "size": 8}
    settings.update(changes)
    return Knockout("k1", KnockoutSettings(**settings))  # type: ignore[arg-type]


def player(k: int, rating: float | None = None, origin: str = "") -> Entrant:
    return Entrant(f"p{k}", f"P{k}", float(k) if rating is None else rating, origin)


def play_out(event: Knockout, winner_of: dict[str, int] | None = None) -> None:
    """Play every ready match, side A winning unless ``winner_of`` says otherwise."""
    n = 0
    while not event.is_finished:
        for match in event.ready():
            n += 1
            event.seat(match.key, f"t{n}")
            event.record(f"t{n}", (winner_of or {}).get(match.key, 0))


def test_the_bracket_order_puts_the_top_seeds_apart() -> None:
    assert bracket_order(2) == [1, 2]
    assert bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert sorted(bracket_order(32)) == list(range(1, 33))
    with pytest.raises(ValueError):
        bracket_order(12)


def test_settings_refuse_what_a_knockout_cannot_play() -> None:
    with pytest.raises(BadEntry, match="8, 16 or 32"):
        KnockoutSettings("x", size=12)
    with pytest.raises(BadEntry, match="best of three"):
        KnockoutSettings("x", best_of=2)
    with pytest.raises(BadEntry, match="two sides"):
        KnockoutSettings("x", preset="cutthroat")
    assert KnockoutSettings("x", preset="two_handed").team_size == 1


def test_two_handed_seeding_by_rating_and_the_bracket_advances() -> None:
    event = knockout(preset="two_handed")
    for k in range(8):
        event.enter([player(k, rating=10.0 * k)], START)
    event.start(START, random.Random(0))
    assert event.sides[1].members[0].pid == "p7"  # the highest rated is seed 1
    assert [(m.a, m.b) for m in event.ready()] == [(1, 8), (4, 5), (2, 7), (3, 6)]
    assert event.seat_pids("r1m0") == ("p7", "p0")
    play_out(event, {"r1m1": 1})  # seed 5 beats seed 4
    assert [(m.key, m.a, m.b, m.winner) for m in event.matches.values() if m.round > 1] == [
        ("r2m0", 1, 5, 1), ("r2m1", 2, 3, 2), ("r3m0", 1, 2, 1)]
    podium = event.podium()
    assert [[s.seed for s in place] for place in podium] == [[1], [2], [5, 3]]
    assert [(side.seed, place, won) for side, place, won in event.places()] == [
        (1, 1, 3), (2, 2, 2), (3, 3, 1), (5, 3, 1), (4, 5, 0), (6, 5, 0), (7, 5, 0),
        (8, 5, 0)]


def test_byes_go_to_the_top_seeds() -> None:
    event = knockout(preset="two_handed")
    for k in range(5):
        event.enter([player(k)], START)
    event.start(START, random.Random(0))
    first = [event.matches[f"r1m{s}"] for s in range(4)]
    assert [(m.a, m.b, m.winner) for m in first] == [
        (1, None, 1), (4, 5, None), (2, None, 2), (3, None, 3)]
    assert [(m.a, m.b) for m in event.ready()] == [(4, 5), (2, 3)]
    play_out(event)
    assert event.final is not None and event.final.winner is not None


def test_partnership_teams_fixed_or_random_and_partners_sit_opposite() -> None:
    event = knockout()
    event.enter([player(0), player(1)], START)  # a fixed team
    for k in range(2, 7):
        event.enter([player(k)], START)  # five singles: one is withdrawn
    event.start(START, random.Random(4))
    assert len(event.withdrawn) == 1 and len(event.sides) == 3
    teams = [{m.pid for m in s.members} for s in event.sides.values()]
    assert {"p0", "p1"} in teams
    (match,) = event.ready()
    seats = event.seat_pids(match.key)
    assert match.a is not None and match.b is not None
    a = {m.pid for m in event.sides[match.a].members}
    assert {seats[0], seats[2]} == a and len(seats) == 4


def test_best_of_three_and_the_leaver_rule() -> None:
    event = knockout(preset="two_handed", best_of=3)
    event.enter([player(1)], START)
    event.enter([player(2)], START)
    event.start(START, random.Random(0))
    event.seat("r1m0", "g1")
    event.record("g1", 0)
    event.seat("r1m0", "g2")
    event.record("g2", None)  # a draw counts for neither
    event.seat("r1m0", "g3")
    event.record("g3", 0, leavers={"p2"})  # the leaver's side loses whatever the score
    final = event.final
    assert final is not None and final.wins == [1, 1] and not event.is_finished
    event.seat("r1m0", "g4")
    event.record("g4", 1, leavers={"p2", "p1"})  # both left: nobody wins it
    event.seat("r1m0", "g5")
    event.record("g5", 1)
    assert final.wins == [1, 2] and final.winner == 2 and event.is_finished
    assert final.games == ["g1", "g2", "g3", "g4", "g5"]


def test_bad_requests_are_typed_errors_that_change_nothing() -> None:
    event = knockout(size=8, rated=True)
    event.enter([player(0, origin="a"), player(1, origin="b")], START)
    before = event.to_record()
    with pytest.raises(AlreadyEntered):
        event.enter([player(1, origin="b")], START)
    with pytest.raises(SameAddress):
        event.enter([player(2, origin="a")], START)
    with pytest.raises(BadEntry, match="team of two"):
        event.enter([player(2), player(3), player(4)], START)
    with pytest.raises(BadEntry, match="different"):
        event.enter([player(2), player(2)], START)
    with pytest.raises(NotEntered):
        event.withdraw("p9", START)
    with pytest.raises(BadEntry, match="two sides"):
        event.start(START, random.Random(0))
    assert event.to_record() == before
    for k in range(2, 8, 2):
        event.enter([player(k, origin=f"o{k}"), player(k + 1, origin=f"o{k + 1}")], START)
    with pytest.raises(EventFull):
        event.enter([player(9, origin="z")], START)
    event.start(START, random.Random(0))
    with pytest.raises(EventStarted):
        event.enter([player(9, origin="z")], START)
    with pytest.raises(EventStarted):  # a host editing a running event
        event.edit(KnockoutSettings("Renamed", starts_ms=START), START)
    with pytest.raises(NotFree, match="both sides"):
        event.seat("r2m0", "t0")
    event.seat("r1m0", "t1")
    mid = event.to_record()
    with pytest.raises(NotFree, match="being played"):  # pair twice
        event.seat("r1m0", "t2")
    with pytest.raises(NotFree, match="seated already"):
        event.seat("r1m1", "t1")
    with pytest.raises(NotEntered):
        event.seat("r9m9", "t3")
    with pytest.raises(BadEntry):
        event.record("t1", 2)
    with pytest.raises(NotEntered):
        event.record("t9", 0)
    assert event.to_record() == mid
    event.record("t1", 0)
    done = event.to_record()
    with pytest.raises(AlreadyRecorded):  # nothing is double counted
        event.record("t1", 0)
    assert event.to_record() == done


def test_a_32_knockout_round_trips_through_its_record_at_every_step() -> None:
    event = knockout(preset="two_handed", size=32, best_of=3)
    for k in range(27):
        event.enter([player(k)], START)
    event.start(START, random.Random(0))
    n = 0
    while not event.is_finished:
        for match in event.ready():
            n += 1
            event.seat(match.key, f"t{n}")
            event = Knockout.from_record(event.to_record())
            event.record(f"t{n}", n % 2)
    final = event.final
    assert final is not None and event.rounds == 5
    assert sum(len(m.games) for m in event.matches.values()) == n
    champion = event.podium()[0][0]
    assert champion.seed == final.winner


def test_a_team_is_made_only_when_both_players_ask_for_each_other() -> None:
    event = knockout(size=8, rated=True)
    ann, bob, cat = player(0, origin="a"), player(1, origin="b"), player(2, origin="c")
    # Ann asks for Bob: she is entered alone, asking; Bob is not entered by her asking.
    assert event.ask(ann, "p1", "P1", START) is False
    assert [[m.pid for m in e] for e in event.entries] == [["p0"]]
    assert event.asks == {"p0": ("p1", "P1")}
    # Cat names Ann, who asked for someone else: Cat waits alone too.
    assert event.ask(cat, "p0", "P0", START) is False
    # Bob answers: the team is made, at Ann's place, and nobody asks any longer.
    assert event.ask(bob, "p0", "P0", START) is True
    assert [[m.pid for m in e] for e in event.entries] == [["p0", "p1"], ["p2"]]
    assert event.asks == {"p2": ("p0", "P0")}
    again = Knockout.from_record(event.to_record())
    assert again.asks == event.asks and again.entries == event.entries
    # A withdrawn single's ask goes with the entry.
    event.withdraw("p2", START)
    assert event.asks == {} and len(event.entered) == 2


def test_asking_for_a_partner_refuses_what_a_team_cannot_be() -> None:
    event = knockout(size=8, rated=True)
    event.ask(player(0, origin="a"), "p1", "P1", START)
    event.ask(player(1, origin="b"), "p0", "P0", START)  # a team: p0 & p1
    before = event.to_record()
    with pytest.raises(BadEntry, match="different"):
        event.ask(player(2, origin="c"), "p2", "P2", START)
    with pytest.raises(AlreadyEntered, match="already"):  # the same player twice
        event.ask(player(0, origin="a"), "p3", "P3", START)
    with pytest.raises(AlreadyEntered, match="P1 is in a team"):
        event.ask(player(3, origin="d"), "p1", "P1", START)
    with pytest.raises(SameAddress):
        event.ask(player(3, origin="a"), "p4", "P4", START)
    with pytest.raises(BadEntry, match="no partners"):
        knockout(preset="two_handed").ask(player(0), "p1", "P1", START)
    assert event.to_record() == before
    for k in range(2, 8):
        event.enter([player(k, origin=f"o{k}")], START)  # eight in: full
    with pytest.raises(EventFull):
        event.ask(player(9, origin="z"), "p2", "P2", START)
    assert len(event.entered) == 8


def test_an_answer_that_would_overfill_the_event_is_refused() -> None:
    event = knockout(size=8)
    event.ask(player(0), "p1", "P1", START)
    for k in range(2, 9):
        event.enter([player(k)], START)  # eight in, Ann still asking for Bob
    before = event.to_record()
    with pytest.raises(EventFull):
        event.ask(player(1), "p0", "P0", START)
    assert event.to_record() == before
    event.withdraw("p8", START)
    assert event.ask(player(1), "p0", "P0", START) is True
