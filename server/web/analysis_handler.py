"""What a socket does with ``analyse`` (docs/protocol.md): send this table's game to the
analysis workers (``server.analysis``) and answer with what is known of the result.

Only the finished hands are analysed, so the answer never reveals a card of the hand in
play; at a ranked table not until the game is over (the analysis of a partner's and
one's own play is advice). At a daily table while its day is open the marks come
without their practice ``position`` (it holds the whole deal; ``review_keeps``). The
request names the game by table, game number and finished hands, so asking again after
another hand asks for a new analysis.

A new request counts against the limit HTTP's requests share (``analysis_gate``) and
is refused while the backlog is full (``analysis_busy``). A practice table opened from
a raw position (the ``practice`` message's ``position``: a deal, scores and moves the
player chose) is not analysed: such positions cost nothing to make, one per table, and
are no game the room dealt; a fresh practice game, a lesson's or the daily deal's is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from server import refusals as R
from server.analysis.store import RedisResults, request, with_place
from server.errors import NO_SUCH_TABLE, NOT_AT_A_TABLE, GameNotOn, NoTable, NotAllowed, NotSeated
from server.tables.actor import now_ms
from server.tables.model import RANKED, Table
from server.tables.views import review_keeps
from shared.protocol import AnalysisReply

from .analysis_gate import AnalysisGate
from .daily_handler import settle_for_review

if TYPE_CHECKING:
    from .conn import Conn


def is_raw_position(table: Table) -> bool:
    """A practice table whose game opened from a raw ``position`` (a fixed deal, scores
    or moves the player chose), not from a lesson (``scenario``) or a fresh deal."""
    practice = table.practice
    if practice is None or practice.scenario is not None:
        return False
    return bool(practice.base) or (table.game is not None and table.game.opening is not None)


async def handle_analyse(c: Conn, msg_id: int | None) -> None:
    if c.actor is None or c.pid is None:
        raise NotSeated(NOT_AT_A_TABLE())
    table = await c.actor.peek()
    if table is None:
        raise NoTable(NO_SUCH_TABLE())
    seat = table.seat_of(c.pid)
    if seat is None:
        raise NotSeated(R.ANALYSIS_NOT_SEATED())
    game = table.game
    if game is None or not game.history:
        raise GameNotOn(R.NOTHING_TO_ANALYSE())
    if table.kind == RANKED and not game.over:
        raise NotAllowed(R.RANKED_AFTER())
    if is_raw_position(table):
        raise NotAllowed(R.OWN_POSITION())
    # A daily hand is counted before its review (which shows every hand) is given.
    await settle_for_review(c.daily, table)
    log = await c.room.store.game_events(table.id, table.game_no)
    base = list(table.practice.base) if table.practice is not None else []
    record: dict[str, Any] = {
        "rules": game.rules.to_dict(), "seed": game.seed, "first_dealer": game.first_dealer,
        "opening": game.opening, "events": [[s, a] for s, a in [*base, *log]]}
    name = f"{table.id}:{table.game_no}:{len(game.history)}"
    client = c.room.store.client
    gate = AnalysisGate.from_settings(c.room.settings)
    known = await request(client, RedisResults(client), name, seat, record,
                          gate.admit(client, c.pid, c.address), gate.backlog)
    known = await with_place(client, known)
    analysis = known.get("analysis")
    if analysis is not None and review_keeps(table, now_ms()) is not None:
        analysis = _without_positions(analysis)
    c.reply(AnalysisReply(game=name, seat=seat, status=known["status"],
                          analysis=analysis, error=known.get("error"),
                          ahead=known.get("ahead")), msg_id)


def _without_positions(analysis: dict[str, Any]) -> dict[str, Any]:
    """The analysis with no mark's practice position (each holds the hand's deal)."""
    return {**analysis, "marks": [{**mark, "position": None}
                                  for mark in analysis.get("marks", [])]}
