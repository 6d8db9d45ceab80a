"""The Arena's pure core: joining, pausing, pairing, points with the streak, standings,
and every bad request as a typed error that changes nothing."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from shared.tournaments import (
    AlreadyEntered,
    AlreadyRecorded,
    Arena,
    ArenaSettings,
    BadEntry,
    Entrant,
    EventFull,
    EventOver,
    EventStarted,
    NotEntered,
    NotFree,
    SameAddress,
    base_points,
    pair_tables,
    places_of,
)

START = 1_000_000
MIN = 60_000


def arena(**changes: object) -> Arena:
    settings = {"name": "Quick Arena", "preset": "quick", "starts_ms": START, "minutes": 30}
    settings.update(changes)
    return Arena("a1", ArenaSettings(**settings))  # type: ignore[arg-type]


def people(n: int, origin: str = "") -> list[Entrant]:
    return [Entrant(f"p{k}", f"Player {k}", 20.0 + k, origin and f"{origin}{k}")
            for k in range(n)]


def test_settings_refuse_bad_choices_with_a_sentence() -> None:
    with pytest.raises(BadEntry, match="no preset"):
        ArenaSettings("x", preset="poker")
    with pytest.raises(BadEntry, match="minutes"):
        ArenaSettings("x", minutes=7)
    with pytest.raises(BadEntry, match="name"):
        ArenaSettings("  ")
    with pytest.raises(BadEntry, match="rated event plays four players"):
        ArenaSettings("x", preset="cutthroat", rated=True)
    with pytest.raises(BadEntry, match="private"):
        ArenaSettings("x", private="yes")  # type: ignore[arg-type]
    with pytest.raises(BadEntry, match="holds 4 to"):
        ArenaSettings("x", capacity=3)
    with pytest.raises(BadEntry, match="not a number"):
        Entrant("p", "P", float("nan"))
    assert ArenaSettings("x", preset="two_handed", capacity=2).ends_ms == 30 * MIN


def test_a_free_player_is_paired_at_once_and_the_game_scores_points() -> None:
    a = arena()
    for e in people(5):
        a.join(e, START - MIN)
    assert a.phase(START - 1) == "next" and a.free(START - 1) == []
    tables = a.pairings(START, random.Random(1))
    assert len(tables) == 1 and len(tables[0]) == 4  # the fifth waits
    pids = [e.pid for e in tables[0]]
    a.seat("t1", pids, START)
    waiting = {e.pid for e in a.free(START)}
    assert len(waiting) == 1 and waiting.isdisjoint(pids)
    scored = a.record("t1", (1, 2), leavers=(), now=START + 5 * MIN)
    # Side 0 (seats 0 and 2) won: 2 points each, the losers none.
    assert scored == {pids[0]: 2, pids[2]: 2, pids[1]: 0, pids[3]: 0}
    assert len(a.free(START + 5 * MIN)) == 5
    top = a.standings()[0]
    assert (top.points, top.games, top.wins) == (2, 1, 1)


def test_the_streak_doubles_points_after_two_wins_until_a_game_not_won() -> None:
    a = arena()
    for e in people(4):
        a.join(e, START)
    results = [(1, 2), (1, 2), (1, 2), (2, 1), (1, 2)]
    for k, places in enumerate(results):
        a.seat(f"t{k}", ["p0", "p1", "p2", "p3"], START + k)
        a.record(f"t{k}", places, (), START + k)
    # p0 wins, wins, wins on fire (4), loses on fire (0: the streak ends), wins (2).
    assert a.players["p0"].sheet == [2, 2, 4, 0, 2]
    assert a.players["p1"].sheet == [0, 0, 0, 2, 0]
    line = a.standings()[0]
    assert (line.pid, line.points, line.wins, line.on_fire) == ("p0", 10, 4, False)


def test_points_by_place_in_every_format() -> None:
    assert places_of([250, 100]) == (1, 2)
    assert places_of([100, 100, 50]) == (1, 1, 3)
    assert [base_points(p, (1, 2)) for p in (1, 2)] == [2, 0]
    assert [base_points(p, (1, 1)) for p in (1, 1)] == [1, 1]  # a draw
    assert [base_points(p, (2, 1, 3, 4)) for p in (2, 1, 3, 4)] == [1, 2, 0, 0]
    a = arena(preset="cutthroat")
    for e in people(4):
        a.join(e, START)
    a.seat("t", ["p0", "p1", "p2", "p3"], START)
    assert a.record("t", (3, 1, 2, 4), (), START) == {"p0": 0, "p1": 2, "p2": 1, "p3": 0}


def test_a_leaver_scores_as_losing_and_the_partner_keeps_the_result() -> None:
    a = arena()
    for e in people(4):
        a.join(e, START)
    a.seat("t", ["p0", "p1", "p2", "p3"], START)
    assert a.record("t", (1, 2), {"p2"}, START) == {"p0": 2, "p1": 0, "p2": 0, "p3": 0}
    assert a.players["p2"].streak == 0 and a.players["p2"].wins == 0
    # Gone from the table, so not seated again until back.
    assert a.players["p2"].status == "paused"
    assert "p2" not in {e.pid for e in a.free(START)}


def test_paused_and_left_players_are_not_paired_and_may_come_back() -> None:
    a = arena()
    for e in people(6):
        a.join(e, START)
    a.pause("p0", START)
    a.leave("p1", START)
    assert {e.pid for e in a.free(START)} == {"p2", "p3", "p4", "p5"}
    with pytest.raises(NotEntered, match="left"):
        a.pause("p1", START)
    a.join(Entrant("p1", "Player 1", 21.0), START + 1)  # back
    assert "p1" in {e.pid for e in a.free(START + 1)}
    with pytest.raises(AlreadyEntered):
        a.join(Entrant("p1", "Player 1", 21.0), START + 1)


def test_bad_requests_are_typed_errors_that_change_nothing() -> None:
    a = arena(capacity=4)
    for e in people(4):
        a.join(e, START)
    before = a.to_record()
    with pytest.raises(EventFull):
        a.join(Entrant("late", "Late", 25.0), START)
    with pytest.raises(NotEntered):
        a.leave("ghost", START)
    with pytest.raises(EventStarted):
        a.seat("early", ["p0", "p1", "p2", "p3"], START - 1)
    with pytest.raises(BadEntry):
        a.seat("t", ["p0", "p1", "p2"], START)
    with pytest.raises(BadEntry):
        a.seat("t", ["p0", "p0", "p1", "p2"], START)
    assert a.to_record() == before
    a.seat("t", ["p0", "p1", "p2", "p3"], START)
    mid = a.to_record()
    with pytest.raises(NotFree, match="at a table"):  # pair twice
        a.seat("t2", ["p0", "p1", "p2", "p3"], START)
    with pytest.raises(NotFree, match="seated already"):
        a.seat("t", ["p0", "p1", "p2", "p3"], START)
    with pytest.raises(BadEntry, match="place"):
        a.record("t", (1, 5), (), START)
    with pytest.raises(NotEntered):
        a.record("nowhere", (1, 2), (), START)
    with pytest.raises(EventStarted):  # a host editing a running event
        a.edit(ArenaSettings("Renamed", preset="quick", starts_ms=START), START)
    assert a.to_record() == mid
    a.record("t", (2, 1), (), START + 1)
    done = a.to_record()
    with pytest.raises(AlreadyRecorded):  # nothing is double counted
        a.record("t", (2, 1), (), START + 2)
    assert a.to_record() == done


def test_the_end_closes_joining_and_pairing_but_games_under_way_count() -> None:
    a = arena()
    for e in people(4):
        a.join(e, START)
    a.seat("t", ["p0", "p1", "p2", "p3"], START)
    end = a.settings.ends_ms
    assert a.phase(end) == "ending" and a.podium(end) == []
    with pytest.raises(EventOver):
        a.join(Entrant("late", "Late", 25.0), end)
    a.record("t", (1, 2), (), end + MIN)
    assert a.phase(end + MIN) == "finished"
    assert a.free(end + MIN) == []
    with pytest.raises(EventOver):
        a.seat("t2", ["p0", "p1", "p2", "p3"], end + MIN)
    assert [s.pid for s in a.podium(end + MIN)][:2] == ["p0", "p2"]


def test_the_host_edits_before_the_start() -> None:
    a = arena()
    for e in people(5):
        a.join(e, START - MIN)
    with pytest.raises(BadEntry, match="5 players"):
        a.edit(ArenaSettings("Smaller", starts_ms=START, capacity=4), START - MIN)
    a.edit(ArenaSettings("Longer", preset="quick", starts_ms=START, minutes=60), START - MIN)
    assert a.settings.ends_ms == START + 60 * MIN


def test_the_record_round_trips() -> None:
    a = arena(rated=True, preset="standard")
    for e in people(5, origin="ip"):
        a.join(e, START)
    a.seat("t", ["p0", "p1", "p2", "p3"], START)
    a.record("t", (1, 2), {"p1"}, START)
    a.pause("p4", START)
    again = Arena.from_record(a.to_record())
    assert again.to_record() == a.to_record()
    assert again.standings() == a.standings()


def test_pairing_is_rating_near_and_serves_the_longest_waiter_first() -> None:
    pool = [Entrant(f"p{k}", f"P{k}", float(r)) for k, r in
            enumerate([10, 40, 41, 11, 42, 12, 43, 13, 99])]
    tables = pair_tables(pool, 4, random.Random(3))
    assert [sorted(e.rating for e in t) for t in tables] == [[10, 11, 12, 13],
                                                             [40, 41, 42, 43]]
    # The anchor (longest free) is seated even when its nearest are far.
    first = pair_tables([pool[8], *pool[:3]], 4, random.Random(3))
    assert len(first) == 1 and pool[8] in first[0]


def test_partners_are_random() -> None:
    pool = people(4)
    pairings: Counter[frozenset[frozenset[str]]] = Counter()
    for seed in range(60):
        (table,) = pair_tables(pool, 4, random.Random(seed))
        pairings[frozenset((frozenset((table[0].pid, table[2].pid)),
                            frozenset((table[1].pid, table[3].pid))))] += 1
    assert len(pairings) == 3  # every one of the three pairings happens


def test_a_rated_event_never_seats_two_players_of_one_address() -> None:
    twins = [Entrant("a", "A", 20.0, "home"), Entrant("b", "B", 20.1, "home"),
             *[Entrant(f"p{k}", f"P{k}", 20.2 + k, f"ip{k}") for k in range(3)]]
    (table,) = pair_tables(twins, 4, random.Random(0), rated=True)
    assert len({e.origin for e in table}) == 4
    assert len(pair_tables(twins[:4], 4, random.Random(0), rated=True)) == 0
    assert len(pair_tables(twins[:4], 4, random.Random(0), rated=False)) == 1
    a = arena(rated=True, preset="standard")
    for e in twins:
        a.join(e, START)
    with pytest.raises(SameAddress):
        a.seat("t", ["a", "b", "p0", "p1"], START)


def test_blocks_are_kept_apart_where_the_pool_allows() -> None:
    pool = people(8)
    apart = {frozenset(("p0", "p1"))}
    tables = pair_tables(pool, 4, random.Random(0), apart=apart)
    assert len(tables) == 2
    assert not any({"p0", "p1"} <= {e.pid for e in t} for t in tables)
    # With only four free, the table forms rather than leaving them waiting.
    assert len(pair_tables(pool[:4], 4, random.Random(0), apart=apart)) == 1


@pytest.mark.parametrize("seed", range(4))
def test_any_request_either_fails_typed_and_unchanged_or_keeps_the_books(seed: int) -> None:
    """Random requests, good and bad: a refusal changes nothing; the standings always
    equal the sum of the games counted, each once."""
    rng = random.Random(seed)
    a = arena(capacity=12)
    pool = people(14, origin="ip")
    counted: dict[str, dict[str, int]] = {}
    now = START - MIN
    for _ in range(400):
        now += rng.randrange(0, 8_000)
        before = a.to_record()
        try:
            step = rng.randrange(6)
            if step == 0:
                a.join(rng.choice(pool), now)
            elif step == 1:
                a.pause(rng.choice(pool).pid, now)
            elif step == 2:
                a.leave(rng.choice(pool).pid, now)
            elif step == 3:
                for k, table in enumerate(a.pairings(now, rng)):
                    a.seat(f"t{now}-{k}", [e.pid for e in table], now)
            elif step == 4 and a.tables:
                table_id = rng.choice(sorted(a.tables) + sorted(counted))
                places = rng.choice([(1, 2), (2, 1), (1, 1)])
                counted[table_id] = a.record(table_id, places, set(), now)
            else:
                a.seat("t-any", rng.sample(sorted(a.players) or ["x"], 1) * 4, now)
        except (AlreadyEntered, AlreadyRecorded, BadEntry, EventFull, EventOver,
                EventStarted, NotEntered, NotFree) as refused:
            assert refused.reason and a.to_record() == before
    assert len(counted) > 5  # the walk did play games
    totals = Counter[str]()
    for scored in counted.values():
        totals.update(scored)
    assert {s.pid: s.points for s in a.standings() if s.points} == {
        pid: p for pid, p in totals.items() if p}
    assert sum(s.games for s in a.standings()) == 4 * len(counted)


def test_players_level_on_points_wins_and_games_share_a_rank() -> None:
    a = arena()
    for e in people(5):
        a.join(e, START)
    a.seat("t1", ["p0", "p1", "p2", "p3"], START)
    a.record("t1", (1, 2), (), START + MIN)  # p0 and p2 win, p1 and p3 lose, p4 never played
    ranks = [(s.pid, s.rank) for s in a.standings()]
    # Level players share the better rank and the next rank skips (1, 1, 3, 4, 4); on
    # equal points and wins fewer games rank higher, so the one who has not played yet is
    # above the two who lost.
    assert ranks == [("p0", 1), ("p2", 1), ("p4", 3), ("p1", 4), ("p3", 4)]
