"""Presence (server/social/presence.py) on a real Redis: counts per node, liveness by
the node key, what a reader sees, and bursts that must not need a connection each."""

from __future__ import annotations

import asyncio

import redis.asyncio as aioredis

from server.social.presence import Presence, busiest, node_key, presence_key


async def test_a_second_socket_costs_no_write_and_the_last_close_removes_the_field(
        redis: aioredis.Redis) -> None:
    here = Presence(redis, "n1", ttl_s=5)
    await here.start()
    try:
        here.connect("a" * 16)
        await here.flushed()
        info = await redis.info("stats")
        before = int(info["total_commands_processed"])
        here.connect("a" * 16)
        here.set_doing("a" * 16, "lobby")  # unchanged: nothing to write
        await here.flushed()
        info = await redis.info("stats")
        assert int(info["total_commands_processed"]) == before + 1  # only that INFO
        assert await here.doing_of(["a" * 16]) == {"a" * 16: "lobby"}
        here.disconnect("a" * 16)
        await here.flushed()
        assert await here.doing_of(["a" * 16]) == {"a" * 16: "lobby"}
        here.disconnect("a" * 16)
        await here.flushed()
        assert await here.doing_of(["a" * 16]) == {"a" * 16: None}
        assert not await redis.exists(presence_key("a" * 16))
    finally:
        await here.stop()


async def test_a_dead_nodes_fields_read_offline_and_are_removed(
        redis: aioredis.Redis) -> None:
    dead, live = Presence(redis, "dead", ttl_s=5), Presence(redis, "live", ttl_s=5)
    await dead.start()
    await live.start()
    try:
        dead.connect("b" * 16, "playing:t1")
        live.connect("b" * 16)
        live.connect("c" * 16)
        await dead.flushed()
        await live.flushed()
        assert await live.doing_of(["b" * 16]) == {"b" * 16: "playing:t1"}
        await redis.delete(node_key("dead"))  # what the TTL does to a killed node
        assert await live.doing_of(["b" * 16, "c" * 16]) == {"b" * 16: "lobby",
                                                             "c" * 16: "lobby"}
        assert await redis.hkeys(presence_key("b" * 16)) == [b"live"]
    finally:
        await dead.stop()
        await live.stop()
    assert not await redis.exists(node_key("live"))  # a clean stop says goodbye


async def test_the_node_key_is_kept_alive_by_the_heartbeat(redis: aioredis.Redis) -> None:
    here = Presence(redis, "beating", ttl_s=3)
    await here.start()
    try:
        first = await redis.pttl(node_key("beating"))
        assert 0 < first <= 3000
        await asyncio.sleep(0.2)  # lower than the first PTTL, whatever the machine's speed
        deadline = asyncio.get_running_loop().time() + 30
        while await redis.pttl(node_key("beating")) <= first - 100:  # not yet renewed
            assert asyncio.get_running_loop().time() < deadline, "never renewed"
            await asyncio.sleep(0.05)
    finally:
        await here.stop()


async def test_a_reconnect_burst_goes_through_a_small_connection_pool(
        redis_url: str) -> None:
    client = aioredis.Redis.from_url(redis_url, max_connections=2)
    here = Presence(client, "burst", ttl_s=5)
    await here.start()
    try:
        pids = [f"{i:016x}" for i in range(2000)]
        for pid in pids:
            here.connect(pid)
        await here.flushed()
        seen = await here.doing_of(pids)
        assert all(seen[p] == "lobby" for p in pids)
    finally:
        await here.stop()
        await client.aclose()


def test_busiest_prefers_playing_then_watching() -> None:
    assert busiest(["lobby", "watching:t", "playing:u"]) == "playing:u"
    assert busiest(["lobby", "watching:t"]) == "watching:t"
    assert busiest([]) is None
