"""One Redis connection on which a node's table reads and writes are pipelined.

redis-py's asyncio client takes a connection from its pool for every command, wraps
the call in retries and time-outs and sends it with a stream writer: about a quarter of
the node's CPU per action went there (py-spy; docs/benchmarks.md). ``RedisPipe`` sends
every command on one connection without waiting for the replies of earlier ones (Redis
answers in order, so replies are matched to waiters first in, first out), joins the
commands queued in one turn of the event loop into one socket write, and parses
replies with hiredis.

A failed or lost connection fails every waiting command with redis-py's
``ConnectionError`` (the store turns it into ``StoreError``), and the next command
connects again. An error reply raises redis-py's ``ResponseError`` (``NoScriptError``
for ``NOSCRIPT``). A caller cancelled while waiting does not stop its command: Redis
may still run it (the table's version compare-and-set makes that safe to find out
later). ``from_url`` gives None for what it does not speak (TLS, Unix sockets): the
store then uses redis-py for everything.
"""

from __future__ import annotations

import asyncio
import collections
import urllib.parse
from typing import Any, cast

import hiredis
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import NoScriptError, ResponseError

__all__ = ["RedisPipe"]

CONNECT_TIMEOUT_S = 5.0


def pack(args: tuple[Any, ...]) -> bytes:
    """One command in RESP (arguments: bytes, str or int)."""
    out = [b"*%d\r\n" % len(args)]
    for arg in args:
        if isinstance(arg, str):
            arg = arg.encode()
        elif isinstance(arg, int):
            arg = b"%d" % arg
        out.append(b"$%d\r\n%s\r\n" % (len(arg), arg))
    return b"".join(out)


def _error(reply: Exception) -> ResponseError:
    text = str(reply)
    return NoScriptError(text) if text.startswith("NOSCRIPT") else ResponseError(text)


class _Protocol(asyncio.Protocol):
    def __init__(self) -> None:
        self.loop = asyncio.get_running_loop()
        self.reader = hiredis.Reader()
        self.waiting: collections.deque[asyncio.Future[Any]] = collections.deque()
        self.transport: asyncio.Transport | None = None
        self.lost = False
        self._out: list[bytes] = []

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)  # uvloop's is no subclass

    def request(self, command: bytes) -> asyncio.Future[Any]:
        if self.lost:
            raise RedisConnectionError("The connection to Redis was lost.")
        waiter = self.loop.create_future()
        self.waiting.append(waiter)
        if not self._out:  # the first command of this turn: write them all at its end
            self.loop.call_soon(self._flush)
        self._out.append(command)
        return waiter

    def _flush(self) -> None:
        data, self._out = b"".join(self._out), []
        if not self.lost and self.transport is not None:
            self.transport.write(data)

    def data_received(self, data: bytes) -> None:
        self.reader.feed(data)
        while True:
            try:
                reply = self.reader.gets()
            except hiredis.ProtocolError as err:  # cannot happen with a real Redis
                self._fail(RedisConnectionError(f"Redis sent something unreadable: {err}"))
                if self.transport is not None:
                    self.transport.close()
                return
            if reply is False:
                return
            waiter = self.waiting.popleft()
            if waiter.done():  # its caller was cancelled
                continue
            if isinstance(reply, hiredis.ReplyError):
                waiter.set_exception(_error(reply))
            else:
                waiter.set_result(reply)

    def connection_lost(self, exc: Exception | None) -> None:
        self._fail(RedisConnectionError(f"The connection to Redis was lost ({exc!r})."))

    def _fail(self, error: Exception) -> None:
        self.lost = True
        while self.waiting:
            waiter = self.waiting.popleft()
            if not waiter.done():
                waiter.set_exception(error)


class RedisPipe:
    """Pipelined commands on one connection (made when first needed, and again after
    it failed). ``close()`` at the end."""

    def __init__(self, host: str, port: int, db: int = 0, username: str | None = None,
                 password: str | None = None) -> None:
        self.host, self.port, self.db = host, port, db
        self.username, self.password = username, password
        self._protocol: _Protocol | None = None
        self._connecting: asyncio.Lock | None = None

    @classmethod
    def from_url(cls, url: str) -> RedisPipe | None:
        """A pipe for a ``redis://`` URL, or None for other schemes."""
        parts = urllib.parse.urlsplit(url)
        if parts.scheme != "redis" or not parts.hostname:
            return None
        path = parts.path.strip("/")
        db = int(path) if path else int(urllib.parse.parse_qs(parts.query).get("db", ["0"])[0])
        unquote = urllib.parse.unquote
        return cls(parts.hostname, parts.port or 6379, db,
                   unquote(parts.username) if parts.username else None,
                   unquote(parts.password) if parts.password else None)

    async def call(self, *args: Any) -> Any:
        """Send one command; its reply (bytes, int, list or None)."""
        protocol = self._protocol
        if protocol is None or protocol.lost:
            protocol = await self._connect()
        return await protocol.request(pack(args))

    async def _connect(self) -> _Protocol:
        if self._connecting is None:
            self._connecting = asyncio.Lock()
        async with self._connecting:  # one connection attempt at a time
            if self._protocol is not None and not self._protocol.lost:
                return self._protocol
            loop = asyncio.get_running_loop()
            try:
                async with asyncio.timeout(CONNECT_TIMEOUT_S):
                    transport, protocol = await loop.create_connection(
                        _Protocol, self.host, self.port)
            except (OSError, TimeoutError) as err:
                raise RedisConnectionError(
                    f"Cannot connect to Redis at {self.host}:{self.port}: {err!r}") from err
            setup = []
            if self.password is not None:
                setup.append(("AUTH", *((self.username,) if self.username else ()),
                              self.password))
            if self.db:
                setup.append(("SELECT", self.db))
            try:
                for command in setup:
                    await protocol.request(pack(command))
            except BaseException:
                transport.close()
                raise
            self._protocol = protocol
            return protocol

    def close(self) -> None:
        protocol, self._protocol = self._protocol, None
        if protocol is not None and protocol.transport is not None:
            protocol.transport.close()
