"""Changes asked of one event at the same time are written together, and still each
succeeds or fails alone (``EventStore.mutate``'s group commit), on real Redis.

The attacks: hundreds of players joining at once on one node and on two nodes (none
lost, none twice, a few writes rather than one per player), a change that fails among
them, and a change that breaks half-way through the event it was given.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

import pytest
import redis.asyncio as aioredis

from server.tournaments import keys
from server.tournaments.store import EventStore
from shared.tournaments import AlreadyEntered, Arena, ArenaSettings, Entrant


def new_arena(event_id: str) -> Arena:
    return Arena(event_id, ArenaSettings("Arena", preset="quick", minutes=30,
                                         starts_ms=int(time.time() * 1000)))


async def revision(redis: aioredis.Redis, event_id: str) -> int:
    return int(await redis.hget(keys.event(event_id), "rev"))


def joining(k: int) -> Callable[[Arena], None]:
    entrant = Entrant(f"p{k}", f"Player {k}", 25.0)
    return lambda event: event.join(entrant, 0)


async def test_three_hundred_joins_at_once_are_a_few_writes_and_none_lost(
        redis: aioredis.Redis) -> None:
    store = EventStore(redis)
    await store.create(new_arena("crowd"))
    answers = await asyncio.gather(*(store.mutate("crowd", joining(k)) for k in range(300)))
    event = (await store.load("crowd"))[1]
    assert sorted(event.players) == sorted(f"p{k}" for k in range(300))
    # One write for the creation, then the joins together: not one write per join.
    assert await revision(redis, "crowd") <= 3
    assert all(len(ev.players) >= k + 1 for k, (ev, _) in enumerate(answers))


async def test_two_nodes_joining_at_once_lose_nobody(redis: aioredis.Redis,
                                                     redis_url: str) -> None:
    other = aioredis.Redis.from_url(redis_url)
    try:
        a, b = EventStore(redis), EventStore(other)
        await a.create(new_arena("two-nodes"))
        await asyncio.gather(*(
            (a if k % 2 else b).mutate("two-nodes", joining(k)) for k in range(200)))
        event = (await a.load("two-nodes"))[1]
        assert sorted(event.players) == sorted(f"p{k}" for k in range(200))
        # A second join of each is refused, every one of them, and changes nothing.
        rev = await revision(redis, "two-nodes")
        again = await asyncio.gather(*(
            (a if k % 2 else b).mutate("two-nodes", joining(k)) for k in range(200)),
            return_exceptions=True)
        assert all(isinstance(err, AlreadyEntered) for err in again)
        assert await revision(redis, "two-nodes") == rev
    finally:
        await other.aclose()


async def test_a_change_that_fails_or_breaks_leaves_the_others_written(
        redis: aioredis.Redis) -> None:
    store = EventStore(redis)
    await store.create(new_arena("mixed"))
    await store.mutate("mixed", joining(0))

    def breaks_half_way(event: Arena) -> None:
        event.join(Entrant("half", "Half", 25.0), 0)
        raise RuntimeError("a bug after the change began")

    outcomes = await asyncio.gather(
        store.mutate("mixed", joining(1)),
        store.mutate("mixed", joining(0)),  # in already: refused
        store.mutate("mixed", breaks_half_way),
        store.mutate("mixed", joining(2)),
        return_exceptions=True)
    assert isinstance(outcomes[1], AlreadyEntered)
    assert isinstance(outcomes[2], RuntimeError)
    event = (await store.load("mixed"))[1]
    assert sorted(event.players) == ["p0", "p1", "p2"]  # and nothing of the broken one
    assert outcomes[3][0].players.keys() == event.players.keys()


async def test_an_unknown_event_is_a_key_error_for_every_change_asked(
        redis: aioredis.Redis) -> None:
    outcomes = await asyncio.gather(*(EventStore(redis).mutate("nowhere", joining(k))
                                      for k in range(3)), return_exceptions=True)
    assert all(isinstance(err, KeyError) for err in outcomes)
    with pytest.raises(KeyError):
        await EventStore(redis).mutate("nowhere", joining(9))
