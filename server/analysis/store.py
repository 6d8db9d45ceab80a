"""Where analysis requests wait and results are kept: one small interface, on Redis now.

The PostgreSQL archive (another part of the room) will keep results with the archived
game; until then :class:`RedisResults` keeps them in Redis under
``analysis:{GAME}:SEAT`` for ``RESULT_TTL_S``. Anything with the three methods of
:class:`ResultStore` can take its place: the worker and the socket handler see only
those.

A result is a dict: ``{"status": "done", "game": id, "seat": n, "analysis": {...}}``
(``shared.analysis.Analysis.to_dict``) or ``{"status": "failed", ..., "error": text}``
for a record the analysis refused. While a request waits, its ``status`` reads
``"queued"``.

Requests travel on the stream ``REQUESTS`` (field ``r``: msgpack of
``{"game", "seat", "record"}``), read by the consumer group ``GROUP``: each request goes
to one worker, and a request a worker took but never acknowledged (it died) is claimed
by another after ``CLAIM_IDLE_MS``.
"""

from __future__ import annotations

from typing import Any, Protocol

import msgpack  # type: ignore[import-untyped]
import redis.asyncio as aioredis

REQUESTS = "analysis:requests"  # stream of requests
GROUP = "analysers"  # its consumer group: every worker reads through it
RESULT_TTL_S = 30 * 86_400  # a result is kept this long (until the archive keeps it)
QUEUED_TTL_S = 3_600  # a queued marker lapses after this (a lost request can be asked again)
CLAIM_IDLE_MS = 300_000  # a request taken this long ago and not acknowledged is retaken
MAX_STREAM = 10_000  # requests kept in the stream (acknowledged ones are trimmed first)


def result_key(game: str, seat: int) -> str:
    return f"analysis:{{{game}}}:{seat}"


class ResultStore(Protocol):
    """What the worker and the room need of the storage of analyses."""

    async def get(self, game: str, seat: int) -> dict[str, Any] | None:
        """The result or the ``queued`` marker of one seat's analysis, or None."""

    async def mark_queued(self, game: str, seat: int) -> bool:
        """Note a request as waiting; False when one is already waiting or done."""

    async def put(self, game: str, seat: int, result: dict[str, Any]) -> None:
        """Keep a finished (or failed) analysis."""


class RedisResults:
    """:class:`ResultStore` on Redis (``client`` returns bytes)."""

    def __init__(self, client: aioredis.Redis) -> None:
        self.client = client

    async def get(self, game: str, seat: int) -> dict[str, Any] | None:
        raw = await self.client.get(result_key(game, seat))
        if raw is None:
            return None
        value: dict[str, Any] = msgpack.unpackb(raw)
        return value

    async def mark_queued(self, game: str, seat: int) -> bool:
        marker = msgpack.packb({"status": "queued", "game": game, "seat": seat})
        done = await self.client.set(result_key(game, seat), marker, nx=True, ex=QUEUED_TTL_S)
        return bool(done)

    async def put(self, game: str, seat: int, result: dict[str, Any]) -> None:
        await self.client.set(result_key(game, seat), msgpack.packb(result), ex=RESULT_TTL_S)


async def request(client: aioredis.Redis, results: ResultStore, game: str, seat: int,
                  record: dict[str, Any]) -> dict[str, Any]:
    """Ask for ``seat``'s analysis of ``record`` (``game`` names it); returns what is
    known now: the result (a failure too: the same record fails again), or the
    ``queued`` marker. A request already waiting or done is not sent again."""
    known = await results.get(game, seat)
    if known is not None:
        return known
    if not await results.mark_queued(game, seat):
        found = await results.get(game, seat)  # another node queued it just now
        if found is not None:
            return found
    body = msgpack.packb({"game": game, "seat": seat, "record": record})
    await client.xadd(REQUESTS, {"r": body}, maxlen=MAX_STREAM, approximate=True)
    return {"status": "queued", "game": game, "seat": seat}
