"""What lasts of the tournaments in PostgreSQL (migrations 0012, 0013): each game an
event counted, written when it ends, and each entrant's place when the event finishes
(and whether the event was private: only its player sees such a place).

Both writes are idempotent (a game, a place, is one row whatever the number of nodes
that report it). Every method may raise ``ArchiveUnavailable``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from server.archive.db import Database

__all__ = ["EventResults", "Place"]


@dataclass(frozen=True, slots=True)
class Place:
    """One entrant's place in a finished event (the player page's line)."""

    event_id: str
    event_name: str
    kind: str
    place: int
    points: int
    games: int
    private: bool = False  # a club's event: its link is the player's own to see


class EventResults:
    """The tournament tables of the node's database ``db``."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def record_game(self, event_id: str, table_id: str, game_id: str,
                          points: dict[str, int]) -> bool:
        """Keep one counted game; False when it was kept already."""
        async with self.db.connection("tournament game") as conn:
            done = await conn.execute(
                "INSERT INTO tournament_games (event_id, table_id, game_id, points) "
                "VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
                event_id, table_id, game_id, json.dumps(points))
        return bool(done.endswith(" 1"))

    async def games(self, event_id: str) -> dict[str, dict[str, int]]:
        """The games kept of an event: table id -> {pid: points}."""
        async with self.db.connection("tournament games") as conn:
            rows = await conn.fetch("SELECT table_id, points FROM tournament_games "
                                    "WHERE event_id = $1", event_id)
        return {row["table_id"]: json.loads(row["points"]) for row in rows}

    async def record_places(self, event_id: str, event_name: str, kind: str,
                            places: list[tuple[str, str, int, int, int]],
                            private: bool = False) -> None:
        """Keep every entrant's (pid, name, place, points, games); ``private``, the
        event was a club's (migration 0013)."""
        async with self.db.connection("tournament places") as conn:
            await conn.executemany(
                "INSERT INTO tournament_places (event_id, pid, name, event_name, kind, "
                "place, points, games, private) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, "
                "$9) ON CONFLICT DO NOTHING",
                [(event_id, pid, name, event_name, kind, place, points, games, private)
                 for pid, name, place, points, games in places])

    async def places_of(self, pid: str, limit: int = 50,
                        private: bool = False) -> list[Place]:
        """The events ``pid`` played to the end, newest first; the private ones too
        only when ``private`` (the player's own view)."""
        async with self.db.connection("tournament places of") as conn:
            rows = await conn.fetch(
                "SELECT event_id, event_name, kind, place, points, games, private "
                "FROM tournament_places WHERE pid = $1 AND (NOT private OR $3) "
                "ORDER BY finished DESC LIMIT $2", pid, limit, private)
        return [Place(r["event_id"], r["event_name"], r["kind"], r["place"], r["points"],
                      r["games"], r["private"]) for r in rows]
