"""Text a person typed, made inert for storing and for printing on a terminal.

A note, a chat line or a name can carry characters that do things instead of showing:
control characters (Unicode category Cc: ESC starts the terminal sequences that
recolour, erase, move the cursor or set a window title; C1 controls such as U+009B
do the same in some terminals; NUL, which PostgreSQL's text refuses), format
characters (Cf: the bidi overrides and isolates U+202A..U+202E, U+2066..U+2069 that
reorder what follows, zero-width U+200B..U+200D, U+2060, U+FEFF, the soft hyphen,
tag characters), lone surrogates (Cs, which UTF-8 cannot encode), and the line and
paragraph separators U+2028, U+2029 (Zl, Zp: a line break some readers honour).

- ``strip_inert(text)``: the text without any of them, whitespace runs (newlines
  included) folded to one space: for what is stored as one line.
- ``escape_inert(text)``: each of them written as a visible escape (``\\x1b``,
  ``\\u202e``, ``\\n``): for printing text whose origin is not trusted, such as rows
  stored before they were cleaned. Nothing else changes.

Pure functions of their argument.
"""

from __future__ import annotations

import unicodedata

__all__ = ["INERT_CATEGORIES", "escape_inert", "is_inert_char", "strip_inert"]

INERT_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})


def is_inert_char(char: str) -> bool:
    """Whether ``char`` acts (control, format, surrogate, line or paragraph separator)
    rather than shows."""
    return unicodedata.category(char) in INERT_CATEGORIES


def strip_inert(text: str) -> str:
    """``text`` on one line: whitespace runs (newlines and tabs too) become one space,
    then every character of ``is_inert_char`` is dropped; ends trimmed."""
    spaced = " ".join(text.split())
    return "".join(c for c in spaced if not is_inert_char(c)).strip()


def escape_inert(text: str) -> str:
    """``text`` with every character of ``is_inert_char`` written as a Python-style
    escape (``\\n``, ``\\x1b``, ``\\u202e``, ``\\U000e0041``), so printing it moves,
    colours and reorders nothing and starts no new line."""
    if not any(is_inert_char(c) for c in text):
        return text
    return "".join(_escape(c) if is_inert_char(c) else c for c in text)


_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(char: str) -> str:
    code = ord(char)
    if char in _NAMED:
        return _NAMED[char]
    if code <= 0xFF:
        return f"\\x{code:02x}"
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"
