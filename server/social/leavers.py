"""Ranked leavers (issue 17): each early leave within ``WINDOW`` doubles the cooldown
before the player may queue again (``cooldown_s``: 5 min after the first, 10 after
the second, ... at most ``MAX_COOLDOWN_S``), counted from the last leave.

Leaves are kept in PostgreSQL (migration 0005), once per game and player whichever
nodes rate the game. The completion rate on the player page is the archive's
(``/api/players/<name>``'s ``completion``: games finished over games played, all kinds).
"""

from __future__ import annotations

import math
from datetime import UTC, datetime, timedelta

from server.archive.db import Database

from .errors import SocialError

__all__ = [
    "BASE_COOLDOWN_S",
    "MAX_COOLDOWN_S",
    "WINDOW",
    "Leavers",
    "OnCooldown",
    "cooldown_s",
]

WINDOW = timedelta(days=1)
BASE_COOLDOWN_S = 300
MAX_COOLDOWN_S = 86_400


class OnCooldown(SocialError):
    """The player left ranked games early lately and must wait before queueing."""

    code = "cooldown"
    status = 403

    def __init__(self, message: str, retry_after_s: int) -> None:
        super().__init__(message)
        self.retry_after_s = retry_after_s


def cooldown_s(leaves_in_window: int) -> int:
    """The wait after the last leave, for that many leaves in the window (pure)."""
    if leaves_in_window <= 0:
        return 0
    return min(MAX_COOLDOWN_S, BASE_COOLDOWN_S * 2 ** min(leaves_in_window - 1, 20))


class Leavers:
    def __init__(self, db: Database) -> None:
        self._db = db

    async def record(self, game_id: str, pids: tuple[str, ...] | list[str]) -> None:
        """The players of ``pids`` left game ``game_id`` early (idempotent)."""
        if not pids or not self._db.configured:
            return
        async with self._db.connection("ranked leaves") as conn:
            await conn.executemany("INSERT INTO ranked_leaves (game_id, pid) VALUES ($1, $2) "
                                   "ON CONFLICT DO NOTHING", [(game_id, p) for p in pids])

    async def check(self, pid: str, now: datetime | None = None) -> None:
        """Raise ``OnCooldown`` while ``pid``'s cooldown runs."""
        if not self._db.configured:
            return
        now = now or datetime.now(UTC)
        async with self._db.connection("ranked cooldown") as conn:
            row = await conn.fetchrow("SELECT count(*) AS n, max(at) AS last FROM ranked_leaves"
                                      " WHERE pid = $1 AND at > $2", pid, now - WINDOW)
        if row is None or not row["n"]:
            return
        ends = row["last"] + timedelta(seconds=cooldown_s(row["n"]))
        if ends > now:
            wait = math.ceil((ends - now).total_seconds())
            minutes = max(1, math.ceil(wait / 60))
            raise OnCooldown(f"You left {row['n']} ranked game{'s' if row['n'] > 1 else ''} "
                             f"early today: you may queue again in {minutes} min.", wait)
