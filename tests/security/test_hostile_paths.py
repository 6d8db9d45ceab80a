"""Every route taking an id or a name in its path answers a hostile value with 404 or
400 and a sentence, never a 5xx: NUL and other control bytes, overlong ids, bytes that
are not UTF-8, odd percent-encodings. Sent over a raw socket, byte for byte, so no
client library tidies the path first."""

from __future__ import annotations

import asyncio
import json

import pytest

from tests.room.conftest import LocalServer

# What an attacker puts where an id or a name belongs (already percent-encoded).
HOSTILE = [
    "%00", "a%00b", "tb1.0%00", "%01%02%03", "%0a", "%0d%0aX-Injected:%201", "%7f",
    "x" * 3000, "%41" * 1000,
    "%ff", "%c3%28", "%ed%a0%80", "%c0%80", "%f8%88%80%80%80", "%ef%bf%bd",
    "%e2%80%ae", "%ef%bb%bf", "%f0%9f%82%a1",
    "%", "%%", "%zz", "%2", "%%30%30", "%2500",
    "..", "%2e%2e", "..%2f..%2fetc%2fpasswd", "%5c..%5c", "'%3b--", "%3cscript%3e",
]
# Each route with {} where the hostile value goes, and its method.
ROUTES = [
    ("GET", "/api/games/{}"), ("GET", "/api/games/{}/record.txt"),
    ("GET", "/api/games/{}/analysis"), ("POST", "/api/games/{}/analysis"),
    ("GET", "/api/players/{}"), ("GET", "/api/players/{}/history"),
    ("GET", "/api/daily/{}"), ("GET", "/api/daily/{}/me"), ("GET", "/api/daily/{}/board"),
    ("GET", "/api/lessons/{}"), ("POST", "/api/lessons/{}/move"),
    ("GET", "/g/{}"), ("GET", "/@/{}"),
]


async def _raw(server: LocalServer, method: str, path: str) -> tuple[int, bytes]:
    """Send one request with ``path`` exactly as given; (status, body)."""
    host = f"127.0.0.1:{server.settings.port}"
    reader, writer = await asyncio.open_connection("127.0.0.1", server.settings.port)
    try:
        body = b'{"moves":[],"move":"play AS"}' if method == "POST" else b""
        head = (f"{method} {path} HTTP/1.1\r\nHost: {host}\r\nOrigin: http://{host}\r\n"
                f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
                "Connection: close\r\n\r\n")
        writer.write(head.encode("latin-1") + body)
        await writer.drain()
        raw = await asyncio.wait_for(reader.read(), 30)
    finally:
        writer.close()
    status_line, _, rest = raw.partition(b"\r\n")
    _, _, payload = rest.partition(b"\r\n\r\n")
    return int(status_line.split()[1]), payload


def _readable(status: int, payload: bytes) -> bool:
    """A body a person can read: the JSON error's message, or a plain sentence."""
    try:
        message = json.loads(payload)["error"]["message"]
    except (ValueError, KeyError, TypeError):
        message = payload.decode("utf-8", "replace")
    return len(message.strip()) > 10


@pytest.mark.timeout(300)
async def test_hostile_path_values_get_404_or_400_with_a_sentence(
        server: LocalServer) -> None:
    wrong = []
    for method, route in ROUTES:
        for value in HOSTILE:
            status, payload = await _raw(server, method, route.format(value))
            # An encoded "/" makes the path another one, which no route but the
            # static files' takes: they do not answer POST.
            allowed = (400, 404, 405) if "%2f" in value else (400, 404)
            if status not in allowed or not _readable(status, payload):
                wrong.append((method, route.format(value)[:60], status, payload[:80]))
    assert not wrong, "\n".join(map(repr, wrong))
