"""Fixtures of the room tests: real servers (in this process, or as child processes) on
free ports, on the private Redis of ``tests/conftest.py``, and real WebSocket clients.

- ``start_server(**settings)``: a uvicorn server running ``server.app`` in this event
  loop, on the test's own database (``database_url``); returns a ``LocalServer``
  (``.ws`` address, ``.room``, ``.stop()``).
- ``server``: one such server with fast test settings (bot pace 0, short fill wait).
- ``spawn_node(port=None, **env)``: ``python -m server`` as a child process (for SIGKILL
  and restarts), on the test's own archive database (``database_url``); returns a
  ``Node`` (``.ws``, ``.kill()``, ``.stop()``).
- ``make_client(addresses, **kw)``: a connected ``RoomClient``, closed after the test.
- ``play_until(client, done)``: play random legal actions until ``done(client)``.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from starlette.applications import Starlette

from client.room_client import RequestFailed, RoomClient
from server.node import create_app
from server.ops.redis_process import free_port
from server.settings import Settings
from server.social.hub import SocialHub
from server.tables.room import Room
from tests.conftest import serve

ROOT = Path(__file__).resolve().parents[2]
# Bots at pace 0 let a test client act faster than any person: no message rate limit.
FAST = {"fill_wait_s": 0.05, "bot_pace_s": 0.0, "turn_time_s": 30.0, "reconnect_grace_s": 60.0,
        "between_hands_s": 0.0,
        "timer_poll_s": 0.05, "msg_rate_per_s": 0,
        # The test process's collector is the suite's (tests/conftest.py): a node in it
        # leaves it alone (tests/room/test_gc_governor.py tests the governor).
        "gc_tick_s": 0.0}


@dataclass
class LocalServer:
    settings: Settings
    app: Starlette
    server: uvicorn.Server
    task: asyncio.Task[None]

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.settings.port}/ws"

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.settings.port}"

    @property
    def room(self) -> Room:
        room: Room = self.app.state.room
        return room

    @property
    def social(self) -> SocialHub:
        social: SocialHub = self.app.state.social
        return social

    async def stop(self) -> None:
        if not self.task.done():
            self.server.should_exit = True
            done, _ = await asyncio.wait([self.task], timeout=15)
            if not done:
                stacks = []
                for task in asyncio.all_tasks():
                    stacks.append(f"{task!r}")
                    stacks.extend(f"    {frame}" for frame in task.get_stack(limit=8))
                raise TimeoutError("the server did not stop:\n" + "\n".join(stacks))


async def launch(redis_url: str, **overrides: Any) -> LocalServer:
    """A room node in this process and loop: ``FAST`` settings changed by ``overrides``,
    on a free port, with the uvicorn configuration of ``python -m server``'s tests."""
    settings = replace(Settings(redis_url=redis_url, port=free_port(), **FAST), **overrides)
    app = create_app(settings)
    config = uvicorn.Config(app, host="127.0.0.1", port=settings.port,
                            ws="websockets-sansio", ws_max_size=64 * 1024,
                            lifespan="on", log_level="warning", timeout_graceful_shutdown=5)
    server, task = await serve(config)
    return LocalServer(settings, app, server, task)


@pytest.fixture
async def start_server(redis_url: str, database_url: str
                       ) -> AsyncIterator[Callable[..., Awaitable[LocalServer]]]:
    started: list[LocalServer] = []

    async def start(**overrides: Any) -> LocalServer:
        local = await launch(redis_url, **{"database_url": database_url, **overrides})
        started.append(local)
        return local

    yield start
    for local in started:
        await local.stop()


@pytest.fixture
async def server(start_server: Callable[..., Awaitable[LocalServer]]) -> LocalServer:
    return await start_server()


@dataclass
class Node:
    """``python -m server`` in a child process."""

    port: int
    proc: subprocess.Popen[bytes]
    log_path: Path

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    def kill(self) -> None:
        """SIGKILL: no shutdown, no goodbye to the sockets."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.kill()

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")


@pytest.fixture
def spawn_node(redis_url: str, database_url: str, tmp_path: Path
               ) -> Iterator[Callable[..., Node]]:
    nodes: list[Node] = []

    def spawn(port: int | None = None, **env: str) -> Node:
        port = port or free_port()
        log_path = tmp_path / f"node-{port}-{len(nodes)}.log"
        environ = {**os.environ, "REDIS_URL": redis_url, "DATABASE_URL": database_url,
                   "PORT": str(port), "HOST": "127.0.0.1",
                   "FILL_WAIT_S": "0.05", "BOT_PACE_S": "0", "TIMER_POLL_S": "0.05",
                   "MSG_RATE_PER_S": "0", **env}
        with log_path.open("wb") as out:
            proc = subprocess.Popen([sys.executable, "-m", "server"], cwd=ROOT, env=environ,
                                    stdout=out, stderr=subprocess.STDOUT)
        node = Node(port, proc, log_path)
        nodes.append(node)
        deadline = time.monotonic() + 90  # a busy machine: imports and migrations take a while
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                raise RuntimeError(f"node exited at start-up:\n{node.log()}")
            try:
                if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                    return node
            except httpx.HTTPError:
                pass
            time.sleep(0.05)
        raise RuntimeError(f"node did not come up:\n{node.log()}")

    yield spawn
    for node in nodes:
        node.stop()


@pytest.fixture
async def make_client() -> AsyncIterator[Callable[..., Awaitable[RoomClient]]]:
    clients: list[RoomClient] = []

    async def make(addresses: list[str] | str, **kwargs: Any) -> RoomClient:
        client = RoomClient(addresses, **kwargs)
        clients.append(client)
        await client.connect()
        return client

    yield make
    for client in clients:
        await client.close()


def game_over(client: RoomClient) -> bool:
    return bool(client.view and client.view["over"])


async def play_until(client: RoomClient, done: Callable[[RoomClient], bool] = game_over,
                     rng: random.Random | None = None, timeout: float = 60.0) -> int:
    """Play random legal actions whenever it is the client's turn, until ``done``.
    Returns the number of actions this client took."""
    rng = rng or random.Random(1)
    taken = 0
    deadline = asyncio.get_running_loop().time() + timeout
    while not done(client):
        if asyncio.get_running_loop().time() > deadline:
            raise TimeoutError(f"play_until timed out at version {client.version}")
        if client.should_continue:  # between hands: read, then Continue
            with contextlib.suppress(RequestFailed):
                await client.ready()
        if client.my_turn:
            assert client.view is not None
            legal = [a for a in client.view["legal"] if a != "look"] or client.view["legal"]
            modest = [a for a in legal if a in ("bid 2", "bid 3", "bid 4")]
            legal = modest or legal  # random bids of 13 would end games after one hand
            try:
                await client.act(rng.choice(legal))
                taken += 1
            except RequestFailed as err:
                if err.code != "stale":  # a snapshot follows a stale error
                    raise
            continue
        try:
            await client.next_update(timeout=5)
        except TimeoutError:
            continue
    return taken
