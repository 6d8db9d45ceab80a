"""Slow partial HTTP requests (slowloris) are closed within a bound; a WebSocket that
lives longer than that bound is not touched. Run against ``python -m server`` (the
node's own uvicorn configuration, ``server/ops/http_guard.py``)."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable

import pytest

from client.room_client import RoomClient
from tests.room.conftest import Node

pytestmark = pytest.mark.slow

TIMEOUT_S = 1.0
BOUND_S = 30.0  # generous (a machine at load 30); the audit's sockets lived forever


async def trickle(port: int, body: bool) -> float:
    """Open a connection and send a request a few bytes at a time, never finishing it;
    returns the seconds from before the connection was opened until the server closed
    it. The server's deadline starts when it accepts the connection, which is after
    ``started`` however slow this loop is: so the time can be compared with the
    deadline without depending on the machine's speed."""
    started = time.monotonic()
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    if body:  # complete headers, a body that never ends
        writer.write(b"POST /api/signin HTTP/1.1\r\nHost: x\r\nContent-Type: application/json"
                     b"\r\nContent-Length: 1000\r\n\r\n{")
    else:
        writer.write(b"GET / HTTP/1.1\r\nHost: x\r\n")
    try:
        while time.monotonic() - started < BOUND_S + 5:
            try:
                writer.write(b"X-Slow: 1\r\n" if not body else b" ")
                await writer.drain()
            except (ConnectionError, OSError):
                break
            try:
                if await asyncio.wait_for(reader.read(4096), 0.3) == b"":
                    break  # closed by the server
            except TimeoutError:
                continue
            except (ConnectionError, OSError):
                break
        return time.monotonic() - started
    finally:
        writer.close()
        # Waited for, so no transport is left for the loop's close to find.
        with contextlib.suppress(ConnectionError, OSError):
            await writer.wait_closed()


async def test_partial_requests_are_closed_within_a_bound(
        spawn_node: Callable[..., Node], make_client: Callable[..., object]) -> None:
    node = spawn_node(REQUEST_TIMEOUT_S=str(TIMEOUT_S))
    client = await make_client(node.ws)  # type: ignore[operator]
    assert isinstance(client, RoomClient)
    lived = await asyncio.gather(*(trickle(node.port, body=i % 5 == 0) for i in range(50)))
    assert max(lived) < BOUND_S, sorted(lived)[-5:]
    # Not closed before the deadline either: ``lived`` began before the server's timer
    # did, so this holds on any machine (the slack is the event loop's clock rounding).
    assert min(lived) >= TIMEOUT_S - 0.01, sorted(lived)[:5]
    # The WebSocket opened before them outlived the deadline and still answers.
    await client.quick_play()
    assert client.table is not None
