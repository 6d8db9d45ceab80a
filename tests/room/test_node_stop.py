"""A node's stop ends all its background work even when one part fails to stop.

A part left running after the node closed its database pool and Redis client keeps
failing, and the archive queue's consumer also keeps the finished games it read pending
under its name, re-reading them so no other node ever claims them: a later node's game
page then says "No game to show" (seen in the browser suite under load, where a slow
part's stop timed out)."""

from __future__ import annotations

import asyncio
from dataclasses import replace

from server.archive.db import Database
from server.errors import StoreError
from server.node import Node
from server.ops.redis_process import free_port
from server.settings import Settings
from server.tournaments.service import Tournaments
from shared.tournaments import Calendar

from .conftest import FAST


async def test_every_part_stops_when_one_part_fails(redis_url: str, database_url: str) -> None:
    settings = replace(Settings(redis_url=redis_url, port=free_port(), **FAST),
                       database_url=database_url)
    node = Node(settings)
    await node.start()
    assert node.archive is not None and node.par_keeper is not None

    async def fails() -> None:
        raise TimeoutError("a part's stop timed out")

    node.tournaments.stop = fails  # type: ignore[method-assign]
    archive, par_keeper = node.archive, node.par_keeper
    await node.stop()
    assert archive._task is not None and archive._task.done()
    assert not par_keeper.running
    assert node.db.pool is None


async def test_a_tick_that_turns_the_stop_into_an_error_still_ends(redis_url: str,
                                                                   database_url: str) -> None:
    """A Redis call in flight when the stop's cancel arrives may come out as a Redis error
    instead of the cancellation (a connect timeout that catches it first). The loop then
    took it for a failed tick and went on for ever: a stopped node's tournaments kept
    creating the calendar's events, and its matcher kept pairing, in a Redis the next
    test had emptied."""
    settings = replace(Settings(redis_url=redis_url, port=free_port(), **FAST),
                       database_url=database_url)
    node = Node(settings)  # not started: only its room is lent to the service
    service = Tournaments(node.room, Database(None), tick_s=0.01, calendar=Calendar(""))
    ticks = 0
    started = asyncio.Event()

    async def tick() -> None:
        nonlocal ticks
        ticks += 1
        if ticks > 1:
            return  # a quick tick: a loop still running counts on
        started.set()
        try:
            await asyncio.sleep(3600)
        except asyncio.CancelledError:
            raise StoreError("Redis timed out") from None

    service.tick = tick  # type: ignore[method-assign]
    try:
        await service.start()
        await started.wait()
        await service.stop()
        await asyncio.sleep(0.2)  # twenty ticks' time: a loop still running would tick
        assert ticks == 1
    finally:
        await service.stop()
        await node.room.notices.stop()  # the service's start listened on the node's channel
        await node.store.close()
