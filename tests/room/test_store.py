"""The Redis store on a real Redis: compare-and-set, stream, timers, typed failures."""

from __future__ import annotations

from dataclasses import replace

import pytest
import redis.asyncio as aioredis
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff

from server.errors import StoreError
from server.ops.redis_process import free_port
from server.tables import keys
from server.tables.model import Table
from server.tables.store import Store
from shared.spades import RuleSet

T0 = 5_000


def new_table(timers: dict[str, int] | None = None) -> Table:
    table = Table.new("tb1", "casual", RuleSet.preset("quick"), T0)
    return replace(table, timers=timers or {})


async def test_write_is_a_compare_and_set_with_stream_timers_and_notice(
    redis: aioredis.Redis,
) -> None:
    store = Store(redis)
    listener = redis.pubsub()
    await listener.subscribe(keys.table_channel("tb1"))
    table = new_table({"tb1|fill|-|0": T0 + 10})
    assert await store.write(None, table, {"m": "new"}) == 1
    assert await store.write(None, table, {"m": "again"}) is None  # version 0 is gone
    loaded = await store.load("tb1")
    assert loaded is not None and loaded.rev == 1 and loaded == replace(table, rev=1)
    moved = replace(loaded, timers={"tb1|turn|0|2": T0 + 99})
    assert await store.write(loaded, moved, {"s": 0, "a": "bid 3"}) == 2
    assert await store.write(loaded, moved, {"s": 0, "a": "bid 3"}) is None  # stale copy
    assert await redis.zrange(keys.TIMERS, 0, -1, withscores=True) == [(b"tb1|turn|0|2", 5099.0)]
    assert await store.events_since("tb1", 0) == [{"m": "new", "r": 1},
                                                  {"s": 0, "a": "bid 3", "r": 2}]
    assert await store.events_since("tb1", 1) == [{"s": 0, "a": "bid 3", "r": 2}]
    assert await store.events_since("tb1", 2) == []
    assert await store.game_events("tb1", 0) == [(0, "bid 3")]  # game actions only
    notices = []
    while len(notices) < 2:
        message = await listener.get_message(ignore_subscribe_messages=True, timeout=1)
        if message:
            notices.append(message["data"])
    assert len(notices) == 2
    await listener.aclose()


async def test_timers_are_claimed_once_then_leased(redis: aioredis.Redis) -> None:
    store = Store(redis)
    await redis.zadd(keys.TIMERS, {"a|bot|0|1": 100, "b|bot|1|1": 200, "c|turn|2|1": 900})
    assert await store.claim_timers(250, lease_until_ms=1000) == ["a|bot|0|1", "b|bot|1|1"]
    assert await store.claim_timers(300, lease_until_ms=1000) == []  # leased to the first
    assert sorted(await store.claim_timers(1000, lease_until_ms=2000)) == [
        "a|bot|0|1", "b|bot|1|1", "c|turn|2|1"]  # the lease ran out: another node retries
    await store.drop_timer("a|bot|0|1")
    assert await redis.zcard(keys.TIMERS) == 2


async def test_players_and_open_tables(redis: aioredis.Redis) -> None:
    store = Store(redis)
    assert await store.player("p1") == (None, None)
    await store.set_player("p1", name="Ann", table="tb1")
    assert await store.player("p1") == ("Ann", "tb1")
    await store.set_player("p1", clear_table=True)
    assert await store.player("p1") == ("Ann", None)
    await store.mark_open("casual", "tb2", 2)
    await store.mark_open("casual", "tb1", 1)
    assert await store.open_tables("casual") == ["tb1", "tb2"]
    await store.mark_closed("casual", "tb1")
    assert await store.open_tables("casual") == ["tb2"]


async def test_redis_failures_are_typed_and_readable() -> None:
    no_retry = Retry(NoBackoff(), 0)
    store = Store(aioredis.Redis(port=free_port(), socket_connect_timeout=0.5, retry=no_retry))
    with pytest.raises(StoreError) as failed:
        await store.load("tb1")
    assert "cannot reach its storage" in str(failed.value)
    assert failed.value.code == "unavailable"
    await store.close()


async def test_damaged_state_is_a_store_error(redis: aioredis.Redis) -> None:
    await redis.hset(keys.table("bad"), mapping={"rev": 3, "st": b"\x81\xa1x\x01"})
    with pytest.raises(StoreError, match="damaged"):
        await Store(redis).load("bad")
