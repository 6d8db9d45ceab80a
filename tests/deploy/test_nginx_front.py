"""Debian's nginx with deploy/nginx.conf (moved to loopback ports) in front of two room
processes: a whole game is played through it, by people on both nodes."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import subprocess
import time
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from client.local_room import find_nginx
from client.room_client import RoomClient
from server.ops.redis_process import free_port
from shared.protocol import SERVER_MESSAGES, Error, decode
from tests.conftest import CI
from tests.deploy.nginx import running_nginx
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


async def connect_from(source: str, port: int) -> ClientConnection:
    """A WebSocket to nginx from the local address ``source`` (a client address)."""
    return await connect(f"ws://127.0.0.1:{port}/ws", local_addr=(source, 0))


async def first_message(ws: ClientConnection) -> Any:
    """The first answer: a refusal comes unasked (then the close), else a ping's."""
    with contextlib.suppress(ConnectionClosed):
        await ws.send(json.dumps({"t": "ping", "id": 1}))
    return decode(await ws.recv(), SERVER_MESSAGES, max_size=None).message


async def test_two_client_addresses_behind_nginx_get_separate_limits(
        ci: CI, spawn_node: Callable[..., Node], tmp_path: Path) -> None:
    """nginx talks to the node from 127.0.0.3 (in compose: another container), which the
    node believes for X-Forwarded-For only because FORWARDED_ALLOW_IPS says so: without
    it every client would be nginx's address and share one 64-socket cap (the compose
    file sets it: tests/deploy/test_deploy_files.py)."""
    node = spawn_node(MAX_CONNS_PER_ADDRESS="2", FORWARDED_ALLOW_IPS="127.0.0.3")
    held: list[ClientConnection] = []
    with running_nginx(ci, tmp_path, [node.port], proxy_bind="127.0.0.3") as port:
        try:
            for _ in range(2):
                held.append(await connect_from("127.0.0.1", port))
                assert not isinstance(await first_message(held[-1]), Error)
            third = await connect_from("127.0.0.1", port)
            held.append(third)
            refused = await first_message(third)
            assert isinstance(refused, Error) and refused.code == "too_many_connections"
            other = await connect_from("127.0.0.2", port)  # another person: own limit
            held.append(other)
            assert not isinstance(await first_message(other), Error)
            # ... and a client cannot pretend to be someone else through nginx
            spoof = await connect(f"ws://127.0.0.1:{port}/ws", local_addr=("127.0.0.1", 0),
                                  additional_headers={"X-Forwarded-For": "127.0.0.9"})
            held.append(spoof)
            refused = await first_message(spoof)
            assert isinstance(refused, Error) and refused.code == "too_many_connections"
        finally:
            for ws in held:
                await ws.close()


def test_metrics_are_not_served_through_nginx(ci: CI, spawn_node: Callable[..., Node],
                                              tmp_path: Path) -> None:
    node = spawn_node()
    with running_nginx(ci, tmp_path, [node.port]) as port:
        assert httpx.get(f"http://127.0.0.1:{port}/metrics", timeout=5).status_code == 404
        assert httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=5).status_code == 200
