"""The migration to the familiar rating scale: ratings and their histories written on the
old scale (mu - 3 sigma, one decimal) are shown on the new one (1500 for a new player)."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import asyncpg

from server.archive.db import Database, migrate
from server.ops.pg_process import PgProcess
from server.social.ratings import Ratings, shown_rating
from tests.archive.test_sides_migration import schema_before_the_fix

AT = datetime(2026, 11, 1, tzinfo=UTC)
# Ann won her first game and lost her second; Bo lost his one game.
CHANGES = [("g1", "ann", 1, 27.5, 7.9, 0.0, 3.8), ("g2", "ann", 2, 26.0, 7.5, 3.8, 3.5),
           ("g1", "bo", 1, 22.5, 7.9, 0.0, -1.2)]


async def test_old_ratings_and_histories_are_shown_on_the_new_scale(
        pg_server: PgProcess) -> None:
    name = "rating_scale_migration"
    url = pg_server.create_database(name)
    try:
        schema_before_the_fix(url, "0011")
        conn = await asyncpg.connect(url)
        try:
            await conn.executemany(
                "INSERT INTO ratings (pid, name, mu, sigma, games, ordinal) VALUES "
                "($1, $2, $3, $4, $5, $6)",
                [("ann", "Ann", 26.0, 7.5, 2, 26.0 - 3 * 7.5),
                 ("bo", "Bo", 22.5, 7.9, 1, 22.5 - 3 * 7.9)])
            await conn.executemany(
                "INSERT INTO rating_changes (game_id, pid, at, name, before, after, mu, "
                "sigma, games, won, left_game) VALUES ($1, $2, $3, $2, $4, $5, $6, $7, $8, "
                "$9, false)", [(g, pid, AT.replace(day=games), before, after, mu, sigma,
                                games, mu > 25 and games == 1)
                               for g, pid, games, mu, sigma, before, after in CHANGES])
            applied = await asyncio.to_thread(migrate, url)
            assert "0011.rating_scale" in applied
            rows = await conn.fetch("SELECT game_id, pid, before, after FROM rating_changes "
                                    "ORDER BY pid, games")
            assert [tuple(r) for r in rows] == [
                ("g1", "ann", 1500, 1600), ("g2", "ann", 1600, 1540), ("g1", "bo", 1500, 1400)]
        finally:
            await conn.close()
        db = Database(url)
        await db.open()
        try:
            ratings = Ratings(db)
            board = await ratings.leaderboard()
            assert [(r.name, r.rating, r.rank) for r in board] == [("Ann", 1540, 1),
                                                                 ("Bo", 1400, 2)]
            assert (await ratings.rating("ann")).shown == shown_rating(26.0) == 1540
            assert [h.before for h in await ratings.history("ann")] == [1600, 1500]
        finally:
            await db.close()
    finally:
        pg_server.drop_database(name)
