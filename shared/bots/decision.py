"""What a bot decides: ``Decision``, the value every level's ``decide`` returns.

Apart from ``players`` (the dispatcher) so the searches that return one
(``search_bid``, ``search_play``) need not import the dispatcher that calls them.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Decision"]


@dataclass(frozen=True, slots=True)
class Decision:
    """The action text (always one of the view's legal actions), the reason a Hint
    would show, and how many rollouts the search spent (0 for rule-based levels)."""

    action: str
    reason: str
    rollouts: int = 0
