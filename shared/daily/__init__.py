"""The daily deal: a pool of committed deals a day, each player's drawn, and the field.

``deals`` fixes the day's pool of deals from a server secret, publishes their
commitments before anyone plays and draws each player's deal of each hand; ``field``
compares one player's hand-by-hand scores with everyone else's and with the bots' par;
``abandon`` is what a hand left unfinished scores; ``par`` plays the day's hands with
bots in all four seats. Pure: no clock (the caller names the day), no I/O.
"""

from .abandon import abandoned_points
from .deals import (
    DAILY_HANDS,
    INSTANCES,
    BoardDeal,
    DailyDeals,
    daily_day_of,
    daily_hand_of,
    daily_rules,
    daily_scenario,
    is_sealed,
    verify_day,
)
from .field import FieldSummary, HandLine, hand_lines, median, percentile, summarize
from .par import hand_points, play_hand

__all__ = [
    "DAILY_HANDS",
    "INSTANCES",
    "BoardDeal",
    "DailyDeals",
    "FieldSummary",
    "HandLine",
    "abandoned_points",
    "daily_day_of",
    "daily_hand_of",
    "daily_rules",
    "daily_scenario",
    "hand_lines",
    "hand_points",
    "is_sealed",
    "median",
    "percentile",
    "play_hand",
    "summarize",
    "verify_day",
]
