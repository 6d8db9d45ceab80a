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

The stream is a bounded backlog, never trimmed: :func:`enqueue` adds a request only
while fewer than its bound (``MAX_BACKLOG`` by default) wait, checked and added in one
Lua step (``enqueue.lua``), else raises :class:`AnalysisBusy`; a worker deletes a
request when it acknowledges it. So an accepted request stays in the stream until a
worker has read and finished it (trimming with MAXLEN dropped unread ones, whose
``queued`` marker then stayed for an hour).

A request's place in the queue: each accepted request draws a ticket (the count of
requests ever added, kept in ``COUNTS`` beside the stream, field ``added``) kept under
``ticket_key`` while it waits, and a worker that deletes a request counts it (field
``done``, ``ack.lua``). Requests are handed out in the order they were added, so while
a request waits, the requests ahead of it (waiting, or in a worker's hands) number its
ticket - 1 - done: :func:`ahead_of`. Both counts live in the stream's hash slot, so
the two Lua steps stay single-slot on a Redis Cluster.
"""

from __future__ import annotations

import contextlib
import importlib.resources
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any, Protocol

import msgpack  # type: ignore[import-untyped]
import redis.asyncio as aioredis
from redis.exceptions import RedisError

from server.errors import RoomError, storage_error
from server.refusals import ANALYSIS_BUSY

log = logging.getLogger("server.analysis")

REQUESTS = "analysis:requests"  # stream of requests
GROUP = "analysers"  # its consumer group: every worker reads through it
RESULT_TTL_S = 30 * 86_400  # a result is kept this long (until the archive keeps it)
QUEUED_TTL_S = 3_600  # a queued marker lapses after this (a lost request can be asked again)
CLAIM_IDLE_MS = 300_000  # a request taken this long ago and not acknowledged is retaken
MAX_BACKLOG = 2_000  # requests waiting or in a worker's hands; more are refused
# The requests added and finished (hash fields "added", "done"); its hash tag is the
# stream's name, so it lives in the stream's slot.
COUNTS = "{analysis:requests}:counts"
_ENQUEUE = importlib.resources.files(__package__).joinpath("enqueue.lua").read_text("utf-8")
ACK = importlib.resources.files(__package__).joinpath("ack.lua").read_text("utf-8")


class AnalysisBusy(RoomError):
    """The backlog of analysis requests is at its bound: this one was not queued
    (``analysis_busy``; over HTTP 503 with ``Retry-After``)."""

    code = "analysis_busy"
    status = 503
    retry_after_s = 60


def result_key(game: str, seat: int) -> str:
    return f"analysis:{{{game}}}:{seat}"


def ticket_key(game: str, seat: int) -> str:
    """Where the ticket of ``game``'s ``seat``'s waiting request is kept (either store's)."""
    return f"analysis:ticket:{{{game}}}:{seat}"


class ResultStore(Protocol):
    """What the worker and the room need of the storage of analyses."""

    async def get(self, game: str, seat: int) -> dict[str, Any] | None:
        """The result or the ``queued`` marker of one seat's analysis, or None."""

    async def mark_queued(self, game: str, seat: int) -> bool:
        """Note a request as waiting; False when one is already waiting or done."""

    async def put(self, game: str, seat: int, result: dict[str, Any]) -> None:
        """Keep a finished (or failed) analysis."""

    async def unmark(self, game: str, seat: int) -> None:
        """Forget a ``queued`` marker whose request was not sent (a result stays)."""


@contextlib.asynccontextmanager
async def _redis(what: str) -> AsyncIterator[None]:
    """Redis failing comes out as the room's StoreError, never raw."""
    try:
        yield
    except (RedisError, OSError) as err:
        log.warning("redis failed during %s: %r", what, err)
        raise storage_error(err) from err


class RedisResults:
    """:class:`ResultStore` on Redis (``client`` returns bytes); Redis failing raises
    StoreError."""

    def __init__(self, client: aioredis.Redis) -> None:
        self.client = client

    async def get(self, game: str, seat: int) -> dict[str, Any] | None:
        async with _redis("analysis get"):
            raw = await self.client.get(result_key(game, seat))
        if raw is None:
            return None
        value: dict[str, Any] = msgpack.unpackb(raw)
        return value

    async def mark_queued(self, game: str, seat: int) -> bool:
        marker = msgpack.packb({"status": "queued", "game": game, "seat": seat})
        async with _redis("analysis mark"):
            done = await self.client.set(result_key(game, seat), marker, nx=True,
                                         ex=QUEUED_TTL_S)
        return bool(done)

    async def put(self, game: str, seat: int, result: dict[str, Any]) -> None:
        async with _redis("analysis put"):
            await self.client.set(result_key(game, seat), msgpack.packb(result),
                                  ex=RESULT_TTL_S)

    async def unmark(self, game: str, seat: int) -> None:
        known = await self.get(game, seat)
        if known is not None and known.get("status") == "queued":
            async with _redis("analysis unmark"):
                await self.client.delete(result_key(game, seat))


Admit = Callable[[], Awaitable[None]]  # counts a new request; raises to refuse it


async def enqueue(client: aioredis.Redis, body: bytes, backlog: int = MAX_BACKLOG) -> int:
    """Add the request ``body`` to the stream and return its ticket; raises AnalysisBusy
    when ``backlog`` requests already wait (nothing is added), StoreError when Redis
    fails."""
    async with _redis("analysis enqueue"):
        ticket = await client.register_script(_ENQUEUE)(keys=[REQUESTS, COUNTS],
                                                        args=[backlog, body])
    if not ticket:
        raise AnalysisBusy(ANALYSIS_BUSY())
    return int(ticket)


async def ahead_of(client: aioredis.Redis, game: str, seat: int) -> int | None:
    """How many requests are ahead of ``game``'s ``seat``'s waiting one (waiting, or in
    a worker's hands; 0 once it is its turn or in hand); None when it has no ticket
    (queued before tickets were kept, or its ticket lapsed with its marker)."""
    async with _redis("analysis place"):
        ticket = await client.get(ticket_key(game, seat))
        if ticket is None:
            return None
        done = await client.hget(COUNTS, "done")
    return max(0, int(ticket) - 1 - int(done or 0))


async def with_place(client: aioredis.Redis, known: dict[str, Any]) -> dict[str, Any]:
    """``known`` (a result or ``queued`` marker) with ``ahead`` (:func:`ahead_of`) added
    when it is queued and its place is known."""
    if known.get("status") != "queued":
        return known
    ahead = await ahead_of(client, str(known["game"]), int(known["seat"]))
    return known if ahead is None else {**known, "ahead": ahead}


async def send_marked(client: aioredis.Redis, results: ResultStore, game: str, seat: int,
                      body: bytes, backlog: int) -> None:
    """:func:`enqueue` a request whose ``queued`` marker was just set; a refused or
    failed one has its marker removed (asking again then sends it anew)."""
    try:
        ticket = await enqueue(client, body, backlog)
    except RoomError:
        await results.unmark(game, seat)
        raise
    async with _redis("analysis ticket"):
        await client.set(ticket_key(game, seat), ticket, ex=QUEUED_TTL_S)


async def request(client: aioredis.Redis, results: ResultStore, game: str, seat: int,
                  record: dict[str, Any], admit: Admit | None = None,
                  backlog: int = MAX_BACKLOG) -> dict[str, Any]:
    """Ask for ``seat``'s analysis of ``record`` (``game`` names it); returns what is
    known now: the result (a failure too: the same record fails again), or the
    ``queued`` marker. A request already waiting or done is not sent again; a new one
    is first counted by ``admit`` (which raises to refuse it), then queued unless the
    backlog is full (AnalysisBusy)."""
    known = await results.get(game, seat)
    if known is not None:
        return known
    if admit is not None:
        await admit()
    if not await results.mark_queued(game, seat):
        found = await results.get(game, seat)  # another node queued it just now
        if found is not None:
            return found
    body = msgpack.packb({"game": game, "seat": seat, "record": record})
    await send_marked(client, results, game, seat, body, backlog)
    return {"status": "queued", "game": game, "seat": seat}
