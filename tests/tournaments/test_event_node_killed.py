"""A node killed mid-event loses nothing: the event's state is in Redis, any node ticks
it, and the game its players were in counts once when they finish it on another node.

Two nodes in child processes (``python -m server``), one Redis, one PostgreSQL.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import redis.asyncio as aioredis

from server.tournaments.store import EventStore
from shared.tournaments import Arena, ArenaSettings, Entrant
from tests.room_social.conftest import SocialClient, bot_play_until

FAST_TICK = {"TOURNAMENT_TICK_S": "0.2", "BOT_PACE_S": "0.01"}


async def until(check: Any, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while not await check():
        if time.monotonic() > deadline:
            raise TimeoutError("never got there")
        await asyncio.sleep(0.05)


async def test_an_arena_game_survives_its_node_and_counts_once(
        spawn_node: Any, redis: aioredis.Redis) -> None:
    a, b = spawn_node(**FAST_TICK), spawn_node(**FAST_TICK)
    store = EventStore(redis)
    arena = Arena("killed", ArenaSettings("Arena", preset="quick", minutes=15,
                                          starts_ms=int(time.time() * 1000)))
    clients = [SocialClient([a.ws, b.ws]) for _ in range(4)]
    try:
        await _play_through_the_kill(a, b, store, arena, clients, redis)
    finally:
        for client in clients:
            await client.close()


async def _play_through_the_kill(a: Any, b: Any, store: EventStore, arena: Arena,
                                 clients: list[SocialClient], redis: aioredis.Redis) -> None:
    for client in clients:
        await client.connect()
        await client.wait_for(lambda c: c.pid is not None)
    await store.create(arena)
    for k, client in enumerate(clients):
        assert client.pid is not None
        entrant = Entrant(client.pid, f"Player {k}", 25.0)
        await store.mutate(arena.id, lambda e, entrant=entrant: e.join(entrant, 0))
    for client in clients:  # both nodes tick: the players are seated once, together
        await client.wait_for(lambda c: c.table is not None and c.view is not None, 30)
    table_id = clients[0].table
    assert {c.table for c in clients} == {table_id}

    def mid_first_hand(client: Any) -> bool:
        # Killed mid-hand, so the game is still running by construction: killed once it
        # was over (a quick game can end in its second hand), a client had nothing more
        # to read, never noticed the kill and stayed on the dead node's address.
        view = client.view
        return bool(view and not view["history"] and len(view["tricks"]) >= 3)

    await asyncio.gather(*(bot_play_until(c, mid_first_hand) for c in clients))
    a.kill()
    await asyncio.gather(*(bot_play_until(c) for c in clients))
    assert all(c.address == b.ws for c in clients)

    async def counted() -> bool:
        found = await store.load(arena.id)
        return found is not None and table_id in found[1].recorded  # type: ignore[union-attr]

    await until(counted)
    found = await store.load(arena.id)
    assert found is not None
    event = found[1]
    assert isinstance(event, Arena)
    assert sum(s.games for s in event.standings()) == 4
    assert sorted(s.points for s in event.standings()) in ([0, 0, 2, 2], [1, 1, 1, 1])

    # A table the event lists but nobody created (its node died between the two
    # writes) is created by the surviving node's sweep.
    lost = [Entrant(f"lost{k}", f"Lost {k}", 25.0) for k in range(4)]

    def seat_lost(e: Any) -> None:
        for entrant in lost:
            e.join(entrant, int(time.time() * 1000))
        e.seat("lostable0001", [x.pid for x in lost], int(time.time() * 1000))

    await store.mutate(arena.id, seat_lost)

    async def created() -> bool:
        return bool(await redis.exists("t:{lostable0001}"))

    await until(created, timeout=40)
