"""A game played to its end on Redis Cluster reaches the PostgreSQL archive.

The write that ends a game also queues it for the archive; under Cluster that queue is
the stream of the table's own timer bucket (``keys.archive_queue``), so the script stays
in one slot. Before that rule the last write of every game failed with CROSSSLOT.
"""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable

import httpx
import pytest

from client.room_client import RoomClient
from server.ops.redis_cluster import RedisClusterProcess
from server.tables import keys
from server.tables.cluster import TimerLayout
from tests.archive.conftest import wait_for_json
from tests.room.conftest import launch, play_until

pytestmark = pytest.mark.slow


def test_each_timer_bucket_has_its_archive_stream_in_its_slot() -> None:
    from redis.crc import key_slot

    layout = TimerLayout.buckets()
    streams = [keys.archive_queue(t) for t in layout.keys]
    assert len(set(streams)) == len(layout.keys)
    for timers, stream in zip(layout.keys, streams, strict=True):
        assert key_slot(stream.encode()) == key_slot(timers.encode())
    assert keys.archive_queue(keys.TIMERS) == keys.ARCHIVE_QUEUE


async def test_a_game_on_the_cluster_is_archived(
        cluster: RedisClusterProcess, database_url: str,
        make_client: Callable[..., Awaitable[RoomClient]]) -> None:
    server = await launch(cluster.url, database_url=database_url, casual_preset="quick")
    try:
        client = await make_client(server.ws, name="Ann")
        await client.quick_play()
        await play_until(client, rng=random.Random(5))
        assert client.view is not None and client.token is not None and client.table
        final = client.view["scores"]
        async with httpx.AsyncClient(base_url=server.http, timeout=10,
                                     cookies={"spades_token": client.token}) as http:
            mine = await wait_for_json(http, "/api/my-games",
                                       lambda r: r.status_code == 200 and bool(r.json()["games"]))
            item = mine.json()["games"][0]
            assert item["id"] == f"{client.table}.0" and item["totals"] == final
    finally:
        await server.stop()
