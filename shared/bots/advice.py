"""The Tip (a suggested bid) and the Hint (a suggested action in any phase).

Both use the Standard level, whose reasons are sentences a player can check: the Tip
names the cards behind the bid, the Hint says why the action is right now. At a bid
both give Standard's rules' bid, whose reasons name the cards; the Standard bot weighs
that bid against the others over sampled deals, and may bid otherwise.
"""

from __future__ import annotations

from typing import Any

from .knowledge import read_view
from .players import decide


def tip(view: Any) -> tuple[str, str]:
    """The suggested bid (or ``look`` / Blind Nil before looking) and its reason.

    Raises ``ValueError`` when this seat has no bid to make now.
    """
    k = read_view(view)
    if k.phase != "bidding" or not any(a.startswith("bid") or a == "look" for a in k.legal):
        raise ValueError("The Tip suggests a bid, and this seat has no bid to make now.")
    d = decide("standard", k, advice=True)
    return d.action, d.reason


def hint(view: Any) -> tuple[str, str]:
    """The suggested action for this seat now (bid, pass or card) and why.

    Raises ``ValueError`` when this seat has nothing to do now.
    """
    d = decide("standard", read_view(view), advice=True)
    return d.action, d.reason
