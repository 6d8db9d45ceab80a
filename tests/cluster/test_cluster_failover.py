"""Two room nodes play 50 tables on a real Redis Cluster (three masters, three
replicas), the tables spread over every master; mid-game one master is SIGKILLed: its
replica is promoted, the nodes find the new master, every game finishes and every
action a client saw acknowledged is in its table's log (compared as the Redis crash
test does, tests/faults/test_redis_crash.py)."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable

import pytest
from redis.asyncio.cluster import ClusterNode, RedisCluster
from redis.crc import key_slot

from server.ops.redis_cluster import RedisClusterProcess
from tests.faults.games import (
    MakeClient,
    is_subsequence,
    over,
    play,
    seat_one_per_table,
    stored_actions,
    waited_on,
)
from tests.room.conftest import Node

SpawnNode = Callable[..., Node]

# Fifty whole games on two nodes and a six-process cluster: minutes on a loaded 2-core
# machine, so the suite's 120 s per test would fail it for the machine's speed.
pytestmark = [pytest.mark.slow, pytest.mark.timeout(900)]
GAMES = 50


async def test_fifty_tables_over_three_masters_survive_a_master_sigkill(
    spawn_node: SpawnNode, make_client: MakeClient, redis_cluster: RedisClusterProcess
) -> None:
    cluster = redis_cluster
    a, b = spawn_node(REDIS_URL=cluster.url), spawn_node(REDIS_URL=cluster.url)
    orders = [[a.ws, b.ws] if i % 2 == 0 else [b.ws, a.ws] for i in range(GAMES)]
    players = await seat_one_per_table(make_client, orders)
    tables: dict[str, int] = {}  # table id -> the port of its master
    for player in players:
        assert player.client.table is not None
        tables[player.client.table] = cluster.master_of_slot(key_slot(player.client.table.encode()))
    masters = {node.port: node for node in cluster.master_nodes()}
    assert set(tables.values()) == set(masters), "the tables are not on every master"

    # Each game is played until its person has had three actions acknowledged and it is
    # their turn again: every table then waits for a person, so all 50 games are still on
    # when the master dies, however fast the machine plays the bots.
    await asyncio.gather(*(play(p, waited_on(p), rng=random.Random(i))
                           for i, p in enumerate(players)))
    assert not any(over(p.client) for p in players)
    victim = max(masters, key=lambda port: sum(1 for m in tables.values() if m == port))
    on_victim = [p for p in players if tables[p.client.table or ""] == victim]
    games = asyncio.gather(*(play(p, rng=random.Random(100 + i), timeout=120)
                             for i, p in enumerate(players)))
    # SIGKILL: no shutdown. Its replica is promoted after the node time-out (1.5 s);
    # the players at its tables, whose turn it is, are answered "unavailable" meanwhile.
    cluster.kill_master(masters[victim])
    await games
    assert all(over(p.client) for p in players)
    assert sum(p.refused.get("unavailable", 0) for p in on_victim) > 0, "the master was not missed"
    assert a.proc.poll() is None and b.proc.poll() is None
    cluster.wait_healthy()
    moved = {cluster.master_of_slot(key_slot(p.client.table.encode())) for p in on_victim
             if p.client.table}
    assert victim not in moved  # the replica serves the dead master's tables now

    client = RedisCluster(startup_nodes=[ClusterNode("127.0.0.1", n.port)
                                         for n in cluster.live_nodes()])
    try:
        for player in players:
            assert player.client.table is not None
            events = await stored_actions(client, player.client.table)  # type: ignore[arg-type]
            mine = [text for seat, text in events if seat == player.client.seat]
            # An action whose answer was lost with the master may be stored without an
            # ack: the acknowledged ones are all there, in order.
            assert is_subsequence(player.acked, mine), (player.acked, mine)
    finally:
        await client.aclose()
