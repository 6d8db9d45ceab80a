"""The load benchmark's floor: the least a node on this stack can do per game action.

``python -m server.web.floor_relay --port P --redis-url URL`` serves one WebSocket
route, ``/floor?table=T&seat=S``, on the room's own stack (Starlette, uvicorn with the
node's WebSocket implementation, the room's pipelined Redis connection ``RedisPipe``).
A seat's message is one action: the relay runs one EVALSHA that bumps the table's
version and publishes it (the room's write path, without its state), then sends each of
the table's four seats an ``ev`` frame of ``--frame-bytes`` (the room's card play per
seat) and the sender an ``ack``. It also subscribes to its tables' channels and reads
its own notices, as a node does. No engine, no views, no checks: ``client.floor_load``
drives it, and the load benchmark's ``--floor`` prints the room's node CPU per action as
a ratio to this one's. Nothing else uses it; it binds loopback only.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import sys
from collections.abc import AsyncIterator, Sequence

import redis.asyncio as aioredis
import uvicorn
from starlette.applications import Starlette
from starlette.routing import WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from server.tables.pipe import RedisPipe

__all__ = ["BUMP", "main", "make_app"]

BUMP = """local v = redis.call('HINCRBY', KEYS[1], 'v', 1)
redis.call('PUBLISH', ARGV[1], v)
return v"""


def _frame(kind: str, version: int, size: int) -> str:
    """A JSON frame of about ``size`` bytes (padded), like the room's ``ev``/``ack``."""
    base = {"t": kind, "v": version, "p": ""}
    pad = max(0, size - len(json.dumps(base, separators=(",", ":"))))
    return json.dumps({**base, "p": "x" * pad}, separators=(",", ":"))


def make_app(redis_url: str, frame_bytes: int) -> Starlette:
    pipe = RedisPipe.from_url(redis_url)
    if pipe is None:
        raise ValueError(f"the floor relay needs a redis:// URL, not {redis_url!r}")
    client = aioredis.Redis.from_url(redis_url)
    sha = ""
    seats: dict[str, list[WebSocket | None]] = {}
    pubsub = client.pubsub()

    async def read_notices() -> None:
        while True:
            await pubsub.get_message(timeout=1.0)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        nonlocal sha
        sha = await client.script_load(BUMP)
        await pubsub.subscribe("floor:home")
        reader = asyncio.create_task(read_notices())
        yield
        reader.cancel()
        pipe.close()
        await pubsub.aclose()
        await client.aclose()

    async def endpoint(ws: WebSocket) -> None:
        table, seat = ws.query_params["table"], int(ws.query_params["seat"])
        await ws.accept()
        at = seats.setdefault(table, [None] * 4)
        if not any(at):
            await pubsub.subscribe(f"f:{{{table}}}:n")
        at[seat] = ws
        try:
            while True:
                await ws.receive_text()
                version = int(await pipe.call("EVALSHA", sha, 1, f"f:{{{table}}}",
                                              f"f:{{{table}}}:n"))
                ev = _frame("ev", version, frame_bytes)
                for other in at:
                    if other is not None:
                        await other.send_text(ev)
                await ws.send_text(_frame("ack", version, 20))
        except WebSocketDisconnect:
            at[seat] = None

    return Starlette(routes=[WebSocketRoute("/floor", endpoint)], lifespan=lifespan)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m server.web.floor_relay")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--redis-url", required=True)
    parser.add_argument("--frame-bytes", type=int, default=70)
    args = parser.parse_args(argv)
    app = make_app(args.redis_url, args.frame_bytes)
    uvicorn.run(app, host="127.0.0.1", port=args.port, ws="websockets-sansio",
                log_level="warning", lifespan="on")
    return 0


if __name__ == "__main__":
    sys.exit(main())
