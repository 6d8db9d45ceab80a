"""The daily deal: one fixed set of hands a day that everyone plays, and the field.

``deals`` fixes the day's hands from a server secret and publishes their commitments
before anyone plays; ``field`` compares one player's hand-by-hand scores with everyone
else's and with the bots' par; ``abandon`` is what a hand left unfinished scores;
``par`` plays the day's hands with bots in all four seats.
Pure: no clock (the caller names the day), no I/O.
"""

from .abandon import abandoned_points
from .deals import DAILY_HANDS, DailyDeals, daily_rules, verify_day
from .field import FieldSummary, HandLine, hand_lines, median, percentile, summarize
from .par import hand_points, play_hand

__all__ = [
    "DAILY_HANDS",
    "DailyDeals",
    "FieldSummary",
    "HandLine",
    "abandoned_points",
    "daily_rules",
    "hand_lines",
    "hand_points",
    "median",
    "percentile",
    "play_hand",
    "summarize",
    "verify_day",
]
