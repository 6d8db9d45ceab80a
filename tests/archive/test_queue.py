"""The archive queue: a game's end waits in the Redis stream and is written once, by
any node, whatever fails in between (PostgreSQL down, a node dead mid-write, an entry
read twice); an entry that is not a game is set aside, never retried forever."""

from __future__ import annotations

import asyncio
import random
import shutil
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import replace

import asyncpg
import httpx
import pytest
import redis.asyncio as redis_async

from client.room_client import RoomClient
from server.archive import queue as archive_queue
from server.archive.queue import BAD_ENTRIES, GROUP, ArchiveQueue
from server.ops.pg_process import PgProcess
from server.tables.keys import ARCHIVE_QUEUE
from server.tables.model import Seat, Table, encode_table
from shared.archive.generate import random_game
from shared.spades import RuleSet
from tests.conftest import pg_reachable_dir
from tests.room.conftest import LocalServer, launch, play_until

from .conftest import wait_for_json

ANN = "a1a1a1a1a1a1a1a1"


def finished_entry(table_id: str = "tbl1", seed: int = 7) -> dict[bytes, bytes]:
    """The fields apply.lua queues for a finished casual game (Ann and three bots)."""
    rules = RuleSet.preset("quick")
    game = random_game(rules, seed)
    seats = (Seat(ANN, "Ann"), *(Seat(None, f"Bot {i}", bot=True) for i in range(3)))
    table = replace(Table.new(table_id, "casual", rules, 1_764_612_000_000), seats=seats,
                    game=game, status="over")
    log = "\n".join(f"{seat} {action}" for seat, action in game.events)
    return {b"st": encode_table(table), b"rev": b"300", b"log": log.encode(),
            b"gs": b"1764612000500"}


async def wait_until(check: Callable[[], Awaitable[bool]], timeout: float = 30.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not await check():
        assert asyncio.get_running_loop().time() < deadline, "timed out"
        await asyncio.sleep(0.05)


async def stored(pool: asyncpg.Pool) -> int:
    async with pool.acquire() as conn:
        count: int = await conn.fetchval("SELECT count(*) FROM games")
        return count


async def test_an_entry_queued_twice_is_stored_once_and_the_queue_empties(
        redis: redis_async.Redis, pool: asyncpg.Pool) -> None:
    fields = finished_entry()
    await redis.xadd(ARCHIVE_QUEUE, fields)
    await redis.xadd(ARCHIVE_QUEUE, fields)
    consumers = [ArchiveQueue(redis, pool, f"node{i}") for i in range(2)]
    for consumer in consumers:
        await consumer.start()
    try:
        await wait_until(lambda: _empty(redis))
        assert await stored(pool) == 1
        assert sum(c.written for c in consumers) == 1
        async with pool.acquire() as conn:
            row = await conn.fetchrow("SELECT * FROM games")
            assert row["id"] == "tbl1.0" and row["kind"] == "casual"
            assert round(row["started"].timestamp() * 1000) == 1_764_612_000_500
    finally:
        for consumer in consumers:
            await consumer.stop()


async def _empty(redis: redis_async.Redis) -> bool:
    return await redis.xlen(ARCHIVE_QUEUE) == 0


async def test_a_bad_entry_is_set_aside_and_the_next_game_still_written(
        redis: redis_async.Redis, pool: asyncpg.Pool) -> None:
    good = finished_entry("good")
    lying = {**finished_entry("liar"), b"log": b"0 look\n0 bid 4"}  # not the game
    await redis.xadd(ARCHIVE_QUEUE, {b"st": b"\x00garbage", b"rev": b"1", b"log": b""})
    await redis.xadd(ARCHIVE_QUEUE, lying)
    await redis.xadd(ARCHIVE_QUEUE, good)
    consumer = ArchiveQueue(redis, pool, "node1")
    await consumer.start()
    try:
        await wait_until(lambda: _empty(redis))
        assert await stored(pool) == 1
        bad = await redis.xrange(BAD_ENTRIES)
        assert len(bad) == 2
        assert b"damaged" in bad[0][1][b"error"] and b"replay" in bad[1][1][b"error"]
    finally:
        await consumer.stop()


async def test_a_game_read_by_a_node_that_died_is_claimed_by_another(
        redis: redis_async.Redis, pool: asyncpg.Pool, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(archive_queue, "CLAIM_IDLE_MS", 200)
    await redis.xgroup_create(ARCHIVE_QUEUE, GROUP, id="0", mkstream=True)
    await redis.xadd(ARCHIVE_QUEUE, finished_entry())
    # "dead" read the entry and died before writing it: it stays pending, its own
    read = await redis.xreadgroup(GROUP, "dead", {ARCHIVE_QUEUE: ">"}, count=10)
    assert len(read[0][1]) == 1
    consumer = ArchiveQueue(redis, pool, "alive")
    await consumer.start()
    try:
        await wait_until(lambda: _empty(redis))
        assert await stored(pool) == 1 and consumer.written == 1
        assert (await redis.xpending(ARCHIVE_QUEUE, GROUP))["pending"] == 0
    finally:
        await consumer.stop()


@pytest.fixture
def own_pg() -> AsyncIterator[PgProcess]:
    """A PostgreSQL of this test's own, to stop and start (not the session's)."""
    base = pg_reachable_dir("spades-outage-")
    proc = PgProcess(base / "data", durable=False).start()
    try:
        from server.archive.db import migrate

        migrate(proc.url)
        yield proc  # type: ignore[misc]
    finally:
        proc.stop()
        shutil.rmtree(base, ignore_errors=True)


@pytest.mark.slow
async def test_postgres_stopped_mid_game_stops_no_play_and_the_game_is_written_later(
        redis_url: str, own_pg: PgProcess,
        make_client: Callable[..., Awaitable[RoomClient]]) -> None:
    server: LocalServer = await launch(redis_url, database_url=own_pg.url,
                                       casual_preset="quick")
    try:
        client = await make_client(server.ws, name="Ann")
        await client.quick_play()
        # mid-game by construction: the table waits for this client's turns
        await play_until(client, lambda c: bool(c.view and c.my_turn
                                                and len(c.view["tricks"]) >= 3),
                         rng=random.Random(4))
        await asyncio.to_thread(own_pg.stop)
        await play_until(client, rng=random.Random(4))  # the game goes on to its end
        assert client.view is not None and client.view["over"] and client.token
        queue = server.room.store.client
        assert await queue.xlen(ARCHIVE_QUEUE) == 1  # waiting for PostgreSQL
        async with httpx.AsyncClient(base_url=server.http, timeout=10,
                                     cookies={"spades_token": client.token}) as http:
            down = await http.get("/api/my-games")
            assert down.status_code == 503
            assert down.json()["error"]["code"] == "archive_unavailable"
            await asyncio.to_thread(own_pg.start)
            mine = await wait_for_json(http, "/api/my-games", lambda r: r.status_code == 200
                                       and bool(r.json()["games"]))
            assert mine.json()["games"][0]["totals"] == client.view["scores"]
        assert await queue.xlen(ARCHIVE_QUEUE) == 0
        assert server.app.state.archive is not None
    finally:
        await server.stop()
