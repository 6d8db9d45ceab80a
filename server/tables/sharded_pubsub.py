"""The node's notices on Redis Cluster: the same interface as ``pubsub.Notices``.

On Redis 7 a table's channel is a sharded channel (``SSUBSCRIBE`` on the master of its
slot; ``apply.lua`` sends ``SPUBLISH``), so a table's notices travel on its own shard
only, whatever the number of shards. The node keeps one pub/sub connection per master
it follows tables on, plus a "home" connection (one master) for the node-wide channels
of ``listen`` (sign-outs, ranked matches), which stay classic ``PUBLISH``: broadcast
over the cluster bus, heard on any node. On a cluster older than Redis 7 (no sharded
pub/sub) every channel is classic and lives on the home connection.

Any failure (a lost connection, a master killed, a slot that moved away and sent
``sunsubscribe``) resets everything: the slot map is read again, every connection is
made again on the current masters (retrying until the cluster answers), every channel
is subscribed again, and ``on_reset()`` is called so tables are re-read.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Any

import redis.asyncio as aioredis
from redis.asyncio.cluster import ClusterNode, RedisCluster
from redis.exceptions import RedisError

from . import keys
from .cluster import CLUSTER_ERRORS, ClusterURL, master_of
from .pubsub import deliver

__all__ = ["ShardedNotices"]

log = logging.getLogger(__name__)

_CONFIRM = {"subscribe", "ssubscribe"}
_MESSAGE = {"message", "smessage"}


class _Link:
    """One pub/sub connection to one cluster node, with its reader task."""

    def __init__(self, node: ClusterNode, config: ClusterURL) -> None:
        self.name = node.name
        self.client = aioredis.Redis(host=str(node.host), port=int(node.port),
                                     username=config.username, password=config.password)
        self.pubsub: Any = self.client.pubsub()
        self.reader: asyncio.Task[None] | None = None

    async def close(self) -> None:
        if self.reader is not None and self.reader is not asyncio.current_task():
            self.reader.cancel()
        with contextlib.suppress(RedisError, OSError, RuntimeError, TimeoutError):
            await asyncio.wait_for(self.pubsub.aclose(), 2)
        with contextlib.suppress(RedisError, OSError, RuntimeError, TimeoutError):
            await asyncio.wait_for(self.client.aclose(), 2)


class ShardedNotices:
    """The node's pub/sub on a cluster; ``start()`` before use, ``stop()`` at the end.
    ``sharded()`` says, once the store has connected, whether Redis has sharded pub/sub."""

    def __init__(self, cluster: RedisCluster, config: ClusterURL, sharded: Callable[[], bool],
                 node_id: str, on_notice: Callable[[str, dict[str, Any]], None],
                 on_reset: Callable[[], None]) -> None:
        self._cluster = cluster
        self._config = config
        self._sharded = sharded
        self._home_channel = f"node:{node_id}"
        self._on_notice = on_notice
        self._on_reset = on_reset
        self._channels: set[str] = set()
        self._global: dict[str, Callable[[bytes], None]] = {}
        self._waiting: dict[str, list[asyncio.Future[None]]] = {}
        self._links: dict[str, _Link] = {}
        self._home: _Link | None = None
        self._resetting: asyncio.Task[None] | None = None
        self._stopping = False

    @property
    def tables(self) -> int:
        return len(self._channels)

    async def start(self) -> None:
        await self._connect()

    async def stop(self) -> None:
        self._stopping = True
        if self._resetting is not None:
            self._resetting.cancel()
            await asyncio.wait([self._resetting], timeout=2)
        await self._close()

    async def subscribe(self, table_id: str) -> None:
        """Subscribe to a table's notices; returns when Redis confirmed it."""
        channel = keys.table_channel(table_id)
        if channel in self._channels:
            return
        self._channels.add(channel)
        waiter = asyncio.get_running_loop().create_future()
        self._waiting.setdefault(channel, []).append(waiter)
        if self._resetting is None or self._resetting.done():  # else the reset subscribes it
            try:
                await self._subscribe_table(channel)
            except CLUSTER_ERRORS as err:
                self._reset_soon(err)
        await asyncio.wait_for(waiter, timeout=10)

    async def unsubscribe(self, table_id: str) -> None:
        channel = keys.table_channel(table_id)
        if channel not in self._channels:
            return
        self._channels.discard(channel)
        with contextlib.suppress(*CLUSTER_ERRORS):
            if not self._sharded():
                if self._home is not None:
                    await self._home.pubsub.unsubscribe(channel)
                return
            link = self._links.get(master_of(self._cluster, channel).name)
            if link is not None:
                await link.pubsub.sunsubscribe(channel)

    async def listen(self, channel: str, handler: Callable[[bytes], None]) -> None:
        """Hand every message of a node-wide ``channel`` to ``handler`` (classic pub/sub)."""
        self._global[channel] = handler
        if self._home is not None:
            with contextlib.suppress(*CLUSTER_ERRORS):
                await self._home.pubsub.subscribe(channel)

    # -- connections ---------------------------------------------------------------------

    async def _connect(self) -> None:
        await self._cluster.nodes_manager.initialize()
        primaries = sorted(self._cluster.get_primaries(), key=lambda n: n.name)
        if not primaries:
            raise RedisError("the cluster has no master")
        self._home = self._link(primaries[0])
        await self._home.pubsub.subscribe(self._home_channel, *self._global)
        self._start_reader(self._home)
        for channel in list(self._channels):
            await self._subscribe_table(channel)

    def _link(self, node: ClusterNode) -> _Link:
        link = self._links.get(node.name)
        if link is None:
            link = _Link(node, self._config)
            self._links[node.name] = link
        return link

    def _start_reader(self, link: _Link) -> None:
        if link.reader is None:
            link.reader = asyncio.create_task(self._read(link), name=f"pubsub-{link.name}")

    async def _subscribe_table(self, channel: str) -> None:
        if not self._sharded():
            assert self._home is not None
            await self._home.pubsub.subscribe(channel)
            self._start_reader(self._home)
            return
        link = self._link(master_of(self._cluster, channel))
        await link.pubsub.ssubscribe(channel)  # one slot per SSUBSCRIBE: one channel each
        self._start_reader(link)

    async def _close(self) -> None:
        links, self._links, self._home = list(self._links.values()), {}, None
        for link in links:
            await link.close()

    async def _read(self, link: _Link) -> None:
        while not self._stopping:
            try:
                message = await link.pubsub.get_message(timeout=1.0)
            except CLUSTER_ERRORS as err:
                self._reset_soon(err)
                return
            if message is not None:
                self._dispatch(message)

    def _reset_soon(self, err: BaseException) -> None:
        if self._stopping or (self._resetting is not None and not self._resetting.done()):
            return
        log.warning("cluster pub/sub failed (%r); reconnecting", err)
        self._resetting = asyncio.create_task(self._reset(), name="pubsub-reset")

    async def _reset(self) -> None:
        await self._close()
        while not self._stopping:
            try:
                await self._connect()
                for channel in [c for c in self._waiting if c in self._channels]:
                    await self._subscribe_table(channel)  # asked for while connecting
                break
            except CLUSTER_ERRORS as err:
                log.warning("cluster pub/sub reconnect failed (%r); retrying", err)
                await self._close()
                await asyncio.sleep(0.5)
        if not self._stopping:
            self._on_reset()

    def _dispatch(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        channel = message["channel"].decode()
        if kind in _CONFIRM:
            for waiter in self._waiting.pop(channel, []):
                if not waiter.done():
                    waiter.set_result(None)
            return
        if kind == "sunsubscribe" and channel in self._channels:  # its slot moved away
            self._reset_soon(RedisError(f"{channel} was unsubscribed by Redis"))
            return
        if kind not in _MESSAGE or channel == self._home_channel:
            return
        deliver(channel, message["data"], self._global, self._on_notice)
