"""Debian's nginx with deploy/nginx.conf (moved to loopback ports) in front of two room
processes: a whole game is played through it, by people on both nodes."""

from __future__ import annotations

import asyncio
import random
import subprocess
import time
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path

import httpx
import pytest

from client.local_room import find_nginx
from client.room_client import RoomClient
from server.redis_process import free_port
from tests.conftest import CI
from tests.deploy.test_deploy_files import loopback_nginx_conf
from tests.faults.games import metric
from tests.room.conftest import Node, game_over, make_client, play_until, spawn_node

__all__ = ["make_client", "spawn_node"]  # fixtures, re-exported for pytest

pytestmark = pytest.mark.slow


@pytest.fixture
def nginx_front(ci: CI, spawn_node: Callable[..., Node],
                tmp_path: Path) -> Iterator[tuple[str, list[Node]]]:
    nginx = find_nginx()
    if nginx is None:
        ci.require("nginx")
    env = {"FILL_WAIT_S": "10", "TURN_TIME_S": "60"}
    nodes = [spawn_node(**env), spawn_node(**env)]
    port = free_port()
    conf = loopback_nginx_conf(tmp_path, port, [node.port for node in nodes])
    log = (tmp_path / "nginx.log").open("wb")
    proc = subprocess.Popen([nginx, "-c", str(conf), "-e", "stderr", "-g", "daemon off;"],
                            stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 20
        while True:
            assert proc.poll() is None, (tmp_path / "nginx.log").read_text()
            try:
                if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, "nginx did not answer"
            time.sleep(0.05)
        yield f"ws://127.0.0.1:{port}/ws", nodes
    finally:
        proc.terminate()
        proc.wait(10)
        log.close()


async def test_a_game_is_played_through_nginx_in_front_of_two_nodes(
    nginx_front: tuple[str, list[Node]], make_client: Callable[..., Awaitable[RoomClient]]
) -> None:
    address, nodes = nginx_front
    clients = [await make_client(address, name=f"N{i}") for i in range(4)]
    for client in clients:
        await client.quick_play()
    assert len({c.table for c in clients}) == 1  # four people: no bots
    await asyncio.gather(*(play_until(c, game_over, random.Random(i), timeout=100)
                           for i, c in enumerate(clients)))
    assert all(c.status == "over" and not any(s["bot"] for s in c.seats) for c in clients)
    for node in nodes:  # nginx spread the sockets over both nodes
        assert metric(f"http://127.0.0.1:{node.port}", "spades_connections_total") >= 1
