"""On a real Redis Cluster a node never loses a table's notices, however many of its
tables subscribe at the same moment.

Fifty private tables are made at once on node A (a node full of returning players
subscribes that way); fifty guests join them at once on node B. Each change written by
one node reaches the other node's socket only as a pub/sub notice (a node passes its own
writes to its own sockets directly), so every table's host seeing its guest sit down,
and every guest seeing the host start, is every notice of every table arriving on both
nodes. Then each master must hold exactly one sharded-subscription connection per node,
carrying every table that node follows on that master.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import pytest
import redis
from redis.crc import key_slot

from client.room_client import RoomClient
from server.ops.redis_cluster import RedisClusterProcess
from server.tables import keys
from shared.protocol import Created, CreatePrivate, Join, StartGame
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
    await asyncio.gather(*(until(h, lambda c: c.seats[1].get("name") is not None,
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
