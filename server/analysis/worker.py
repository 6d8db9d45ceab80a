"""The analysis worker: reads requests from the stream, writes results to the store.

Any number of workers may run (``python -m server.analysis``), on any machine that
reaches the Redis: the consumer group gives each request to one of them. A worker
first retakes requests another worker took and never acknowledged (it died mid-way)
for ``CLAIM_IDLE_MS``, then reads new ones. The analysis itself (``shared.analysis``,
pure and CPU-bound) runs in a thread so the connection stays served.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import msgpack  # type: ignore[import-untyped]
import redis.asyncio as aioredis
from redis.exceptions import ResponseError

from shared.analysis import THRESHOLD, analyse

from .store import CLAIM_IDLE_MS, GROUP, REQUESTS, ResultStore

log = logging.getLogger("server.analysis")


def run_request(fields: dict[bytes, bytes], threshold: float = THRESHOLD
                ) -> tuple[str, int, dict[str, Any]] | None:
    """(game, seat, result) for one stream entry; None for an entry that names no game
    and seat (nothing can be written for it)."""
    try:
        body = msgpack.unpackb(fields[b"r"])
        game, seat, record = str(body["game"]), int(body["seat"]), body["record"]
    except (KeyError, TypeError, ValueError, msgpack.UnpackException):
        return None
    head = {"game": game, "seat": seat}
    try:
        result = analyse(record, seat, threshold)
    except ValueError as err:
        return game, seat, {"status": "failed", **head, "error": str(err)}
    return game, seat, {"status": "done", **head, "analysis": result.to_dict()}


class Worker:
    """One consumer ``name`` of the group; :meth:`step` handles what is waiting."""

    def __init__(self, client: aioredis.Redis, results: ResultStore, name: str,
                 threshold: float = THRESHOLD, block_ms: int = 2_000,
                 claim_idle_ms: int = CLAIM_IDLE_MS) -> None:
        self.client = client
        self.claim_idle_ms = claim_idle_ms
        self.results = results
        self.name = name
        self.threshold = threshold
        self.block_ms = block_ms
        self.done = 0

    async def ensure_group(self) -> None:
        try:
            await self.client.xgroup_create(REQUESTS, GROUP, id="0", mkstream=True)
        except ResponseError as err:
            if "BUSYGROUP" not in str(err):
                raise

    async def step(self, block: bool = True) -> int:
        """Handle the requests waiting now (retaken ones first); how many were handled.
        With ``block`` it waits up to ``block_ms`` for a new one when none waits."""
        # XAUTOCLAIM answers [next id, entries] (and the deleted ids from Redis 7 on).
        claimed: Any = await self.client.xautoclaim(REQUESTS, GROUP, self.name,
                                                    self.claim_idle_ms, "0-0", count=4)
        entries: list[Any] = list(claimed[1])
        if not entries:
            got: Any = await self.client.xreadgroup(GROUP, self.name, {REQUESTS: ">"},
                                                    count=1,
                                                    block=self.block_ms if block else None)
            entries = [e for _, batch in got or [] for e in batch]
        for entry_id, fields in entries:
            if fields:  # a retaken entry trimmed from the stream has none
                await self._handle(fields)
            await self.client.xack(REQUESTS, GROUP, entry_id)
        self.done += len(entries)
        return len(entries)

    async def _handle(self, fields: dict[bytes, bytes]) -> None:
        out = await asyncio.to_thread(run_request, fields, self.threshold)
        if out is None:
            log.warning("analysis request without a game and seat: dropped")
            return
        game, seat, result = out
        await self.results.put(game, seat, result)
        log.info("analysed %s seat %d: %s", game, seat, result["status"])

    async def run(self, stop: asyncio.Event) -> None:
        """Handle requests until ``stop`` is set."""
        await self.ensure_group()
        while not stop.is_set():
            await self.step()
