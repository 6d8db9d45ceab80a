"""A game played to its end on Redis Cluster reaches the PostgreSQL archive.

The write that ends a game also queues it for the archive; under Cluster that queue is
the stream of the table's own timer bucket (``keys.archive_queue``), so the script stays
in one slot. Before that rule the last write of every game failed with CROSSSLOT.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import asyncpg
import httpx
import pytest

from client.cluster_stats import ClusterStats
from client.room_client import RoomClient
from server.archive import queue as archive_queue
from server.archive.queue import ArchiveQueue
from server.ops.redis_cluster import RedisClusterProcess
from server.tables import keys
from server.tables.cluster import TimerLayout, cluster_client, parse_cluster_url
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


NOT_A_GAME = {b"st": b"\x00not a game", b"rev": b"1", b"log": b""}


@contextlib.asynccontextmanager
async def _cluster_queue(cluster: RedisClusterProcess, database_url: str, name: str
                         ) -> AsyncIterator[tuple[Any, list[str], ArchiveQueue]]:
    """A node's archive queue on ``cluster`` (not started): its client, the 64 bucket
    streams and the queue; stopped and closed after."""
    client = cluster_client(parse_cluster_url(cluster.url))
    await client.initialize()
    streams = [keys.archive_queue(t) for t in TimerLayout.buckets().keys]
    pool = await asyncpg.create_pool(database_url, min_size=0, max_size=2)
    queue = ArchiveQueue(client, pool, name, streams=streams)
    try:
        yield client, streams, queue
    finally:
        await queue.stop()
        await pool.close()
        await client.aclose()


async def _queue_and_wait_read(client: Any, stream: str, unread: str,
                               woken: ArchiveQueue | None = None) -> None:
    """Add an entry (not a game) to ``stream``, waking ``woken`` for it as the node that
    queues a game does; it must be read within 30 s, an upper bound for a loaded machine
    (else fail with ``unread``)."""
    await client.xadd(stream, NOT_A_GAME)
    if woken is not None:
        woken.wake(stream)
    deadline = time.monotonic() + 30
    while await client.xlen(stream) and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    assert await client.xlen(stream) == 0, unread


async def test_the_archive_queue_reads_the_cluster_when_told_not_all_the_time(
        redis_cluster: RedisClusterProcess, database_url: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The queue has a stream per timer bucket. It reads one when its node queued a game
    there (``wake``) and sweeps them all every ``SWEEP_S``, whatever the load: each read
    one call, never preceded by redis-py's ``COMMAND GETKEYS`` to find the stream's
    slot. Here no sweep or claim is due for an hour, so after the first sweep only a
    wake can read a stream."""
    monkeypatch.setattr(archive_queue, "SWEEP_S", 3600.0)
    monkeypatch.setattr(archive_queue, "CLAIM_IDLE_MS", 3_600_000 * archive_queue.CLAIMS_PER_IDLE)
    stats = ClusterStats(redis_cluster.url)  # the masters' commands, summed
    try:
        async with _cluster_queue(redis_cluster, database_url, "idle") as (client, streams,
                                                                           queue):
            before = await stats.info("commandstats")
            await queue.start()
            await asyncio.sleep(2.0)
            after = await stats.info("commandstats")
            calls = {name: stat["calls"] - before.get(name, {"calls": 0})["calls"]
                     for name, stat in after.items()}

            await _queue_and_wait_read(client, streams[17], "a woken stream was not read",
                                       woken=queue)
            assert await client.xlen(archive_queue.BAD_ENTRIES) == 1
    finally:
        await stats.aclose()
    assert calls.get("cmdstat_command|getkeys", 0) == 0
    # the first sweep: each stream's own pending entries, others' stuck ones, new ones
    assert calls.get("cmdstat_xreadgroup", 0) <= 2 * len(streams)
    assert calls.get("cmdstat_xautoclaim", 0) <= len(streams)


async def test_a_game_no_node_was_woken_for_is_read_by_the_sweep(
        redis_cluster: RedisClusterProcess, database_url: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A node that died after queuing a game and before reading it wakes nobody: the
    other nodes' sweep reads the stream all the same."""
    monkeypatch.setattr(archive_queue, "SWEEP_S", 0.5)
    # no claim due for an hour: a claim also reads every stream, and it is not tested here
    monkeypatch.setattr(archive_queue, "CLAIM_IDLE_MS", 3_600_000 * archive_queue.CLAIMS_PER_IDLE)
    async with _cluster_queue(redis_cluster, database_url, "survivor") as (client, streams,
                                                                           queue):
        await queue.start()
        # The first entry is read by the start's sweep (or the next); once it is gone,
        # that sweep has passed this stream, so only a later one can read the second.
        for added in (1, 2):
            await _queue_and_wait_read(client, streams[40], "an unwoken stream was never swept")
            assert await client.xlen(archive_queue.BAD_ENTRIES) == added
