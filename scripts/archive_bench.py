"""The archive's benchmark: archive many generated games, then time the player page.

    .venv/bin/python scripts/archive_bench.py --games 100000 --heavy 10000 --json

Starts its own private Redis and PostgreSQL (durable: fsync on, as ``python -m
server`` runs it) in a temporary directory and one room node in this process; registers
one account and archives ``--games`` games through ``write_game`` (the consumer's
write: one transaction per game with its seat rows and player sums), ``--heavy`` of
them with that account in a seat, the others among ``--players`` guest ids. The games
are ``--distinct`` seeded random games (``shared.archive.generate``) replayed once
each; every archived game is one of them under a new id, new players and a new time,
so the rows are what real games give without replaying 100,000 games. Then it times,
over real HTTP to the node, ``GET /api/players/<account>`` (the page of the player
with ``--heavy`` games), ``GET /api/my-games`` and ``GET /api/games/<id>``.
Figures: docs/benchmarks.md, "Archive".
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import shutil
import statistics
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import asyncpg
import httpx
import uvicorn

from server.archive.db import migrate
from server.archive.writer import game_rows, write_rows
from server.node import create_app
from server.ops.pg_process import PgProcess
from server.ops.redis_process import RedisProcess, free_port
from server.settings import Settings
from shared.archive import SeatRecord
from shared.archive.generate import random_record
from shared.spades import RuleSet

T0 = datetime(2025, 1, 1, tzinfo=UTC)
DURABLE = 2_000  # games written as the consumer writes them, for its rate


async def timed(http: httpx.AsyncClient, path: str, n: int) -> dict[str, float]:
    times = []
    cpu = time.process_time()
    for _ in range(n):
        start = time.perf_counter()
        response = await http.get(path)
        times.append((time.perf_counter() - start) * 1000)
        assert response.status_code == 200, response.text[:300]
    cpu_ms = (time.process_time() - cpu) * 1000 / n
    times.sort()
    return {"median_ms": round(statistics.median(times), 2), "cpu_ms": round(cpu_ms, 2),
            "p95_ms": round(times[int(len(times) * 0.95)], 2), "n": n}


async def archive(pool: asyncpg.Pool, args: argparse.Namespace, heavy_pid: str
                  ) -> tuple[float, float]:
    """(games a second over the first ``DURABLE`` games, each committed durably as the
    consumer does; seconds for all, the rest with ``synchronous_commit=off``, a bulk
    load's setting, so that 100,000 games fit in a few minutes)."""
    rng = random.Random(1)
    bases = []
    for index in range(args.distinct):
        rules = RuleSet.preset("quick" if index % 3 else "club")
        seats = tuple(SeatRecord(s, f"P{s}", f"{s:016x}") for s in range(4))
        record = random_record(f"base{index}.0", rules, 1000 + index, seats, 0)
        bases.append(game_rows(record))
    guests = [f"{rng.getrandbits(64):016x}" for _ in range(args.players)]
    semaphore = asyncio.Semaphore(8)

    async def one(i: int) -> None:
        game, seats = bases[i % len(bases)]
        pids = rng.sample(guests, 4)
        every = max(1, args.games // args.heavy)
        if i % every == 0 and i // every < args.heavy and heavy_pid not in pids:
            pids[i % 4] = heavy_pid
        ended = T0 + timedelta(seconds=30 * i)
        new_id = f"g{i:07d}.0"
        new_seats = [[new_id, row[1], pids[row[1]], row[3], ended, *row[5:]] for row in seats]
        seat_json = json.dumps([{"seat": s, "name": f"Player {pids[s][:4]}", "pid": pids[s],
                                 "account": None, "bot": None, "left": False}
                                for s in range(4)])
        new_game = [new_id, f"g{i:07d}", 0, *game[3:9], ended - timedelta(minutes=10), ended,
                    seat_json, *game[12:]]
        async with semaphore:
            await write_rows(pool, (new_game, new_seats))

    start = time.perf_counter()
    durable = min(DURABLE, args.games)
    await asyncio.gather(*(one(i) for i in range(durable)))
    rate = durable / (time.perf_counter() - start)
    batch = 2000
    async with pool.acquire() as conn:  # the pool's other connections: same setting below
        await conn.execute("ALTER DATABASE spades SET synchronous_commit = off")
    await pool.expire_connections()
    for first in range(durable, args.games, batch):
        await asyncio.gather(*(one(i) for i in range(first, min(args.games, first + batch))))
    async with pool.acquire() as conn:
        await conn.execute("ALTER DATABASE spades RESET synchronous_commit")
    return rate, time.perf_counter() - start


async def main(args: argparse.Namespace) -> dict[str, Any]:
    base = Path(tempfile.mkdtemp(prefix="spades-archive-bench-"))
    base.chmod(0o755)
    redis = RedisProcess(base / "redis", aof=False).start()
    pg = PgProcess(base / "pg").start()
    try:
        migrate(pg.url)
        settings = Settings(redis_url=redis.url, database_url=pg.url, port=free_port())
        app = create_app(settings)
        server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=settings.port,
                                               log_level="warning", lifespan="on"))
        task = asyncio.create_task(server.serve())
        while not server.started:
            await asyncio.sleep(0.05)
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{settings.port}",
                                     timeout=30) as http:
            headers = {"Origin": f"http://127.0.0.1:{settings.port}"}
            reply = await http.post("/api/register", json={"name": "Heavy", "password":
                                    "correct horse battery"}, headers=headers)
            assert reply.status_code == 201, reply.text
            heavy_pid = reply.json()["pid"]
            pool = await asyncpg.create_pool(pg.url, min_size=8, max_size=8)
            rate, seconds = await archive(pool, args, heavy_pid)
            async with pool.acquire() as conn:
                await conn.execute("ANALYZE")
                size = await conn.fetchval("SELECT pg_database_size(current_database())")
                games = await conn.fetchval("SELECT count(*) FROM games")
                mine = await conn.fetchval("SELECT games FROM player_stats WHERE pid = $1",
                                           heavy_pid)
                plan = await conn.fetch(
                    "EXPLAIN (ANALYZE) SELECT s.game_id, s.ended, s.kind, s.won, g.totals "
                    "FROM game_seats s JOIN games g ON g.id = s.game_id WHERE s.pid = $1 "
                    "ORDER BY s.ended DESC LIMIT 20", heavy_pid)
                sums_plan = await conn.fetch(
                    "EXPLAIN (ANALYZE) SELECT * FROM player_stats WHERE pid = $1", heavy_pid)
            await pool.close()
            http.cookies.set("spades_session", reply.cookies["spades_session"])
            await http.get("/api/players/Heavy")  # warm the pool's connections
            out = {
                "games_archived": games, "heavy_player_games": mine,
                "durable_games_per_s": round(rate, 1), "archive_all_s": round(seconds, 1),
                "database_mb": round(size / 2**20, 1),
                "player_page": await timed(http, "/api/players/Heavy", args.requests),
                "my_games": await timed(http, "/api/my-games", args.requests),
                "game_page": await timed(http, f"/api/games/g{args.games // 2:07d}.0",
                                         args.requests // 4),
                "recent_plan": [r[0] for r in plan],
                "sums_plan": [r[0] for r in sums_plan],
            }
        server.should_exit = True
        await task
        return out
    finally:
        pg.stop()
        redis.stop()
        shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--heavy", type=int, default=10_000)
    parser.add_argument("--players", type=int, default=5_000)
    parser.add_argument("--distinct", type=int, default=300)
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--json", action="store_true")
    result = asyncio.run(main(parser.parse_args()))
    print(json.dumps(result) if parser.parse_args().json else json.dumps(result, indent=2))
