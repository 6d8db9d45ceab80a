"""``python -m server.analysis``: run one analysis worker (run as many as wanted).

    REDIS_URL=redis://127.0.0.1:6379/0 DATABASE_URL=postgresql://... \
        python -m server.analysis [--name NAME] [--parent PID]

It reads requests from the Redis stream ``analysis:requests`` through the consumer
group ``analysers`` and keeps each result in Redis (``server.analysis.store``), or, for
an archived game, reads the game from PostgreSQL and keeps the result there
(``server.analysis.archived``; without ``DATABASE_URL`` those requests are dropped). Stop it
with SIGTERM or Ctrl-C: the request in hand is finished first. With ``--parent PID``
(``python -m server`` passes its own: ``server.analysis.supervisor``) it also stops when
that process is no longer its parent: a worker never outlives the room that started it.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import socket
import sys

import redis.asyncio as aioredis

from server.archive.db import connect
from server.ops import logs

from .store import RedisResults
from .worker import Worker

PARENT_CHECK_S = 1.0  # how often a worker with --parent looks whether its parent lives


async def _watch_parent(parent: int, stop: asyncio.Event) -> None:
    """Set ``stop`` once ``parent`` is no longer this process's parent (it died: the
    process was handed to init or a subreaper)."""
    while not stop.is_set():
        if os.getppid() != parent:
            print("analysis worker: the room that started it is gone; stopping", flush=True)
            stop.set()
            return
        await asyncio.sleep(PARENT_CHECK_S)


async def _serve(url: str, name: str, database: str | None, parent: int | None) -> None:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    watch = asyncio.create_task(_watch_parent(parent, stop)) if parent else None
    client = aioredis.Redis.from_url(url)
    pool = None
    try:
        pool = await connect(database, max_size=2) if database else None
        worker = Worker(client, RedisResults(client), name, pool=pool)
        # Not the URL: it may hold the Redis password.
        print(f"analysis worker {name} reading the room's Redis", flush=True)
        await worker.run(stop)
    finally:
        if watch is not None:
            watch.cancel()
        await client.aclose()
        if pool is not None:
            await pool.close()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m server.analysis",
                                description="Run one analysis worker.")
    p.add_argument("--redis", default=os.environ.get("REDIS_URL"),
                   help="the room's Redis (default: $REDIS_URL)")
    p.add_argument("--database", default=os.environ.get("DATABASE_URL"),
                   help="the archive's PostgreSQL, for archived games (default: $DATABASE_URL)")
    p.add_argument("--name", default=f"{socket.gethostname()}-{os.getpid()}",
                   help="this worker's consumer name (unique per worker)")
    p.add_argument("--parent", type=int, default=None,
                   help="stop when this process is no longer the parent (it died)")
    args = p.parse_args(argv)
    if not args.redis:
        print("server.analysis: set REDIS_URL or --redis", file=sys.stderr)
        return 2
    logs.setup(os.environ.get("LOG_FORMAT", "json"))
    asyncio.run(_serve(args.redis, args.name, args.database, args.parent))
    return 0


if __name__ == "__main__":
    sys.exit(main())
