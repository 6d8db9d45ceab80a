"""The daily deal in PostgreSQL (migration 0007): the secret, each day's par, the tries.

Every method may raise ``ArchiveUnavailable`` (PostgreSQL down, or a node run without
it). A try is one row per (day, player): ``hand`` is the hand in play (0-based) and
``table_id`` its table; ``advance`` adds a hand's points and moves on, guarded by the
hand number, so a hand is counted once even when its result is sent twice.
"""

from __future__ import annotations

import datetime as dt
import secrets
from dataclasses import dataclass
from typing import Any

from server.archive.db import Database

__all__ = ["DailyStore", "Try"]

CLAIM_STALE = dt.timedelta(minutes=10)  # a par claim older than this is taken over


def as_date(day: str) -> dt.date:
    return dt.date.fromisoformat(day)


@dataclass(frozen=True, slots=True)
class Try:
    """One player's try of one day, as stored."""

    day: str
    pid: str
    account: str | None
    name: str
    hand: int
    table_id: str
    points: tuple[int, ...]
    total: int | None  # set when finished

    @property
    def finished(self) -> bool:
        return self.total is not None

    @classmethod
    def of(cls, row: Any) -> Try:
        return cls(row["day"].isoformat(), row["pid"], row["account"], row["name"],
                   row["hand"], row["table_id"], tuple(row["points"]), row["total"])


_TRY = "day, pid, account, name, hand, table_id, points, total"


class DailyStore:
    """The daily tables of the node's database ``db``."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def secret(self) -> bytes:
        """The stored secret; the first caller anywhere generates it (32 random bytes)."""
        async with self.db.connection("daily secret") as conn:
            await conn.execute("INSERT INTO daily_secret (id, secret) VALUES (1, $1) "
                               "ON CONFLICT (id) DO NOTHING", secrets.token_bytes(32))
            return bytes(await conn.fetchval("SELECT secret FROM daily_secret WHERE id = 1"))

    async def get_try(self, day: str, pid: str) -> Try | None:
        async with self.db.connection("daily try") as conn:
            row = await conn.fetchrow(f"SELECT {_TRY} FROM daily_tries "
                                      "WHERE day = $1 AND pid = $2", as_date(day), pid)
        return None if row is None else Try.of(row)

    async def begin(self, day: str, pid: str, account: str | None, name: str,
                    table_id: str, now: dt.datetime) -> bool:
        """Start ``pid``'s try of ``day`` at hand 0 on ``table_id``; False if it has one."""
        async with self.db.connection("daily begin") as conn:
            done = await conn.fetchval(
                "INSERT INTO daily_tries (day, pid, account, name, started, hand, table_id) "
                "VALUES ($1, $2, $3, $4, $5, 0, $6) ON CONFLICT (day, pid) DO NOTHING "
                "RETURNING 1", as_date(day), pid, account, name, now, table_id)
        return done is not None

    async def advance(self, day: str, pid: str, hand: int, points: int,
                      next_table: str | None, now: dt.datetime) -> Try | None:
        """Record ``points`` for ``hand`` and move to ``next_table`` (None: that was the
        last hand, the try is finished). None if the try was not at ``hand``."""
        async with self.db.connection("daily advance") as conn:
            row = await conn.fetchrow(
                "UPDATE daily_tries SET points = points || $4::integer, hand = hand + 1, "
                "table_id = COALESCE($5::text, table_id), "
                "finished = CASE WHEN $5::text IS NULL THEN $6::timestamptz END, "
                "total = CASE WHEN $5::text IS NULL THEN "
                "(SELECT sum(p) FROM unnest(points || $4::integer) AS p) END "
                "WHERE day = $1 AND pid = $2 AND hand = $3 AND finished IS NULL "
                f"RETURNING {_TRY}", as_date(day), pid, hand, points, next_table, now)
        return None if row is None else Try.of(row)

    async def move(self, day: str, pid: str, table_id: str) -> None:
        """The hand in play is dealt again at ``table_id`` (its table expired)."""
        async with self.db.connection("daily move") as conn:
            await conn.execute("UPDATE daily_tries SET table_id = $3 WHERE day = $1 "
                               "AND pid = $2 AND finished IS NULL", as_date(day), pid,
                               table_id)

    async def finished(self, day: str) -> list[Try]:
        """Every finished try of ``day`` (the field), best total first."""
        async with self.db.connection("daily field") as conn:
            rows = await conn.fetch(f"SELECT {_TRY} FROM daily_tries WHERE day = $1 "
                                    "AND finished IS NOT NULL ORDER BY total DESC, started",
                                    as_date(day))
        return [Try.of(r) for r in rows]

    async def board(self, day: str, limit: int = 100) -> list[Try]:
        """The accounts' finished tries of ``day``, best first (ties: who finished first)."""
        async with self.db.connection("daily board") as conn:
            rows = await conn.fetch(f"SELECT {_TRY} FROM daily_tries WHERE day = $1 "
                                    "AND finished IS NOT NULL AND account IS NOT NULL "
                                    "ORDER BY total DESC, finished LIMIT $2",
                                    as_date(day), limit)
        return [Try.of(r) for r in rows]

    async def started(self, day: str) -> bool:
        """Somebody has started a try of ``day``."""
        async with self.db.connection("daily started") as conn:
            return bool(await conn.fetchval("SELECT EXISTS (SELECT 1 FROM daily_tries "
                                            "WHERE day = $1)", as_date(day)))

    async def par(self, day: str) -> list[int] | None:
        async with self.db.connection("daily par") as conn:
            par = await conn.fetchval("SELECT par FROM daily_par WHERE day = $1",
                                      as_date(day))
        return None if par is None else list(par)

    async def claim_par(self, day: str, now: dt.datetime) -> bool:
        """True if this caller is now the one to compute ``day``'s par: nobody had
        claimed it, or a claim went stale (its node died) and nothing was written."""
        async with self.db.connection("daily par claim") as conn:
            got = await conn.fetchval(
                "INSERT INTO daily_par (day, claimed) VALUES ($1, $2) "
                "ON CONFLICT (day) DO UPDATE SET claimed = EXCLUDED.claimed "
                "WHERE daily_par.par IS NULL AND daily_par.claimed < $3 RETURNING 1",
                as_date(day), now, now - CLAIM_STALE)
        return got is not None

    async def set_par(self, day: str, par: list[int]) -> None:
        async with self.db.connection("daily par write") as conn:
            await conn.execute("UPDATE daily_par SET par = $2 WHERE day = $1",
                               as_date(day), par)
