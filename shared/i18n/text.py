"""Catalogue entries (:class:`Template`), the sentences they make (:class:`Text`) and the
one placeholder syntax every catalogue uses.

A pattern holds ``{name}`` (the argument as it is) or ``{name:kind}``, where ``kind``
names a catalogue word the argument picks: ``{suit:suit}`` with ``suit="H"`` reads the
entry ``suit.H`` ("hearts", "corazones"...), ``{who:seat}`` with ``who="North"`` the entry
``seat.North`` (a word may be a whole sentence: ``{what:rate}`` reads ``rate.<what>``).
A plural entry is a mapping of CLDR categories (zero, one, two, few, many, other) to
patterns, chosen by the argument ``count``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

Arg = str | int | float
Pattern = str | Mapping[str, str]
# key -> the English pattern of every Template made (the catalogues' reference list).
TEMPLATES: dict[str, Pattern] = {}

_PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*)(?::([a-z_]+))?\}")
# The words a ``{name:kind}`` placeholder reads, in English (other languages: catalogues).
ENGLISH_WORDS: dict[str, str] = {
    "suit.C": "clubs", "suit.D": "diamonds", "suit.H": "hearts", "suit.S": "spades",
    **{f"seat.{name}": name for name in (
        "South", "West", "North", "East", "Southwest", "Northwest", "Northeast", "Southeast")},
}


def english_plural(count: int) -> str:
    """The CLDR plural category of ``count`` in English."""
    return "one" if count == 1 else "other"


def render(pattern: Pattern, args: Mapping[str, Arg], word: Callable[[str], str],
           plural: Callable[[int], str]) -> str:
    """``pattern`` filled with ``args``: ``word(key)`` reads a catalogue word for a
    ``{name:kind}`` placeholder, ``plural(count)`` picks a plural form. A missing
    argument stays as its placeholder (visible, never an exception)."""
    if not isinstance(pattern, str):
        count = args.get("count", 0)
        form = plural(count if isinstance(count, int) else 0)
        pattern = pattern.get(form) or pattern["other"]

    def fill(found: re.Match[str]) -> str:
        name, kind = found.group(1), found.group(2)
        if name not in args:
            return found.group(0)
        value = str(args[name])
        return word(f"{kind}.{value}") if kind else value

    return _PLACEHOLDER.sub(fill, pattern)


class Text(str):
    """An English sentence that also carries its catalogue ``key`` and ``args``."""

    key: str
    args: dict[str, Arg]

    def __new__(cls, english: str, key: str, args: dict[str, Arg]) -> Text:
        text = super().__new__(cls, english)
        text.key, text.args = key, args
        return text

    def __reduce__(self) -> tuple[type[Text], tuple[str, str, dict[str, Arg]]]:
        return (Text, (str(self), self.key, self.args))


@dataclass(frozen=True)
class Template:
    """One catalogue entry: ``key`` (dotted, e.g. ``illegal.follow_suit``) and its English
    ``pattern`` (a plural one is a mapping with at least ``one`` and ``other``).
    Making one registers it in :data:`TEMPLATES`; a key is made once."""

    key: str
    pattern: Pattern

    def __post_init__(self) -> None:
        if TEMPLATES.get(self.key, self.pattern) != self.pattern:
            raise ValueError(f"The catalogue id {self.key!r} has two English texts.")
        TEMPLATES[self.key] = self.pattern

    def __call__(self, **args: Arg) -> Text:
        english = render(self.pattern, args, _english_word, english_plural)
        return Text(english, self.key, args)


def _english_word(key: str) -> str:
    """The English a ``{name:kind}`` placeholder reads: a word, or a whole sentence of
    the catalogue (``{what:rate}`` reads ``rate.follow``, "Too many follows...")."""
    sentence = TEMPLATES.get(key)
    return ENGLISH_WORDS.get(key) or (sentence if isinstance(sentence, str) else key)


def text_parts(sentence: str) -> tuple[str | None, dict[str, Arg] | None]:
    """The catalogue ``key`` and ``args`` of a sentence, or ``(None, None)`` for plain
    text (a sentence no catalogue holds yet)."""
    if isinstance(sentence, Text):
        return sentence.key, dict(sentence.args)
    return None, None


def wire_parts(sentence: str) -> tuple[str | None, dict[str, Any] | None]:
    """As :func:`text_parts`, for a sentence made of sentences: an argument that is
    itself a :class:`Text` goes as ``[key, args]`` (so the page says it in its reader's
    language too; an argument of plain text goes as it is)."""
    if not isinstance(sentence, Text):
        return None, None
    return sentence.key, {name: _wire_arg(value) for name, value in sentence.args.items()}


def _wire_arg(value: Arg) -> Any:
    if isinstance(value, Text):
        return [value.key, {name: _wire_arg(v) for name, v in value.args.items()}]
    return value
