"""On a real Redis Cluster a node never loses a table's notices, however many of its
tables subscribe at the same moment.

Fifty private tables are made at once on node A (a node full of returning players
subscribes that way); fifty guests join them at once on node B. Each change written by
one node reaches the other node's socket only as a pub/sub notice (a node passes its own
writes to its own sockets directly), so every table's host seeing its guest sit down,
and every guest seeing the host start, is every notice of every table arriving on both
nodes. Then each master must hold exactly one sharded-subscription connection per node,
carrying every table that node follows on that master.

And when a table's slot moves to another master, its channel follows it there.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
import redis
from redis.crc import key_slot

from client.room_client import RoomClient
from server.ops.redis_cluster import RedisClusterProcess
from server.tables import keys
from server.tables.model import Table
from server.tables.store import Store
from shared.protocol import Created, CreatePrivate, Join, StartGame
from shared.spades import RuleSet
from tests.room.conftest import Node

SpawnNode = Callable[..., Node]
MakeClient = Callable[..., Awaitable[RoomClient]]

# Two nodes, a hundred sockets and a six-process cluster on a loaded 2-core machine.
pytestmark = [pytest.mark.slow, pytest.mark.timeout(600)]
TABLES = 50
# Room for a machine at load 30: a lost notice never arrives, however long one waits.
PATIENCE_S = 60.0

# The nodes' limits are for people, not for one test address holding a hundred sockets.
ROOMY = {"TABLES_PER_ADDRESS": "1000", "MAX_CONNS_PER_ADDRESS": "1000",
         "CASUAL_PRESET": "quick"}


async def until(client: RoomClient, done: Callable[[RoomClient], bool], what: str) -> None:
    """Read the client's updates until ``done(client)``; fail after ``PATIENCE_S``."""
    deadline = asyncio.get_running_loop().time() + PATIENCE_S
    while not done(client):
        left = deadline - asyncio.get_running_loop().time()
        if left <= 0:
            raise AssertionError(f"{what}: never seen at table {client.table} "
                                 f"(version {client.version})")
        try:
            await client.next_update(timeout=min(left, 1.0))
        except TimeoutError:
            continue


def sharded_subscribers(port: int) -> list[dict[str, str]]:
    """The connections of a master that hold sharded subscriptions (CLIENT LIST)."""
    with redis.Redis(port=port) as master:
        clients = master.client_list()
    return [c for c in clients if int(c.get("ssub", "0")) > 0]


async def test_fifty_tables_made_at_once_lose_no_notice_on_a_cluster(
    spawn_node: SpawnNode, make_client: MakeClient, redis_cluster: RedisClusterProcess
) -> None:
    cluster = redis_cluster
    a = spawn_node(REDIS_URL=cluster.url, **ROOMY)
    b = spawn_node(REDIS_URL=cluster.url, **ROOMY)
    hosts = await asyncio.gather(*(make_client(a.ws, name=f"H{i}", timeout=PATIENCE_S)
                                   for i in range(TABLES)))
    guests = await asyncio.gather(*(make_client(b.ws, name=f"G{i}", timeout=PATIENCE_S)
                                    for i in range(TABLES)))

    # All fifty tables made at once on A: fifty subscriptions at the same moment.
    created = await asyncio.gather(*(h.request(CreatePrivate(preset="quick", bots="easy"))
                                     for h in hosts))
    assert all(isinstance(c, Created) for c in created)
    tables = [c.table for c in created]
    assert len(set(tables)) == TABLES
    by_master: dict[int, int] = {}
    for table in tables:
        port = cluster.master_of_slot(key_slot(keys.table_channel(table).encode()))
        by_master[port] = by_master.get(port, 0) + 1
    assert set(by_master) == {n.port for n in cluster.master_nodes()}, "not on every master"

    # All fifty guests join at once on B: B's fifty subscriptions, and B's writes, which
    # A's hosts see only through their tables' notices.
    await asyncio.gather(*(g.request(Join(code=c.invite)) for g, c in zip(guests, created,
                                                                          strict=True)))
    # (An invited guest takes the host's partner seat: any seat but the host's.)
    await asyncio.gather(*(until(h, lambda c: sum(s.get("name") is not None
                                                   for s in c.seats) == 2,
                                 "the guest sitting down (B's notice on A)") for h in hosts))

    # The hosts start on A; the guests on B see it only through the notices.
    await asyncio.gather(*(h.request(StartGame()) for h in hosts))
    await asyncio.gather(*(until(g, lambda c: c.status == "playing",
                                 "the host starting (A's notice on B)") for g in guests))

    # One sharded-subscription connection per node on each master, holding every table
    # of that master (each node follows all fifty).
    for port, count in by_master.items():
        held = sharded_subscribers(port)
        assert len(held) == 2, (port, held)
        assert sorted(int(c["ssub"]) for c in held) == [count, count], (port, held)
    assert a.proc.poll() is None and b.proc.poll() is None


class Heard:
    """The notices a node's multiplexer hands on, and its resets."""

    def __init__(self) -> None:
        self.notices: list[tuple[str, dict[str, Any]]] = []
        self.resets = 0
        self.changed = asyncio.Event()

    def notice(self, table_id: str, notice: dict[str, Any]) -> None:
        self.notices.append((table_id, notice))
        self.changed.set()

    def reset(self) -> None:
        self.resets += 1
        self.changed.set()

    async def until(self, done: Callable[[], bool]) -> None:
        async with asyncio.timeout(PATIENCE_S):
            while not done():
                self.changed.clear()
                await self.changed.wait()


def move_slot(cluster: RedisClusterProcess, slot: int, source: int, target: int) -> None:
    """Migrate an empty ``slot`` from the master on port ``source`` to ``target``, as
    ``redis-cli --cluster reshard`` does (no keys to MIGRATE)."""
    with redis.Redis(port=source) as src, redis.Redis(port=target) as dst:
        assert src.execute_command("CLUSTER", "COUNTKEYSINSLOT", slot) == 0
        src_id = src.execute_command("CLUSTER", "MYID").decode()
        dst_id = dst.execute_command("CLUSTER", "MYID").decode()
        dst.execute_command("CLUSTER", "SETSLOT", slot, "IMPORTING", src_id)
        src.execute_command("CLUSTER", "SETSLOT", slot, "MIGRATING", dst_id)
        dst.execute_command("CLUSTER", "SETSLOT", slot, "NODE", dst_id)
        src.execute_command("CLUSTER", "SETSLOT", slot, "NODE", dst_id)
    deadline = time.monotonic() + PATIENCE_S
    for node in cluster.master_nodes():  # every master knows the new owner (gossip)
        while cluster_owner(node.port, slot) != dst_id:
            assert time.monotonic() < deadline, "the cluster did not learn the slot's move"
            time.sleep(0.02)


def cluster_owner(port: int, slot: int) -> str:
    with redis.Redis(port=port) as client:
        for start, end, master, *_ in client.execute_command("CLUSTER", "SLOTS"):
            if int(start) <= slot <= int(end):
                return str(master[2].decode())
    return ""


async def test_a_tables_channel_follows_its_slot_to_another_master(
    redis_cluster: RedisClusterProcess,
) -> None:
    cluster = redis_cluster
    store = Store.from_url(cluster.url)
    await store.connect()
    heard = Heard()
    notices = store.notices("mover", heard.notice, heard.reset)
    await notices.start()
    try:
        table_id = store.new_table_id(6)
        channel = keys.table_channel(table_id)
        slot = key_slot(channel.encode())
        source = cluster.master_of_slot(slot)
        target = next(n.port for n in cluster.master_nodes() if n.port != source)
        await notices.subscribe(table_id)
        assert [int(c["ssub"]) for c in sharded_subscribers(source)] == [1]

        # Redis drops the channel's subscription when its slot leaves the master: the
        # node must subscribe it again on the new master, and re-read its tables.
        move_slot(cluster, slot, source, target)
        await heard.until(lambda: heard.resets > 0)
        assert sharded_subscribers(source) == []
        assert [int(c["ssub"]) for c in sharded_subscribers(target)] == [1]
        table = Table.new(table_id, "casual", RuleSet.preset("quick"), 5_000)
        assert await store.write(None, table, {"m": "new"}) == 1
        await heard.until(lambda: bool(heard.notices))
        assert [(t, n["r"]) for t, n in heard.notices] == [(table_id, 1)]
    finally:
        await notices.stop()
        await store.close()
