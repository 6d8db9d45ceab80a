"""The ranked queue: group forming and team balance (pure, with properties), and the
queue in Redis with several matchers running at once."""

from __future__ import annotations

import asyncio
import itertools

import msgpack
import pytest
import redis.asyncio as redis_async
from hypothesis import given, settings
from hypothesis import strategies as st

from server.archive.db import Database
from server.social.accounts import Account
from server.social.errors import SignInRequired
from server.social.matchmaking import Match, Matchmaker, Waiting, WindowPolicy, balance, form_groups
from server.social.ratings import Ratings

from .conftest import ManualClock

POLICY = WindowPolicy(base=3.0, per_s=0.5)


def w(pid: str, mu: float, joined_ms: int = 0) -> Waiting:
    return Waiting(pid, pid.upper(), mu, joined_ms)


def pids(groups: list[tuple[Waiting, ...]]) -> list[set[str]]:
    return [{p.pid for p in g} for g in groups]


def test_the_window_widens_with_waiting_time() -> None:
    assert POLICY.window(0) == 3.0
    assert POLICY.window(10_000) == 8.0
    assert WindowPolicy(3.0, 0.5, cap=5.0).window(60_000) == 5.0


@pytest.mark.parametrize(("queue", "now", "expected"), [
    ([w("a", 25), w("b", 25), w("c", 25)], 0, []),  # three are not a table
    ([w("a", 25), w("b", 26), w("c", 27), w("d", 27.5)], 0, [{"a", "b", "c", "d"}]),
    ([w("a", 20), w("b", 25), w("c", 30), w("d", 35)], 0, []),  # too far apart, yet
    ([w("a", 20), w("b", 25), w("c", 30), w("d", 35)], 25_000, [{"a", "b", "c", "d"}]),
    # The oldest waiter's tightest block wins, not the first four by rating.
    ([w("a", 10), w("b", 20), w("c", 21), w("d", 22), w("e", 23, joined_ms=5)], 0,
     [{"b", "c", "d", "e"}]),
    # Two tables at once, each from close ratings.
    ([w(f"p{i}", mu) for i, mu in enumerate([10, 40, 11, 41, 12, 42, 13, 43])], 0,
     [{"p0", "p2", "p4", "p6"}, {"p1", "p3", "p5", "p7"}]),
])
def test_groups_form_from_the_closest_ratings(queue: list[Waiting], now: int,
                                              expected: list[set[str]]) -> None:
    assert sorted(pids(form_groups(queue, now, POLICY)), key=sorted) == sorted(expected,
                                                                                key=sorted)


def test_a_long_wait_is_what_opens_the_window() -> None:
    queue = [w("old", 25, joined_ms=0), w("b", 31, 20_000), w("c", 32, 20_000),
             w("d", 33, 20_000)]
    assert pids(form_groups(queue, 20_000, WindowPolicy(3.0, 0.2))) == []
    assert pids(form_groups(queue, 30_000, WindowPolicy(3.0, 0.2))) == [
        {"old", "b", "c", "d"}]


@pytest.mark.parametrize(("mus", "best"), [
    ((10, 20, 30, 40), ({10, 40}, {20, 30})),
    ((25, 25, 25, 25), ({25}, {25})),
    ((10, 11, 30, 31), ({10, 31}, {11, 30})),
    ((40, 10, 30, 20), ({40, 10}, {30, 20})),
])
def test_teams_are_the_best_of_three_pairings(mus: tuple[float, ...],
                                              best: tuple[set[float], set[float]]) -> None:
    four = [w(f"p{i}", mu) for i, mu in enumerate(mus)]
    teams = balance(four)
    assert [{p.mu for p in team} for team in teams] in ([*best], [*best][::-1])


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.floats(0, 50), st.integers(0, 120_000)), max_size=30),
       st.integers(0, 240_000))
def test_groups_are_disjoint_fours_within_the_anchor_window(
        entries: list[tuple[float, int]], now: int) -> None:
    queue = [w(f"p{i}", mu, joined) for i, (mu, joined) in enumerate(entries)]
    groups = form_groups(queue, now, POLICY)
    seen = [p.pid for g in groups for p in g]
    assert len(seen) == len(set(seen)) == 4 * len(groups)
    for group in groups:
        spread = max(p.mu for p in group) - min(p.mu for p in group)
        longest = max(now - p.joined_ms for p in group)
        assert spread <= POLICY.window(longest) + 1e-9
        teams = balance(group)
        gap = abs(sum(p.mu for p in teams[0]) - sum(p.mu for p in teams[1]))
        for a, b in itertools.combinations(group, 2):
            rest = [p for p in group if p not in (a, b)]
            assert gap <= abs(a.mu + b.mu - sum(p.mu for p in rest)) + 1e-9
    if len(queue) >= 4 and all(p.mu == queue[0].mu for p in queue):
        assert len(groups) == len(queue) // 4  # equal ratings always match at once


# -- the queue in Redis -------------------------------------------------------------------


def account(i: int) -> Account:
    return Account(f"Player{i}", f"{i:016x}")


@pytest.fixture
def matchmaker(redis: redis_async.Redis, ratings: Ratings, clock: ManualClock) -> Matchmaker:
    return Matchmaker(redis, ratings, POLICY, clock, stale_after_s=60)


async def test_a_guest_is_told_to_sign_in(matchmaker: Matchmaker) -> None:
    with pytest.raises(SignInRequired, match="sign in or register"):
        await matchmaker.join(None)
    assert await matchmaker.waiting() == []


async def test_four_accounts_become_one_match(matchmaker: Matchmaker,
                                              clock: ManualClock) -> None:
    for i in range(4):
        await matchmaker.join(account(i))
        clock.advance(0.1)
    assert len(await matchmaker.waiting()) == 4
    [found] = await matchmaker.match()
    assert sorted(found.pids) == sorted(account(i).pid for i in range(4))
    assert [p.pid for p in found.seats[0::2]] == [p.pid for p in found.teams[0]]
    assert await matchmaker.waiting() == []
    assert await matchmaker.match() == []
    status = await matchmaker.status(account(0).pid)
    assert isinstance(status, Match) and status.id == found.id


async def test_join_keeps_the_place_and_leave_takes_it_away(matchmaker: Matchmaker,
                                                            clock: ManualClock) -> None:
    first = await matchmaker.join(account(1))
    clock.advance(5)
    again = await matchmaker.join(account(1))
    assert again.joined_ms == first.joined_ms
    assert await matchmaker.status(account(1).pid) == first
    assert await matchmaker.leave(account(1).pid)
    assert not await matchmaker.leave(account(1).pid)
    assert await matchmaker.status(account(1).pid) is None
    assert not await matchmaker.heartbeat(account(1).pid)


async def test_players_without_heartbeats_are_dropped(matchmaker: Matchmaker,
                                                      clock: ManualClock) -> None:
    for i in range(4):
        await matchmaker.join(account(i))
    clock.advance(45)
    for i in range(3):
        assert await matchmaker.heartbeat(account(i).pid)
    clock.advance(30)  # account 3 has been silent for 75 s
    assert {p.pid for p in await matchmaker.waiting()} == {account(i).pid for i in range(3)}
    assert await matchmaker.match() == []


async def test_the_queue_uses_each_player_s_rating(matchmaker: Matchmaker,
                                                   ratings: Ratings) -> None:
    strong = [account(i) for i in range(4)]
    await ratings.rate_game("g", ((strong[0].pid, strong[1].pid),
                                  (strong[2].pid, strong[3].pid)), 0, {})
    entry = await matchmaker.join(strong[0])
    assert entry.mu == (await ratings.rating(strong[0].pid)).mu > 25


async def test_several_matchers_at_once_claim_each_player_once(
        redis_url: str, clock: ManualClock, db: Database) -> None:
    clients = [redis_async.Redis.from_url(redis_url) for _ in range(3)]
    try:
        nodes = [Matchmaker(c, Ratings(db), POLICY, clock) for c in clients]
        for i in range(40):
            await nodes[i % 3].join(account(i))
        matches: list[Match] = []
        for _ in range(10):  # the claims race; the losers' players go in a later round
            rounds = await asyncio.gather(*(node.match() for node in nodes for _ in range(2)))
            matches.extend(m for found in rounds for m in found)
            if not await nodes[0].waiting():
                break
        claimed = [pid for m in matches for pid in m.pids]
        assert len(claimed) == len(set(claimed))
        total = len(claimed)
        assert total + len(await nodes[0].waiting()) == 40
        assert total == 40  # equal ratings: everyone is matched within the rounds
    finally:
        for c in clients:
            await c.aclose()


async def test_announce_tells_every_node_where_the_table_is(
        matchmaker: Matchmaker, redis_url: str) -> None:
    listener = redis_async.Redis.from_url(redis_url)
    pubsub = listener.pubsub()
    try:
        await pubsub.subscribe("rq:{rq}:n")
        await pubsub.get_message(timeout=1)
        for i in range(4):
            await matchmaker.join(account(i))
        [found] = await matchmaker.match()
        placed = await matchmaker.announce(found, "T123")
        assert placed.table == "T123"
        message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=2)
        assert message is not None
        notice = msgpack.unpackb(message["data"])
        assert notice == {"m": found.id, "table": "T123", "pids": found.pids}
        status = await matchmaker.status(account(2).pid)
        assert isinstance(status, Match) and status.table == "T123"
    finally:
        await pubsub.aclose()
        await listener.aclose()
