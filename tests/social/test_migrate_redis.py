"""The migration command: a Redis deployment's accounts and ratings (as the room kept
them before issue 16) copied into PostgreSQL, and usable from there."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import msgpack
import redis.asyncio as redis_async

from server.archive.db import Database
from server.social import keys
from server.social.accounts import AccountPolicy, Accounts
from server.social.migrate_redis import copy_redis_to_postgres
from server.social.ratings import Ratings

ROOT = Path(__file__).resolve().parents[2]
ANN, BO = "a1a1a1a1a1a1a1a1", "b2b2b2b2b2b2b2b2"
PASSWORD = "a long enough passphrase"


async def old_deployment(redis: redis_async.Redis, policy: AccountPolicy) -> None:
    """Write accounts and ratings the way the Redis-only room wrote them."""
    hashed = policy.hasher().hash(PASSWORD)
    for pid, name in ((ANN, "Ann"), (BO, "Bo")):
        await redis.hset(keys.account(name.lower()), mapping={
            "name": name, "pid": pid, "hash": hashed, "created": 1_700_000_000_000})
        await redis.set(keys.account_pid(pid), name.lower())
    await redis.hset(keys.rating(ANN), mapping={"mu": 27.5, "sigma": 7.9, "games": 1})
    await redis.hset(keys.rating(BO), mapping={"mu": 22.5, "sigma": 7.9, "games": 1})
    await redis.hset(keys.RATED_NAMES, mapping={ANN: "Ann", BO: "Bo"})
    game = {ANN: {"n": "Ann", "b": 0.0, "a": 3.8, "mu": 27.5, "s": 7.9, "g": 1, "w": True,
                  "l": False},
            BO: {"n": "Bo", "b": 0.0, "a": -1.2, "mu": 22.5, "s": 7.9, "g": 1, "w": False,
                 "l": True}}
    await redis.set(keys.rated_game("tbl:0"), msgpack.packb(game))
    await redis.lpush(keys.rating_history(ANN), msgpack.packb(
        {"g": "tbl:0", "t": 1_700_000_500_000, "b": 0.0, "a": 3.8, "w": True, "l": False}))


async def test_accounts_and_ratings_are_copied_and_work_from_postgres(
        redis: redis_async.Redis, db: Database, cheap_policy: AccountPolicy) -> None:
    await old_deployment(redis, cheap_policy)
    copied = await copy_redis_to_postgres(redis, db)
    assert (copied.accounts, copied.ratings, copied.rating_changes) == (2, 2, 2)
    accounts = Accounts(redis, cheap_policy, db=db)
    session = await accounts.sign_in("ann", PASSWORD, "192.0.2.1")  # the old hash works
    assert session.account.pid == ANN and session.account.name == "Ann"
    assert await accounts.pid_is_account(BO)
    assert await accounts.created_ms("Bo") == 1_700_000_000_000
    ratings = Ratings(db)
    ann = await ratings.rating(ANN)
    assert (ann.mu, ann.sigma, ann.games) == (27.5, 7.9, 1)
    history = await ratings.history(ANN)
    assert [(h.game_id, h.at_ms, h.after, h.won) for h in history] == [
        ("tbl:0", 1_700_000_500_000, 1600, True)]  # 1500 + 40 * (27.5 - 25)
    assert (await ratings.game_changes("tbl:0"))[BO].left
    assert [row.name for row in await ratings.leaderboard()] == ["Ann", "Bo"]
    again = await copy_redis_to_postgres(redis, db)  # nothing twice
    assert (again.accounts, again.ratings, again.rating_changes) == (0, 0, 0)


async def test_the_command_runs_from_the_environment(
        redis: redis_async.Redis, redis_url: str, database_url: str,
        cheap_policy: AccountPolicy) -> None:
    await old_deployment(redis, cheap_policy)
    env = {"REDIS_URL": redis_url, "DATABASE_URL": database_url, "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, "-m", "server.social.migrate_redis"], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert "copied 2 accounts, 2 ratings and 2 rating changes" in done.stdout
    missing = subprocess.run([sys.executable, "-m", "server.social.migrate_redis"], cwd=ROOT,
                             env={"PATH": "/usr/bin:/bin"}, capture_output=True, text=True,
                             timeout=60, check=False)
    assert missing.returncode == 2 and "REDIS_URL" in missing.stderr
