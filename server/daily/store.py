"""The daily deal in PostgreSQL (migrations 0007, 0008, 0015): the secret, each day's
par, the tries.

Every method may raise ``ArchiveUnavailable`` (PostgreSQL down, or a node run without
it). A try is one row per (day, player): ``hand`` is the hand in play (0-based) and
``table_id`` its table, NULL until the hand is dealt. ``deal`` decides a hand's table
once (a compare-and-set, so sockets racing on several nodes all get one table);
``score`` adds a hand's points and leaves the next hand undealt, guarded by the hand
number and its table, so a hand is counted once even when its end is reported twice.
"""

from __future__ import annotations

import datetime as dt
import secrets
from dataclasses import dataclass
from typing import Any

import asyncpg

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
    table_id: str | None  # the hand in play's table; None: the next hand is not dealt
    points: tuple[int, ...]
    total: int | None  # set when finished
    dealt: dt.datetime | None = None  # when ``table_id`` was decided
    abandoned: tuple[int, ...] = ()  # the hands (1-based) scored as abandoned
    moved_to: str | None = None  # a marker: this guest's try moved to that account's pid

    @property
    def finished(self) -> bool:
        return self.total is not None

    @classmethod
    def of(cls, row: Any) -> Try:
        return cls(row["day"].isoformat(), row["pid"], row["account"], row["name"],
                   row["hand"], row["table_id"], tuple(row["points"]), row["total"],
                   row["dealt"], tuple(row["abandoned"]), row["moved_to"])


_TRY = "day, pid, account, name, hand, table_id, points, total, dealt, abandoned, moved_to"


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

    async def adopt(self, pid: str, account: str) -> None:
        """The guest ``pid`` registered as ``account`` and kept the pid: their tries
        (the one under way too) are the account's now, so a finished one reaches the
        board. The tries stay keyed by (day, pid), so registering never opens a second
        try of a day: the account's try is the guest's."""
        async with self.db.connection("daily adopt") as conn:
            await conn.execute("UPDATE daily_tries SET account = $2, name = $2 "
                               "WHERE pid = $1 AND account IS NULL AND moved_to IS NULL",
                               pid, account)

    async def move(self, guest: str, pid: str, account: str) -> int:
        """The guest ``guest`` signed in to the existing account ``account`` (``pid``):
        their tries between hands or finished become the account's, each of a day the
        account has no try of (one try a day: an account's own is never replaced).
        Moved, not copied, so no other account can take them after; each leaves a
        marker under ``guest`` (``Try.moved_to``) so the guest cannot start that day
        again. Returns how many."""
        async with self.db.connection("daily move") as conn:
            try:
                async with conn.transaction():
                    days = await conn.fetch(
                        "UPDATE daily_tries SET pid = $2, account = $3, name = $3 "
                        "WHERE pid = $1 AND account IS NULL AND table_id IS NULL "
                        "AND moved_to IS NULL AND NOT EXISTS "
                        "(SELECT 1 FROM daily_tries t WHERE t.day = daily_tries.day "
                        "AND t.pid = $2) RETURNING day, name", guest, pid, account)
                    await conn.executemany(
                        "INSERT INTO daily_tries (day, pid, name, started, hand, moved_to) "
                        "VALUES ($1, $2, $3, now(), 0, $4)",
                        [(row["day"], guest, row["name"], pid) for row in days])
            except asyncpg.UniqueViolationError:  # the account started a try meanwhile
                return 0
        return len(days)

    async def deal(self, day: str, pid: str, account: str | None, name: str,
                   table_id: str, now: dt.datetime) -> Try:
        """Decide the table of ``pid``'s next hand of ``day``, once: the first call of a
        hand stores ``table_id`` (a compare-and-set: the row is created at hand 0, else
        its ``table_id`` must be NULL); every other call, on any node, gets the try with
        the table decided first. Compare ``Try.table_id`` with ``table_id`` to know
        whether this caller won."""
        async with self.db.connection("daily deal") as conn:
            row = await conn.fetchrow(
                "INSERT INTO daily_tries (day, pid, account, name, started, hand, table_id, "
                "dealt) VALUES ($1, $2, $3, $4, $5, 0, $6, $5) ON CONFLICT (day, pid) DO "
                "UPDATE SET table_id = EXCLUDED.table_id, dealt = EXCLUDED.dealt "
                "WHERE daily_tries.table_id IS NULL AND daily_tries.finished IS NULL "
                "AND daily_tries.moved_to IS NULL "
                f"RETURNING {_TRY}", as_date(day), pid, account, name, now, table_id)
        if row is None:  # another call decided this hand first: the try as it decided
            mine = await self.get_try(day, pid)
            assert mine is not None
            return mine
        return Try.of(row)

    async def score(self, day: str, table_id: str, hand: int, points: int, hands: int,
                    now: dt.datetime, abandoned: bool = False) -> Try | None:
        """Count ``points`` for ``hand`` (0-based) of the try whose hand in play is at
        ``table_id``, and leave the next hand undealt (or finish the try after the
        ``hands``-th). Once only: None if that hand is not in play at that table (it was
        counted already, or it is another's)."""
        async with self.db.connection("daily score") as conn:
            row = await conn.fetchrow(
                "UPDATE daily_tries SET points = points || $4::integer, hand = hand + 1, "
                "table_id = NULL, dealt = NULL, "
                "abandoned = CASE WHEN $7 THEN abandoned || ($3 + 1) ELSE abandoned END, "
                "finished = CASE WHEN $3 + 1 >= $5 THEN $6::timestamptz END, "
                "total = CASE WHEN $3 + 1 >= $5 THEN "
                "(SELECT sum(p) FROM unnest(points || $4::integer) AS p) END "
                "WHERE day = $1 AND table_id = $2 AND hand = $3 AND finished IS NULL "
                f"RETURNING {_TRY}", as_date(day), table_id, hand, points, hands, now,
                abandoned)
        return None if row is None else Try.of(row)

    async def close_day(self, day: str, points: int, hands: int, now: dt.datetime) -> int:
        """Score every hand of ``day`` still in play as abandoned (``points``): the day
        has closed on it. Returns how many. Idempotent."""
        async with self.db.connection("daily close") as conn:
            rows = await conn.fetch("SELECT table_id, hand FROM daily_tries WHERE day = $1 "
                                    "AND table_id IS NOT NULL AND finished IS NULL",
                                    as_date(day))
        closed = 0
        for row in rows:
            if await self.score(day, row["table_id"], row["hand"], points, hands, now,
                                abandoned=True) is not None:
                closed += 1
        return closed

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
