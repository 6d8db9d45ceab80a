"""Reports of players and the operator's sanctions (issue 17).

A signed-in player reports another (an account, or a guest at their table, by seat)
with a reason from ``REASONS`` and an optional line;
when both are at one table the report keeps the table id, the game id and the table's
kept chat lines (players' and gallery's) as they are at that moment. Reports and
sanctions live in PostgreSQL (migration 0004). A note is stored as one line without
control or format characters (``shared.inert_text.strip_inert``): the operator reads
it in a terminal. A sanction (``mute``: no table chat;
``ranked_ban``: no ranked queue) is also written to Redis as ``sn:{<pid>}:<kind>``
with the sanction's expiry, so every node enforces it with one read
(``Sanctions.check``); the operator's command is ``python -m server.admin``.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import redis.asyncio as aioredis

from server.archive.db import Database
from shared.inert_text import strip_inert

from . import keys
from .chat import GALLERY, PLAYERS, ChatMessage
from .errors import SocialError
from .reasons import REPORT_NOTE, REPORT_REASON, REPORT_SELF
from .store import redis_errors

__all__ = ["KINDS", "NOTE_MAX", "REASONS", "Report", "Reports", "Sanctioned", "Sanctions"]

REASONS = ("abuse", "cheating", "stalling", "name", "other")
KINDS = ("mute", "ranked_ban")
NOTE_MAX = 200
_WHAT = {"mute": "Your table chat is muted", "ranked_ban": "You may not play ranked"}


class Sanctioned(SocialError):
    """The operator muted this account's chat or banned it from ranked, for a time."""

    code = "sanctioned"
    status = 403


class BadReport(SocialError):
    code = "bad_report"
    status = 400


def sanction_key(pid: str, kind: str) -> str:
    return f"sn:{{{pid}}}:{kind}"


@dataclass(frozen=True, slots=True)
class Report:
    id: int
    at: datetime
    reporter: str
    reported: str
    reason: str
    note: str
    table_id: str | None
    game_id: str | None
    chat: list[dict[str, Any]]
    guest_name: str | None = None  # the reported player was a guest shown by this name


class Sanctions:
    """The Redis side every node reads, and the writes the operator's command makes."""

    def __init__(self, client: aioredis.Redis, db: Database | None = None) -> None:
        self._client = client
        self._db = db

    async def check(self, pid: str, kind: str) -> None:
        """Raise ``Sanctioned`` (with the end time) if ``pid`` is under ``kind``."""
        async with redis_errors("sanction read"):
            until = await self._client.pttl(sanction_key(pid, kind))
        if until > 0:
            end = datetime.fromtimestamp(time.time() + until / 1000, UTC)
            raise Sanctioned(f"{_WHAT[kind]} until {end:%Y-%m-%d %H:%M} UTC.")

    async def impose(self, pid: str, kind: str, seconds: int, reason: str = "") -> datetime:
        """Sanction ``pid`` with ``kind`` for ``seconds`` (0 lifts it); returns the end."""
        if kind not in KINDS:
            raise ValueError(f"kind must be one of {', '.join(KINDS)}")
        until = datetime.now(UTC) + timedelta(seconds=seconds)
        if self._db is not None:
            async with self._db.connection("sanction") as conn:
                if seconds > 0:
                    await conn.execute(
                        "INSERT INTO sanctions (pid, kind, until, reason) VALUES ($1, $2, $3, $4)"
                        " ON CONFLICT (pid, kind) DO UPDATE SET until = $3, reason = $4, "
                        "at = now()", pid, kind, until, reason)
                else:
                    await conn.execute("DELETE FROM sanctions WHERE pid = $1 AND kind = $2",
                                       pid, kind)
        async with redis_errors("sanction write"):
            if seconds > 0:
                await self._client.set(sanction_key(pid, kind), b"1", ex=seconds)
            else:
                await self._client.delete(sanction_key(pid, kind))
        return until

    async def restore(self) -> int:
        """Write every live sanction of PostgreSQL back to Redis (after Redis lost its
        data); returns how many."""
        assert self._db is not None
        async with self._db.connection("sanctions") as conn:
            rows = await conn.fetch("SELECT pid, kind, until FROM sanctions WHERE until > now()")
        now = datetime.now(UTC)
        for row in rows:
            seconds = max(1, int((row["until"] - now).total_seconds()))
            await self._client.set(sanction_key(row["pid"], row["kind"]), b"1", ex=seconds)
        return len(rows)


class Reports:
    def __init__(self, client: aioredis.Redis, db: Database) -> None:
        self._client = client
        self._db = db

    async def file(self, reporter: str, reported: str, reason: object, note: object,
                   table_id: str | None = None, game_id: str | None = None,
                   guest_name: str | None = None) -> int:
        """Record a report; returns its id. ``table_id``: the table both are at (its
        kept chat is copied into the report). ``guest_name``: ``reported`` is a guest,
        shown under that name (a guest's name is theirs only for the moment)."""
        if reporter == reported:
            raise BadReport(REPORT_SELF())
        if reason not in REASONS:
            raise BadReport(REPORT_REASON(reasons=", ".join(REASONS)))
        if note is None:
            note = ""
        if not isinstance(note, str) or len(note) > NOTE_MAX:
            raise BadReport(REPORT_NOTE(count=NOTE_MAX))
        chat = await self._chat_of(table_id) if table_id else []
        async with self._db.connection("report") as conn:
            report_id: int = await conn.fetchval(
                "INSERT INTO reports (reporter, reported, reason, note, table_id, game_id, chat,"
                " guest_name) VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8) RETURNING id",
                reporter, reported, reason, strip_inert(note), table_id, game_id,
                json.dumps(chat), guest_name)
        return report_id

    async def _chat_of(self, table_id: str) -> list[dict[str, Any]]:
        lines: list[dict[str, Any]] = []
        async with redis_errors("report chat"):
            for audience in (PLAYERS, GALLERY):
                for _, fields in await self._client.xrange(keys.chat_log(table_id, audience)):
                    lines.append(ChatMessage.unpack(fields[b"m"]).to_wire())
        return sorted(lines, key=lambda line: line.get("at", 0))

    async def open_reports(self, limit: int = 100) -> list[Report]:
        async with self._db.connection("reports") as conn:
            rows = await conn.fetch("SELECT * FROM reports WHERE closed_at IS NULL "
                                    "ORDER BY at LIMIT $1", limit)
        return [Report(r["id"], r["at"], r["reporter"], r["reported"], r["reason"], r["note"],
                       r["table_id"], r["game_id"], json.loads(r["chat"]), r["guest_name"])
                for r in rows]

    async def close(self, report_id: int) -> bool:
        async with self._db.connection("close report") as conn:
            done = await conn.execute("UPDATE reports SET closed_at = now() WHERE id = $1 "
                                      "AND closed_at IS NULL", report_id)
        return bool(done.endswith(" 1"))
