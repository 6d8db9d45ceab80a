"""A master killed under a node: every Redis failure the node meets is wrapped and
logged on one line, play resumes on the promoted replica, and the node's notices follow
the tables there.

Under uvloop a write to a socket the dead master closed raises ``RuntimeError``
("unable to perform operation on <TCPTransport closed=True ...>"), not an ``OSError``:
the archive queue and the ranked matcher, which poll every master all the time, logged
it as a traceback of an unknown failure (and the matcher did the same with redis-py's
RedisClusterException, which is not a RedisError either).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from redis.crc import key_slot

from server.ops.redis_cluster import RedisClusterProcess
from tests.faults.games import MakeClient, Player, over, play, seat_one_per_table, waited_on
from tests.room.conftest import Node

SpawnNode = Callable[..., Node]

pytestmark = [pytest.mark.slow, pytest.mark.timeout(600)]
TABLES = 6
MORE_ACTIONS = 3  # each person's acknowledged actions after the kill: play went on


def records(log: str) -> list[dict[str, Any]]:
    """The node's log records (one JSON object a line; other lines are not records)."""
    found = []
    for line in log.splitlines():
        with contextlib.suppress(ValueError):
            record = json.loads(line)
            if isinstance(record, dict):
                found.append(record)
    return found


async def test_a_master_killed_is_logged_on_one_line_and_play_resumes(
    spawn_node: SpawnNode, make_client: MakeClient, redis_cluster: RedisClusterProcess
) -> None:
    cluster = redis_cluster
    # The matcher polls Redis twenty times a second: it meets the outage for sure.
    node = spawn_node(REDIS_URL=cluster.url, MATCH_EVERY_S="0.05")
    players = await seat_one_per_table(make_client, [[node.ws]] * TABLES)
    await asyncio.gather(*(play(p, waited_on(p), rng=random.Random(i))
                           for i, p in enumerate(players)))
    assert not any(over(p.client) for p in players)
    masters = {n.port: n for n in cluster.master_nodes()}
    on_master = {port: [p for p in players if p.client.table and cluster.master_of_slot(
        key_slot(p.client.table.encode())) == port] for port in masters}
    victim = max(masters, key=lambda port: len(on_master[port]))
    assert on_master[victim], "no table on any master"

    cluster.kill_master(masters[victim])

    def further(player: Player) -> Callable[..., bool]:
        goal = len(player.acked) + MORE_ACTIONS
        return lambda client: over(client) or len(player.acked) >= goal

    await asyncio.gather(*(play(p, further(p), rng=random.Random(100 + i), timeout=180)
                           for i, p in enumerate(players)))
    cluster.wait_healthy()
    assert node.proc.poll() is None
    logged = records(node.log())
    # A dead master is an outage the node rides out, not a bug: no traceback at all
    # (the archive queue's and the ranked matcher's were RuntimeError "TCPTransport
    # closed" and RedisClusterException, neither a RedisError).
    tracebacks = [f"{r['logger']}: {r['msg']}\n{r['exc']}" for r in logged if "exc" in r]
    assert not tracebacks, "\n\n".join(tracebacks)
    # It was seen, and said in one line each.
    warned = {r["logger"] for r in logged if r["level"] == "WARNING"}
    assert {"server.tables.pubsub", "server.tables.store"} <= warned, warned
