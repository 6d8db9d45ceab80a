"""The archive of finished games, as pure data: the record kept for one game, its
hands rebuilt by the engine, the per-seat Spades statistics, and the plain-text export
(``export``). No I/O: the server's ``server.archive`` stores and reads these."""

from .export import ExportError, format_record, parse_record
from .record import (
    GameRecord,
    SeatRecord,
    SeatStanding,
    replay_hands,
    seat_sides,
    seat_standings,
    side_places,
)
from .stats import SeatStats, seat_stats

__all__ = [
    "ExportError",
    "GameRecord",
    "SeatRecord",
    "SeatStanding",
    "SeatStats",
    "format_record",
    "parse_record",
    "replay_hands",
    "seat_sides",
    "seat_standings",
    "seat_stats",
    "side_places",
]
