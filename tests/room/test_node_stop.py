"""A node's stop ends all its background work even when one part fails to stop.

A part left running after the node closed its database pool and Redis client keeps
failing, and the archive queue's consumer also keeps the finished games it read pending
under its name, re-reading them so no other node ever claims them: a later node's game
page then says "No game to show" (seen in the browser suite under load, where a slow
part's stop timed out)."""

from __future__ import annotations

from dataclasses import replace

from server.node import Node
from server.ops.redis_process import free_port
from server.settings import Settings

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
    assert par_keeper._task is None
    assert node.db.pool is None
