"""The Tip (a suggested bid) and the Hint (a suggested action in any phase)."""

from __future__ import annotations

from typing import Any

from .knowledge import read_view
from .players import decide


def tip(view: Any) -> tuple[str, str]:
    k = read_view(view)
    d = decide("standard", k)
    return d.action, d.reason


def hint(view: Any) -> tuple[str, str]:
    k = read_view(view)
    d = decide("standard", k)
    return d.action, d.reason
