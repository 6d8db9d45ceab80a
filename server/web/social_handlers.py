"""What a socket does with the social and practice messages (docs/protocol.md).

``handle(client, message, msg_id)`` is called by ``connection.Client`` for every
message type of ``HANDLED``; each answer is an ``ack`` or a typed reply carrying the
message's id, and every failure is a ``RoomError`` the client reports as ``err``.

Table changes go through the table's actor (``mutate``/``join``) with the pure
functions of ``social_tables`` and ``practice``, so they are versioned, atomic and
fanned out like game actions. Chat, invites, the queue and ratings use the hub's
parts (``client.social``).
"""

from __future__ import annotations

import asyncio
import secrets
import time
from typing import TYPE_CHECKING, Any

from server.errors import NO_SUCH_TABLE, NOT_AT_A_TABLE, NoTable, NotAllowed, NotSeated, StoreError
from server.social.errors import NotHost, NotOffered, SeatError
from server.social.friends import Blocked
from server.social.practice import (
    LogMoved,
    advice,
    create_practice,
    opening_from,
    practice_rules,
    redo_action,
    undo,
)
from server.tables.actor import Change, TableActor, new_deal, now_ms
from server.tables.lobby import Sitter
from server.tables.model import CASUAL, PRACTICE, PRIVATE, RANKED, Table
from server.tables.seating import (
    admit_watcher,
    create_private,
    may_watch,
    move_seat,
    remove_seat,
    set_spectators,
    start_private,
    take_seat,
    watch_refusal,
)
from shared.protocol import (
    Ack,
    Advice,
    ChatOn,
    ChooseSeat,
    Created,
    CreatePrivate,
    Hint,
    Join,
    MoveSeat,
    Mute,
    NewInvite,
    Practice,
    Queue,
    Queued,
    Redo,
    RemoveSeat,
    Say,
    Spectators,
    StartGame,
    Tip,
    Undo,
)

if TYPE_CHECKING:
    from .conn import Conn

__all__ = ["HANDLED", "handle", "watch_table"]

HANDLED = (CreatePrivate, Join, ChooseSeat, MoveSeat, RemoveSeat, StartGame, Spectators,
           NewInvite, ChatOn, Say, Mute, Queue, Practice, Tip, Hint, Undo, Redo)
UNDO_TRIES = 5


async def handle(c: Conn, m: Any, msg_id: int | None) -> None:
    """Do what ``m`` (one of HANDLED) asks and answer it."""
    if isinstance(m, CreatePrivate):
        await _create(c, m, msg_id)
    elif isinstance(m, Join):
        await _join(c, m)
        c.reply(Ack(v=c.sent_rev), msg_id)
    elif isinstance(m, ChooseSeat | MoveSeat | RemoveSeat | StartGame | Spectators):
        c.reply(Ack(v=await _lobby_change(c, m)), msg_id)
    elif isinstance(m, NewInvite):
        await _invite(c, m, msg_id)
    elif isinstance(m, ChatOn | Say | Mute):
        await _chat(c, m, msg_id)
    elif isinstance(m, Queue):
        await _queue(c, m, msg_id)
    elif isinstance(m, Practice):
        await _practice(c, m)
        c.reply(Ack(v=c.sent_rev), msg_id)
    elif isinstance(m, Tip | Hint):
        table, pid = await _at_table(c)
        # In a worker thread: Standard's Hint at a lead searches (about 3.5 ms, up to ~0.02
        # s), which would stall every other table of the node.
        action, why = await asyncio.to_thread(advice, table, pid,
                                              "tip" if isinstance(m, Tip) else "hint")
        c.reply(Advice.of(action, why), msg_id)
    elif isinstance(m, Undo):
        c.reply(Ack(v=await _undo(c)), msg_id)
    elif isinstance(m, Redo):
        c.reply(Ack(v=await _redo(c, msg_id)), msg_id)
    else:  # pragma: no cover - HANDLED lists the types above
        raise AssertionError(m)


def _sitter(c: Conn) -> Sitter:
    """The socket's player as a private table seats them."""
    assert c.pid is not None
    return Sitter(c.pid, c.name, guest=c.account is None)


async def _at_table(c: Conn) -> tuple[Table, str]:
    if c.actor is None or c.pid is None:
        raise NotSeated(NOT_AT_A_TABLE())
    table = await c.actor.peek()
    if table is None:
        raise NoTable(NO_SUCH_TABLE())
    return table, c.pid


# -- private tables ---------------------------------------------------------------------------


async def _create(c: Conn, m: CreatePrivate, msg_id: int | None) -> None:
    assert c.pid is not None
    table_id = c.room.store.new_table_id(12)  # 96 bits: a table id alone seats nobody anyway
    await c.social.quota.admit(c.pid, c.address, PRIVATE, table_id)
    base = create_private(table_id, _sitter(c), c.conn_id, m.preset, m.rules,
                          m.bots, m.watch, m.seat, now_ms(), m.turn)
    actor = c.room.actor(table_id)
    await c.enter(actor, lambda t: Change(t, {"m": "create"}), base=base)
    await c.room.store.set_player(c.pid, table=table_id)
    invite = await c.social.invites.create(table_id)
    c.reply(Created(table=table_id, code=invite.code, invite=invite.token), msg_id)


async def _join(c: Conn, m: Join) -> None:
    """Sit at (or watch) the table a code, an invite link or a table id names."""
    assert c.pid is not None
    pid, conn, sitter = c.pid, c.conn_id, _sitter(c)
    by_invite = m.code is not None
    if m.code is not None:
        table_id = await c.social.invites.resolve(m.code, c.address)
    else:
        assert m.table is not None
        table_id = m.table
    actor = c.room.actor(table_id)
    table = await actor.peek()
    if table is None:
        raise NoTable(NO_SUCH_TABLE())
    own = table.seat_of(pid)
    # A private table listed in the lobby by its host is open as if its code were given.
    invited = by_invite or (table.kind == PRIVATE and await c.social.lists.is_open(table_id))
    if own is not None:  # back in one's own seat, whatever the kind of table
        await c.enter(actor, c.sit_change())
    elif m.watch:
        await _watch(c, actor, table, invited)
    elif table.kind == PRIVATE and invited and (by_invite or table.status == "filling"):
        await _refuse_blocked(c, table)

        def sit(t: Table) -> Change:
            new, _ = take_seat(t, sitter, conn, m.seat)
            return Change(new, {"m": "sit"})

        try:
            await c.enter(actor, sit)
        except SeatError as full:
            if table.status == "filling" or not by_invite:
                raise
            try:  # started: watch if the host allows it
                await _watch(c, actor, table, invited)
            except NotAllowed:
                raise full from None
    elif table.kind == PRIVATE and table.status == "filling":
        raise NotAllowed("Ask the host for the table's code or invite link to sit down.")
    elif table.kind == CASUAL and table.status == "filling" and table.open_seats:
        await c.enter(actor, c.sit_change())
    else:
        await _watch(c, actor, table, invited)
    await c.room.store.set_player(pid, table=table_id)


async def _refuse_blocked(c: Conn, table: Table) -> None:
    """Raise ``Blocked`` when someone seated at ``table`` blocked the caller or was
    blocked by them: a block keeps the two apart at private tables, as in quick play."""
    assert c.pid is not None
    others = [pid for pid in table.people if pid != c.pid]
    if c.account is not None and await c.social.friends.blocks_between(c.pid, others):
        raise Blocked("You cannot sit at this table: there is a block between you and "
                      "a player seated there.")


async def watch_table(c: Conn, table_id: str) -> None:
    """The ``watch`` message: watch the table ``table_id`` (a private table only when
    its lobby admitted the caller, or its host listed it in the lobby)."""
    actor = c.room.actor(table_id)
    table = await actor.peek()
    if table is None:
        raise NoTable(NO_SUCH_TABLE())
    listed = table.kind == PRIVATE and await c.social.lists.is_open(table_id)
    await _watch(c, actor, table, listed)


async def _watch(c: Conn, actor: TableActor, table: Table, invited: bool = False) -> None:
    """Watch ``table``; ``invited``: the caller came with its invite (or by the host's
    listing), which admits them to watch a private table (``admit_watcher``)."""
    pid = c.pid
    assert pid is not None
    if not invited or table.kind != PRIVATE:
        if not may_watch(table, pid):
            raise NotAllowed(watch_refusal(table))
        await c.enter(actor, None)
        return

    def admit(t: Table) -> Change | None:
        admitted = admit_watcher(t, pid)
        if not may_watch(admitted or t, pid):
            raise NotAllowed(watch_refusal(admitted or t))
        return None if admitted is None else Change(admitted, {"m": "admit"})

    await c.enter(actor, admit)


async def _lobby_change(c: Conn, m: Any) -> int:
    if c.actor is None or c.pid is None:
        raise NotSeated(NOT_AT_A_TABLE())
    pid, conn, sitter = c.pid, c.conn_id, _sitter(c)

    def change(t: Table) -> Change:
        if t.kind != PRIVATE:
            raise SeatError("Only private tables have a host and seats to choose.")
        if isinstance(m, ChooseSeat):
            if t.seat_of(pid) is None:
                raise NotSeated("Sit at this table (with its code or link) first.")
            new, _ = take_seat(t, sitter, conn, m.seat)
            return Change(new, {"m": "seat"})
        if isinstance(m, MoveSeat):
            return Change(move_seat(t, pid, m.src, m.dst), {"m": "move"})
        if isinstance(m, RemoveSeat):
            return Change(remove_seat(t, pid, m.seat), {"m": "remove"})
        if isinstance(m, Spectators):
            return Change(set_spectators(t, pid, m.allow), {"m": "spectators"})
        return Change(start_private(t, pid, *new_deal(len(t.seats))), {"m": "start"})

    rev = await c.actor.mutate(change)
    if isinstance(m, StartGame):  # the invite lives as long as the table is in use
        invites = c.social.invites
        invite = await invites.of_table(c.actor.id)
        if invite is not None:
            await invites.refresh(invite)
    return rev


async def _invite(c: Conn, m: NewInvite, msg_id: int | None) -> None:
    table, pid = await _at_table(c)
    if table.lobby is None or table.lobby.host != pid:
        raise NotHost("Only the host of a private table may share its invite.")
    invites = c.social.invites
    invite = None if m.renew else await invites.of_table(table.id)
    if invite is None:
        invite = await invites.create(table.id)
    else:
        await invites.refresh(invite)
    c.reply(Created(table=table.id, code=invite.code, invite=invite.link_part), msg_id)


# -- chat -----------------------------------------------------------------------------------------


async def _chat(c: Conn, m: ChatOn | Say | Mute, msg_id: int | None) -> None:
    chat = c.social.chat
    assert c.pid is not None
    if isinstance(m, ChatOn):
        await chat.set_enabled(c.pid, m.on, remember=c.account is not None)
        c.chat_on = m.on
        c.reply(Ack(v=c.sent_rev if c.actor else None), msg_id)
        if c.actor is not None:  # the snapshot brings the kept messages (or none)
            await c.actor.resync(c, c.snapshot_extra)
        return
    table, pid = await _at_table(c)
    if isinstance(m, Mute):
        await chat.set_muted(table.id, pid, m.seat, m.on, viewer_seat=table.seat_of(pid),
                             seats=len(table.seats))
        c.reply(Ack(), msg_id)
        return
    await c.social.sanctions.check(pid, "mute")  # the operator's, on every node
    seats = [s.pid if s.is_person else None for s in table.seats]
    own = table.seat_of(pid)
    name = (table.shown_names()[own] if own is not None else None) or c.name
    await chat.send(table.id, seats, pid, name, text=m.text, phrase=m.phrase)
    c.reply(Ack(), msg_id)


# -- ranked -------------------------------------------------------------------------------------


async def _queue(c: Conn, m: Queue, msg_id: int | None) -> None:
    hub = c.social
    assert c.pid is not None
    if not m.on:
        hub.queued.pop(c.pid, None)
        await hub.matchmaker.leave(c.pid)
        c.reply(Ack(), msg_id)
        return
    if c.actor is not None and c.seat is not None:
        table = await c.actor.peek()
        if (table is not None and table.kind == RANKED and table.status == "playing"
                and table.seats[c.seat].is_person and table.seats[c.seat].pid not in table.left):
            raise NotAllowed("Finish your ranked game first.")
    if c.account is not None:
        await hub.sanctions.check(c.pid, "ranked_ban")
        await hub.leavers.check(c.pid)  # a growing cooldown after early leaves
    waiting = await hub.matchmaker.join(c.account, c.address)  # a guest: sign_in_required
    hub.queued[c.pid] = time.monotonic()
    c.reply(Queued(waited=max(0, (now_ms() - waiting.joined_ms) // 1000)), msg_id)


# -- practice -------------------------------------------------------------------------------------


async def _practice(c: Conn, m: Practice) -> None:
    assert c.pid is not None
    rules = practice_rules(m.preset, m.blind_nil, fresh=m.position is None)
    # A fresh game is dealt by the last seat, so the person (seat 0) bids and leads first.
    start = opening_from(rules, m.scenario, m.position, dealer=rules.seats - 1)
    table_id = c.room.store.new_table_id(12)
    await c.social.quota.admit(c.pid, c.address, PRACTICE, table_id)
    base = create_practice(table_id, c.pid, c.name, c.conn_id, m.level, m.pace, start,
                           now_ms(), secrets.randbelow(2**63), guest=c.account is None)
    await c.enter(c.room.actor(table_id), lambda t: Change(t, {"m": "practice"}), base=base)
    await c.room.store.set_player(c.pid, table=table_id)


async def _undo(c: Conn) -> int:
    table, pid = await _at_table(c)
    if table.practice is None:
        raise NotOffered("Undo is only offered at practice tables.")
    assert c.actor is not None
    for _ in range(UNDO_TRIES):
        log = await c.room.store.game_events(table.id, table.game_no)

        def change(t: Table, log: list[tuple[int, str]] = log) -> Change:
            new, kept = undo(t, pid, log)
            return Change(new, {"m": "undo"}, log=kept)

        try:
            return await c.actor.mutate(change)
        except LogMoved:  # a bot moved between reading the log and deciding: again
            fresh = await c.actor.peek()
            if fresh is None:
                raise NoTable(NO_SUCH_TABLE()) from None
            table = fresh
    raise StoreError("This table is too busy right now; try again.")


async def _redo(c: Conn, msg_id: int | None) -> int:
    _, pid = await _at_table(c)
    assert c.actor is not None

    def change(t: Table) -> Change | int:
        text = redo_action(t, pid)
        seat = t.seat_of(pid)
        out = t.act(pid, t.rev, msg_id, text)
        return out if isinstance(out, int) else Change(out, {"s": seat, "a": text})

    return await c.actor.mutate(change)
