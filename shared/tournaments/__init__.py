"""Tournaments: Arenas and Knock-outs, the pure core.

``settings`` holds what a host chooses (``ArenaSettings``, ``KnockoutSettings``) and
who enters (``Entrant``); ``arena`` the Arena (join, pause, leave, pairing of free
players, points with the streak bonus, standings) with its ``pairing`` and ``points``;
``knockout`` the bracket (seeding by rating, byes, best-of, advancing); ``calendar``
the room's scheduled events from its setting. Pure: no clock
(``now`` in ms is passed in), no I/O, no randomness but a ``random.Random`` handed in.
Every bad request raises a ``TournamentError`` (``errors``) and changes nothing.
"""

from .arena import Arena, ArenaPlayer, Standing
from .calendar import DEFAULT_CALENDAR, Calendar, Scheduled
from .errors import (
    AlreadyEntered,
    AlreadyRecorded,
    BadEntry,
    EventFull,
    EventOver,
    EventStarted,
    NoSuchEvent,
    NotEntered,
    NotFree,
    SameAddress,
    TooManyEvents,
    TournamentError,
)
from .knockout import Knockout, Match, Side, bracket_order
from .pairing import pair_tables
from .points import base_points, is_win, places_of
from .settings import ARENA_MINUTES, KNOCKOUT_SIZES, ArenaSettings, Entrant, KnockoutSettings

__all__ = [
    "ARENA_MINUTES",
    "DEFAULT_CALENDAR",
    "KNOCKOUT_SIZES",
    "AlreadyEntered",
    "AlreadyRecorded",
    "Arena",
    "ArenaPlayer",
    "ArenaSettings",
    "BadEntry",
    "Calendar",
    "Entrant",
    "EventFull",
    "EventOver",
    "EventStarted",
    "Knockout",
    "KnockoutSettings",
    "Match",
    "NoSuchEvent",
    "NotEntered",
    "NotFree",
    "SameAddress",
    "Scheduled",
    "Side",
    "Standing",
    "TooManyEvents",
    "TournamentError",
    "base_points",
    "bracket_order",
    "is_win",
    "pair_tables",
    "places_of",
]
