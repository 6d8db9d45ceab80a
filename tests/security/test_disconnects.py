"""A client that disconnects in the middle of a request body is not an error of the
server: no traceback in the log (the audit found a full one per request)."""

from __future__ import annotations

import asyncio
import contextlib
import logging

import httpx
import pytest

from tests.room.conftest import LocalServer


@pytest.mark.parametrize("path", ["/api/signin", "/api/lessons/teams/move"])
async def test_a_client_leaving_mid_body_logs_no_traceback(
        server: LocalServer, caplog: pytest.LogCaptureFixture, path: str) -> None:
    caplog.set_level(logging.INFO)
    state = server.server.server_state
    for _ in range(3):
        _, writer = await asyncio.open_connection("127.0.0.1", server.settings.port)
        host = server.http.removeprefix("http://").encode()
        writer.write(b"POST " + path.encode() + b" HTTP/1.1\r\nHost: " + host + b"\r\n"
                     b"Origin: " + server.http.encode() + b"\r\n"
                     b"Content-Type: application/json\r\nContent-Length: 400\r\n\r\n"
                     b'{"name": "ann", "pass')
        await writer.drain()
        writer.close()  # gone, 380 bytes short
        with contextlib.suppress(ConnectionError, OSError):
            await writer.wait_closed()  # so no transport is left for the loop's close
    deadline = asyncio.get_running_loop().time() + 10
    while state.connections or state.tasks:  # the server has dealt with all three
        assert asyncio.get_running_loop().time() < deadline
        await asyncio.sleep(0.02)
    async with httpx.AsyncClient(base_url=server.http) as web:  # still serving
        assert (await web.get("/healthz")).status_code == 200
    loud = [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]
    assert loud == [], [r.getMessage() for r in loud]
    assert any("left in the middle" in r.getMessage() for r in caplog.records), [
        r.getMessage() for r in caplog.records]
