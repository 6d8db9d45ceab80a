"""Copy a Redis deployment's accounts and ratings into PostgreSQL (issue 16).

Before issue 16 accounts and ratings lived in Redis; now they live in PostgreSQL.
An operator upgrading a deployment runs, once, with the old Redis and the new database::

    REDIS_URL=redis://... DATABASE_URL=postgresql://... python -m server.social.migrate_redis

It applies the schema's migrations, then copies every account (name, pid, argon2id
hash, created), every rating (mu, sigma, games, the board's name) and every rated
game's changes (with the time from the player's history, when Redis still has it).
Nothing in Redis is changed or deleted. Rows already in PostgreSQL are kept (``ON
CONFLICT DO NOTHING``), so running it twice, or after the room started writing to
PostgreSQL, copies only what is missing. Sessions, throttles and limits are not copied:
they stay in Redis, where the room still keeps them.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import msgpack
import redis.asyncio as aioredis

from server.archive.db import Database, migrate

from . import keys
from .ratings import SCALE_START, shown_rating

__all__ = ["Copied", "copy_redis_to_postgres", "main"]

_ACCOUNT_PREFIX = keys.account("")
_RATING_PREFIX = keys.rating("")
_GAME_PREFIX = keys.rated_game("")
_HISTORY_PREFIX = keys.rating_history("")


@dataclass(frozen=True, slots=True)
class Copied:
    accounts: int
    ratings: int
    rating_changes: int


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value


def _moment(ms: int) -> datetime:
    return datetime.fromtimestamp(ms / 1000, UTC)


async def _scan(client: aioredis.Redis, prefix: str) -> list[str]:
    return sorted([_text(k) async for k in client.scan_iter(match=prefix + "*", count=500)])


def _rescaled(changes: list[Any]) -> list[Any]:
    """Redis kept the changes on the old scale (mu - 3 sigma): each one's ratings as
    shown now, after from its own mu, before from the player's previous change (as
    migration 0011 does for the rows already in PostgreSQL)."""
    last: dict[str, int] = {}
    out = []
    for change in sorted(changes, key=lambda c: (c[1], c[8], c[2])):  # pid, games, at
        after = shown_rating(change[6])
        out.append((*change[:4], last.get(change[1], SCALE_START), after, *change[6:]))
        last[change[1]] = after
    return out


async def copy_redis_to_postgres(client: aioredis.Redis, db: Database) -> Copied:
    """Copy what is missing (see the module docstring); returns the rows inserted."""
    accounts = []
    for key in await _scan(client, _ACCOUNT_PREFIX):
        fields = {_text(k): _text(v) for k, v in (await client.hgetall(key)).items()}
        if {"name", "pid", "hash"} <= set(fields):
            accounts.append((fields["pid"], fields["name"], fields["name"].lower(),
                             fields["hash"], _moment(int(fields.get("created") or 0))))
    names = {_text(k): _text(v) for k, v in (await client.hgetall(keys.RATED_NAMES)).items()}
    ratings = []
    for key in await _scan(client, _RATING_PREFIX):
        pid = key[len(_RATING_PREFIX):]
        fields = {_text(k): _text(v) for k, v in (await client.hgetall(key)).items()}
        if "mu" in fields and "sigma" in fields:
            mu, sigma = float(fields["mu"]), float(fields["sigma"])
            ratings.append((pid, names.get(pid, pid), mu, sigma, int(fields.get("games") or 0),
                            shown_rating(mu)))
    when: dict[tuple[str, str], int] = {}  # (game, pid) -> ms, from the histories
    for key in await _scan(client, _HISTORY_PREFIX):
        pid = key[len(_HISTORY_PREFIX):]
        for raw in await client.lrange(key, 0, -1):
            entry: dict[str, Any] = msgpack.unpackb(raw)
            when[(entry["g"], pid)] = int(entry["t"])
    now_ms = int(datetime.now(UTC).timestamp() * 1000)
    changes = []
    for key in await _scan(client, _GAME_PREFIX):
        game_id = key[len(_GAME_PREFIX):]
        stored = await client.get(key)
        if stored is None:
            continue
        for raw_pid, c in msgpack.unpackb(stored).items():
            pid = _text(raw_pid)
            changes.append((game_id, pid, _moment(when.get((game_id, pid), now_ms)), c["n"],
                            float(c["b"]), float(c["a"]), float(c["mu"]), float(c["s"]),
                            int(c["g"]), bool(c["w"]), bool(c["l"])))
    changes = _rescaled(changes)
    async with db.connection("copy from redis") as conn, conn.transaction():
        before = [await conn.fetchval(f"SELECT count(*) FROM {t}")
                  for t in ("accounts", "ratings", "rating_changes")]
        await conn.executemany(
            "INSERT INTO accounts (pid, name, name_key, hash, created) "
            "VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING", accounts)
        await conn.executemany(
            "INSERT INTO ratings (pid, name, mu, sigma, games, shown) "
            "VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING", ratings)
        await conn.executemany(
            "INSERT INTO rating_changes (game_id, pid, at, name, before, after, mu, sigma, "
            "games, won, left_game) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) "
            "ON CONFLICT DO NOTHING", changes)
        after = [await conn.fetchval(f"SELECT count(*) FROM {t}")
                 for t in ("accounts", "ratings", "rating_changes")]
    return Copied(*(a - b for a, b in zip(after, before, strict=True)))


async def _run(redis_url: str, database_url: str) -> Copied:
    client = aioredis.Redis.from_url(redis_url)
    db = Database(database_url)
    try:
        await db.open()
        return await copy_redis_to_postgres(client, db)
    finally:
        await db.close()
        await client.aclose()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m server.social.migrate_redis",
        description="Copy a Redis deployment's accounts and ratings into PostgreSQL.")
    parser.add_argument("--redis-url", default=os.environ.get("REDIS_URL"))
    parser.add_argument("--database-url", default=os.environ.get("DATABASE_URL"))
    args = parser.parse_args(argv)
    if not args.redis_url or not args.database_url:
        print("migrate_redis: give REDIS_URL and DATABASE_URL (or --redis-url and "
              "--database-url)", file=sys.stderr)
        return 2
    migrate(args.database_url)
    copied = asyncio.run(_run(args.redis_url, args.database_url))
    print(f"copied {copied.accounts} accounts, {copied.ratings} ratings and "
          f"{copied.rating_changes} rating changes into PostgreSQL")
    return 0


if __name__ == "__main__":
    sys.exit(main())
