"""Computer players and the advisor. A bot sees one ``SeatView`` and nothing else.

    >>> from shared.bots import choose, tip, hint, LEVELS
    >>> action = choose("standard", view)   # one of view.legal
    >>> text, reason = tip(view)            # the suggested bid and the cards behind it
    >>> text, reason = hint(view)           # the suggested action now, and why

Levels: ``easy`` (plain), ``standard`` (counts tricks, voids, bags; Nil play; a small
search of its bids and of its leads while its side needs tricks), ``challenge`` (searches sampled
deals, solves the last tricks, scores by match equity) and ``pimc`` (a reference for
benchmarks only). Decisions are deterministic: the same view (and salt) gives the same
action on every machine; another ``salt`` draws the searching levels' samples afresh,
so their choices between close options vary.
"""

from __future__ import annotations

from typing import Any

from .advice import hint, tip
from .knowledge import read_view
from .players import ALL_LEVELS, LEVELS, decide

__all__ = ["ALL_LEVELS", "LEVELS", "choose", "hint", "searches", "tip"]


def choose(level: str, view: Any, salt: str = "") -> str:
    """The action text a bot of ``level`` takes for the seat whose view this is.

    ``view`` is a ``SeatView`` or its ``to_dict()``; ``salt`` (default none) is mixed
    into the seeds of the searching levels' sampling. Raises ``ValueError`` for an
    unknown level, a spectator view, or a seat with no legal action.
    """
    knowledge = read_view(view)
    knowledge.salt = salt
    return decide(level, knowledge).action


_ALWAYS_SEARCHING = frozenset({"challenge", "pimc"})


def searches(level: str, view: Any | None) -> bool:
    """Whether ``choose(level, view)`` may search sampled deals (milliseconds, up to
    about 0.1 s) rather than follow rules (microseconds): every Challenge and pimc
    decision, and Standard's searched bids and leads. With ``view`` None: whether every
    decision of the level does, so a caller can tell without reading the view. A
    caller with an event loop to keep free runs those elsewhere."""
    if level in _ALWAYS_SEARCHING:
        return True
    if level != "standard" or view is None:
        return False
    from .search_bid import bid_searched
    from .search_play import lead_searched

    k = read_view(view)
    return bid_searched(k) or lead_searched(k)
