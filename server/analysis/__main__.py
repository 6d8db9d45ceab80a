"""``python -m server.analysis``: run one analysis worker (run as many as wanted).

    REDIS_URL=redis://127.0.0.1:6379/0 DATABASE_URL=postgresql://... \
        python -m server.analysis [--name NAME]

It reads requests from the Redis stream ``analysis:requests`` through the consumer
group ``analysers`` and keeps each result in Redis (``server.analysis.store``), or, for
an archived game, reads the game from PostgreSQL and keeps the result there
(``server.analysis.archived``; without ``DATABASE_URL`` those requests are dropped). Stop it
with SIGTERM or Ctrl-C: the request in hand is finished first.
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


async def _serve(url: str, name: str, database: str | None) -> None:
    client = aioredis.Redis.from_url(url)
    pool = await connect(database, max_size=2) if database else None
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    try:
        worker = Worker(client, RedisResults(client), name, pool=pool)
        print(f"analysis worker {name} reading {url}", flush=True)
        await worker.run(stop)
    finally:
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
    args = p.parse_args(argv)
    if not args.redis:
        print("server.analysis: set REDIS_URL or --redis", file=sys.stderr)
        return 2
    logs.setup(os.environ.get("LOG_FORMAT", "json"))
    asyncio.run(_serve(args.redis, args.name, args.database))
    return 0


if __name__ == "__main__":
    sys.exit(main())
