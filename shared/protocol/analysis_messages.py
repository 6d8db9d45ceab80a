"""The analysis messages (issue 19): a player asks for the analysis of their decisions
in the table's game; the server answers with the result or that it is queued.
"""

from __future__ import annotations

from typing import Any, Literal

from .base import ClientMessage, ServerMessage


class Analyse(ClientMessage):
    """Analyse my decisions in this table's game (its finished hands), judged from what
    my seat could see. Answered by ``analysis``: ``queued`` at first (a worker analyses
    it off the room's hot path), the result once ready (ask again)."""

    T = "analyse"


class AnalysisReply(ServerMessage):
    """Answer to ``analyse``. ``game`` names the game and the hands analysed
    (``TABLE:GAME_NO:HANDS``); ``status`` ``queued``, ``done`` (``analysis`` holds the
    result: ``shared.analysis.Analysis.to_dict()``) or ``failed`` (``error`` says why).
    ``ahead`` (while queued, when known): how many requests wait or are being analysed
    before this one."""

    T = "analysis"
    game: str
    seat: int
    status: Literal["queued", "done", "failed"]
    analysis: dict[str, Any] | None = None
    error: str | None = None
    ahead: int | None = None
