"""Presence for many connected accounts on one node: Redis memory and commands/s.

    nice -n 19 .venv/bin/python scripts/presence_bench.py --accounts 10000 --idle 30

Starts a private Redis in a temporary directory and one node's ``Presence`` (the hub's
part, ``server/social/presence.py``) on it, with the room's default TTL. It connects
``--accounts`` accounts (two sockets each for a tenth of them: the second socket costs
no write), moves each to a table and back once, then stays idle ``--idle`` seconds. It
reports Redis's ``used_memory`` growth, the commands Redis processed in each phase
(``INFO stats`` ``total_commands_processed``, less the benchmark's own INFO calls), the
idle rate, and the node's own memory for its counts (tracemalloc, which also slows the
connect phase); then it reads every account's presence once (``doing_of`` in batches
of 100, the friends list's call) and times it. Figures: docs/benchmarks.md, "Issue 17".
"""

from __future__ import annotations

import argparse
import asyncio
import json
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

import redis.asyncio as aioredis

from server.ops.redis_process import RedisProcess
from server.social.presence import Presence


async def _stats(client: aioredis.Redis) -> tuple[int, int]:
    memory = await client.info("memory")
    stats = await client.info("stats")
    return int(memory["used_memory"]), int(stats["total_commands_processed"])


async def run(accounts: int, idle_s: float, ttl_s: float) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp, RedisProcess(Path(tmp), aof=False) as proc:
        client = aioredis.Redis.from_url(proc.url)
        presence = Presence(client, "bench", ttl_s)
        await presence.start()
        pids = [f"{i:016x}" for i in range(accounts)]
        mem0, cmd0 = await _stats(client)
        tracemalloc.start()
        started = time.perf_counter()
        for i, pid in enumerate(pids):
            presence.connect(pid)
            if i % 10 == 0:
                presence.connect(pid)  # a second tab: counted here, not written
            if i % 500 == 0:
                await presence.flushed()
        await presence.flushed()
        connect_s = time.perf_counter() - started
        node_bytes = tracemalloc.get_traced_memory()[0]  # the node's counts and doings
        tracemalloc.stop()
        mem1, cmd1 = await _stats(client)
        for pid in pids:
            presence.set_doing(pid, f"playing:{pid[:12]}")
        await presence.flushed()
        for pid in pids:
            presence.set_doing(pid, "lobby")
        await presence.flushed()
        _, cmd2 = await _stats(client)
        await asyncio.sleep(idle_s)
        mem3, cmd3 = await _stats(client)
        started = time.perf_counter()
        online = 0
        for at in range(0, accounts, 100):
            found = await presence.doing_of(pids[at:at + 100])
            online += sum(1 for v in found.values() if v is not None)
        read_s = time.perf_counter() - started
        await presence.stop()
        await client.aclose()
    info_calls = 2  # each _stats pair
    return {
        "accounts": accounts, "sockets": accounts + (accounts + 9) // 10, "ttl_s": ttl_s,
        "connect_s": round(connect_s, 3),
        "memory_bytes": mem1 - mem0, "memory_bytes_per_account": round((mem1 - mem0) / accounts, 1),
        "node_python_bytes": node_bytes,
        "commands_connect": cmd1 - cmd0 - info_calls,
        "commands_two_table_moves": cmd2 - cmd1 - info_calls,
        "idle_s": idle_s, "commands_idle": cmd3 - cmd2 - info_calls,
        "idle_commands_per_s": round((cmd3 - cmd2 - info_calls) / idle_s, 2),
        "memory_after_idle": mem3 - mem0,
        "read_all_s": round(read_s, 3), "read_online": online,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--accounts", type=int, default=10_000)
    parser.add_argument("--idle", type=float, default=30.0)
    parser.add_argument("--ttl", type=float, default=10.0)
    args = parser.parse_args()
    print(json.dumps(asyncio.run(run(args.accounts, args.idle, args.ttl)), indent=1))


if __name__ == "__main__":
    main()
