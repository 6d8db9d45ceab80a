"""The archive queue's consumer: every node drains the stream of finished games.

A game's end is queued on the Redis stream ``archive:q`` (under Redis Cluster, the
stream ``archive:q:{b}`` of its table's timer bucket: ``keys.archive_queue``) by the
write of its last action (``apply.lua``), so it is never on the per-action path and
never lost with the node that wrote it. Every node runs one ``ArchiveQueue``: a member
of the streams' consumer group ``archivers``, it reads new entries, writes each game to
PostgreSQL (``write_game``, idempotent), then acknowledges and deletes the entry. One
stream is waited on; the streams of a cluster are read when the node queued a game there
(``wake``, from ``Store.on_archive_queued``) and all swept every ``SWEEP_S``.

PostgreSQL down: the entry stays unacknowledged and the consumer retries its own
pending entries with a growing pause (up to ``MAX_BACKOFF_S``); play never waits for it,
and the games are written when PostgreSQL is back. A node that died with entries
pending: another node claims them once they have been idle ``CLAIM_IDLE_MS``
(XAUTOCLAIM). An entry that is not a game (``BadEntry``) is moved to ``archive:bad``
and logged, never retried forever.

``on_written(record)`` runs after a game is stored the first time (the node queues a
ranked game's analysis there); its failure is logged and never holds the queue (the
game is stored; a player can still ask for the analysis).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import asyncpg
import redis.asyncio as aioredis
from redis.asyncio.cluster import RedisCluster
from redis.exceptions import ResponseError

from server.errors import is_redis_failure
from server.tables.cluster import master_of
from server.tables.keys import ARCHIVE_QUEUE
from shared.archive import GameRecord

from .db import ArchiveUnavailable
from .intake import AccountNames, BadEntry, record_of_entry
from .writer import write_game

__all__ = ["BAD_ENTRIES", "GROUP", "ArchiveQueue"]

log = logging.getLogger(__name__)

GROUP = "archivers"
BAD_ENTRIES = "archive:bad"
BATCH = 50
BLOCK_MS = 500
CLAIM_IDLE_MS = 30_000
CLAIMS_PER_IDLE = 3  # others' stuck entries are looked for this often within CLAIM_IDLE_MS
SWEEP_S = 5.0  # under Cluster: every stream read this often, woken or not
MAX_BACKOFF_S = 5.0


async def _no_accounts(pids: list[str]) -> dict[str, str]:
    return {}


class ArchiveQueue:
    """One node's consumer (``start``, then ``stop``); ``written`` counts its games."""

    def __init__(self, client: aioredis.Redis, pool: asyncpg.Pool, consumer: str,
                 account_names: AccountNames = _no_accounts,
                 streams: list[str] | None = None,
                 on_written: Callable[[GameRecord], Awaitable[Any]] | None = None) -> None:
        self._client = client
        self._on_written = on_written
        # One stream on one Redis; one per timer bucket under Cluster, each read on its
        # own (a read over several streams would cross slots).
        self._streams = streams or [ARCHIVE_QUEUE]
        self._pool = pool
        self._consumer = consumer
        self._account_names = account_names
        self._task: asyncio.Task[None] | None = None
        self._stopped = False
        self._woken: set[str] = set()  # streams this node queued a game on since its last read
        self._wake = asyncio.Event()
        self.written = 0
        self.failures = 0  # PostgreSQL failures met (each retried)

    async def start(self) -> None:
        await self._ensure_group()
        self._task = asyncio.create_task(self._run(), name="archive-queue")

    async def stop(self) -> None:
        # The flag ends the loop at its next turn even if the cancel is lost in the Redis
        # client: a consumer left running re-reads the entries it holds, so no other
        # node would ever claim them.
        self._stopped = True
        if self._task is not None:
            self._task.cancel()
            await asyncio.wait([self._task], timeout=2)

    async def _ensure_group(self) -> None:
        for stream in self._streams:
            with contextlib.suppress(ResponseError):  # BUSYGROUP: made by another node
                await self._client.xgroup_create(stream, GROUP, id="0", mkstream=True)

    def wake(self, stream: str) -> None:
        """This node has just queued a game on ``stream``: read it now. Under Cluster the
        streams are otherwise only swept every ``SWEEP_S`` (one Redis: the lone stream is
        waited on, so nothing to do)."""
        if len(self._streams) > 1:
            self._woken.add(stream)
            self._wake.set()

    async def _run(self) -> None:
        backoff = 0.0
        # Own pending entries exist only at the start (a restart under the same name)
        # and after a failed write; others' stuck ones only after CLAIM_IDLE_MS. Under
        # Cluster the node that queues a game wakes its own consumer for that stream,
        # and every stream is swept now and then for the games of a node that died
        # before reading them. Polling all 64 streams for all three kinds twice a
        # second, whatever the load, was most of a node's Redis calls on a quiet room.
        pending = set(self._streams)
        next_claim = next_sweep = 0.0
        while not self._stopped:
            try:
                if backoff:
                    await asyncio.sleep(backoff)
                loop = asyncio.get_running_loop()
                claim = loop.time() >= next_claim
                if claim:
                    next_claim = loop.time() + CLAIM_IDLE_MS / 1000 / CLAIMS_PER_IDLE
                if len(self._streams) == 1 or claim or loop.time() >= next_sweep:
                    todo = self._streams
                    next_sweep = loop.time() + SWEEP_S
                else:
                    todo = sorted(self._woken)
                # cleared before reading: a game queued during the reads wakes it again
                self._woken.clear()
                self._wake.clear()
                for stream in todo:
                    if stream in pending:
                        if not await self._drain(stream, "0"):
                            self._woken.add(stream)  # a full batch: more to read
                            continue
                        pending.discard(stream)
                    if claim:
                        await self._claim_stuck(stream)
                    # A lone stream is waited on; several are read when woken or swept.
                    if not await self._drain(stream, ">", block=len(self._streams) == 1):
                        self._woken.add(stream)
                if len(self._streams) > 1 and not self._woken:
                    wait = min(next_sweep, next_claim) - loop.time()
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(self._wake.wait(), max(0.0, wait))
                backoff = 0.0
            except ArchiveUnavailable:
                self.failures += 1
                pending, next_sweep = set(self._streams), 0.0
                backoff = min(MAX_BACKOFF_S, max(0.2, backoff * 2))
            except ResponseError as err:
                pending, next_sweep = set(self._streams), 0.0
                # The stream was deleted (FLUSHALL in tests): NOGROUP on the next read,
                # UNBLOCKED for a read that was waiting on it. Make the group again now,
                # not after a pause, so the next game is not left to the claim.
                if "NOGROUP" in str(err) or "UNBLOCKED" in str(err):
                    await self._ensure_group()
                    continue
                log.warning("archive queue: %s", err)
                backoff = 1.0
            except asyncio.CancelledError:
                raise
            except Exception as err:
                pending, next_sweep = set(self._streams), 0.0
                if is_redis_failure(err):  # one line: a failover is not a bug
                    log.warning("archive queue: redis failed: %r", err)
                    backoff = 1.0
                else:
                    log.exception("archive queue failed")
                    backoff = MAX_BACKOFF_S

    async def _drain(self, stream: str, start: str, block: bool = False) -> bool:
        """Read and write one batch (``"0"``: own pending; ``">"``: new). True when
        there was nothing left of that kind."""
        args: list[Any] = ["XREADGROUP", "GROUP", GROUP, self._consumer, "COUNT", BATCH]
        if block:
            args += ["BLOCK", BLOCK_MS]
        args += ["STREAMS", stream, start]
        reply = await self._client.execute_command(*args, **self._route(stream))
        entries = reply[0][1] if reply else []
        for entry_id, fields in entries:
            if fields:  # a pending entry deleted meanwhile comes back without fields
                await self._write(entry_id, fields)
            await self._done(stream, entry_id)
        return len(entries) < BATCH

    def _route(self, stream: str) -> dict[str, Any]:
        """Under Redis Cluster, the stream's master named outright: redis-py finds an
        XREADGROUP's key by asking the server (``COMMAND GETKEYS``, its keys move with
        its options), a second round trip for every read."""
        if not isinstance(self._client, RedisCluster):
            return {}
        return {"target_nodes": master_of(self._client, stream)}

    async def _claim_stuck(self, stream: str) -> None:
        reply = await self._client.xautoclaim(stream, GROUP, self._consumer,
                                              min_idle_time=CLAIM_IDLE_MS, count=BATCH)
        for entry_id, fields in reply[1]:
            if fields:
                await self._write(entry_id, fields)
            await self._done(stream, entry_id)

    async def _write(self, raw_id: Any, fields: dict[bytes, bytes]) -> None:
        entry_id = raw_id.decode() if isinstance(raw_id, bytes) else str(raw_id)
        try:
            record = await record_of_entry(entry_id, fields, self._account_names)
            if await write_game(self._pool, record):
                self.written += 1
                await self._after(record)
        except (BadEntry, ValueError) as err:
            log.error("archive: %s; kept in %s", err, BAD_ENTRIES)
            await self._client.xadd(BAD_ENTRIES, {**fields, b"error": str(err).encode()},
                                    maxlen=10_000, approximate=True)

    async def _after(self, record: GameRecord) -> None:
        if self._on_written is None:
            return
        try:
            await self._on_written(record)
        except Exception:  # the game is stored: nothing to retry here
            log.exception("archive: after writing %s", record.id)

    async def _done(self, stream: str, entry_id: Any) -> None:
        async with self._client.pipeline(transaction=True) as pipe:
            pipe.xack(stream, GROUP, entry_id)
            pipe.xdel(stream, entry_id)
            await pipe.execute()
