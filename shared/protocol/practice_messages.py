"""The practice messages: opening a practice table, and the tip, hint, undo and redo a
practice table offers; the server's ``advice``.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from shared.i18n import wire_parts

from .base import BotLevel, ClientMessage, ServerMessage


class Practice(ClientMessage):
    """Open a practice table: me and three bots of ``level``, which act at ``pace``.

    ``preset``: the rules (default quick: to 250, no Blind Nil; a ``position``'s
    standard). ``blind_nil``: True
    offers Blind Nil when the person's side trails by 100 or more (not in the two-handed
    game), False never; absent, the preset's own rule. ``scenario``: open from a lesson or
    practice position of ``shared.course`` by id; ``position``: open from a raw position
    ``{"deal": [[13 cards] x 4], "scores": [a, b], "bags": [a, b], "dealer": 0..3,
    "moves": ["bid 3", "play 2C", ...]}`` (all optional but ``deal``)."""

    T = "practice"
    level: BotLevel = "easy"
    pace: Literal["relaxed", "standard", "fast"] = "standard"
    preset: Annotated[str, Field(max_length=40)] | None = None
    blind_nil: bool | None = None
    scenario: Annotated[str, Field(min_length=1, max_length=64)] | None = None
    position: dict[str, Any] | None = None


class Tip(ClientMessage):
    """The suggested bid for my seat now, with its reason (answered by ``advice``)."""

    T = "tip"


class Hint(ClientMessage):
    """Practice (not Challenge): the suggested action now, with why (``advice``)."""

    T = "hint"


class Undo(ClientMessage):
    """Practice (not Challenge): take back my last decision and the bot moves after it."""

    T = "undo"


class Redo(ClientMessage):
    """Practice (not Challenge): play the decision I took back again."""

    T = "redo"


class Advice(ServerMessage):
    """Answer to ``tip`` and ``hint``: the suggested action ``a`` and ``why`` (a sentence
    for a person, in English). ``key`` and ``args``: its catalogue id and arguments when
    it has one (an argument that is a sentence too is ``[key, args]``; the page renders
    it in its reader's language, docs/i18n.md). :meth:`of` fills them."""

    T = "advice"
    a: str
    why: str
    key: str | None = None
    args: dict[str, Any] | None = None

    @classmethod
    def of(cls, action: str, why: str) -> Advice:
        """The ``advice`` of ``action`` for the reason ``why`` (a ``shared.i18n.Text``
        keeps its id)."""
        key, args = wire_parts(why)
        return cls(a=action, why=str(why), key=key, args=args)
