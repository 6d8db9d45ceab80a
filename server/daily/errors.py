"""The daily deal's errors (each a ``RoomError``: an ``err`` with a code and a sentence)."""

from __future__ import annotations

from server.errors import RoomError

__all__ = ["DailyPlayed"]


class DailyPlayed(RoomError):
    """The player has finished today's try (one try per account, or guest, a day)."""

    code = "daily_played"
