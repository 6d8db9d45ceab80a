"""The engine's exceptions.

::

    SpadesError (ValueError)         root of everything the engine raises on bad input
    ├── InvalidAction                the text is not an action at all ("play ZZ", "jump")
    └── IllegalAction                a real action the rules forbid now; .reason is for the player
        └── NotYourTurn              the seat may not act now

Every one carries a sentence a player can read. The game object is never changed by a
call that raises.
"""

from __future__ import annotations


class SpadesError(ValueError):
    """Root of the engine's errors; ``str(err)`` is a sentence a person can read."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class InvalidAction(SpadesError):
    """The input does not name an action (bad notation)."""


class IllegalAction(SpadesError):
    """The action is well formed but the rules do not allow it now."""


class NotYourTurn(IllegalAction):
    """The seat asked to act when it is not its decision."""
