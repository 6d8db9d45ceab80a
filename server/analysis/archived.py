"""The analysis of ARCHIVED games: results kept with the game in PostgreSQL.

A request for an archived game names it by its archive id (``<table>.<game no>``) and
a seat; the stream entry carries no record (``{"game", "seat", "archived": true}``):
the worker reads the game from PostgreSQL (:func:`archived_record`), so a request is
small and can only name a game the archive really kept. :class:`PostgresResults` is the
:class:`~server.analysis.store.ResultStore` of those games: one row per seat of
``game_analyses`` (migration ``0006.analyses.sql``), removed with its game.

Ranked games are queued for analysis when the archive writes them (:func:`queue_people`,
the archive queue's ``on_written`` hook): every seat a person played to the end. Any
other game is analysed when one of its players asks (``POST /api/games/{id}/analysis``).
"""

from __future__ import annotations

import json
import logging
from typing import Any

import asyncpg
import msgpack  # type: ignore[import-untyped]
import redis.asyncio as aioredis

from server.archive import queries
from server.archive.db import guarded
from shared.archive import GameRecord

from .store import MAX_BACKLOG, QUEUED_TTL_S, Admit, AnalysisBusy, send_marked

__all__ = ["PostgresResults", "archived_record", "people_seats", "queue_people",
           "request_archived"]

log = logging.getLogger("server.analysis")

# A queued row older than this is taken for a lost request: asking again sends it anew
# (the Redis store lets its marker lapse after the same time).
_MARK = f"""
INSERT INTO game_analyses (game_id, seat, status) VALUES ($1, $2, 'queued')
ON CONFLICT (game_id, seat) DO UPDATE SET status = 'queued', requested = now()
  WHERE game_analyses.status = 'queued'
    AND game_analyses.requested < now() - interval '{QUEUED_TTL_S} seconds'
RETURNING seat
"""
_PUT = """
INSERT INTO game_analyses (game_id, seat, status, result, error, finished)
VALUES ($1, $2, $3, $4::jsonb, $5, now())
ON CONFLICT (game_id, seat) DO UPDATE SET status = EXCLUDED.status,
  result = EXCLUDED.result, error = EXCLUDED.error, finished = now()
"""


def _row_result(row: asyncpg.Record) -> dict[str, Any]:
    out: dict[str, Any] = {"status": row["status"], "game": row["game_id"], "seat": row["seat"]}
    if row["result"] is not None:
        out["analysis"] = json.loads(row["result"])
    if row["error"] is not None:
        out["error"] = row["error"]
    return out


class PostgresResults:
    """:class:`~server.analysis.store.ResultStore` on the archive's PostgreSQL. ``game``
    is an archive id; marking a seat of a game the archive does not hold raises
    ``asyncpg.ForeignKeyViolationError`` (callers check the game first). PostgreSQL
    failing raises ``ArchiveUnavailable``."""

    def __init__(self, pool: asyncpg.Pool) -> None:
        self.pool = pool

    async def get(self, game: str, seat: int) -> dict[str, Any] | None:
        async with guarded("analysis get"), self.pool.acquire() as conn:
            row = await conn.fetchrow("SELECT * FROM game_analyses WHERE game_id = $1 "
                                      "AND seat = $2", game, seat)
        return None if row is None else _row_result(row)

    async def all_seats(self, game: str) -> list[dict[str, Any]]:
        """Every seat's result or marker for ``game``, by seat."""
        async with guarded("analysis list"), self.pool.acquire() as conn:
            rows = await conn.fetch("SELECT * FROM game_analyses WHERE game_id = $1 "
                                    "ORDER BY seat", game)
        return [_row_result(row) for row in rows]

    async def mark_queued(self, game: str, seat: int) -> bool:
        async with guarded("analysis mark"), self.pool.acquire() as conn:
            return await conn.fetchval(_MARK, game, seat) is not None

    async def unmark(self, game: str, seat: int) -> None:
        async with guarded("analysis unmark"), self.pool.acquire() as conn:
            await conn.execute("DELETE FROM game_analyses WHERE game_id = $1 AND seat = $2 "
                               "AND status = 'queued'", game, seat)

    async def put(self, game: str, seat: int, result: dict[str, Any]) -> None:
        analysis = result.get("analysis")
        async with guarded("analysis put"), self.pool.acquire() as conn:
            await conn.execute(_PUT, game, seat, result["status"],
                               json.dumps(analysis) if analysis is not None else None,
                               result.get("error"))


def record_events(record: GameRecord) -> dict[str, Any]:
    """The analysis's record (``shared.analysis.analyse``'s input) of an archived game."""
    return {"rules": record.rules, "seed": record.seed, "first_dealer": record.first_dealer,
            "opening": record.opening,
            "events": [[seat, action] for seat, action in record.actions]}


async def archived_record(pool: asyncpg.Pool, game: str) -> dict[str, Any] | None:
    """The analysis's record of the archived game ``game``, None if there is none."""
    row = await queries.load_game(pool, game)
    return None if row is None else record_events(row.record)


async def request_archived(client: aioredis.Redis, results: PostgresResults, game: str,
                           seat: int, admit: Admit | None = None,
                           backlog: int = MAX_BACKLOG) -> tuple[dict[str, Any], bool]:
    """Ask for ``seat``'s analysis of the archived ``game`` (the caller checked that it
    exists). Returns (what is known now, whether a request was sent): the result, or
    the ``queued`` marker; a request already waiting or done is not sent again. A new
    one (none known) is first counted by ``admit``, which raises to refuse it; a full
    backlog raises AnalysisBusy (store.enqueue)."""
    known = await results.get(game, seat)
    if known is not None and known["status"] != "queued":
        return known, False
    if known is None and admit is not None:
        await admit()
    if not await results.mark_queued(game, seat):
        found = await results.get(game, seat)
        return found or {"status": "queued", "game": game, "seat": seat}, False
    body = msgpack.packb({"game": game, "seat": seat, "archived": True})
    await send_marked(client, results, game, seat, body, backlog)
    return {"status": "queued", "game": game, "seat": seat}, True


def people_seats(record: GameRecord) -> list[int]:
    """The seats a person played to the end (not a bot's, not a leaver's)."""
    return [s.seat for s in record.seats if s.pid is not None and s.bot is None and not s.left]


async def queue_people(client: aioredis.Redis, pool: asyncpg.Pool,
                       record: GameRecord) -> int:
    """At a ranked game's archiving: queue the analysis of each person's seat; returns
    how many were sent. Other kinds wait for a player's request."""
    if record.kind != "ranked":
        return 0
    results = PostgresResults(pool)
    sent = 0
    for seat in people_seats(record):
        try:
            _, new = await request_archived(client, results, record.id, seat)
        except AnalysisBusy:  # its player can ask for it later, from the game's page
            log.warning("analysis backlog full: %s seat %d not queued", record.id, seat)
            continue
        sent += new
    return sent
