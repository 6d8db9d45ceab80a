"""The pipelined connection of the store (server/tables/pipe.py) on a real Redis: replies
in order under many concurrent commands, typed errors, a restarted Redis (scripts
gone), and the same on uvloop, which the node runs on."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from pathlib import Path

import pytest
import uvloop
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import ResponseError

from server.errors import StoreError
from server.ops.redis_process import RedisProcess, free_port
from server.tables.model import Table
from server.tables.pipe import RedisPipe, pack
from server.tables.store import Store
from shared.spades import RuleSet


def test_commands_are_packed_as_resp() -> None:
    assert pack(("SET", b"k\r\n", 12)) == b"*3\r\n$3\r\nSET\r\n$3\r\nk\r\n\r\n$2\r\n12\r\n"


def test_urls() -> None:
    pipe = RedisPipe.from_url("redis://:p%40ss@127.0.0.1:7000/3")
    assert pipe is not None and (pipe.host, pipe.port, pipe.db, pipe.password) == (
        "127.0.0.1", 7000, 3, "p@ss")
    assert RedisPipe.from_url("rediss://127.0.0.1:7000/0") is None
    assert RedisPipe.from_url("unix:///tmp/redis.sock") is None


async def test_concurrent_commands_get_their_own_replies(redis_url: str) -> None:
    pipe = RedisPipe.from_url(redis_url)
    assert pipe is not None
    try:
        await asyncio.gather(*(pipe.call("SET", f"k{i}", i) for i in range(500)))
        got = await asyncio.gather(*(pipe.call("GET", f"k{i}") for i in range(500)))
        assert got == [str(i).encode() for i in range(500)]
        assert await pipe.call("HMGET", "nothing", "a", "b") == [None, None]
        with pytest.raises(ResponseError, match="wrong number"):
            await pipe.call("GET")
        assert await pipe.call("INCR", "n") == 1  # the connection goes on after an error
    finally:
        pipe.close()


async def test_no_redis_is_a_connection_error() -> None:
    pipe = RedisPipe("127.0.0.1", free_port())
    with pytest.raises(RedisConnectionError):
        await pipe.call("PING")


def new_table() -> Table:
    return Table.new("tp1", "casual", RuleSet.preset("quick"), 5_000)


async def _write_across_a_restart(tmp_path: Path) -> None:
    proc = RedisProcess(tmp_path, aof=True).start()
    store = Store.from_url(proc.url)
    try:
        assert await store.write(None, new_table(), {"m": "new"}) == 1  # NOSCRIPT, then EVAL
        loaded = await store.load("tp1")
        assert loaded is not None and loaded.rev == 1
        port = proc.port
        proc.stop()
        with pytest.raises(StoreError):
            await store.load("tp1")
        proc = RedisProcess(tmp_path, aof=True, port=port).start()
        # the script cache is empty after the restart; the version survived in the AOF
        moved = replace(loaded, seats=loaded.seats[::-1])
        assert await store.write(loaded, moved, {"m": "x"}) == 2
        assert await store.write(loaded, moved, {"m": "x"}) is None  # stale copy
    finally:
        await store.close()
        proc.stop()


async def test_a_store_writes_across_a_redis_restart(tmp_path: Path) -> None:
    await _write_across_a_restart(tmp_path)


def test_the_same_on_uvloop(tmp_path: Path) -> None:
    uvloop.run(_write_across_a_restart(tmp_path))
