"""What each socket is sent about a table: pure functions from a Table to messages.

A seat's game state comes only from the engine's ``view(seat)`` (a spectator's from
``spectator_view()``), so nothing here can show a card the engine would not. One wire
policy is added: ``unplayable`` is left empty while it is not the seat's turn (every
card's reason would be "wait for your turn", changing with every card played).
"""

from __future__ import annotations

from typing import Any

from shared.protocol import Event, SeatInfo, Snapshot, TableUpdate, to_wire_view
from shared.spades import Game, redact_action

from .social_tables import table_extras
from .table_model import Table

__all__ = ["event_for", "seat_infos", "seconds_left", "snapshot", "table_update", "wire_view"]


def wire_view(game: Game, seat: int | None) -> dict[str, Any]:
    """The view ``seat`` (None: a spectator) is sent, in its wire form."""
    view = (game.view(seat) if seat is not None else game.spectator_view()).to_dict()
    if view["to_act"] != seat:
        view["unplayable"] = {}
    return to_wire_view(view)


def seat_infos(table: Table) -> list[SeatInfo]:
    return [SeatInfo.model_construct(name=s.name, bot=s.bot, away=s.away) for s in table.seats]


def seconds_left(due_ms: int | None, now_ms: int) -> int | None:
    """Whole seconds until ``due_ms``, rounded up (an int packs small on the wire)."""
    if due_ms is None:
        return None
    return -(-max(0, due_ms - now_ms) // 1000)


def snapshot(table: Table, seat: int | None, now_ms: int, view: dict[str, Any] | None,
             missed: list[list[Any]] | None = None,
             extra: dict[str, Any] | None = None) -> Snapshot:
    """The whole table as ``seat`` may see it; ``view`` is ``wire_view`` of its game.
    ``extra``: fields for this viewer only (chat), when the caller has them."""
    return Snapshot.model_construct(
        table=table.id, kind=table.kind, status=table.status, v=table.rev, seat=seat,
        seats=seat_infos(table), view=view,
        tl=seconds_left(table.turn_deadline(), now_ms),
        fill=seconds_left(table.fill_deadline(), now_ms),
        rematch=list(table.rematch) if table.status == "over" else None,
        missed=missed, **table_extras(table, snapshot=True), **(extra or {}),
    )


def table_update(table: Table, now_ms: int) -> TableUpdate:
    return TableUpdate.model_construct(
        v=table.rev, status=table.status, seats=seat_infos(table),
        tl=seconds_left(table.turn_deadline(), now_ms),
        fill=seconds_left(table.fill_deadline(), now_ms),
        rematch=list(table.rematch) if table.status == "over" else None,
        **table_extras(table, snapshot=False),
    )


def event_for(table: Table, actor: int, action: str, viewer: int | None, now_ms: int,
              delta: dict[str, Any] | None) -> Event:
    """The ``ev`` ``viewer`` gets for ``actor``'s ``action`` (passed cards redacted)."""
    return Event.model_construct(
        v=table.rev, s=actor, a=redact_action(action, actor, viewer), x=delta,
        tl=seconds_left(table.turn_deadline(), now_ms),
    )


def missed_events(notices: list[dict[str, Any]], viewer: int | None) -> list[list[Any]]:
    """Game actions among stream notices, as ``[v, seat, action]`` for ``viewer``."""
    return [[n["r"], n["s"], redact_action(n["a"], n["s"], viewer)]
            for n in notices if "a" in n]
