"""Writing one finished game to PostgreSQL, once.

``write_game`` stores the game's row, one row per seat (its side, place and ``won`` from
``GameRecord.standings``, and the seat's Spades statistics, ``shared.archive.seat_stats``)
and adds the seats' numbers to their players' running sums (a private table's games
in a row of their own, so a stranger's view of the sums leaves them out), all in one
transaction. The game's id is the primary key and
the insert does nothing when it is there already, so a game queued twice, or written by
two nodes at once, is stored and counted once (``False`` is returned the second time).
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import asyncpg

from shared.archive import GameRecord, replay_hands, seat_stats
from shared.archive.stats import STAT_FIELDS

from .db import guarded

__all__ = ["SEAT_COLUMNS", "SUM_COLUMNS", "game_rows", "write_game", "write_rows"]

_INSERT_GAME = """
INSERT INTO games (id, table_id, game_no, kind, private, rules, seed, first_dealer, opening,
                   started, ended, seats, winner, totals, hands_played, hand_scores,
                   actions, extra)
VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9::jsonb, $10, $11, $12::jsonb, $13, $14,
        $15, $16::jsonb, $17, $18::jsonb)
ON CONFLICT (id) DO NOTHING
RETURNING id
"""
# A seat's row, in the order ``game_rows`` gives its values.
SEAT_COLUMNS = ("game_id", "seat", "pid", "side", "ended", "kind", "won", "left_game",
                "place", *STAT_FIELDS)
_INSERT_SEAT = (f"INSERT INTO game_seats ({', '.join(SEAT_COLUMNS)}) VALUES "
                f"({', '.join(f'${i}' for i in range(1, len(SEAT_COLUMNS) + 1))})")
_STATS_AT = SEAT_COLUMNS.index(STAT_FIELDS[0])
# A player's running sums (``player_stats``, one row per pid and ``private``).
SUM_COLUMNS = ("games", "won", "completed", *STAT_FIELDS)
_UPSERT_PLAYER = (
    f"INSERT INTO player_stats (pid, private, {', '.join(SUM_COLUMNS)}) VALUES "
    f"($1, $2, {', '.join(f'${i}' for i in range(3, len(SUM_COLUMNS) + 3))}) "
    f"ON CONFLICT (pid, private) DO UPDATE SET "
    + ", ".join(f"{c} = player_stats.{c} + EXCLUDED.{c}" for c in SUM_COLUMNS))


def _moment(ms: int) -> datetime:
    return datetime.fromtimestamp(ms / 1000, UTC)


def game_rows(record: GameRecord) -> tuple[list[Any], list[list[Any]]]:
    """The game's row and its seats' rows (pure but for the engine's replay)."""
    hands = replay_hands(record)
    stats = seat_stats(hands, record.sides(), len(record.seats))
    scores = [{"no": h["no"], "dealer": h["dealer"], "commitment": h["commitment"],
               "score": h["score"]} for h in hands]
    table_id, _, game_no = record.id.rpartition(".")
    ended = _moment(record.ended_ms)
    game = [record.id, table_id, int(game_no or 0), record.kind, record.private,
            json.dumps(record.rules), record.seed, record.first_dealer,
            json.dumps(record.opening) if record.opening is not None else None,
            _moment(record.started_ms), ended,
            json.dumps([s.to_dict() for s in record.seats]), record.winner,
            list(record.totals), record.hands_played, json.dumps(scores),
            "\n".join(f"{seat} {action}" for seat, action in record.actions),
            json.dumps(record.extra)]
    seats = []
    for seat, standing, row in zip(record.seats, record.standings(), stats, strict=True):
        seats.append([record.id, seat.seat, seat.pid, standing.side, ended, record.kind,
                      standing.won, seat.left, standing.place, *row.as_tuple()])
    return game, seats


async def write_game(pool: asyncpg.Pool, record: GameRecord) -> bool:
    """Store ``record`` once; True if this call stored it, False if it was there.
    Raises ValueError for a record that does not replay, ArchiveUnavailable when
    PostgreSQL fails (nothing is stored then)."""
    return await write_rows(pool, game_rows(record))


async def write_rows(pool: asyncpg.Pool, rows: tuple[list[Any], list[list[Any]]]) -> bool:
    """``write_game`` of rows made by ``game_rows`` (the benchmark reuses them)."""
    game, seats = rows
    private = bool(game[4])
    async with guarded("write game"), pool.acquire() as conn, conn.transaction():
        if await conn.fetchval(_INSERT_GAME, *game) is None:
            return False
        await conn.executemany(_INSERT_SEAT, seats)
        for seat in seats:
            pid = seat[2]
            if pid is None:
                continue
            await conn.execute(_UPSERT_PLAYER, pid, private, 1, int(seat[6] is True),
                               int(not seat[7]), *seat[_STATS_AT:])
    return True

