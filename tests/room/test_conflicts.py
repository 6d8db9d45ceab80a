"""A write that loses the version race re-reads, decides again, and tells the sockets."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import replace

import redis.asyncio as aioredis

from client.room_client import RoomClient
from server.tables.actor import Change
from server.tables.model import Table
from server.tables.store import Store

from .conftest import LocalServer, play_until


async def test_a_lost_race_is_retried_on_fresh_state(
    start_server: Callable[..., Awaitable[LocalServer]],
    make_client: Callable[..., Awaitable[RoomClient]],
    redis: aioredis.Redis,
) -> None:
    server = await start_server(bot_pace_s=30.0)
    client = await make_client(server.ws)
    await client.quick_play()
    await play_until(client, lambda c: c.status == "playing")
    assert client.table is not None and client.seat is not None and client.pid is not None
    actor = server.room.actor(client.table)
    bot_seat = (client.seat + 1) % 4
    calls: list[int] = []

    def rename_me(table: Table) -> Change | None:
        calls.append(table.rev)
        changed = table.rename(client.pid, "Renamed")  # type: ignore[arg-type]
        return None if changed is None else Change(changed, {"m": "name"})

    async with actor.lock:  # this node is busy; meanwhile another node writes
        cached = await actor._current()
        seats = list(cached.seats)
        seats[bot_seat] = replace(seats[bot_seat], name="Zed (bot)")
        assert await Store(redis).write(cached, replace(cached, seats=tuple(seats)),
                                        {"m": "elsewhere"}) == cached.rev + 1
        rev = await actor._mutate(rename_me)
    assert calls == [cached.rev, cached.rev + 1]  # decided again on the fresh table
    assert rev == cached.rev + 2
    stored = await server.room.store.load(client.table)
    assert stored is not None and stored.rev == rev
    assert stored.seats[bot_seat].name == "Zed (bot)"
    assert stored.seats[client.seat].name == "Renamed"
    while client.version < rev:
        await client.next_update()
    assert client.seats[bot_seat]["name"] == "Zed (bot)"  # the other node's change too
    assert client.seats[client.seat]["name"] == "Renamed"
