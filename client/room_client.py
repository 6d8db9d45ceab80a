"""An asyncio client for the Spades room: the tests, the load tools and remote bots use it.

    async with RoomClient(["ws://127.0.0.1:8000/ws"], name="Ann") as room:
        await room.quick_play()
        async for update in room.updates():
            if room.my_turn:
                await room.act(room.view["legal"][0])
            if room.view and room.view["over"]:
                break

The client keeps the current state of its table (``view``: the engine's seat view,
``seats``, ``status``, ``version``...) up to date from snapshots and event deltas.
If the connection drops it reconnects, to the next address of the list, resumes
its table with its token and last version, and resends every request that was not
answered (with the same id and version, so the server applies each one once).
See docs/client.md.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
from collections.abc import AsyncIterator, Mapping, Sequence
from dataclasses import dataclass, field
from types import TracebackType
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from shared.protocol import (
    SERVER_MESSAGES,
    Ack,
    Act,
    Back,
    ClientMessage,
    Error,
    Event,
    Format,
    Hello,
    Leave,
    Ping,
    ProtocolError,
    QuickPlay,
    Ready,
    Reclaim,
    Rematch,
    Rename,
    Resync,
    ServerMessage,
    Snapshot,
    TableUpdate,
    Watch,
    Welcome,
    apply_view_delta,
    decode,
    encode,
    from_wire_view,
)

__all__ = ["ConnectionLost", "RequestFailed", "RoomClient", "Update"]

log = logging.getLogger(__name__)

NO_RECONNECT = {1000, 1008}  # the server closed us on purpose: do not come back


class RequestFailed(Exception):
    """The server answered a request with ``err``: ``code`` (see shared.protocol
    ERROR_CODES) and ``message``, a sentence for a person."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


class ConnectionLost(Exception):
    """No address of the list could be reached again (or the server closed us on
    purpose); the client is closed."""


@dataclass(frozen=True, slots=True)
class Update:
    """One message from the server, after the client's state took it in.

    ``message`` is the protocol message (``Snapshot``, ``Event``, ``TableUpdate``,
    ``Welcome``, ``Ack``, ``Error``, ``Pong``), ``id`` the envelope id it answers, and
    ``view`` the seat view after it.
    """

    message: ServerMessage
    view: dict[str, Any] | None
    version: int
    id: int | None = None


@dataclass
class _Pending:
    message: ClientMessage
    future: asyncio.Future[Any] = field(repr=False)


class RoomClient:
    """One player's (or spectator's) connection to the room; see the module docstring."""

    def __init__(self, addresses: Sequence[str] | str, *, token: str | None = None,
                 name: str | None = None, fmt: Format = Format.MSGPACK,
                 timeout: float = 10.0, reconnect_for: float = 30.0,
                 record: bool = False, headers: Mapping[str, str] | None = None) -> None:
        self.addresses = [addresses] if isinstance(addresses, str) else list(addresses)
        if not self.addresses:
            raise ValueError("RoomClient needs at least one address")
        self.token = token
        self.name = name
        self.fmt = fmt
        self.timeout = timeout
        self.reconnect_for = reconnect_for
        self.headers = dict(headers or {})  # sent with the handshake (Cookie, Origin...)
        # The table as this client knows it.
        self.pid: str | None = None
        self.table: str | None = None
        self.seat: int | None = None
        self.version = 0
        self.view: dict[str, Any] | None = None  # the engine's seat view
        self._wire: dict[str, Any] | None = None  # the same, as sent (deltas apply to it)
        self.seats: list[dict[str, Any]] = []
        self.status: str | None = None
        self.turn_left: float | None = None
        self.paused = False  # between hands: the next starts after everyone's Continue
        self.ready_seats: list[int] = []  # while paused: the seats that pressed Continue
        self.rematch_votes: list[bool | None] | None = None
        # Counters a test or a load tool may read.
        self.frames_in = 0
        self.bytes_in = 0
        self.reconnects = 0
        self.address: str | None = None
        self.recorded: list[bytes | str] | None = [] if record else None  # every frame in
        self._ids = itertools.count(1)
        self._pending: dict[int, _Pending] = {}
        self._updates: asyncio.Queue[Update | Exception] = asyncio.Queue()
        self._ws: ClientConnection | None = None
        self._reader: asyncio.Task[None] | None = None
        self._next_address = 0
        self._closed = False
        self._welcomed: asyncio.Event = asyncio.Event()

    # -- life cycle ------------------------------------------------------------------

    async def __aenter__(self) -> RoomClient:
        await self.connect()
        return self

    async def __aexit__(self, kind: type[BaseException] | None, error: BaseException | None,
                        tb: TracebackType | None) -> None:
        await self.close()

    async def connect(self) -> None:
        """Connect to the first address that answers and say hello (resuming the
        client's table, if it has one). Raises ConnectionLost if none answers."""
        await self._open(deadline=asyncio.get_running_loop().time() + self.timeout)
        self._reader = asyncio.create_task(self._read_forever(), name="room-client-reader")

    async def close(self) -> None:
        self._closed = True
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._reader
        if self._ws is not None:
            await self._ws.close()
        for pending in self._pending.values():
            if not pending.future.done():
                pending.future.set_exception(ConnectionLost("the client was closed"))
        self._pending.clear()

    async def drop(self) -> None:
        """Break the connection without closing the client (tests: it reconnects)."""
        if self._ws is not None:
            self._ws.transport.abort()

    # -- requests --------------------------------------------------------------------

    async def quick_play(self) -> Ack:
        """Sit at a casual table (the snapshot arrives before this returns)."""
        return await self.request(QuickPlay())

    async def act(self, action: str) -> Ack:
        """Take a game action at the version this client has seen. Raises RequestFailed
        (``illegal``, ``not_your_turn``, ``stale``...)."""
        return await self.request(Act(v=self.version, a=action))

    async def watch(self, table: str) -> Ack:
        return await self.request(Watch(table=table))

    async def leave(self) -> Ack:
        ack = await self.request(Leave())
        self.table, self.seat, self.view, self._wire = None, None, None, None
        return ack

    async def back(self) -> Ack:
        return await self.request(Back())

    async def rename(self, name: str) -> Ack:
        ack = await self.request(Rename(name=name))
        self.name = name
        return ack

    async def ready(self) -> Ack:
        """Continue: this seat has read the hand result."""
        return await self.request(Ready())

    async def reclaim(self) -> Ack:
        """Take back the seat a bot took while this player was away (then a snap)."""
        return await self.request(Reclaim())

    async def rematch(self, yes: bool = True) -> Ack:
        return await self.request(Rematch(yes=yes))

    async def resync(self) -> Ack:
        return await self.request(Resync())

    async def ping(self) -> None:
        await self._send(Ping(), None)

    async def request(self, message: ClientMessage) -> Any:
        """Send ``message`` with a new id and wait for its answer: the ``ack``, or the
        typed reply some messages get instead (``created``, ``queued``, ``advice``).
        Raises RequestFailed on ``err``, TimeoutError without an answer. Resent after a
        reconnect."""
        msg_id = next(self._ids)
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._pending[msg_id] = _Pending(message, future)
        try:
            with contextlib.suppress(ConnectionClosed):  # resent after the reconnect
                await self._send(message, msg_id)
            return await asyncio.wait_for(asyncio.shield(future), self.timeout)
        finally:
            self._pending.pop(msg_id, None)

    async def send_raw(self, frame: bytes | str) -> None:
        """Send a frame as is (tests of the server's handling of bad input)."""
        assert self._ws is not None
        await self._ws.send(frame)

    # -- reading -------------------------------------------------------------------------

    @property
    def my_turn(self) -> bool:
        """This seat is to act now (not while the table waits between hands)."""
        view = self.view
        return bool(view and self.seat is not None and view.get("to_act") == self.seat
                    and view.get("legal") and not self.paused)

    @property
    def should_continue(self) -> bool:
        """The table waits between hands for this seat's Continue (``ready``)."""
        return self.paused and self.seat is not None and self.seat not in self.ready_seats

    async def updates(self) -> AsyncIterator[Update]:
        """Every message from the server as it arrives, with the state after it. Ends
        with ConnectionLost if the connection cannot be brought back."""
        while True:
            item = await self._updates.get()
            if isinstance(item, Exception):
                raise item
            yield item

    async def next_update(self, timeout: float | None = None) -> Update:
        item = await asyncio.wait_for(self._updates.get(), timeout or self.timeout)
        if isinstance(item, Exception):
            raise item
        return item

    async def _read_forever(self) -> None:
        while True:
            assert self._ws is not None
            try:
                async for frame in self._ws:
                    self._take(frame)
                code = self._ws.close_code
            except ConnectionClosed as closed:
                code = closed.rcvd.code if closed.rcvd else None
            if self._closed:
                return
            if code in NO_RECONNECT:
                self._fail(ConnectionLost(f"the server closed the connection ({code})"))
                return
            try:
                await self._reconnect()
            except ConnectionLost as err:
                self._fail(err)
                return

    def _fail(self, err: Exception) -> None:
        self._closed = True
        for pending in self._pending.values():
            if not pending.future.done():
                pending.future.set_exception(err)
        self._updates.put_nowait(err)

    def _take(self, frame: bytes | str) -> None:
        self.frames_in += 1
        if self.recorded is not None:
            self.recorded.append(frame)
        self.bytes_in += len(frame) if isinstance(frame, bytes) else len(frame.encode())
        try:
            decoded = decode(frame, SERVER_MESSAGES, max_size=None)
        except ProtocolError as err:
            log.error("unreadable server frame: %s", err)
            return
        message, msg_id = decoded.message, decoded.id
        if msg_id is not None:  # the answer to a request: ack, err or a typed reply
            pending = self._pending.get(msg_id)
            if pending is not None and not pending.future.done():
                if isinstance(message, Error):
                    pending.future.set_exception(RequestFailed(message.code, message.msg))
                else:
                    pending.future.set_result(message)
        self._apply(message)
        self._updates.put_nowait(Update(message, self.view, self.version, msg_id))

    def _apply(self, message: ServerMessage) -> None:
        if isinstance(message, Welcome):
            self.token, self.pid, self.name = message.token, message.pid, message.name
            self._welcomed.set()
        elif isinstance(message, Snapshot):
            self.table, self.seat, self.version = message.table, message.seat, message.v
            self._wire = message.view
            self.view = from_wire_view(message.view) if message.view is not None else None
            self.status, self.rematch_votes = message.status, message.rematch
            self.seats = [s.model_dump() for s in message.seats]
            self.turn_left = message.tl
            self.paused, self.ready_seats = message.pause is not None, message.ready or []
        elif isinstance(message, Event):
            self.version = max(self.version, message.v)
            if message.x is not None and self._wire is not None:
                self._wire = apply_view_delta(self._wire, message.x)
                self.view = from_wire_view(self._wire)
            self.turn_left = message.tl
        elif isinstance(message, TableUpdate):
            self.version = max(self.version, message.v)
            self.status, self.rematch_votes = message.status, message.rematch
            self.seats = [s.model_dump() for s in message.seats]
            self.turn_left = message.tl
            self.paused, self.ready_seats = message.pause is not None, message.ready or []

    # -- connecting --------------------------------------------------------------------------

    async def _send(self, message: ClientMessage, msg_id: int | None) -> None:
        if self._ws is None:
            raise ConnectionClosed(None, None)
        await self._ws.send(encode(message, self.fmt, msg_id))

    async def _open(self, deadline: float) -> None:
        loop = asyncio.get_running_loop()
        delay = 0.05
        last_error: Exception | None = None
        while loop.time() < deadline:
            address = self.addresses[self._next_address % len(self.addresses)]
            try:
                ws = await connect(address, proxy=None, open_timeout=self.timeout,
                                   max_size=None, compression=None,
                                   additional_headers=self.headers or None)
            except (OSError, InvalidHandshake, InvalidURI, TimeoutError) as err:
                last_error = err
                self._next_address += 1
                await asyncio.sleep(delay)
                delay = min(delay * 2, 1.0)
                continue
            self._ws, self.address = ws, address
            self._welcomed.clear()
            hello = Hello(token=self.token, name=self.name, table=self.table,
                          v=self.version if self.table else None)
            await ws.send(encode(hello, self.fmt, None))
            return
        raise ConnectionLost(f"no room server answered at {self.addresses}: {last_error!r}")

    async def _reconnect(self) -> None:
        self.reconnects += 1
        self._next_address += 1  # the node we were on may be gone: try the next first
        await self._open(deadline=asyncio.get_running_loop().time() + self.reconnect_for)
        for msg_id, pending in sorted(self._pending.items()):
            with contextlib.suppress(ConnectionClosed):
                await self._send(pending.message, msg_id)
