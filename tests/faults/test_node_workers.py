"""``WORKERS=2``: two node processes share one port (SO_REUSEPORT) under one launcher;
a table's players on both, one worker killed mid-hand, the launcher killed at the end."""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import re
import signal
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

import httpx
import pytest
import redis.asyncio as aioredis

from client.room_client import RoomClient
from tests.killed_node import _alive
from tests.room.conftest import Node

from .games import MakeClient, Player, play, stored_actions

SpawnNode = Callable[..., Node]

pytestmark = pytest.mark.slow
STARTED = re.compile(r"Node worker \S+ started \(pid (\d+)\)")
BOUND_S = 90.0  # generous: a worker's imports on a machine at load 20


def workers(node: Node) -> list[int]:
    """The pids of the workers the launcher printed it started, in order."""
    return [int(pid) for pid in STARTED.findall(node.log())]


def worker_of(client: RoomClient, port: int, pids: list[int]) -> int:
    """The worker holding the server's end of ``client``'s socket: the socket whose
    local port is the room's and remote port the client's (/proc/net/tcp), found among
    each worker's open files."""
    assert client._ws is not None
    mine = client._ws.local_address[1]
    inode = ""
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        local, remote = fields[1], fields[2]
        if int(local.split(":")[1], 16) == port and int(remote.split(":")[1], 16) == mine:
            inode = fields[9]
    assert inode, f"no server socket for the client's port {mine}"
    for pid in pids:
        for fd in Path(f"/proc/{pid}/fd").iterdir():
            try:
                if os.readlink(fd) == f"socket:[{inode}]":
                    return pid
            except OSError:
                continue
    raise AssertionError(f"no worker holds socket {inode}")


def mid_hand(client: RoomClient) -> bool:
    return bool(client.view and len(client.view["tricks"]) >= 3 and not client.view["over"])


def hands_later(hand: int) -> Callable[[RoomClient], bool]:
    return lambda c: bool(c.view and (c.view["hand_no"] >= hand or c.view["over"]))


async def until(what: str, done: Callable[[], bool], node: Node) -> None:
    deadline = time.monotonic() + BOUND_S
    while not done():
        assert time.monotonic() < deadline, f"{what} not within {BOUND_S} s:\n{node.log()}"
        await asyncio.sleep(0.1)


def both_answer(node: Node) -> Callable[[], bool]:
    """True once /healthz, asked on new connections, has answered from two nodes."""
    seen: set[str] = set()

    def check() -> bool:
        with contextlib.suppress(httpx.HTTPError, KeyError, ValueError):
            seen.add(httpx.get(f"http://127.0.0.1:{node.port}/healthz", timeout=2,
                               headers={"Connection": "close"}).json()["node"])
        return len(seen) == 2
    return check


async def test_a_table_over_two_workers_loses_nothing_when_one_is_killed(
    spawn_node: SpawnNode, make_client: MakeClient, redis: aioredis.Redis
) -> None:
    node = spawn_node(WORKERS="2", FILL_WAIT_S="10", TURN_TIME_S="60")
    await until("two workers", lambda: len(workers(node)) == 2, node)
    await until("both workers answering", both_answer(node), node)
    pids = workers(node)
    # The kernel spreads connections over the workers by their addresses: connect until
    # two players are on each (each new connection is a fair coin between the two).
    placed: dict[int, list[RoomClient]] = defaultdict(list)
    for index in range(60):
        client = await make_client([node.ws], name=f"P{index}", reconnect_for=60)
        on = placed[worker_of(client, node.port, pids)]
        if len(on) < 2:
            on.append(client)
        else:
            await client.close()
        if sum(len(v) for v in placed.values()) == 4:
            break
    assert sorted(len(v) for v in placed.values()) == [2, 2]
    players = [Player(c) for pid in pids for c in placed[pid]]
    for player in players:
        await player.client.quick_play()
    assert len({p.client.table for p in players}) == 1
    await asyncio.gather(*(play(p, mid_hand, random.Random(i)) for i, p in enumerate(players)))
    hand = players[0].client.view["hand_no"]  # type: ignore[index]
    finish = asyncio.gather(*(play(p, hands_later(hand + 2), random.Random(10 + i))
                              for i, p in enumerate(players)))
    await asyncio.sleep(0.05)
    os.kill(pids[0], signal.SIGKILL)  # mid-hand, while everyone plays
    await finish
    assert sum(p.client.reconnects for p in players) >= 2
    assert all(not s["bot"] and not s["away"] for s in players[0].client.seats)
    # Nothing a player was told is lost, nothing is applied twice.
    table = players[0].client.table
    assert table is not None
    events = await stored_actions(redis, table)
    for player in players:
        assert [text for seat, text in events if seat == player.client.seat] == player.acked

    await until("the killed worker restarted", lambda: len(workers(node)) == 3, node)
    alive = workers(node)[1:]
    assert all(_alive(pid) for pid in alive)
    node.kill()  # SIGKILL of the launcher: its workers must end too
    await until("the workers ending with their launcher",
                lambda: not any(_alive(pid) for pid in alive), node)
