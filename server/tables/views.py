"""What each socket is sent about a table: pure functions from a Table to messages.

A game's public part comes only from the engine's ``spectator_view()``, which holds no
hand; a seat adds its own part (``PRIVATE_KEYS``: its hand, legal actions and the
reasons its cards are unplayable, its passes), from the engine's ``seat_part`` for that
seat only (``private_part``). ``TableViews`` builds the public part once per table version and
shares it by all four seats and the spectators (the engine's ``view(seat)`` builds the
whole view for each seat, four times the work on every action);
tests/room/test_views.py checks that the two ways give equal views in every state of
many games. One wire policy is added: ``unplayable`` is left empty while it is not the
seat's turn (every card's reason would be "wait for your turn", changing with every
card played).
"""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

import msgpack

from shared.daily import daily_day_of, is_sealed
from shared.protocol import (
    Event,
    Format,
    SeatInfo,
    Snapshot,
    TableUpdate,
    grouped_reasons,
    to_wire_view,
    view_delta,
)
from shared.spades import Game, redact_action
from shared.spades.view import SEAT_KEYS, seat_part
from shared.spades.view import build as build_view

from .model import PRACTICE, Table
from .seating import table_extras

__all__ = ["PRIVATE_KEYS", "ActionDeltas", "TableViews", "encode_event", "event_for",
           "private_part", "review_keeps", "seat_delta", "seat_infos", "seat_states",
           "seconds_left", "snapshot", "table_update", "wire_view"]

# The keys of a seat's view that differ from a spectator's; every other key is public.
# ``why`` is the wire's (the catalogue ids of ``unplayable``'s reasons).
PRIVATE_KEYS = (*SEAT_KEYS, "why")


def wire_view(game: Game, seat: int | None) -> dict[str, Any]:
    """The view ``seat`` (None: a spectator) is sent, in its wire form, built whole by
    the engine (``TableViews`` gives the same views at a quarter of the cost)."""
    view = (game.view(seat) if seat is not None else game.spectator_view()).to_dict()
    if view["to_act"] != seat:
        view["unplayable"] = {}
    return to_wire_view(view)


def private_part(game: Game, seat: int) -> dict[str, Any]:
    """The ``PRIVATE_KEYS`` of ``seat``'s wire view: the engine's ``seat_part`` (only
    ``seat``'s own cards are read), with the wire policy (see the top) and the wire
    form of ``unplayable``, grouped by reason, with its ``why``."""
    part = seat_part(game, seat, reasons=game.to_act == seat)
    part["unplayable"], part["why"] = grouped_reasons(part["unplayable"])
    return part


def review_keeps(table: Table, now_ms: int) -> tuple[int, ...] | None:
    """The seats whose dealt cards the table's hand review may show, when it must hide
    the others (None: it shows the whole deal, as after any hand). A daily hand's review
    shows only its person's own cards while the day is open: the deal is that player's
    instance, and its other hands (and the deal seed, which deals them) are published
    with the day's seeds when it closes. What was played stays in the review."""
    day = daily_day_of(table.practice.scenario) if table.practice is not None else None
    if day is None:
        return None
    today = dt.datetime.fromtimestamp(now_ms / 1000, dt.UTC).date().isoformat()
    if not is_sealed(day, today):
        return None
    return tuple(i for i, seat in enumerate(table.seats) if not seat.bot)


def _sealed(view: dict[str, Any], keeps: tuple[int, ...]) -> dict[str, Any]:
    review = view.get("review")
    if not review:
        return view
    sealed = {**review, "deal_seed": None,
              "dealt": [cards if seat in keeps else [] for seat, cards in
                        enumerate(review["dealt"])]}
    if "discards" in sealed:  # two-handed: the stock and discards deal the hands too
        sealed["stock"] = []
        sealed["discards"] = [cards if seat in keeps else [] for seat, cards in
                              enumerate(review["discards"])]
    return {**view, "review": sealed}


class TableViews:
    """The wire views of one game state: the public part (the spectators' view) built
    once, each seat's own part when first asked for. Views are shared, not copied:
    callers must not change them. ``keeps`` (see :func:`review_keeps`): the review of
    the last hand shows only those seats' dealt cards."""

    __slots__ = ("_full", "_private", "game", "public", "sealed")

    def __init__(self, game: Game, keeps: tuple[int, ...] | None = None,
                 same_hand: TableViews | None = None) -> None:
        """``same_hand``: the views of an earlier state of the same hand of this game,
        whose public fields that change only between hands are shared, not built again
        (``shared.spades.view.HAND_KEYS``)."""
        self.game = game
        self.sealed = keeps is not None
        if same_hand is not None and not same_hand.sealed and not self.sealed:
            self.public = to_wire_view(build_view(game, None, same_hand.public).to_dict())
        else:
            self.public = wire_view(game, None)
        if keeps is not None:
            self.public = _sealed(self.public, keeps)
        self._private: dict[int, dict[str, Any]] = {}
        self._full: dict[int, dict[str, Any]] = {}

    def private(self, seat: int) -> dict[str, Any]:
        part = self._private.get(seat)
        if part is None:
            part = self._private[seat] = private_part(self.game, seat)
        return part

    def share_private(self, seat: int, before: TableViews) -> None:
        """Take ``seat``'s own part from ``before`` (the caller knows it is unchanged)."""
        if seat not in self._private:
            self._private[seat] = before.private(seat)

    def view(self, seat: int | None) -> dict[str, Any]:
        """The whole wire view of ``seat`` (None: a spectator), keys in the engine's order."""
        if seat is None:
            return self.public
        view = self._full.get(seat)
        if view is None:
            view = dict(self.public)
            view.update(self.private(seat))  # same keys: the order stays the engine's
            self._full[seat] = view
        return view


def seat_delta(before: TableViews, after: TableViews, public: dict[str, Any],
               seat: int | None) -> dict[str, Any]:
    """``view_delta`` of ``seat``'s whole views, given the delta of the public parts
    (``public``): the public keys' changes plus the seat's own part's."""
    if seat is None:
        return public
    return {**public, **view_delta(before.private(seat), after.private(seat))}


class ActionDeltas:
    """The view deltas of one action (within a hand), per seat: the public part's
    computed once, and shared by every seat whose own part did not change."""

    __slots__ = ("_after", "_before", "_public")

    def __init__(self, before: TableViews | None,
                 after: TableViews | None) -> None:
        self._before, self._after = before, after
        self._public: dict[str, Any] | None = None

    def of(self, seat: int | None) -> dict[str, Any]:
        assert self._before is not None and self._after is not None
        if self._public is None:
            self._public = view_delta(self._before.public, self._after.public)
        if self.public_only(seat):
            return self._public
        return seat_delta(self._before, self._after, self._public, seat)

    def public_only(self, seat: int | None) -> bool:
        """True when ``seat``'s delta is the public one (a spectator's): its own part
        cannot have changed. That is a card play that was not the seat's turn before nor
        is after: its hand is the same, and its legal actions and unplayable cards are
        empty while others play (its passes and bid stay as the hand's start left
        them). The seat's part of the new views is then the old one (not built again)."""
        if seat is None:
            return True
        assert self._before is not None and self._after is not None
        before, after = self._before.game, self._after.game
        if not (before.phase == after.phase == "playing"
                and seat != before.to_act and seat != after.to_act):
            return False
        self._after.share_private(seat, self._before)
        return True


def encode_event(v: int, s: int, a: str, x: dict[str, Any] | None, tl: int | None,
                 fmt: Format, auto: bool | None = None) -> bytes | str:
    """The frame of ``Event(v=v, s=s, a=a, x=x, tl=tl, auto=auto)``, as
    ``shared.protocol.encode`` makes it, without building the model (one per seat per
    action)."""
    data: dict[str, Any] = {"v": v, "s": s, "a": a}
    if x is not None:
        data["x"] = x
    if tl is not None:
        data["tl"] = tl
    if auto:
        data["auto"] = True
    envelope = {"t": "ev", "d": data}
    if fmt is Format.MSGPACK:
        packed: bytes = msgpack.packb(envelope)
        return packed
    return json.dumps(envelope, separators=(",", ":"), ensure_ascii=False)


def seat_states(table: Table) -> tuple[Any, ...]:
    """What ``seat_infos`` and the pause fields show, cheap to compare."""
    return (tuple((s.name, s.bot, s.away, s.guest) for s in table.seats), table.left,
            table.paused, table.ready)


def seat_infos(table: Table) -> list[SeatInfo]:
    left = table.left
    ratings = table.ratings or (None,) * len(table.seats)
    return [SeatInfo.model_construct(name=name, bot=s.bot, away=s.away,
                                     left=True if left and s.pid in left else None,
                                     guest=True if s.guest and s.is_person else None,
                                     rating=rating)
            for s, name, rating in zip(table.seats, table.shown_names(), ratings, strict=True)]


def _pause_fields(table: Table, now_ms: int) -> dict[str, Any]:
    if not table.paused:
        return {}
    return {"pause": seconds_left(table.pause_deadline(), now_ms), "ready": list(table.ready)}


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
        missed=missed, game=archive_id(table), **_pause_fields(table, now_ms),
        **table_extras(table, snapshot=True), **(extra or {}),
    )


def archive_id(table: Table) -> str | None:
    """The id the archive keeps the table's current game under (``server.archive.intake
    .game_id`` makes the same), or None: no game yet, or a practice table's (not kept)."""
    if table.game is None or table.kind == PRACTICE:
        return None
    return f"{table.id}.{table.game_no}"


def table_update(table: Table, now_ms: int) -> TableUpdate:
    return TableUpdate.model_construct(
        v=table.rev, status=table.status, seats=seat_infos(table),
        tl=seconds_left(table.turn_deadline(), now_ms),
        fill=seconds_left(table.fill_deadline(), now_ms),
        rematch=list(table.rematch) if table.status == "over" else None,
        **_pause_fields(table, now_ms), **table_extras(table, snapshot=False),
    )


def event_for(table: Table, actor: int, action: str, viewer: int | None, now_ms: int,
              delta: dict[str, Any] | None, auto: bool | None = None) -> Event:
    """The ``ev`` ``viewer`` gets for ``actor``'s ``action`` (passed cards redacted);
    ``auto``: the autopilot played it for a person."""
    return Event.model_construct(
        v=table.rev, s=actor, a=redact_action(action, actor, viewer), x=delta,
        tl=seconds_left(table.turn_deadline(), now_ms), auto=True if auto else None,
    )


def missed_events(notices: list[dict[str, Any]], viewer: int | None) -> list[list[Any]]:
    """Game actions among stream notices, as ``[v, seat, action]`` for ``viewer``."""
    return [[n["r"], n["s"], redact_action(n["a"], n["s"], viewer)]
            for n in notices if "a" in n]
