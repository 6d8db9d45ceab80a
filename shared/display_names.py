"""What a display name may be, and how many combining marks a character may carry.

A display name is what other people read beside a seat and in chat, so it must be
visible and must not pass for the room's own labels:

- at least one visible letter or digit (a name of only U+3164 HANGUL FILLER, braille
  blanks or marks is no name);
- no invisible or formatting characters: control (Cc), format (Cf: U+200B..U+200F,
  U+2060, U+FEFF, U+00AD, U+061C, the tag characters U+E0000..U+E007F), surrogates,
  private use and unassigned code points, line and paragraph separators, variation
  selectors and the Hangul/Khmer/braille fillers of ``FILLERS``;
- at most ``MAX_MARKS`` combining marks on one character (stacked marks spill over
  the lines around them);
- not a label the room shows itself: a bot's "(bot)" tag, "Guest 1234" (a guest's
  default name), "You"/"(you)" (what a player sees for their own seat). Compared
  after NFKC folding, so fullwidth or styled letters imitate nothing either.

Pure functions; errors are ``ValueError`` with a sentence a person can read.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

from shared.inert_text import INERT_CATEGORIES

__all__ = ["FILLERS", "MAX_MARKS", "MAX_NAME", "cap_marks", "check_display_name",
           "distinct_names", "is_guest_label"]

MAX_NAME = 20
MAX_MARKS = 2
# Characters that draw nothing although Unicode calls them letters, symbols or marks.
FILLERS = frozenset(
    "\u115f\u1160\u3164\uffa0"  # Hangul fillers
    "\u2800"  # braille pattern blank
    "\u034f"  # combining grapheme joiner
    "\u17b4\u17b5"  # Khmer inherent vowels
    "\u180b\u180c\u180d\u180e\u180f"  # Mongolian variation selectors, vowel separator
    + "".join(chr(c) for c in range(0xFE00, 0xFE10))  # variation selectors
    + "".join(chr(c) for c in range(0xE0100, 0xE01F0))  # variation selectors supplement
)
# What acts rather than shows (shared.inert_text), and what shows nothing certain:
# private-use and unassigned code points.
_REFUSED_CATEGORIES = INERT_CATEGORIES | {"Co", "Cn"}
_LABELS = re.compile(r"\(\s*(bot|you)\s*\)|^\s*(guest\s*#?\s*\d+|you)\s*$")
_GUEST = re.compile(r"guest\s*#?\s*\d+")


def is_guest_label(name: str) -> bool:
    """True for a name like the room's default guest names ("Guest 0042")."""
    return bool(_GUEST.fullmatch(_folded(name).strip()))


def _folded(name: str) -> str:
    """``name`` as people read it: NFKC (fullwidth and styled letters are the plain
    ones) and case folded."""
    return unicodedata.normalize("NFKC", name).casefold()


def _is_mark(ch: str) -> bool:
    return unicodedata.category(ch).startswith("M")


def check_display_name(name: str, guest_label: bool = False) -> str:
    """The name as it will be shown (NFC, spaces collapsed, trimmed); raises ValueError
    saying why a name cannot be one. ``guest_label``: a default guest name passes (a
    client echoes the one it was given in its next hello; the server keeps a guest's
    own default and ignores anyone else's)."""
    name = " ".join(unicodedata.normalize("NFC", name).split())
    if not name:
        raise ValueError("a name needs at least one visible character")
    if len(name) > MAX_NAME:
        raise ValueError(f"a name has at most {MAX_NAME} characters")
    marks = 0
    for ch in name:
        if unicodedata.category(ch) in _REFUSED_CATEGORIES or ch in FILLERS:
            raise ValueError("a name may not contain invisible or control characters "
                             f"(U+{ord(ch):04X})")
        marks = marks + 1 if _is_mark(ch) else 0
        if marks > MAX_MARKS:
            raise ValueError(f"a letter of a name carries at most {MAX_MARKS} accents")
    if not any(unicodedata.category(ch)[0] in "LN" for ch in name):
        raise ValueError("a name needs at least one visible letter or digit")
    folded = _folded(name)
    if guest_label and is_guest_label(name):
        return name
    if _LABELS.search(folded):
        raise ValueError("that name looks like one the room gives (a bot, a guest or "
                         "'You'); choose another")
    return name


def distinct_names(names: Sequence[str | None]) -> list[str | None]:
    """The seats' names as a table shows them: a name an earlier seat already shows
    (compared as people read them: NFKC, case folded) gets " (2)", " (3)" ..., so two
    guests who typed the same name can be told apart in the seats, the chat and the
    game's record. The first keeps its name; ``None`` (an open seat) stays ``None``.
    A name is never a label the room gives (``check_display_name``), so a suffix never
    makes one."""
    taken = {_folded(name) for name in names if name is not None}
    shown: set[str] = set()
    out: list[str | None] = []
    for name in names:
        if name is None:
            out.append(None)
            continue
        final, n = name, 1
        # A suffix another seat's own name already has is skipped.
        while _folded(final) in shown or (n > 1 and _folded(final) in taken):
            n += 1
            final = f"{name} ({n})"
        shown.add(_folded(final))
        out.append(final)
    return out


def cap_marks(text: str, limit: int = MAX_MARKS) -> str:
    """``text`` with at most ``limit`` combining marks kept on each character (the
    rest dropped), so stacked marks cannot spill over neighbouring lines."""
    out: list[str] = []
    run = 0
    for ch in text:
        if _is_mark(ch):
            run += 1
            if run > limit:
                continue
        else:
            run = 0
        out.append(ch)
    return "".join(out)
