"""What the archive's pages ask PostgreSQL: one game, a player's sums and recent games.

Each function is one or two indexed queries (docs/archive.md lists them with their
indexes): a game by its primary key; a player's sums from ``player_stats`` (one row for
their public games, one for their private tables' games); recent games from
``game_seats``'s ``(pid, ended DESC)`` index joined to ``games`` by key. A private
table's game is counted and listed only for a ``viewer`` who played it (see
docs/security.md, "Private games stay private"). None means "no such game";
PostgreSQL failing raises ArchiveUnavailable.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import datetime
from typing import Any

import asyncpg

from shared.archive import GameRecord, SeatRecord

from .db import guarded
from .writer import SUM_COLUMNS

__all__ = ["GameRow", "load_game", "player_sums", "recent_games", "record_of_row"]

RECENT = 20


class GameRow:
    """A stored game: its record and the per-hand scores kept beside it."""

    __slots__ = ("hand_scores", "record")

    def __init__(self, record: GameRecord, hand_scores: list[dict[str, Any]]) -> None:
        self.record = record
        self.hand_scores = hand_scores


def _ms(moment: datetime) -> int:
    return round(moment.timestamp() * 1000)


def _json(value: Any) -> Any:
    # asyncpg hands jsonb over as text, psycopg (the migrations' driver) decoded.
    return json.loads(value) if isinstance(value, str) else value


def record_of_row(row: Mapping[str, Any]) -> GameRecord:
    """The record of a ``games`` row (from asyncpg or psycopg)."""
    actions = [(int(seat), action) for seat, action in
               (line.split(" ", 1) for line in row["actions"].split("\n") if line)]
    opening = _json(row["opening"]) if row["opening"] is not None else None
    return GameRecord(
        id=row["id"], kind=row["kind"], private=row["private"], rules=_json(row["rules"]),
        seed=row["seed"], first_dealer=row["first_dealer"], started_ms=_ms(row["started"]),
        ended_ms=_ms(row["ended"]),
        seats=tuple(SeatRecord.from_dict(s) for s in _json(row["seats"])),
        actions=tuple(actions), winner=row["winner"], totals=tuple(row["totals"]),
        hands_played=row["hands_played"], opening=opening, extra=_json(row["extra"]))


async def load_game(pool: asyncpg.Pool, game_id: str) -> GameRow | None:
    async with guarded("load game"), pool.acquire() as conn:
        row = await conn.fetchrow("SELECT * FROM games WHERE id = $1", game_id)
    if row is None:
        return None
    return GameRow(record_of_row(row), _json(row["hand_scores"]))


_SUMS = ", ".join(f"sum({c})::bigint AS {c}" for c in SUM_COLUMNS)


async def player_sums(pool: asyncpg.Pool, pid: str, private: bool = True
                      ) -> dict[str, int] | None:
    """The player's running sums (``player_stats``), None before their first game
    (their first public game when ``private`` is False: then the games of private
    tables are left out, as a stranger must see them)."""
    async with guarded("player stats"), pool.acquire() as conn:
        row = await conn.fetchrow(f"SELECT count(*) AS n, {_SUMS} FROM player_stats "
                                  "WHERE pid = $1 AND (NOT private OR $2)", pid, private)
    if row is None or not row["n"]:
        return None
    return {c: int(row[c]) for c in SUM_COLUMNS}


async def recent_games(pool: asyncpg.Pool, pid: str, viewer: str | None = None,
                       limit: int = RECENT) -> list[dict[str, Any]]:
    """The player's latest games, newest first, as ``viewer`` may see them (a private
    table's game only if ``viewer`` played it; None: a viewer who played nothing):
    ``{id, ended (ms), kind, won, place, totals}`` (``won`` None for a draw)."""
    async with guarded("recent games"), pool.acquire() as conn:
        rows = await conn.fetch(
            "SELECT s.game_id, s.ended, s.kind, s.won, s.place, g.totals FROM game_seats s "
            "JOIN games g ON g.id = s.game_id WHERE s.pid = $1 AND (NOT g.private OR "
            "s.pid = $3 OR EXISTS (SELECT 1 FROM game_seats v WHERE v.game_id = s.game_id "
            "AND v.pid = $3)) ORDER BY s.ended DESC LIMIT $2", pid, limit, viewer)
    return [{"id": r["game_id"], "ended_ms": _ms(r["ended"]), "kind": r["kind"],
             "won": r["won"], "place": r["place"], "totals": list(r["totals"])}
            for r in rows]
