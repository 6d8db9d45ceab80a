"""The migration that gives archived games their real sides: rows written the old way
(every even seat count as partners opposite, so a cutthroat game was two partnerships
and a two-handed game one side) come out as the writer writes them now, and the
players' sums follow."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

import asyncpg
from yoyo import get_backend, read_migrations

from server.archive.db import _yoyo_url, migrate, migrations_dir
from server.archive.writer import SEAT_COLUMNS, game_rows
from server.ops.pg_process import PgProcess
from shared.archive import GameRecord, SeatRecord, replay_hands, seat_stats, side_places
from shared.archive.generate import random_record
from shared.archive.stats import STAT_FIELDS
from shared.spades import RuleSet

T0 = 1_764_612_000_000
BEFORE = "0009"  # the first migration after the schema the old writer wrote to


def schema_before_the_fix(url: str, before: str = BEFORE) -> None:
    """The schema at ``url`` as it was before the migration ``before`` (its number)."""
    backend = get_backend(_yoyo_url(url))
    try:
        older = read_migrations(migrations_dir()).filter(lambda m: m.id < before)
        with backend.lock():
            backend.apply_migrations(backend.to_apply(older))
    finally:
        backend.connection.close()


def old_sides(n_seats: int) -> list[list[int]]:
    """The sides as the archive used to count them (it never read the format)."""
    if n_seats % 2:
        return [[s] for s in range(n_seats)]
    half = n_seats // 2
    return [[s, s + half] for s in range(half)]


async def write_the_old_way(conn: asyncpg.Connection, record: GameRecord) -> None:
    """What the writer did before: the game's row as now, the seats' sides, ``won``
    and statistics from ``old_sides``, and the sums of those per player."""
    game, _ = game_rows(record)
    await conn.execute(
        "INSERT INTO games (id, table_id, game_no, kind, private, rules, seed, first_dealer, "
        "opening, started, ended, seats, winner, totals, hands_played, hand_scores, actions, "
        "extra) VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9::jsonb, $10, $11, "
        "$12::jsonb, $13, $14, $15, $16::jsonb, $17, $18::jsonb)", *game)
    sides = old_sides(len(record.seats))
    side_of = {seat: index for index, side in enumerate(sides) for seat in side}
    stats = seat_stats(replay_hands(record), sides, len(record.seats))
    ended = datetime.fromtimestamp(record.ended_ms / 1000, UTC)
    columns = ", ".join(STAT_FIELDS)
    marks = ", ".join(f"${i}" for i in range(9, 9 + len(STAT_FIELDS)))
    for seat, row in zip(record.seats, stats, strict=True):
        side = side_of[seat.seat]
        won = None if record.winner is None else record.winner == side
        await conn.execute(
            f"INSERT INTO game_seats (game_id, seat, pid, side, ended, kind, won, left_game, "
            f"{columns}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, {marks})",
            record.id, seat.seat, seat.pid, side, ended, record.kind, won, seat.left,
            *row.as_tuple())
        sums = ", ".join(f"{c} = player_stats.{c} + EXCLUDED.{c}"
                         for c in ("games", "won", "completed", *STAT_FIELDS))
        values = ", ".join(f"${i}" for i in range(4, 4 + len(STAT_FIELDS)))
        await conn.execute(
            f"INSERT INTO player_stats (pid, games, won, completed, {columns}) VALUES "
            f"($1, 1, $2, $3, {values}) ON CONFLICT (pid) DO UPDATE SET {sums}",
            seat.pid, int(won is True), int(not seat.left), *row.as_tuple())


def seats(n: int) -> tuple[SeatRecord, ...]:
    return tuple(SeatRecord(s, f"P{s}", f"{s:x}" * 16) for s in range(n))


async def test_the_migration_corrects_games_written_the_old_way(pg_server: PgProcess) -> None:
    name = "sides_migration"
    url = pg_server.create_database(name)
    try:
        schema_before_the_fix(url)
        records = [
            # the host (seat 3) finished third; seat 1 won
            random_record("cut.0", RuleSet.preset("cutthroat", target_score=200, max_hands=5),
                          1, seats(4), T0),
            random_record("two.0", RuleSet.preset("two_handed", target_score=200,
                                                  max_hands=5), 1, seats(2), T0 + 1),
            random_record("std.0", RuleSet.preset("quick"), 1, seats(4), T0 + 2),
            random_record("six.0", RuleSet.preset("six_handed", target_score=200,
                                                  max_hands=5), 1, seats(6), T0 + 3),
        ]
        assert records[0].winner == 1 and records[0].totals == (75, 133, -20, 2)
        conn = await asyncpg.connect(url)
        try:
            for record in records:
                await write_the_old_way(conn, record)
            # A game whose rules the engine no longer reads keeps its sides, gets places.
            odd = replace(records[2], id="odd.0")
            await write_the_old_way(conn, odd)
            await conn.execute("UPDATE games SET rules = rules || '{\"retired\": 1}' "
                               "WHERE id = 'odd.0'")
            before = await conn.fetchval(
                "SELECT won FROM game_seats WHERE game_id = 'cut.0' AND seat = 3")
            assert before is True  # the old way: seat 3 "won" with its "partner" seat 1
            applied = await asyncio.to_thread(migrate, url)
            assert applied and all(m >= BEFORE for m in applied)
            for record in records:
                _, expected = game_rows(record)
                rows = await conn.fetch("SELECT * FROM game_seats WHERE game_id = $1 "
                                        "ORDER BY seat", record.id)
                assert [_seat_row(r) for r in rows] == [_expected(e) for e in expected]
            kept = await conn.fetch("SELECT side, place FROM game_seats "
                                    "WHERE game_id = 'odd.0' ORDER BY seat")
            assert [tuple(r) for r in kept] == [
                (side, side_places(odd.totals)[side]) for side in (0, 1, 0, 1)]
            cut = await conn.fetch("SELECT seat, side, place, won FROM game_seats "
                                   "WHERE game_id = 'cut.0' ORDER BY seat")
            assert [tuple(r) for r in cut] == [(0, 0, 2, False), (1, 1, 1, True),
                                               (2, 2, 4, False), (3, 3, 3, False)]
            # The sums are the seats' rows added up again.
            for pid in {s.pid for r in records for s in r.seats}:
                sums = await conn.fetchrow(
                    "SELECT sum(games) AS games, sum(won) AS won, sum(bags) AS bags "
                    "FROM player_stats WHERE pid = $1", pid)
                seat_rows = [e for r in (*records, odd) for e in game_rows(r)[1]
                             if e[2] == pid]
                assert sums["games"] == len(seat_rows)
                assert sums["won"] == sum(_expected(e)["won"] is True for e in seat_rows)
                assert sums["bags"] == sum(_expected(e)["bags"] for e in seat_rows)
        finally:
            await conn.close()
    finally:
        pg_server.drop_database(name)


_SEAT_COLUMNS = ("game_id", "seat", "pid", "side", "won", "place", "left_game", *STAT_FIELDS)


def _seat_row(row: asyncpg.Record) -> dict[str, Any]:
    return {c: row[c] for c in _SEAT_COLUMNS}


def _expected(values: list[Any]) -> dict[str, Any]:
    row = dict(zip(SEAT_COLUMNS, values, strict=True))
    return {c: row[c] for c in _SEAT_COLUMNS}

