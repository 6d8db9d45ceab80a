"""What an id or a name in a route's path may be, checked before anything looks it up.

Game ids (``<table>.<game number>``), account names, lesson ids and the keys of the
archive's pages are short runs of ASCII letters, digits, ``-``, ``_`` and ``.``. A path
value that is not (a NUL byte, a control character, text that was not UTF-8, an odd
percent-encoding, an overlong id, ``..``) names nothing: the route answers 404 with a
sentence at once, and the value never reaches PostgreSQL or Redis (PostgreSQL refuses a
NUL in text, which came out as a 503).
"""

from __future__ import annotations

import re

__all__ = ["MAX_KEY", "is_key", "shown"]

MAX_KEY = 64
_KEY = re.compile(rf"[A-Za-z0-9_.-]{{1,{MAX_KEY}}}")


def is_key(value: str) -> bool:
    """``value`` can be an id or a name of the room (it may still name nothing)."""
    return _KEY.fullmatch(value) is not None and value.strip(".") != ""


def shown(value: str) -> str:
    """``value`` as a refusal may quote it: at most 20 characters, escaped."""
    return repr(value[:20])
