"""The daily deal's messages (issue 19): start today's hands, go on to the next one.

The hands are played at an ordinary one-person table with Challenge bots, with the
ordinary table messages; ``daily`` only moves a player from one hand to the next.
"""

from __future__ import annotations

from .base import ClientMessage, ServerMessage


class Daily(ClientMessage):
    """Start today's daily deal (the first time), or, once the hand in play is over
    (it is counted as it ends), go on to the next; with a hand in play, sit at its
    table again. Answered by ``daily_hand`` (a table snapshot comes first: the hand's
    table) or, after the last hand, ``daily_done``. A player who has finished today's
    try is refused with ``daily_played``; a second socket racing on a hand's first
    ``daily`` is seated at the same table, or refused with ``not_allowed`` while it is
    being made."""

    T = "daily"


class DailyHand(ServerMessage):
    """The hand ``hand`` (1-based) of ``hands`` of ``day`` is dealt at the table just
    sent; ``commitment`` is its deal's commitment, as published for the day."""

    T = "daily_hand"
    day: str
    hand: int
    hands: int
    commitment: str
    day_commitment: str


class DailyDone(ServerMessage):
    """The try of ``day`` is over: ``points`` by hand and their ``total``. The result
    page reads ``GET /api/daily/{day}/me``."""

    T = "daily_done"
    day: str
    points: list[int]
    total: int
