"""Migration 0008's steps: every archived seat gets its real side, place and result.

The writer once counted sides without reading the format (partners opposite for every
even seat count), so a cutthroat game was stored as two partnerships and a two-handed
game as one side: ``won`` followed those sides, and so did the statistics that read a
side (``bags``, ``contracts_made``/``contracts_set``, ``top_scorer``). ``totals``,
``winner`` and the hand scores were always the engine's and are kept.

``correct_seats`` (a yoyo step: it is handed the migration's DB-API connection, psycopg)
gives every ``game_seats`` row the side, place and ``won`` of ``GameRecord.standings``;
for the games whose sides were wrong (solo games of two or four seats) it replays the
record and writes the whole row as the writer writes it now (``game_rows``).
``REBUILD_SUMS`` then adds ``player_stats`` up again from the corrected rows, one row
per player for public games and one for private tables' games.
"""

from __future__ import annotations

from typing import Any

from shared.archive import seat_standings
from shared.archive.stats import STAT_FIELDS

from .queries import record_of_row
from .writer import SEAT_COLUMNS, SUM_COLUMNS, game_rows

__all__ = ["ADD_COLUMNS", "REBUILD_SUMS", "REQUIRE_PLACE", "correct_seats"]

ADD_COLUMNS = (
    "ALTER TABLE game_seats ADD COLUMN place smallint",
    "ALTER TABLE player_stats ADD COLUMN private boolean NOT NULL DEFAULT false",
    "ALTER TABLE player_stats DROP CONSTRAINT player_stats_pkey",
    "ALTER TABLE player_stats ADD PRIMARY KEY (pid, private)",
)
REQUIRE_PLACE = "ALTER TABLE game_seats ALTER COLUMN place SET NOT NULL"

# The games the old sides got wrong: solo games of four seats (cutthroat) or two.
_MISCOUNTED = ("SELECT id FROM games WHERE rules->>'partnerships' = 'false' "
               "AND COALESCE(rules->>'players', '4') IN ('2', '4')")
_FIXED = ("side", "won", "place", *STAT_FIELDS)
_UPDATE_ROW = (f"UPDATE game_seats SET ({', '.join(_FIXED)}) = "
               f"({', '.join(['%s'] * len(_FIXED))}) WHERE game_id = %s AND seat = %s")
_UPDATE_STANDING = ("UPDATE game_seats SET side = %s, won = %s, place = %s "
                    "WHERE game_id = %s AND seat = %s")
_BATCH = 500

_SUM_OF = {"games": "count(*)", "won": "count(*) FILTER (WHERE s.won)",
           "completed": "count(*) FILTER (WHERE NOT s.left_game)",
           **{c: f"sum(s.{c})" for c in STAT_FIELDS}}
REBUILD_SUMS = (
    "DELETE FROM player_stats",
    f"INSERT INTO player_stats (pid, private, {', '.join(SUM_COLUMNS)}) "
    f"SELECT s.pid, g.private, {', '.join(_SUM_OF[c] for c in SUM_COLUMNS)} "
    "FROM game_seats s JOIN games g ON g.id = s.game_id WHERE s.pid IS NOT NULL "
    "GROUP BY s.pid, g.private",
)


def correct_seats(conn: Any) -> None:
    """Every seat's side, place and ``won``; the miscounted games' rows rewritten whole."""
    with conn.cursor() as cursor:
        cursor.execute(_MISCOUNTED)
        miscounted = {row[0] for row in cursor.fetchall()}
        for game_id in sorted(miscounted):
            cursor.execute("SELECT * FROM games WHERE id = %s", (game_id,))
            names = [column.name for column in cursor.description]
            record = record_of_row(dict(zip(names, cursor.fetchone(), strict=True)))
            _, seats = game_rows(record)
            rows = [dict(zip(SEAT_COLUMNS, values, strict=True)) for values in seats]
            cursor.executemany(_UPDATE_ROW, [[*(row[c] for c in _FIXED), game_id, row["seat"]]
                                             for row in rows])
    with conn.cursor(name="archived_games") as games, conn.cursor() as cursor:
        games.execute("SELECT id, rules, totals, winner FROM games")
        while batch := games.fetchmany(_BATCH):
            updates = [[standing.side, standing.won, standing.place, game_id, standing.seat]
                       for game_id, rules, totals, winner in batch
                       if game_id not in miscounted
                       for standing in seat_standings(rules, totals, winner)]
            cursor.executemany(_UPDATE_STANDING, updates)
