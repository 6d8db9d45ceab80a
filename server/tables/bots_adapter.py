"""The one door from the room to the computer players (``shared.bots``).

``choose_bot_action(level, view)`` returns the action text a bot of ``level`` takes for
the seat whose ``SeatView`` it is given (only that view: bots see what a player sees).
Casual and ranked tables (and every autopilot) play at ``standard``; private and
practice tables at the level the host or the learner chose.

``is_slow(level)``: Challenge searches sampled deals (about 30 ms a decision, up to
~0.1 s): the room runs it in a worker thread so the event loop keeps serving.
"""

from __future__ import annotations

from shared.bots import LEVELS, choose
from shared.spades import SeatView

__all__ = ["AUTOPILOT_LEVEL", "LEVELS", "choose_bot_action", "is_slow"]

AUTOPILOT_LEVEL = "standard"  # casual bots, ranked autopilot, every away person's turns
_SLOW = frozenset({"challenge"})


def choose_bot_action(level: str, view: SeatView, salt: str = "") -> str:
    """The action a bot takes now; ``view.legal`` must not be empty. An unknown level
    plays at Standard. ``salt``: the table's (``PracticeState.salt``). Raises ValueError
    when there is nothing to do."""
    return choose(level if level in LEVELS else AUTOPILOT_LEVEL, view, salt)


def is_slow(level: str) -> bool:
    """Whether a decision at ``level`` takes long enough to belong off the event loop."""
    return level in _SLOW
