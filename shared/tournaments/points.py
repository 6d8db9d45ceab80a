"""Arena points for one game.

A game ends with a *place* for each side (1 = first; sides level share a place). A
player's points, before the streak bonus:

- first alone (a win): 2;
- first shared (a draw): 1;
- second, in a game of three or more sides (the solo formats and six-handed): 1;
- anything else: 0.

The streak bonus (lichess's "on fire"): a player whose last two games were wins scores
double until a game that is not a win. A leaver (left the table or never came; the
autopilot played the seat) scores as losing: 0 points, and the streak is broken; the
partner keeps the real result.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["STREAK", "base_points", "is_win", "places_of"]

STREAK = 2  # wins in a row after which points are doubled


def places_of(totals: Sequence[int]) -> tuple[int, ...]:
    """Each side's place from its final total (higher is better; equal totals share)."""
    return tuple(1 + sum(1 for other in totals if other > t) for t in totals)


def is_win(place: int, places: Sequence[int]) -> bool:
    return place == 1 and places.count(1) == 1


def base_points(place: int, places: Sequence[int]) -> int:
    """The points of a side in ``place`` among ``places`` (every side's place)."""
    if place == 1:
        return 2 if places.count(1) == 1 else 1
    if place == 2 and len(places) >= 3:
        return 1
    return 0
