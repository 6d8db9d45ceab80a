"""One table's work on this node, in order: changes, notices from other nodes, timers.

A ``TableActor`` serialises everything this process does to one table behind a lock
(lila's ``RoundAsyncActor``); across processes the version compare-and-set in Redis
decides. A change is a pure function ``Table -> Change`` (see ``table_model``): the
actor reads the table (its cached copy while subscribed to the table's notices, which
keep it current), calls the function, writes with ``Store.write`` and on a conflict
re-reads and calls it again. After a write it sends every local socket what changed
for it, and schedules the table's new timers in-process (any node's poller takes them
over if this node dies).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Protocol

from server.errors import NO_SUCH_TABLE, NoTable, StoreError, TimerStale
from server.ops.node_time import ActionMark
from shared.protocol import Error, Format, ServerMessage, encode
from shared.spades import SpadesError, redact_action

from . import views
from .bots_adapter import AUTOPILOT_LEVEL, choose_bot_action, is_slow
from .model import Table, parse_timer
from .seating import may_watch, table_extras

if TYPE_CHECKING:
    from server.settings import Settings

    from .pubsub import Notices
    from .store import Store

__all__ = ["Change", "Socket", "TableActor", "TableHost", "new_deal", "now_ms"]

log = logging.getLogger(__name__)

MAX_TRIES = 20  # conflicts in a row before giving up (another node keeps winning)


def now_ms() -> int:
    return int(time.time() * 1000)


class Socket(Protocol):
    """What the actor needs of a connection sitting at (or watching) its table."""

    pid: str | None
    seat: int | None  # None: watching
    fmt: Format
    sent_rev: int  # the table version this socket's state is at

    def push(self, frame: bytes | str, mark: ActionMark | None = None) -> None:
        """Queue a frame; ``mark``: the action it is part of (its node time)."""


class TableHost(Protocol):
    """What an actor needs of the node that holds it (``room.Room``): the store, the
    notices, the settings, and where to report what it did. Declared here so the actor
    does not import the room that makes it."""

    settings: Settings
    store: Store
    notices: Notices

    def table_changed(self, old: Table | None, new: Table) -> None: ...

    def schedule_local(self, member: str, due_ms: int) -> None: ...

    def cancel_local(self, member: str) -> None: ...


@dataclass(frozen=True, slots=True)
class Change:
    """A change to write: the new table and the notice other nodes get (``{"s": seat,
    "a": action}`` for a game action, ``{"m": what}`` otherwise). ``log``: the game's
    whole action log as it must now be (an Undo), instead of appending the action."""

    table: Table
    notice: dict[str, Any]
    log: list[tuple[int, str]] | None = None


ChangeFn = Callable[[Table], "Change | int | None"]  # int: already done at that version
# Fields a socket's snapshot adds for its viewer (chat), read when it joins or resyncs.
ExtraFn = Callable[[Table], Awaitable[dict[str, Any]]]


class TableActor:
    def __init__(self, room: TableHost, table_id: str) -> None:
        self.room = room
        self.id = table_id
        self.lock = asyncio.Lock()
        self.sockets: set[Socket] = set()
        self._subscribed = False
        self._table: Table | None = None  # trusted only while subscribed and not stale
        self._stale = False  # a write lost a race: re-read before the next decision
        self._views: views.TableViews | None = None  # of the version ``_views_rev``
        self._views_rev = -1

    # -- reading ------------------------------------------------------------------------

    async def _current(self) -> Table:
        if self._table is None or self._stale or not self._subscribed:
            table = await self.room.store.load(self.id)
            if table is None:
                raise NoTable(NO_SUCH_TABLE())
            previous, self._table, self._stale = self._table, table, False
            if self._subscribed and previous is not None and table.rev > previous.rev:
                # Another node's change we have not passed on yet (its notice will be
                # ignored as old once it arrives): pass it on now.
                self._fanout(previous, table, {"m": "catch-up"})
                self.room.table_changed(previous, table)
        return self._table

    @property
    def cached(self) -> Table | None:
        """The table as this node last had it (None: not read yet); no I/O, may lag."""
        return self._table

    async def peek(self) -> Table | None:
        """The table now (for a caller that only reads), or None if there is none."""
        async with self.lock:
            try:
                return await self._current()
            except NoTable:
                return None

    # -- changing ------------------------------------------------------------------------

    async def mutate(self, change: ChangeFn, mark: ActionMark | None = None) -> int:
        """Apply ``change`` (see ``ChangeFn``) and return the version after it;
        ``mark``: a client's action, whose frames to the sockets it follows."""
        async with self.lock:
            return await self._mutate(change, mark=mark)

    async def _mutate(self, change: ChangeFn, base: Table | None = None,
                      mark: ActionMark | None = None) -> int:
        for _ in range(MAX_TRIES):
            old = base if base is not None else await self._current()
            out = change(old)
            if out is None:
                return old.rev
            if isinstance(out, int):
                return out
            settings = self.room.settings
            now = now_ms()
            new = out.table.with_timers(
                now, int(settings.fill_wait_s * 1000), int(settings.bot_pace_s * 1000),
                int(settings.turn_time_s * 1000), int(settings.reconnect_grace_s * 1000),
                int(settings.between_hands_s * 1000), int(settings.reconnect_window_s * 1000))
            rev = await self.room.store.write(old, new, out.notice, game_log=out.log)
            if rev is None:
                if base is not None:
                    raise NoTable("That table id is taken; try again.")
                self._stale = True  # someone else wrote first: re-read and decide again
                continue
            new = replace(new, rev=rev)
            await self._commit(old, new, out.notice, mark)
            return rev
        raise StoreError("This table is too busy right now; try again.")

    async def create(self, table: Table, notice: dict[str, Any]) -> int:
        """Store a new table (no socket joins it here; see ``join`` for that)."""
        async with self.lock:
            return await self._mutate(lambda t: Change(t, notice), table)

    async def _commit(self, old: Table, new: Table, notice: dict[str, Any],
                      mark: ActionMark | None = None) -> None:
        self._table = new if self._subscribed else None
        self._fanout(old if old.rev else None, new, notice, mark)
        self.room.table_changed(old if old.rev else None, new)
        for member, due in new.timers.items():
            if member not in old.timers:
                self.room.schedule_local(member, due)
        for member in old.timers:
            if member not in new.timers:
                self.room.cancel_local(member)
        if old.status == "filling" and new.status != "filling":
            await self.room.store.mark_closed(new.kind, new.id)

    # -- sockets -------------------------------------------------------------------------

    async def join(self, sock: Socket, change: ChangeFn | None,
                   base: Table | None = None, since: int | None = None,
                   extra: ExtraFn | None = None) -> Table:
        """Attach ``sock``: subscribe to the table, apply ``change`` (which seats the
        player, or None to watch), and send the socket a snapshot (with ``extra``'s
        fields). ``base``: a new table to create. ``since``: a resume from that
        version; the snapshot's ``missed`` lists the game actions after it up to the
        snapshot's own version (when the stream still holds them all). Raises what
        ``change`` raises; the socket is attached only on success."""
        async with self.lock:
            await self._subscribe()
            try:
                if change is not None:
                    await self._mutate(change, base)
                table = await self._current()
                missed = await self._missed(table, sock.pid, since)
                fields = await extra(table) if extra is not None else None
            except BaseException:
                if not self.sockets:
                    await self._unsubscribe()
                raise
            self.sockets.add(sock)
            self._send_snapshot(sock, table, missed, fields)
            return table

    async def _missed(self, table: Table, pid: str | None,
                      since: int | None) -> list[list[Any]] | None:
        """The game actions in (``since``, ``table.rev``] as the seat ``pid`` plays at
        ``table`` sees them (a spectator's view: passed cards hidden). Read
        from the stream up to the version of the snapshot they go with, not up to
        whatever was written meanwhile: a read before the table's (outside this lock)
        missed the actions applied in between."""
        if since is None or since >= table.rev:
            return None
        notices = await self.room.store.events_since(self.id, since, upto=table.rev)
        if notices is None:
            return None
        return views.missed_events(notices, table.playing_seat_of(pid) if pid else None)

    async def resync(self, sock: Socket, extra: ExtraFn | None = None) -> None:
        async with self.lock:
            table = await self._current()
            self._send_snapshot(sock, table, None,
                                await extra(table) if extra is not None else None)

    async def leave(self, sock: Socket) -> None:
        """Detach ``sock``; the last socket to go unsubscribes this node."""
        async with self.lock:
            self.sockets.discard(sock)
            if not self.sockets:
                await self._unsubscribe()

    async def _unsubscribe(self) -> None:
        if self._subscribed:
            self._subscribed = False
            self._table = None
            self._views, self._views_rev = None, -1
            await self.room.notices.unsubscribe(self.id)

    async def _subscribe(self) -> None:
        if not self._subscribed:
            await self.room.notices.subscribe(self.id)
            self._subscribed = True
            self._table = None  # read after subscribing: no notice can fall in between

    def _send_snapshot(self, sock: Socket, table: Table,
                       missed: list[list[Any]] | None = None,
                       extra: dict[str, Any] | None = None) -> None:
        self._reseat(sock, table)
        view = self._view(table, sock.seat)
        if sock.pid is not None and sock.seat is None and table.may_reclaim(sock.pid):
            extra = {**(extra or {}), "reclaim": table.seat_of(sock.pid)}
        message = views.snapshot(table, sock.seat, now_ms(), view, missed, extra)
        sock.push(encode(message, sock.fmt))
        sock.sent_rev = table.rev

    def _reseat(self, sock: Socket, table: Table) -> bool:
        """Keep ``sock.seat`` the seat its player holds at ``table`` (a host may move
        or remove people): a view is only ever computed for the socket's own seat.
        Returns whether the seat changed. A player who lost their seat watches (a bot
        took it: they may take it back), or, when they may not (removed by the host, or
        the host stopped allowing spectators), is detached and told so."""
        pid = sock.pid
        if pid is None:
            return False
        seat = table.playing_seat_of(pid)
        if seat is None and not may_watch(table, pid):
            self.sockets.discard(sock)
            sock.seat = None
            sock.push(encode(Error(code="no_table", msg="You are no longer at this table."),
                             sock.fmt))
            return True
        if seat == sock.seat:
            return False
        sock.seat = seat
        return True

    # -- notices from other nodes ---------------------------------------------------------------

    async def on_notice(self, notice: dict[str, Any]) -> None:
        """Another node (or this one) changed the table: catch up and tell the sockets."""
        async with self.lock:
            if not self._subscribed or (self._table is not None
                                        and notice["r"] <= self._table.rev):
                return
            old = self._table
            new = await self.room.store.load(self.id)
            if new is None:
                return
            self._table = new
            exact = old is not None and notice["r"] == new.rev == old.rev + 1
            self._fanout(old, new, notice if exact else {"m": "catch-up"})
            self.room.table_changed(old, new)

    def is_behind(self, rev: int) -> bool:
        """Whether a notice of version ``rev`` may bring news (``on_notice`` would act)."""
        return self._subscribed and (self._table is None or rev > self._table.rev)

    async def refresh(self) -> None:
        """Notices may have been missed: re-read and resend what changed."""
        await self.on_notice({"r": (self._table.rev + 1) if self._table else 1})

    # -- timers --------------------------------------------------------------------------

    async def run_timer(self, member: str) -> None:
        """Do what a due timer is for, unless the table has moved on (then drop it)."""
        _, kind, seat, _ = parse_timer(member)
        ready = await self._slow_choice(member, kind, seat)

        def change(table: Table) -> Change:
            if member not in table.timers:
                raise TimerStale(member)
            if kind == "fill":
                return Change(table.fill_with_bots(*new_deal(len(table.seats))), {"m": "fill"})
            if kind == "grace":
                return Change(table.replace_with_bot(seat), {"m": "grace"})
            if kind == "away":
                return Change(table.window_over(seat), {"m": "away"})
            if kind == "next":
                return Change(table.end_pause(), {"m": "next"})
            text = ready.get(table.gv) or _bot_choice(table, seat)
            timed_out = kind == "turn"
            try:
                new = table.bot_act(seat, text, timed_out=timed_out)
            except SpadesError as err:  # a bot must never stall a table with a bad move
                log.error("bot chose %r at table %s seat %s: %s", text, table.id, seat, err)
                assert table.game is not None
                text = str(table.game.legal_actions(seat)[0])
                new = table.bot_act(seat, text, timed_out=timed_out)
            notice: dict[str, Any] = {"s": seat, "a": text}
            if table.seats[seat].is_person:  # the autopilot played for a person
                notice["auto"] = True
            return Change(new, notice)

        try:
            await self.mutate(change)
        except TimerStale:
            log.debug("timer %s is stale", member)
        except NoTable:
            await self.room.store.drop_timer(member)

    async def _slow_choice(self, member: str, kind: str, seat: int) -> dict[int, str]:
        """A bot's or the autopilot's action that searches (Challenge's, Standard's
        searched bids and leads: Challenge's slowest a few tenths of a second), taken in a worker
        thread off the event loop before the change: ``{gv: action}`` for the state it
        saw (the change uses it only if the table is still at that game version). ``{}``
        for the others: the change decides them, on the loop."""
        if kind not in ("bot", "turn"):
            return {}
        # The table as this node has it (no I/O): most bot actions do not search, and
        # are decided in the change as they always were. Challenge always searches, so
        # its table is read when this node does not hold it.
        table = self.cached
        if table is None and kind == "bot":
            table = await self.peek()
            if table is not None and not is_slow(table.bot_level, None):
                return {}
        if table is None or member not in table.timers or table.game is None:
            return {}
        view = table.game.view(seat)
        if not is_slow(_level_of(table, seat), view):
            return {}
        text = await asyncio.to_thread(_bot_choice, table, seat, view)
        return {table.gv: text}

    # -- fan-out -------------------------------------------------------------------------

    def _table_views(self, table: Table,
                     same_hand: views.TableViews | None = None) -> views.TableViews | None:
        """The views of ``table``'s game (kept for its version: the next change's
        deltas start from them); ``same_hand``: those of an earlier state of its hand."""
        if table.game is None:
            return None
        if self._views_rev != table.rev or self._views is None:
            self._views = views.TableViews(table.game, views.review_keeps(table, now_ms()),
                                           same_hand)
            self._views_rev = table.rev
        return self._views

    def _view(self, table: Table, seat: int | None) -> dict[str, Any] | None:
        table_views = self._table_views(table)
        return table_views.view(seat) if table_views is not None else None

    def _fanout(self, old: Table | None, new: Table, notice: dict[str, Any],
                mark: ActionMark | None = None) -> None:
        """Send each local socket what changed from ``old`` to ``new`` for it (the
        frames carry ``mark``, the action's node time, when there is one)."""
        if not self.sockets:
            return
        now = now_ms()
        action, actor = notice.get("a"), notice.get("s")
        old_game, new_game = (old.game if old else None), new.game
        same_hand = (action is not None and old is not None and old_game is not None
                     and new_game is not None and old.rev + 1 == new.rev
                     and new_game.n_events == old_game.n_events + 1
                     and new_game.hand_no == old_game.hand_no and not new_game.over)
        game_changed = old is None or (old_game is None) != (new_game is None) or (
            old_game is not None and new_game is not None
            and (old.game_no, old_game.n_events) != (new.game_no, new_game.n_events))
        meta_changed = old is None or (
            views.seat_states(old), old.rematch, old.status, table_extras(old, snapshot=False)
        ) != (views.seat_states(new), new.rematch, new.status,
              table_extras(new, snapshot=False))
        before: views.TableViews | None = None
        if same_hand and old is not None and old_game is not None:
            before = (self._views if self._views is not None and self._views_rev == old.rev
                      else views.TableViews(old_game, views.review_keeps(old, now)))
        delta = views.ActionDeltas(before, self._table_views(new, before) if same_hand else None)
        frames: dict[tuple[Any, ...], list[bytes | str]] = {}
        for sock in list(self.sockets):
            moved = self._reseat(sock, new)
            if sock not in self.sockets:
                continue
            seat = sock.seat
            if moved:
                path = "snap"
            elif same_hand and old is not None and sock.sent_rev == old.rev:
                path = "delta"
            elif action is not None and new_game is not None:
                path = "event+snap"
            elif game_changed or old is None or sock.sent_rev != old.rev:
                path = "snap"
            else:
                path = "update"
            # One frame for every seat that is sent the public delta (a spectator's:
            # nothing of its own changed, and a card play is redacted for nobody).
            shown = None if path == "delta" and delta.public_only(seat) else seat
            key = (path, shown, sock.fmt)
            found = frames.get(key)
            if found is None:
                found = frames[key] = self._frames(path, new, shown, sock.fmt, now, action,
                                                   actor, meta_changed, delta,
                                                   notice.get("auto"))
            for frame in found:
                sock.push(frame, mark)
            sock.sent_rev = new.rev

    def _frames(self, path: str, new: Table, seat: int | None, fmt: Format, now: int,
                action: Any, actor: Any, meta_changed: bool,
                delta: views.ActionDeltas, auto: bool | None) -> list[bytes | str]:
        if path == "delta":
            out = [views.encode_event(new.rev, actor, redact_action(action, actor, seat),
                                      delta.of(seat),
                                      views.seconds_left(new.turn_deadline(), now), fmt,
                                      auto)]
            if meta_changed:
                out.append(encode(views.table_update(new, now), fmt))
            return out
        messages: list[ServerMessage]
        if path == "update":
            messages = [views.table_update(new, now)] if meta_changed else []
        elif path == "snap":
            messages = [views.snapshot(new, seat, now, self._view(new, seat))]
        else:  # "event+snap"
            messages = [views.event_for(new, actor, action, seat, now, None, auto),
                        views.snapshot(new, seat, now, self._view(new, seat))]
        return [encode(m, fmt) for m in messages]


def new_deal(seats: int = 4) -> tuple[int, int]:
    """A fresh deal seed and first dealer for a new game of ``seats`` players."""
    return secrets.randbelow(2**63), secrets.randbelow(seats)


def _level_of(table: Table, seat: int) -> str:
    """The level ``seat``'s decisions are taken at: a table's bots play at its level,
    the autopilot of a person's seat at Standard."""
    return table.bot_level if table.seats[seat].bot else AUTOPILOT_LEVEL


def _bot_choice(table: Table, seat: int, view: Any = None) -> str:
    """A bot's action for ``seat`` (the autopilot's too), from that seat's view only
    (``view``, when the caller has built it)."""
    assert table.game is not None
    if view is None:
        view = table.game.view(seat)
    autopilot = not table.seats[seat].bot
    level = _level_of(table, seat)
    try:
        text = choose_bot_action(level, view, "" if autopilot else table.bot_salt)
    except (ValueError, LookupError) as err:
        log.error("bot failed at table %s seat %s: %r", table.id, seat, err)
        text = _fallback(view)
    return autopilot_bid(text, view.legal) if autopilot else text


def _fallback(view: Any) -> str:
    """A failed bot's stand-in: the Easy bot, else the first legal action that is not a
    Nil (a seat whose bot fails in every hand must not bid Nil in every hand)."""
    try:
        return choose_bot_action("easy", view)
    except (ValueError, LookupError) as err:
        log.error("the easy bot failed too: %r", err)
    return autopilot_bid(view.legal[0], view.legal)


def autopilot_bid(text: str, legal: list[str]) -> str:
    """The autopilot never bids Nil or Blind Nil for a person: a 100-point gamble is
    theirs to take, not a stand-in's. A hand the bot would bid Nil on takes few tricks,
    so the lowest number bid the rules allow stands in for it."""
    if text not in ("bid nil", "bid blind nil"):
        return text
    numbers = sorted((a for a in legal if a.startswith("bid ") and a[4:].isdigit()),
                     key=lambda a: int(a[4:]))
    if numbers:
        return numbers[0]
    return next((a for a in legal if a not in ("bid nil", "bid blind nil")), text)
