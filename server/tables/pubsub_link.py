"""One pub/sub connection to one Redis server, and the task that reads it.

The multiplexer (``pubsub.Notices``) holds at most one ``Link`` per server and sends
``(S)SUBSCRIBE``/``(S)UNSUBSCRIBE`` on it; what Redis sends back goes to
``on_message(link, kind, channel, data)``, in order. Commands are sent one at a time,
under the link's lock, and the first one opens the connection: however many tables
subscribe at the same moment, they share the one connection (redis-py's ``PubSub``
connects lazily without a lock, so concurrent first subscribes each opened a
connection of their own and only the last one was read).

The connection is redis-py's plain ``Connection`` with no retry of its own: a failure
(a lost socket, a master killed, no answer to a ``PING`` sent after ``HEALTH_S`` of
silence) goes to ``on_failure(link, err)`` once, and the link is then of no more use;
the multiplexer closes it and subscribes its channels again on a new one. A hidden
reconnect would lose the notices sent meanwhile without anyone re-reading the tables.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
from collections.abc import Callable
from typing import Any

from redis.asyncio.connection import AbstractConnection
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff
from redis.exceptions import ConnectionError as RedisConnectionError

from .cluster import CLUSTER_ERRORS

__all__ = ["HEALTH_S", "LINK_ERRORS", "Link", "link_options"]

HEALTH_S = 5.0  # silence after which a PING checks the connection (and as long for PONG)
# What a pub/sub connection raises when Redis cannot be used; uvloop raises RuntimeError
# for a write to a socket Redis closed ("TCPTransport closed").
LINK_ERRORS = (*CLUSTER_ERRORS, RuntimeError)

MessageFn = Callable[["Link", str, str, Any], None]
FailureFn = Callable[["Link", BaseException], None]
Connect = Callable[[], AbstractConnection]


def link_options() -> dict[str, Any]:
    """redis-py ``Connection`` options of a link's connection (over the pool's): no
    retry and no health check of its own (the link does both), bounded socket waits."""
    return {"retry": Retry(NoBackoff(), 0), "health_check_interval": 0,
            "socket_timeout": HEALTH_S, "socket_connect_timeout": HEALTH_S}


def _nothing(*args: Any) -> None:
    return None


class Link:
    """One pub/sub connection to the server ``name`` (``connect()`` makes the redis-py
    connection, not yet connected); ``close()`` at the end."""

    def __init__(self, name: str, connect: Connect) -> None:
        self.name = name
        self.on_message: MessageFn = _nothing
        self.on_failure: FailureFn = _nothing
        self._connect = connect
        self._conn: AbstractConnection | None = None
        self._lock = asyncio.Lock()  # one command at a time; the first one connects
        self._reader: asyncio.Task[None] | None = None
        self._failed = False
        self._dropping: collections.Counter[str] = collections.Counter()

    async def send(self, command: str, channel: str | None = None) -> None:
        """Send one command; Redis's answer comes to ``on_message``. Raises a
        ``LINK_ERRORS`` error if the connection cannot be made or has failed."""
        async with self._lock:
            if self._failed:
                raise RedisConnectionError(f"the pub/sub connection to {self.name} failed")
            if self._conn is None:
                conn = self._connect()
                await conn.connect()
                self._conn = conn
                self._reader = asyncio.create_task(self._read(conn), name=f"pubsub-{self.name}")
            args = (command,) if channel is None else (command, channel)
            await self._conn.send_command(*args, check_health=False)

    def expect_dropped(self, channel: str) -> None:
        """We are unsubscribing ``channel``: its ``(s)unsubscribe`` reply is ours."""
        self._dropping[channel] += 1

    def take_dropped(self, channel: str) -> bool:
        """Whether an ``(s)unsubscribe`` of ``channel`` answers our own command."""
        if self._dropping[channel] <= 0:
            return False
        self._dropping[channel] -= 1
        if not self._dropping[channel]:
            del self._dropping[channel]
        return True

    async def close(self) -> None:
        self._failed = True
        if self._reader is not None and self._reader is not asyncio.current_task():
            self._reader.cancel()
        if self._conn is not None:
            with contextlib.suppress(*LINK_ERRORS, TimeoutError):
                await asyncio.wait_for(self._conn.disconnect(nowait=True), 2)

    async def _read(self, conn: AbstractConnection) -> None:
        pinged = False
        try:
            while True:
                # push_request: else redis-py's parser keeps a pub/sub reply to itself
                reply = await conn.read_response(timeout=HEALTH_S, disconnect_on_error=False,
                                                 push_request=True)
                if reply is None:  # silence: is Redis still there?
                    if pinged:
                        raise RedisConnectionError(f"{self.name} did not answer a PING")
                    pinged = True
                    await self.send("PING")
                    continue
                pinged = False
                if isinstance(reply, list) and len(reply) == 3:  # not a PONG
                    self.on_message(self, reply[0].decode(), reply[1].decode(), reply[2])
        except LINK_ERRORS as err:
            if not self._failed:
                self._failed = True
                self.on_failure(self, err)
