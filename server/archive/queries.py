"""What the archive's pages ask PostgreSQL: one game, a player's sums and recent games.

Each function is one or two indexed queries (docs/archive.md lists them with their
indexes): a game by its primary key; a player's sums from ``player_stats`` (one row);
recent games from ``game_seats``'s ``(pid, ended DESC)`` index joined to ``games`` by
key. None means "no such game"; PostgreSQL failing raises ArchiveUnavailable.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

import asyncpg

from shared.archive import GameRecord, SeatRecord

from .db import guarded

__all__ = ["GameRow", "load_game", "player_sums", "recent_games"]

RECENT = 20


class GameRow:
    """A stored game: its record and the per-hand scores kept beside it."""

    __slots__ = ("hand_scores", "record")

    def __init__(self, record: GameRecord, hand_scores: list[dict[str, Any]]) -> None:
        self.record = record
        self.hand_scores = hand_scores


def _ms(moment: datetime) -> int:
    return round(moment.timestamp() * 1000)


async def load_game(pool: asyncpg.Pool, game_id: str) -> GameRow | None:
    async with guarded("load game"), pool.acquire() as conn:
        row = await conn.fetchrow("SELECT * FROM games WHERE id = $1", game_id)
    if row is None:
        return None
    actions = [(int(seat), action) for seat, action in
               (line.split(" ", 1) for line in row["actions"].split("\n") if line)]
    record = GameRecord(
        id=row["id"], kind=row["kind"], private=row["private"], rules=json.loads(row["rules"]),
        seed=row["seed"], first_dealer=row["first_dealer"], started_ms=_ms(row["started"]),
        ended_ms=_ms(row["ended"]),
        seats=tuple(SeatRecord.from_dict(s) for s in json.loads(row["seats"])),
        actions=tuple(actions), winner=row["winner"], totals=tuple(row["totals"]),
        hands_played=row["hands_played"],
        opening=json.loads(row["opening"]) if row["opening"] is not None else None,
        extra=json.loads(row["extra"]))
    return GameRow(record, json.loads(row["hand_scores"]))


async def player_sums(pool: asyncpg.Pool, pid: str) -> dict[str, int] | None:
    """The player's running sums (``player_stats``), None before their first game."""
    async with guarded("player stats"), pool.acquire() as conn:
        row = await conn.fetchrow("SELECT * FROM player_stats WHERE pid = $1", pid)
    return None if row is None else {k: int(v) for k, v in row.items() if k != "pid"}


async def recent_games(pool: asyncpg.Pool, pid: str, limit: int = RECENT
                       ) -> list[dict[str, Any]]:
    """The player's latest games, newest first: ``{id, ended (ms), kind, won, totals}``
    (``won`` None for a draw)."""
    async with guarded("recent games"), pool.acquire() as conn:
        rows = await conn.fetch(
            "SELECT s.game_id, s.ended, s.kind, s.won, g.totals FROM game_seats s "
            "JOIN games g ON g.id = s.game_id WHERE s.pid = $1 "
            "ORDER BY s.ended DESC LIMIT $2", pid, limit)
    return [{"id": r["game_id"], "ended_ms": _ms(r["ended"]), "kind": r["kind"],
             "won": r["won"], "totals": list(r["totals"])} for r in rows]
