"""The node's notices: one multiplexer for every table this node serves, on one Redis
or on a Redis Cluster.

A node subscribes to a table's channel while it has sockets at that table, and
unsubscribes when the last one leaves. ``subscribe`` returns once Redis has confirmed
the subscription, so a state read after it cannot miss a later notice. Notices are
handed to ``on_notice(table_id, notice)``, which must not block (it schedules work).

``listen(channel, handler)`` adds a node-wide channel (the social layer's sign-outs and
ranked matches); ``handler(data)`` gets each raw message, for as long as the node runs.

The bookkeeping (which channels are wanted, who waits for a confirmation, where each
channel is subscribed, what to subscribe again after a failure, where a message goes)
is here, once. Where a channel lives is the transport's: ``OneRedis`` puts everything
on one connection with ``SUBSCRIBE``; ``sharded_pubsub.ClusterTransport`` puts a table's
channel on the connection to its slot's master with ``SSUBSCRIBE`` (Redis 7) and the
node-wide channels on one "home" master with ``SUBSCRIBE``. The connections themselves
are ``pubsub_link.Link``s, at most one per Redis server.

If a connection fails (or Redis drops a channel whose slot moved away), the channels it
held are subscribed again wherever the transport now says they live, retrying until
Redis answers, and then ``on_reset()`` is called: notices may have been missed
meanwhile, so tables must be re-read.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

import msgpack
import redis.asyncio as aioredis

from server.errors import StoreError

from . import keys
from .pubsub_link import LINK_ERRORS, Link, link_options

__all__ = ["Notices", "OneRedis", "Route", "Transport", "deliver"]

log = logging.getLogger(__name__)

CONFIRM_TIMEOUT_S = 10.0  # how long a subscription may wait for Redis's confirmation
RETRY_S = 0.5  # between attempts to subscribe again after a failure

_CONFIRM = {"subscribe", "ssubscribe"}
_MESSAGE = {"message", "smessage"}
_DROPPED = {"unsubscribe", "sunsubscribe"}


@dataclass(frozen=True, slots=True)
class Route:
    """Where a channel is subscribed: on which server's connection, with which commands."""

    server: str
    subscribe: str = "SUBSCRIBE"
    unsubscribe: str = "UNSUBSCRIBE"


class Transport(Protocol):
    """What the multiplexer needs to know about the Redis it runs on."""

    async def refresh(self) -> None:
        """Learn again where channels live (a cluster's slot map); raises a Redis error."""

    def route(self, channel: str, *, node_wide: bool) -> Route:
        """Where ``channel`` lives now (``node_wide``: a ``listen`` channel)."""

    def link(self, server: str) -> Link:
        """A new, unconnected link to ``server`` (a name ``route`` gave)."""


class OneRedis:
    """One Redis: every channel on one connection, with ``SUBSCRIBE``."""

    def __init__(self, client: aioredis.Redis) -> None:
        self._client = client

    async def refresh(self) -> None:
        return None

    def route(self, channel: str, *, node_wide: bool) -> Route:
        return Route("redis")

    def link(self, server: str) -> Link:
        pool = self._client.connection_pool
        options = {**pool.connection_kwargs, **link_options()}
        return Link(server, lambda: pool.connection_class(**options))


def _ignore(data: bytes) -> None:
    return None


class Notices:
    """The node's pub/sub multiplexer; ``start()`` before use, ``stop()`` at the end."""

    def __init__(self, transport: Transport, node_id: str,
                 on_notice: Callable[[str, dict[str, Any]], None],
                 on_reset: Callable[[], None]) -> None:
        self._transport = transport
        self._home = f"node:{node_id}"  # a channel of our own keeps the home link set up
        self._on_notice = on_notice
        self._on_reset = on_reset
        self._tables: set[str] = set()  # the tables' channels this node follows
        self._node_wide: dict[str, Callable[[bytes], None]] = {self._home: _ignore}
        self._waiting: dict[str, list[asyncio.Future[None]]] = {}  # not confirmed yet
        self._links: dict[str, Link] = {}  # server -> its one connection
        self._placed: dict[str, tuple[Link, Route]] = {}  # channel -> where it was sent
        self._homeless: set[str] = set()  # wanted, on no live link: the repair places them
        self._repair: asyncio.Task[None] | None = None
        self._stopping = False

    @property
    def tables(self) -> int:
        """How many tables this node follows (has sockets at) now."""
        return len(self._tables)

    async def start(self) -> None:
        """Connect and subscribe the node's own channel; raises if Redis does not answer."""
        await self._transport.refresh()
        waiter = self._expect(self._home)
        await self._send_subscribe(self._home)
        await asyncio.wait_for(waiter, CONFIRM_TIMEOUT_S)

    async def stop(self) -> None:
        self._stopping = True
        if self._repair is not None:
            self._repair.cancel()
            await asyncio.wait([self._repair], timeout=2)  # see Room.stop: never unbounded
        links, self._links = list(self._links.values()), {}
        for link in links:
            await link.close()

    async def subscribe(self, table_id: str) -> None:
        """Subscribe to a table's notices; returns when Redis confirmed it. Raises
        ``StoreError`` if Redis did not confirm it in ``CONFIRM_TIMEOUT_S``."""
        channel = keys.table_channel(table_id)
        if channel in self._tables and channel not in self._waiting:
            return  # confirmed already
        first = channel not in self._tables
        self._tables.add(channel)
        waiter = self._expect(channel)
        if first:
            await self._place(channel)
        try:
            await asyncio.wait_for(waiter, CONFIRM_TIMEOUT_S)
        except TimeoutError:
            log.warning("pub/sub: no confirmation of %s in %.0f s", channel, CONFIRM_TIMEOUT_S)
            await self.unsubscribe(table_id)
            raise StoreError("The room cannot reach its storage right now; try again.") from None

    async def unsubscribe(self, table_id: str) -> None:
        channel = keys.table_channel(table_id)
        if channel not in self._tables:
            return
        self._tables.discard(channel)
        self._homeless.discard(channel)
        self._waiting.pop(channel, None)
        placed = self._placed.pop(channel, None)
        if placed is not None:
            link, route = placed
            link.expect_dropped(channel)  # Redis's answer is ours, not a slot moving away
            with contextlib.suppress(*LINK_ERRORS):
                await link.send(route.unsubscribe, channel)

    async def listen(self, channel: str, handler: Callable[[bytes], None]) -> None:
        """Hand every message of a node-wide ``channel`` to ``handler`` (which must not
        block), for as long as the node runs."""
        self._node_wide[channel] = handler
        await self._place(channel)

    # -- where channels are subscribed -----------------------------------------------------

    def _wanted(self, channel: str) -> bool:
        return channel in self._tables or channel in self._node_wide

    def _expect(self, channel: str) -> asyncio.Future[None]:
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.setdefault(channel, []).append(waiter)
        return waiter

    def _link(self, server: str) -> Link:
        """The one link to ``server``, made (not yet connected) on first use."""
        link = self._links.get(server)
        if link is None:
            link = self._transport.link(server)
            link.on_message, link.on_failure = self._dispatch, self._lost
            self._links[server] = link
        return link

    async def _place(self, channel: str) -> None:
        """Subscribe ``channel`` where it lives; on failure leave it to the repair."""
        if self._repair is not None and not self._repair.done():
            self._homeless.add(channel)  # the repair reads the map again, then places it
            return
        with contextlib.suppress(*LINK_ERRORS):  # _send_subscribe started the repair
            await self._send_subscribe(channel)

    async def _send_subscribe(self, channel: str) -> None:
        route = self._transport.route(channel, node_wide=channel in self._node_wide)
        link = self._link(route.server)
        self._placed[channel] = (link, route)
        try:
            await link.send(route.subscribe, channel)
        except LINK_ERRORS as err:
            self._lost(link, err)
            raise

    def _lost(self, link: Link, err: BaseException) -> None:
        """``link`` failed: its channels are homeless until the repair places them."""
        if self._stopping or self._links.get(link.name) is not link:
            return  # stopping, or an old link already replaced
        log.warning("pub/sub connection to %s failed (%r); subscribing again", link.name, err)
        del self._links[link.name]
        for channel, (held, _) in list(self._placed.items()):
            if held is link:
                del self._placed[channel]
                self._homeless.add(channel)
        asyncio.get_running_loop().create_task(link.close(), name=f"pubsub-close-{link.name}")
        self._repair_soon()

    def _moved(self, link: Link, channel: str) -> None:
        """Redis dropped a channel we still want (its slot moved to another master)."""
        placed = self._placed.get(channel)
        if placed is None or placed[0] is not link:
            return
        log.warning("pub/sub: %s was dropped by %s (its slot moved); subscribing again",
                    channel, link.name)
        del self._placed[channel]
        self._homeless.add(channel)
        self._repair_soon()

    def _repair_soon(self) -> None:
        if self._stopping or (self._repair is not None and not self._repair.done()):
            return
        self._repair = asyncio.get_running_loop().create_task(self._repair_all(),
                                                              name="pubsub-repair")

    async def _repair_all(self) -> None:
        """Read where channels live again and subscribe every homeless channel there,
        until Redis confirms them all; then the tables are re-read (``on_reset``)."""
        while not self._stopping and self._homeless:
            channels = [c for c in self._homeless if self._wanted(c)]
            self._homeless.clear()
            try:
                await self._transport.refresh()
                waiters = [self._expect(c) for c in channels]
                for channel in channels:
                    await self._send_subscribe(channel)
                await asyncio.wait_for(asyncio.gather(*waiters), CONFIRM_TIMEOUT_S)
            except (*LINK_ERRORS, TimeoutError) as err:
                log.warning("pub/sub: subscribing again failed (%r); retrying", err)
                for channel in channels:
                    placed = self._placed.get(channel)
                    if placed is None:  # not sent (or its link failed: homeless already)
                        self._homeless.add(channel)
                    elif channel in self._waiting:  # sent, never confirmed: a dead link
                        self._lost(placed[0], err)
                await asyncio.sleep(RETRY_S)
        if not self._stopping:
            self._on_reset()

    # -- what Redis sends ----------------------------------------------------------------

    def _dispatch(self, link: Link, kind: str, channel: str, data: Any) -> None:
        if kind in _CONFIRM:
            for waiter in self._waiting.pop(channel, []):
                if not waiter.done():
                    waiter.set_result(None)
        elif kind in _MESSAGE:
            if channel != self._home:
                deliver(channel, data, self._node_wide, self._on_notice)
        elif kind in _DROPPED and not link.take_dropped(channel) and self._wanted(channel):
            self._moved(link, channel)


def deliver(channel: str, data: bytes, node_wide: dict[str, Callable[[bytes], None]],
            on_notice: Callable[[str, dict[str, Any]], None]) -> None:
    """Hand one pub/sub message to its node-wide handler, or as a table's notice to
    ``on_notice``; a bad one is logged, never raised."""
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
