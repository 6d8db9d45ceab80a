"""How the server's text writes a number, as the pages do (client/web/js/game/numbers.js):
a real minus sign (U+2212) before a negative number, a plus before a gain where a change
is meant, and a noun that agrees with its count. One place, so no message says "-120"
or "1 bags".

    >>> signed(-120), signed(70), signed(0), number(-35.5, 1), counted(1, "bag")
    ('−120', '+70', '0', '−35.5', '1 bag')
"""

from __future__ import annotations

MINUS = "\u2212"


def number(n: float, digits: int | None = None) -> str:
    """``-120`` -> ``−120``; ``digits``: that many decimals. Zero has no sign."""
    text = str(abs(int(n))) if digits is None else f"{abs(n):.{digits}f}"
    return f"{MINUS}{text}" if n < 0 and float(text) != 0 else text


def signed(n: float, digits: int | None = None) -> str:
    """A change: ``+70``, ``−70``, ``0``."""
    text = number(n, digits)
    return f"+{text}" if n > 0 and float(text) != 0 else text


def counted(n: int, one: str, many: str | None = None) -> str:
    """``1 bag``, ``2 bags``."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


__all__ = ["MINUS", "counted", "number", "signed"]
