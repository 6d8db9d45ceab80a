"""The analysis worker: reads requests from the stream, writes results to the store.

Any number of workers may run (``python -m server.analysis``), on any machine that
reaches the Redis: the consumer group gives each request to one of them. A worker
first retakes requests another worker took and never acknowledged (it died mid-way)
for ``CLAIM_IDLE_MS``, then reads new ones. The analysis itself (``shared.analysis``,
pure and CPU-bound) runs in a thread so the connection stays served.

A request for an archived game (``"archived": true``: see :mod:`.archived`) is read from
PostgreSQL and its result written there; the worker needs the archive's ``pool`` for
those. PostgreSQL failing leaves the request unacknowledged: it is retaken (by this
worker or another) after ``claim_idle_ms``.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import asyncpg
import msgpack  # type: ignore[import-untyped]
import redis.asyncio as aioredis
from redis.exceptions import ResponseError

from server.archive.db import ArchiveUnavailable
from shared.analysis import THRESHOLD, analyse

from .archived import PostgresResults, archived_record
from .store import ACK, CLAIM_IDLE_MS, COUNTS, GROUP, REQUESTS, ResultStore

log = logging.getLogger("server.analysis")


def read_request(fields: dict[bytes, bytes]) -> tuple[str, int, Any, bool] | None:
    """(game, seat, record, archived) of one stream entry (``record`` None for an
    archived game's); None for an entry that names no game and seat."""
    try:
        body = msgpack.unpackb(fields[b"r"])
        game, seat = str(body["game"]), int(body["seat"])
        archived = body.get("archived") is True
        record = None if archived else body["record"]
    except (KeyError, TypeError, ValueError, AttributeError, msgpack.UnpackException):
        return None
    return game, seat, record, archived


def analysed(game: str, seat: int, record: Any, threshold: float = THRESHOLD
             ) -> dict[str, Any]:
    """The result of ``seat``'s analysis of ``record`` (a failed one for a record the
    analysis refuses)."""
    head = {"game": game, "seat": seat}
    try:
        result = analyse(record, seat, threshold)
    except ValueError as err:
        return {"status": "failed", **head, "error": str(err)}
    return {"status": "done", **head, "analysis": result.to_dict()}


class Worker:
    """One consumer ``name`` of the group; :meth:`step` handles what is waiting."""

    def __init__(self, client: aioredis.Redis, results: ResultStore, name: str,
                 threshold: float = THRESHOLD, block_ms: int = 2_000,
                 claim_idle_ms: int = CLAIM_IDLE_MS, pool: asyncpg.Pool | None = None
                 ) -> None:
        self.client = client
        self.pool = pool  # the archive's, for archived games' requests
        self.claim_idle_ms = claim_idle_ms
        self.results = results
        self.name = name
        self.threshold = threshold
        self.block_ms = block_ms
        self.done = 0
        self.resuming = True  # requests this consumer name holds: taken up at the first step

    async def ensure_group(self) -> None:
        try:
            await self.client.xgroup_create(REQUESTS, GROUP, id="0", mkstream=True)
        except ResponseError as err:
            if "BUSYGROUP" not in str(err):
                raise
        await self.trim_acknowledged()

    async def trim_acknowledged(self) -> None:
        """Remove the entries the group acknowledged but kept (workers before this one
        left them for MAXLEN trimming): they would count as backlog forever. Only
        entries below the oldest pending one and up to the last one delivered go."""
        groups: Any = await self.client.xinfo_groups(REQUESTS)
        group = next((g for g in groups if g["name"] in (GROUP, GROUP.encode())), None)
        if group is None:
            return
        pending: Any = await self.client.xpending(REQUESTS, GROUP)
        if pending["pending"]:
            first = pending["min"]
            first = first.decode() if isinstance(first, bytes) else str(first)
        else:
            last = group["last-delivered-id"]
            last = last.decode() if isinstance(last, bytes) else str(last)
            ms, _, seq = last.partition("-")
            first = f"{ms}-{int(seq or 0) + 1}"
        await self.client.xtrim(REQUESTS, minid=first, approximate=False)

    async def step(self, block: bool = True) -> int:
        """Handle the requests waiting now (retaken ones first); how many were handled.
        With ``block`` it waits up to ``block_ms`` for a new one when none waits."""
        # XAUTOCLAIM answers [next id, entries] (and the deleted ids from Redis 7 on).
        claimed: Any = await self.client.xautoclaim(REQUESTS, GROUP, self.name,
                                                    self.claim_idle_ms, "0-0", count=4)
        entries: list[Any] = list(claimed[1])
        if not entries and self.resuming:
            # A worker restarted under its old name (a supervised one: server.analysis.
            # supervisor) first finishes what it held when it died, not minutes later.
            own: Any = await self.client.xreadgroup(GROUP, self.name, {REQUESTS: "0"},
                                                    count=16)
            entries = [e for _, batch in own or [] for e in batch]
            self.resuming = False
        if not entries:
            got: Any = await self.client.xreadgroup(GROUP, self.name, {REQUESTS: ">"},
                                                    count=1,
                                                    block=self.block_ms if block else None)
            entries = [e for _, batch in got or [] for e in batch]
        for entry_id, fields in entries:
            if fields:  # a retaken entry trimmed from the stream has none
                try:
                    await self._handle(fields)
                except ArchiveUnavailable:
                    log.warning("analysis: the archive is unavailable; retried later")
                    continue  # unacknowledged: retaken after claim_idle_ms
            # Acknowledged, deleted and counted at once (ack.lua): the stream's length
            # is the backlog (store.enqueue), the count gives waiting requests their
            # place (store.ahead_of), and nothing else ever removes an entry.
            await self.client.register_script(ACK)(keys=[REQUESTS, COUNTS],
                                                   args=[GROUP, entry_id])
        self.done += len(entries)
        return len(entries)

    async def _handle(self, fields: dict[bytes, bytes]) -> None:
        read = read_request(fields)
        if read is None:
            log.warning("analysis request without a game and seat: dropped")
            return
        game, seat, record, archived = read
        results: ResultStore = self.results
        if archived:
            if self.pool is None:
                log.error("analysis of archived game %s: this worker has no DATABASE_URL; "
                          "dropped", game)
                return
            results = PostgresResults(self.pool)
            record = await archived_record(self.pool, game)
            if record is None:
                log.warning("analysis of archived game %s: no such game; dropped", game)
                return
        result = await asyncio.to_thread(analysed, game, seat, record, self.threshold)
        await results.put(game, seat, result)
        log.info("analysed %s seat %d: %s", game, seat, result["status"])

    async def run(self, stop: asyncio.Event) -> None:
        """Handle requests until ``stop`` is set."""
        await self.ensure_group()
        while not stop.is_set():
            await self.step()
