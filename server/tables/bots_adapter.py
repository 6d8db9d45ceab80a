"""The one door from the room to the computer players (``shared.bots``).

``choose_bot_action(level, view)`` returns the action text a bot of ``level`` takes for
the seat whose ``SeatView`` it is given (only that view: bots see what a player sees).
Casual and ranked tables (and every autopilot) play at ``standard``; private and
practice tables at the level the host or the learner chose.

``is_slow(level, view)``: whether that decision searches sampled deals (Challenge's
every decision, about 30 ms and up to ~0.1 s; Standard's bids on seen cards at four
seats, about 8 ms median and up to 35 ms, and its leads while its side needs tricks,
about 3.5 ms median and up to 20 ms): the room takes those in a worker thread so the
event loop keeps serving.
"""

from __future__ import annotations

from shared.bots import LEVELS, choose, searches
from shared.spades import SeatView

__all__ = ["AUTOPILOT_LEVEL", "LEVELS", "choose_bot_action", "is_slow"]

AUTOPILOT_LEVEL = "standard"  # casual bots, ranked autopilot, every away person's turns


def choose_bot_action(level: str, view: SeatView, salt: str = "") -> str:
    """The action a bot takes now; ``view.legal`` must not be empty. An unknown level
    plays at Standard. ``salt``: the table's (``PracticeState.salt``). Raises ValueError
    when there is nothing to do."""
    return choose(level if level in LEVELS else AUTOPILOT_LEVEL, view, salt)


def is_slow(level: str, view: SeatView | None) -> bool:
    """Whether the decision of a bot of ``level`` at ``view`` takes long enough (a
    search) to belong off the event loop; with no view, whether every decision of the
    level does (Challenge's)."""
    return searches(level if level in LEVELS else AUTOPILOT_LEVEL, view)
