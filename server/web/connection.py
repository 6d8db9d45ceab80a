"""One WebSocket: read frames, decode them, do what they ask, send the answers.

Messages of one socket are handled in order. Every failure a message causes is sent
back as an ``err`` carrying that message's id; nothing else changes. A socket that
keeps sending frames the codec refuses is closed with 1008 (policy violation).

Outgoing frames go through a bounded queue drained by a writer task, so a slow
socket never holds up a table; one that falls too far behind is closed (1013).

A socket whose session cookie (``session_token``) is a live account session at hello
plays as that account: its pid and name are the account's (``session_guard``). The
social and practice messages are handled in ``social_handlers``.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import logging
import secrets
import time
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from server.daily.service import DailyService
from server.errors import (
    NO_SEAT_ANYWHERE,
    NO_SEAT_TO_RECLAIM,
    NO_SUCH_TABLE,
    NOT_AT_A_TABLE,
    TOO_MANY_MESSAGES,
    NoTable,
    NotAllowed,
    NotSeated,
    RoomError,
    StaleVersion,
    error_code,
    sentence_of,
)
from server.ops.drain import Drain
from server.ops.metrics import METRICS
from server.ops.node_time import ActionMark
from server.social.accounts import Account, pid_of
from server.social.errors import InvalidName
from server.social.hub import SocialHub
from server.tables.actor import Change, ChangeFn, TableActor, new_deal, now_ms
from server.tables.model import Table
from server.tables.room import Room
from server.tables.seating import may_watch, watch_refusal
from shared.display_names import is_guest_label
from shared.protocol import (
    CLIENT_MESSAGES,
    Ack,
    Act,
    Analyse,
    Back,
    Daily,
    Decoded,
    Error,
    Format,
    Hello,
    Leave,
    MoreTime,
    Ping,
    Pong,
    ProtocolError,
    QuickPlay,
    Ready,
    Reclaim,
    Rematch,
    Rename,
    Resync,
    Screen,
    ServerMessage,
    Watch,
    Welcome,
    decode,
    encode,
)
from shared.spades import SpadesError

from . import session_guard, social_handlers
from .analysis_handler import handle_analyse
from .daily_handler import abandon, handle_daily
from .http_daily import DailyDeps
from .limits import MessageRate

__all__ = ["COOKIE", "Client", "pid_of"]

log = logging.getLogger(__name__)

COOKIE = "spades_token"
OUTBOX = 1000  # frames queued for one socket before it counts as too slow
FEATURES = sorted(CLIENT_MESSAGES)  # told in welcome: what a client may ask this room


class _Close:
    def __init__(self, code: int, reason: str) -> None:
        self.code, self.reason = code, reason


class _Marked:
    """A frame of a client's action: its writer tells the mark once it is written."""

    __slots__ = ("frame", "mark")

    def __init__(self, frame: bytes | str, mark: ActionMark) -> None:
        self.frame, self.mark = frame, mark


class Client:
    """One connected socket and the session on it."""

    def __init__(self, ws: WebSocket, room: Room, social: SocialHub, cookie_token: str | None,
                 drain: Drain | None = None, session_token: str | None = None) -> None:
        self.ws = ws
        self.session_token = session_token  # the session cookie it was opened with
        self.account: Account | None = None  # that session's account, as of hello
        self.address = ws.client.host if ws.client else ""
        self.chat_on = False  # this player's chat choice, as last read or set
        # Held while hello decides where the socket goes and enters it, and by a move to
        # a table the player was seated at (``go_to_table``): a move heard meanwhile
        # comes after, never under, the resume.
        self._placing = asyncio.Lock()
        self.drain = drain
        settings = room.settings
        self._rate = MessageRate(settings.msg_rate_per_s, settings.msg_burst, time.monotonic())
        self.room = room
        self.social = social
        self.cookie_token = cookie_token
        self.conn_id = secrets.token_hex(6)
        self.token: str | None = None
        self.pid: str | None = None
        self.name = ""
        self.actor: TableActor | None = None
        self.seat: int | None = None
        self.in_lobby = False  # the page shows the lobby, not this socket's table (screen)
        self.fmt = Format.MSGPACK
        self.sent_rev = 0
        self._bad = 0
        self._close_code: int | None = None
        # The outbox: a deque and one future to wake the writer (an asyncio.Queue costs
        # more per frame, and every action queues a frame for each socket at the table).
        self._out: collections.deque[bytes | str | _Marked | _Close] = collections.deque()
        self._wake: asyncio.Future[None] | None = None
        self._closing = False
        self._arrived = 0.0  # when the frame being handled was read (perf_counter)

    # -- the socket ------------------------------------------------------------------

    async def serve(self) -> None:
        """Run until the socket closes; the seat is then marked away (grace starts)."""
        await self.ws.accept()
        METRICS.connections.inc()
        METRICS.connections_total.inc()
        if self.drain is not None:
            self.drain.add(self)
        self.social.watch_session(self, session_guard.session_pid(self.session_token))
        writer = asyncio.create_task(self._write(), name=f"writer-{self.conn_id}")
        try:
            await self._read()
        finally:
            METRICS.connections.dec()
            if self.drain is not None:
                self.drain.discard(self)
            try:
                await self._gone()
            finally:
                if not self._closing:
                    writer.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await asyncio.wait_for(writer, timeout=2)

    async def _read(self) -> None:
        limit = self.room.settings.max_bad_messages
        while not self._closing:
            try:
                message = await self.ws.receive()
            except (WebSocketDisconnect, RuntimeError):
                return
            if message["type"] == "websocket.disconnect":
                self._close_code = message.get("code")
                return
            self._arrived = time.perf_counter()
            frame = message.get("bytes")
            if frame is None:
                frame = message.get("text") or ""
            try:
                decoded = decode(frame)
            except ProtocolError as err:
                self.fmt = Format.MSGPACK if isinstance(frame, bytes) else Format.JSON
                if self._over_rate(err.msg_id):
                    continue
                self._bad += err.bad_frame  # a refused name is a person's slip
                self.reply(Error.of(err.code, sentence_of(err)), err.msg_id)
                if self._bad >= limit:
                    self.close(1008, "too many bad messages")
                continue
            self.fmt = decoded.format
            if self._over_rate(decoded.id):
                continue
            if self.drain is None:
                await self._handle(decoded)
            elif not self.drain.draining:  # draining: left unanswered, resent elsewhere
                self.drain.inflight += 1
                try:
                    await self._handle(decoded)
                finally:
                    self.drain.inflight -= 1

    def _over_rate(self, msg_id: int | None) -> bool:
        """Count a message against the socket's rate; True (and answered, or the
        socket closed when it keeps going) if it is over the limit."""
        if self._rate.take(time.monotonic()):
            return False
        if self._rate.exhausted:
            self.close(1008, "too many messages")
        else:
            self.reply(Error.of("rate_limited", TOO_MANY_MESSAGES()), msg_id)
        return True

    def pending_frames(self) -> int:
        """Frames queued for this socket and not yet written."""
        return len(self._out)

    async def _write(self) -> None:
        out, send = self._out, self.ws.send
        while True:
            if not out:
                self._wake = wake = asyncio.get_running_loop().create_future()
                await wake
                continue
            item = out.popleft()
            try:
                if type(item) is bytes:
                    await send({"type": "websocket.send", "bytes": item})
                elif type(item) is _Marked:
                    frame = item.frame
                    await send({"type": "websocket.send", "bytes": frame}
                               if type(frame) is bytes else
                               {"type": "websocket.send", "text": frame})
                    item.mark.sent()
                elif isinstance(item, _Close):
                    await self.ws.close(item.code, item.reason)
                    return
                else:
                    await send({"type": "websocket.send", "text": item})
            except (WebSocketDisconnect, RuntimeError, OSError):
                return

    def _queue(self, item: bytes | str | _Marked | _Close) -> None:
        self._out.append(item)
        wake, self._wake = self._wake, None
        if wake is not None and not wake.done():
            wake.set_result(None)

    def push(self, frame: bytes | str, mark: ActionMark | None = None) -> None:
        """Queue a frame; never blocks (a socket that cannot keep up is closed).
        ``mark``: the client's action the frame is part of (``server.ops.node_time``)."""
        if self._closing:
            return
        if len(self._out) >= OUTBOX:
            log.warning("socket %s is too slow; closing it", self.conn_id)
            self.close(1013, "too slow")
            return
        if mark is None:
            self._queue(frame)
        else:
            mark.add()
            self._queue(_Marked(frame, mark))

    def close(self, code: int, reason: str) -> None:
        """Close after the frames already queued are sent."""
        if not self._closing:
            self._closing = True
            METRICS.closed.inc(value=str(code))
            self._queue(_Close(code, reason))

    def reply(self, message: ServerMessage, msg_id: int | None = None) -> None:
        if isinstance(message, Error):
            METRICS.errors.inc(value=message.code)
        self.push(encode(message, self.fmt, msg_id))

    # -- messages ---------------------------------------------------------------------

    async def _handle(self, decoded: Decoded) -> None:
        message, msg_id = decoded.message, decoded.id
        try:
            if self.pid is None and not isinstance(message, Hello):
                await self._hello(Hello(), None)  # any first message implies a bare hello
            await self._dispatch(message, msg_id)
        except StaleVersion as err:
            self.reply(Error.of(err.code, sentence_of(err)), msg_id)
            if self.actor is not None:
                await self.actor.resync(self)
        except (RoomError, SpadesError) as err:
            self.reply(Error.of(error_code(err), sentence_of(err)), msg_id)
        except Exception:
            log.exception("message %r failed", type(message).__name__)
            self.reply(Error(code="internal", msg="The server failed on this message; "
                             "nothing was applied."), msg_id)

    async def _dispatch(self, message: Any, msg_id: int | None) -> None:
        if isinstance(message, session_guard.SENSITIVE):
            await session_guard.require_live(self, msg_id)
        if isinstance(message, Act):
            await self._act(message, msg_id)
        elif isinstance(message, Hello):
            await self._hello(message, msg_id)
        elif isinstance(message, QuickPlay):
            await self._quick(message.pool)
            self.reply(Ack(v=self.sent_rev), msg_id)
        elif isinstance(message, Back):
            actor, pid = self._seated()
            rev = await actor.mutate(lambda t: _change(t.back(pid), "back"))
            self.reply(Ack(v=rev), msg_id)
        elif isinstance(message, Ready):
            actor, pid = self._seated()
            rev = await actor.mutate(lambda t: _change(t.press_continue(pid), "ready"))
            self.reply(Ack(v=rev), msg_id)
        elif isinstance(message, MoreTime):
            actor, pid = self._seated()
            on = message.on
            rev = await actor.mutate(lambda t: _change(t.ask_more_time(pid, on), "more_time"))
            self.reply(Ack(v=rev), msg_id)
        elif isinstance(message, Reclaim):
            await self._reclaim()
            self.reply(Ack(v=self.sent_rev), msg_id)
        elif isinstance(message, Leave):
            await self._leave()
            self.reply(Ack(), msg_id)
        elif isinstance(message, Watch):
            await self._watch(message.table)
            self.reply(Ack(v=self.sent_rev), msg_id)
        elif isinstance(message, Screen):
            self.in_lobby = message.lobby
            self.social.moved(self)
            self.reply(Ack(), msg_id)
        elif isinstance(message, Resync):
            if self.actor is None:
                raise NoTable(NOT_AT_A_TABLE())
            await self.actor.resync(self, self.snapshot_extra)
            self.reply(Ack(v=self.sent_rev), msg_id)
        elif isinstance(message, Rename):
            await self._rename(message.name)
            self.reply(Ack(), msg_id)
        elif isinstance(message, Rematch):
            actor, pid = self._seated()
            rev = await actor.mutate(
                lambda t: Change(t.vote_rematch(pid, message.yes, *new_deal(len(t.seats))),
                                 {"m": "rematch"}))
            self.reply(Ack(v=rev), msg_id)
        elif isinstance(message, Ping):
            self.reply(Pong(), msg_id)
        elif isinstance(message, social_handlers.HANDLED):
            await social_handlers.handle(self, message, msg_id)
        elif isinstance(message, Analyse):
            await handle_analyse(self, msg_id)
        elif isinstance(message, Daily):
            await handle_daily(self, self.daily, msg_id)
        else:  # pragma: no cover - the codec only yields the types above
            raise AssertionError(message)

    def _seated(self) -> tuple[TableActor, str]:
        if self.actor is None or self.seat is None or self.pid is None:
            raise NotSeated(NO_SEAT_ANYWHERE())
        return self.actor, self.pid

    async def _act(self, message: Act, msg_id: int | None) -> None:
        started = time.perf_counter()
        mark = ActionMark(self._arrived or started)
        actor, pid = self._seated()
        seat = self.seat

        def act(table: Table) -> Change | int:
            out = table.act(pid, message.v, msg_id, message.a)
            return out if isinstance(out, int) else Change(out, {"s": seat, "a": message.a})

        rev = await actor.mutate(act, mark)
        mark.settle()
        self.reply(Ack(v=rev), msg_id)
        METRICS.actions.inc()
        METRICS.action_seconds.observe(time.perf_counter() - started)

    async def _hello(self, message: Hello, msg_id: int | None) -> None:
        if self.pid is None:
            self.account = await session_guard.account_at_hello(self)
        token = await session_guard.guest_token(self, message.token)
        account = self.account
        pid = account.pid if account is not None else pid_of(token)
        if self.pid is not None and pid != self.pid:
            raise NotAllowed("This connection already has a session; open a new one.")
        store = self.room.store
        stored_name, table_id = await store.player(pid)
        if account is not None:  # an account's name is the one it registered
            name = account.name
        else:
            asked = None if message.name and is_guest_label(message.name) else message.name
            name = asked or stored_name or ""
            if not name or await self.social.accounts.is_registered(name):
                name = f"Guest {int(pid[:6], 16) % 10_000:04d}"  # never an account's name
        if name != stored_name:
            await store.set_player(pid, name=name)
        first = self.pid is None
        self.token, self.pid, self.name = token, pid, name
        if first:
            self.social.register(self)  # listening from here for a move to a new table
        async with self._placing:
            back_to, version = message.table, message.v
            if back_to is not None and version is not None:
                # Read again now that the socket listens: a next match seated since the
                # read above had its move notice while nothing of this socket heard it.
                _, table_id = await store.player(pid)
                if await self._seated_since(back_to, table_id):
                    back_to, version = None, None  # their new game, not the one that ended
            target = back_to or await self._running(table_id)
            self.reply(Welcome(token=token, pid=pid, name=name, table=target,
                               signed_in=True if account is not None else None,
                               features=FEATURES), msg_id)
            if target is not None and (self.actor is None or self.actor.id != target):
                await self._enter(target, version, explicit=back_to is not None)

    async def _seated_since(self, asked: str, table_id: str | None) -> bool:
        """Whether the player, resuming at the table ``asked`` (where their connection
        was lost; a link opened anew still shows its table), was seated since at the
        table they are remembered at, ``table_id``: its game is on and the one at
        ``asked`` is over. A Knock-out's next match, or a placed ranked match, is seated
        while a player's node is down or their connection away; the notice that moves
        their sockets reached none of them, and the old table would keep them while the
        autopilot played their new seat."""
        if table_id is None or table_id == asked:
            return False
        old = await self.room.actor(asked).peek()
        if old is not None and old.status != "over":
            return False
        new = await self.room.actor(table_id).peek()
        return (new is not None and new.status != "over"
                and new.seat_of(self.pid or "") is not None)

    async def _running(self, table_id: str | None) -> str | None:
        """The remembered table when its game is still on: a player opening the room
        again goes back to a game in progress, never to one that has ended (that one
        is forgotten; its link still shows it)."""
        if table_id is None:
            return None
        table = await self.room.actor(table_id).peek()
        if table is not None and table.status != "over":
            return table_id
        assert self.pid is not None
        await self.room.store.set_player(self.pid, clear_table=True)
        return None

    async def snapshot_extra(self, table: Table) -> dict[str, Any]:
        """This viewer's chat fields of a snapshot: on or off, the kept messages they
        may see now, the seats they muted."""
        assert self.pid is not None
        chat = self.social.chat
        self.chat_on = await chat.enabled(self.pid)
        if not self.chat_on:
            return {"chat_on": False}
        seats = [s.pid if s.is_person else None for s in table.seats]
        history = self.social.without_blocked(
            self.pid, table, await chat.history(table.id, seats, self.pid))
        muted = (await chat.muted_by(table.id)).get(self.pid, frozenset())
        return {"chat_on": True, "chat": [m.to_wire() for m in history],
                "muted": sorted(muted)}

    async def go_to_table(self, table_id: str) -> None:
        """Move this socket to a table its player was just seated at (a ranked match),
        giving up a seat in a game still going on elsewhere. After a resume under way
        (``_placing``): the resume may enter the table the player left."""
        try:
            async with self._placing:
                if self.actor is not None and self.actor.id != table_id \
                        and self.seat is not None:
                    table = await self.actor.peek()
                    if table is not None and table.status == "playing":
                        await self._leave()
                await self._enter(table_id, None, explicit=True)
        except RoomError as err:
            log.warning("could not move %s to table %s: %s", self.pid, table_id, err)

    async def enter(self, actor: TableActor, change: ChangeFn | None,
                    base: Table | None = None) -> None:
        """Sit at (``change``) or watch (None) ``actor``'s table; ``base``: a new table."""
        await self._attach(actor, change, base=base)

    def sit_change(self) -> ChangeFn:
        return self._sit_change()  # type: ignore[no-any-return]

    async def _enter(self, table_id: str, version: int | None, explicit: bool) -> None:
        """Go back to a table: to the player's seat if it still is theirs, else watch."""
        assert self.pid is not None
        actor = self.room.actor(table_id)
        table = await actor.peek()
        if table is None:
            if explicit:
                raise NoTable(NO_SUCH_TABLE())
            await self.room.store.set_player(self.pid, clear_table=True)
            return
        seat = table.seat_of(self.pid)
        # ``missed`` is read with the snapshot, under the table's lock (``join``).
        if seat is not None and table.seats[seat].is_person:
            await self._attach(actor, self._sit_change(), since=version)
            await self.room.store.set_player(self.pid, table=table_id)
        elif seat is not None and table.may_reclaim(self.pid):
            # A bot took the seat while the player was away: they watch the live table
            # and are offered the seat back (``reclaim``), rather than being put back
            # in it unasked or shown a table that stopped for them.
            await self._attach(actor, None, since=version)
        elif explicit:
            if not may_watch(table, self.pid):
                raise NotAllowed(watch_refusal(table))
            await self._attach(actor, None, since=version)
        else:
            await self.room.store.set_player(self.pid, clear_table=True)

    def _sit_change(self) -> Any:
        pid, name, conn = self.pid, self.name, self.conn_id
        assert pid is not None

        def sit(table: Table) -> Change:
            new, self.seat = table.sit(pid, name, conn, guest=self.account is None)
            return Change(new.start_if_full(*new_deal(len(new.seats))), {"m": "sit"})

        return sit

    async def _attach(self, actor: TableActor, change: Any, since: int | None = None,
                      base: Table | None = None) -> None:
        await self._detach()
        self.seat = None
        try:
            await actor.join(self, change, base=base, since=since, extra=self.snapshot_extra)
        except BaseException:
            self.seat = None
            raise
        self.actor, self.in_lobby = actor, False
        self.social.moved(self)

    async def _detach(self) -> None:
        if self.actor is not None:
            actor, self.actor = self.actor, None
            self.social.moved(self)
            await actor.leave(self)

    async def _quick(self, pool: str | None = None) -> None:
        assert self.pid is not None
        if self.actor is not None and self.seat is not None:
            table = await self.actor.peek()
            if (table is not None and table.status != "over"
                    and table.seat_of(self.pid) == self.seat
                    and table.seats[self.seat].is_person):
                await self.actor.resync(self, self.snapshot_extra)  # already playing: stay
                return
        await self._detach()
        self.seat = None
        try:
            self.actor = await self.room.quick_play(self, self.name, self.conn_id,
                                                    self.snapshot_extra,
                                                    await self.social.avoid_for(self), pool,
                                                    guest=self.account is None)
        except BaseException:
            self.seat = None
            raise
        self.in_lobby = False
        self.social.moved(self)
        await self.room.store.set_player(self.pid, table=self.actor.id)

    async def _reclaim(self) -> None:
        """Take back the seat a bot took at the table this socket watches."""
        actor, pid = self.actor, self.pid
        if actor is None or pid is None:
            raise NoTable(NOT_AT_A_TABLE())
        table = await actor.peek()
        if table is None or not table.may_reclaim(pid):
            raise NotSeated(NO_SEAT_TO_RECLAIM())
        await self._attach(actor, self._sit_change())
        await self.room.store.set_player(pid, table=actor.id)

    async def _watch(self, table_id: str) -> None:
        await social_handlers.watch_table(self, table_id)

    @property
    def daily(self) -> DailyService | None:
        deps: DailyDeps = self.ws.app.state.daily
        return deps.daily

    async def _leave(self) -> None:
        actor, pid = self._seated()
        table = await actor.peek()
        if table is not None:  # a daily hand left is scored, before a bot takes the seat
            await abandon(self.daily, table)
        await actor.mutate(lambda t: Change(t.leave(pid), {"m": "leave"}))
        await self.room.store.set_player(pid, clear_table=True)
        await self._detach()
        self.seat = None

    async def _rename(self, name: str) -> None:
        assert self.pid is not None
        if self.account is not None:
            raise NotAllowed("Your name is your account's name.")
        if await self.social.accounts.is_registered(name):
            raise InvalidName(f"{name.strip()!r} is a registered player's name; choose "
                              "another (or sign in, if it is yours).")
        pid = self.pid
        await self.room.store.set_player(pid, name=name)
        self.name = name
        if self.actor is not None and self.seat is not None:
            await self.actor.mutate(lambda t: _change(t.rename(pid, name), "name"))

    async def _gone(self) -> None:
        self.social.unregister(self)
        self.social.watch_session(self, None)
        actor, pid = self.actor, self.pid
        if actor is None:
            return
        # 1012: this node is shutting down, not the player leaving; they will be back
        # through another node in a moment, so their turns are not handed to autopilot.
        if self.seat is not None and pid is not None and self._close_code != 1012:
            conn, when = self.conn_id, now_ms()
            window = int(self.room.settings.reconnect_window_s * 1000)
            # Another tab of the player still open here is their connection now: the
            # grace runs only while the player has no open socket.
            other = next((s.conn_id for s in actor.sockets
                          if s is not self and isinstance(s, Client) and s.pid == pid
                          and s.seat is not None), None)
            try:
                if other is not None:
                    await actor.mutate(lambda t: _change(t.reconnect(pid, other), "conn"))
                else:
                    await actor.mutate(
                        lambda t: _change(t.disconnect(pid, conn, when, window), "gone"))
            except RoomError as err:
                log.info("could not mark %s away: %s", pid, err)
        await self._detach()


def _change(table: Table | None, what: str) -> Change | None:
    return None if table is None else Change(table, {"m": what})
