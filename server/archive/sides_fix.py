"""Migration 0009's steps: every archived seat gets its real side, place and result.

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

A game the engine cannot read any more (rules it no longer knows, actions that do not
replay) must not stop the migration, which runs at every node's start: it is logged
and keeps its stored sides, getting only its places (from ``totals``).
"""

from __future__ import annotations

import logging
from typing import Any

from shared.archive import seat_standings, side_places
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

log = logging.getLogger(__name__)

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
    rewritten: set[str] = set()
    unreadable: list[str] = []
    with conn.cursor() as cursor:
        cursor.execute(_MISCOUNTED)
        for game_id in sorted(row[0] for row in cursor.fetchall()):
            cursor.execute("SELECT * FROM games WHERE id = %s", (game_id,))
            names = [column.name for column in cursor.description]
            try:
                record = record_of_row(dict(zip(names, cursor.fetchone(), strict=True)))
                _, seats = game_rows(record)
            except (ValueError, KeyError, TypeError) as err:
                log.error("archive migration: game %s does not replay (%s)", game_id, err)
                continue
            rows = [dict(zip(SEAT_COLUMNS, values, strict=True)) for values in seats]
            cursor.executemany(_UPDATE_ROW, [[*(row[c] for c in _FIXED), game_id, row["seat"]]
                                             for row in rows])
            rewritten.add(game_id)
    with conn.cursor(name="archived_games") as games, conn.cursor() as cursor:
        games.execute("SELECT id, rules, totals, winner FROM games")
        while batch := games.fetchmany(_BATCH):
            updates = []
            for game_id, rules, totals, winner in batch:
                if game_id in rewritten:
                    continue
                try:
                    standings = seat_standings(rules, totals, winner)
                except (ValueError, KeyError, TypeError) as err:
                    log.error("archive migration: game %s has unreadable rules (%s)",
                              game_id, err)
                    unreadable.append(game_id)
                    continue
                updates += [[s.side, s.won, s.place, game_id, s.seat] for s in standings]
            cursor.executemany(_UPDATE_STANDING, updates)
        for game_id in unreadable:
            _place_only(cursor, game_id)


def _place_only(cursor: Any, game_id: str) -> None:
    """A game the engine cannot read: its stored sides kept, each seat's place given."""
    cursor.execute("SELECT totals FROM games WHERE id = %s", (game_id,))
    places = side_places(cursor.fetchone()[0])
    cursor.execute("SELECT seat, side FROM game_seats WHERE game_id = %s", (game_id,))
    cursor.executemany("UPDATE game_seats SET place = %s WHERE game_id = %s AND seat = %s",
                       [[places[side] if side < len(places) else len(places), game_id, seat]
                        for seat, side in cursor.fetchall()])
