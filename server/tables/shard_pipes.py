"""The per-action path on Redis Cluster: one pipelined connection per master, and the
replica's acknowledgement before the room's.

``ShardPipes`` picks the master of a key's slot from redis-py's slot map and sends on
that master's ``RedisPipe`` (as the store does on one Redis): the table script and its
read stay one round trip. A write is acknowledged only after the shard's replica has
it (``WAIT 1 wait_ms`` after it on the same connection), so a master SIGKILLed after
an ack loses nothing its promoted replica lacks.

``WAIT`` blocks the connection it is sent on until the replica answers, so the writes
to one master are sent in batches: every write queued while the previous batch's
``WAIT`` is out goes in the next batch, followed by one ``WAIT``, which covers them all.
One round trip to the replica per batch, not per write, however busy the shard.

A shard without a live replica would make every batch wait ``wait_ms`` for nothing:
once a ``WAIT`` finds none (the replica died; or this master is a promoted replica with
none of its own yet), that master's writes skip it for ``NO_REPLICA_BACKOFF_S``, then
try again; each such write is counted in ``unreplicated`` and logged.

Errors: a ``MOVED``/``ASK``/``CLUSTERDOWN``/``TRYAGAIN`` reply (the slot is moving:
a failover) reads the slot map again and sends the command again (Redis did not run
it). A lost connection fails the call as on one Redis (it may or may not have run: the
table's version compare-and-set lets the caller find out) and refreshes the map in the
background; a write whose ``WAIT`` failed fails too (its replication is unknown).
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from redis.asyncio.cluster import RedisCluster
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import ResponseError

from .cluster import CLUSTER_ERRORS, ClusterURL, master_of
from .pipe import RedisPipe

__all__ = ["NO_REPLICA_BACKOFF_S", "ShardPipes"]

log = logging.getLogger(__name__)

NO_REPLICA_BACKOFF_S = 10.0
_MOVING = ("MOVED", "ASK", "CLUSTERDOWN", "TRYAGAIN")

_Queued = tuple[tuple[Any, ...], "asyncio.Future[Any]"]


class ShardPipes:
    """See the module docstring. ``close()`` at the end."""

    def __init__(self, client: RedisCluster, config: ClusterURL) -> None:
        self._client = client
        self._config = config
        self._pipes: dict[str, RedisPipe] = {}
        self._queued: dict[str, list[_Queued]] = {}  # master -> writes for its next batch
        self._senders: dict[str, asyncio.Task[None]] = {}
        self._no_replica_until: dict[str, float] = {}  # master -> monotonic time
        self._refreshing: asyncio.Task[None] | None = None
        self.unreplicated = 0  # writes acknowledged before a replica had them

    async def call(self, key: str, *args: Any) -> Any:
        """Send one command (a read) to the master of ``key``'s slot; its reply."""
        return await self._retried(key, args, replicated=False)

    async def write(self, key: str, *args: Any) -> Any:
        """Send a write to the master of ``key``'s slot; its reply, once the shard's
        replica has it too (or ``wait_ms`` passed: see the module docstring)."""
        return await self._retried(key, args, replicated=self._config.wait_ms > 0)

    async def _retried(self, key: str, args: tuple[Any, ...], replicated: bool) -> Any:
        for attempt in range(3):
            master, pipe = await self._pipe_for(key)
            try:
                if replicated and self._waits(master):
                    return await self._queue(master, pipe, args)
                return await pipe.call(*args)
            except ResponseError as err:
                if not str(err).startswith(_MOVING) or attempt == 2:
                    raise
                log.info("cluster answered %s; reading the slot map again", str(err)[:40])
                await self.refresh()
            except (RedisConnectionError, OSError):
                self._refresh_soon()
                raise
        raise AssertionError("unreachable")

    async def _pipe_for(self, key: str) -> tuple[str, RedisPipe]:
        if not self._client.nodes_manager.slots_cache:
            await self._client.initialize()
        node = master_of(self._client, key)
        pipe = self._pipes.get(node.name)
        if pipe is None:
            pipe = RedisPipe(str(node.host), int(node.port), 0, self._config.username,
                             self._config.password)
            self._pipes[node.name] = pipe
        return node.name, pipe

    def _waits(self, master: str) -> bool:
        return self._no_replica_until.get(master, 0.0) <= time.monotonic()

    def _queue(self, master: str, pipe: RedisPipe, args: tuple[Any, ...]) -> asyncio.Future[Any]:
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._queued.setdefault(master, []).append((args, future))
        sender = self._senders.get(master)
        if sender is None or sender.done():
            self._senders[master] = asyncio.create_task(self._send_batches(master, pipe),
                                                        name=f"writes-{master}")
        return future

    async def _send_batches(self, master: str, pipe: RedisPipe) -> None:
        """Send the master's queued writes, one batch and one WAIT at a time."""
        while self._queued.get(master):
            batch = self._queued.pop(master)
            try:
                await self._send_batch(master, pipe, batch)
            except BaseException as err:  # never leave a caller waiting
                for _, future in batch:
                    if not future.done():
                        future.set_exception(err if isinstance(err, Exception) else
                                             RedisConnectionError("the write was cancelled"))
                if not isinstance(err, Exception):
                    raise

    async def _send_batch(self, master: str, pipe: RedisPipe, batch: list[_Queued]) -> None:
        # Created in order, so the commands go out in order, the WAIT last (asyncio runs
        # new tasks first in, first out; RedisPipe's connect lock is fair too).
        replies = [asyncio.ensure_future(pipe.call(*args)) for args, _ in batch]
        wait = asyncio.ensure_future(pipe.call("WAIT", 1, self._config.wait_ms))
        results = await asyncio.gather(*replies, return_exceptions=True)
        replicas: int | BaseException
        try:
            replicas = int(await wait)
        except Exception as err:
            replicas = err
        for (_, future), result in zip(batch, results, strict=True):
            if future.done():  # its caller gave up
                continue
            if isinstance(result, BaseException):
                future.set_exception(result)
            elif isinstance(replicas, BaseException):
                future.set_exception(replicas)
            else:
                future.set_result(result)
        if replicas == 0:
            self.unreplicated += len(batch)
            self._no_replica_until[master] = time.monotonic() + NO_REPLICA_BACKOFF_S
            log.warning("writes on %s were acknowledged before a replica had them; not "
                        "waiting for one there for %.0f s", master, NO_REPLICA_BACKOFF_S)

    async def refresh(self) -> None:
        """Read the slot map again (from any node that answers)."""
        try:
            await self._client.nodes_manager.initialize()
        except CLUSTER_ERRORS as err:
            log.warning("cluster slot map refresh failed: %r", err)

    def _refresh_soon(self) -> None:
        if self._refreshing is None or self._refreshing.done():
            self._refreshing = asyncio.create_task(self.refresh(), name="cluster-refresh")

    def close(self) -> None:
        for pipe in self._pipes.values():
            pipe.close()
        self._pipes.clear()
        for task in [*self._senders.values(), *([self._refreshing] if self._refreshing else [])]:
            task.cancel()
