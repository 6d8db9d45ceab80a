"""One pub/sub connection per process, shared by every table this node serves.

A node subscribes to a table's channel while it has sockets at that table, and
unsubscribes when the last one leaves. ``subscribe`` returns once Redis has confirmed
the subscription, so a state read after it cannot miss a later notice. Notices are
handed to ``on_notice(table_id, notice)``, which must not block (it schedules work).

If the connection fails, the multiplexer reconnects, subscribes again and calls
``on_reset()``: notices may have been missed meanwhile, so tables must be re-read.

``listen(channel, handler)`` adds a node-wide channel (the social layer's sign-outs and
ranked matches) on the same connection; ``handler(data)`` gets each raw message.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Any

import msgpack
import redis.asyncio as aioredis
from redis.exceptions import RedisError

from . import keys

__all__ = ["Notices", "deliver"]

log = logging.getLogger(__name__)


class Notices:
    """The node's pub/sub multiplexer; ``start()`` before use, ``stop()`` at the end."""

    def __init__(self, client: aioredis.Redis, node_id: str,
                 on_notice: Callable[[str, dict[str, Any]], None],
                 on_reset: Callable[[], None]) -> None:
        self._client = client
        self._home = f"node:{node_id}"  # a channel of our own keeps the connection set up
        self._on_notice = on_notice
        self._on_reset = on_reset
        self._pubsub: Any = None
        self._channels: set[str] = set()
        self._global: dict[str, Callable[[bytes], None]] = {}  # node-wide channels
        self._waiting: dict[str, list[asyncio.Future[None]]] = {}
        self._reader: asyncio.Task[None] | None = None
        self._stopping = False

    @property
    def tables(self) -> int:
        """How many tables this node follows (has sockets at) now."""
        return len(self._channels)

    async def start(self) -> None:
        await self._connect()
        self._reader = asyncio.create_task(self._read_forever(), name="pubsub-reader")

    async def stop(self) -> None:
        self._stopping = True
        if self._reader is not None:
            self._reader.cancel()
            await asyncio.wait([self._reader], timeout=2)  # see Room.stop: never unbounded
        await self._close()

    async def subscribe(self, table_id: str) -> None:
        """Subscribe to a table's notices; returns when Redis confirmed it."""
        channel = keys.table_channel(table_id)
        if channel in self._channels:
            return
        self._channels.add(channel)
        waiter = asyncio.get_running_loop().create_future()
        self._waiting.setdefault(channel, []).append(waiter)
        await self._pubsub.subscribe(channel)
        await asyncio.wait_for(waiter, timeout=10)

    async def listen(self, channel: str, handler: Callable[[bytes], None]) -> None:
        """Hand every message of a node-wide ``channel`` to ``handler`` (which must not
        block), for as long as the node runs."""
        self._global[channel] = handler
        if self._pubsub is not None:
            await self._pubsub.subscribe(channel)

    async def unsubscribe(self, table_id: str) -> None:
        channel = keys.table_channel(table_id)
        if channel not in self._channels:
            return
        self._channels.discard(channel)
        with contextlib.suppress(RedisError, OSError):
            await self._pubsub.unsubscribe(channel)

    async def _connect(self) -> None:
        self._pubsub = self._client.pubsub()
        await self._pubsub.subscribe(self._home, *self._channels, *self._global)

    async def _close(self) -> None:
        if self._pubsub is not None:
            with contextlib.suppress(RedisError, OSError, RuntimeError, TimeoutError):
                await asyncio.wait_for(self._pubsub.aclose(), 2)
            self._pubsub = None

    async def _read_forever(self) -> None:
        while not self._stopping:
            try:
                message = await self._pubsub.get_message(timeout=1.0)
            except (RedisError, OSError) as err:
                if self._stopping:
                    return
                log.warning("pub/sub connection failed (%r); reconnecting", err)
                await self._reconnect()
                continue
            if message is not None:
                self._dispatch(message)

    async def _reconnect(self) -> None:
        await self._close()
        while not self._stopping:
            try:
                await self._connect()
                break
            except (RedisError, OSError) as err:
                log.warning("pub/sub reconnect failed (%r); retrying", err)
                await asyncio.sleep(0.5)
        if not self._stopping:
            self._on_reset()

    def _dispatch(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        channel = message["channel"].decode()
        if kind == "subscribe":
            for waiter in self._waiting.pop(channel, []):
                if not waiter.done():
                    waiter.set_result(None)
            return
        if kind != "message" or channel == self._home:
            return
        deliver(channel, message["data"], self._global, self._on_notice)


def deliver(channel: str, data: bytes, node_wide: dict[str, Callable[[bytes], None]],
            on_notice: Callable[[str, dict[str, Any]], None]) -> None:
    """Hand one pub/sub message to its node-wide handler, or as a table's notice to
    ``on_notice`` (shared with ``sharded_pubsub``); a bad one is logged, never raised."""
    handler = node_wide.get(channel)
    if handler is not None:
        try:
            handler(data)
        except Exception:  # a bad message must not stop the reader
            log.exception("handler of %s failed", channel)
        return
    try:
        notice = msgpack.unpackb(data)
    except (ValueError, msgpack.UnpackException):
        log.error("unreadable notice on %s", channel)
        return
    on_notice(keys.table_id_of_channel(channel), notice)
