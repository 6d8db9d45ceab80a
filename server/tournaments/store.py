"""The events in Redis: one hash per event (its version and record), two indexes.

Any node may change any event: ``mutate`` reads the record, applies a pure change of
``shared.tournaments`` to it and writes it back only if nobody wrote in between
(``cas.lua``); otherwise it reads again and decides again. So two nodes pairing one
Arena at the same moment seat each player once. Each write publishes the event's id on
``keys.CHANGED`` (every node's pages' feeds, ``feeds.EventFeeds``). A Redis failure comes out as the
room's ``StoreError``.

The changes one node asks of one event at the same time are written together: while a
write of the event is under way, the changes asked meanwhile wait, then the next write
applies all of them in the order asked (group commit). Each change still succeeds or
fails alone: the core's ``TournamentError`` leaves the event as it was, and any other
exception drops that change and applies the others to a fresh read. Without this,
N players joining at once on one node were N writes of the whole record racing one
another, each losing write reading, decoding and trying again: N² decodes of a record
that grows with N (a 1,000-player Arena took minutes to fill).
"""

from __future__ import annotations

import asyncio
import importlib.resources
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

import msgpack
import redis.asyncio as aioredis

from server.errors import StoreError
from server.tables.store import room_redis_errors as _wrapped
from shared.tournaments import Arena, Knockout, TournamentError

from . import keys

__all__ = ["Event", "EventStore", "decode_event"]


Event = Arena | Knockout
T = TypeVar("T")
RETRIES = 50
HOSTED_TTL_S = 40 * 86_400  # a host's list outlives the farthest start (30 days)
CREATING_MS = 60_000  # an event id hosted but not yet live is being created this long


def decode_event(blob: bytes) -> Event:
    record = msgpack.unpackb(blob, strict_map_key=False)
    return Arena.from_record(record) if record["kind"] == "arena" else \
        Knockout.from_record(record)


class EventStore:
    """The events of the room's Redis ``client``."""

    def __init__(self, client: aioredis.Redis) -> None:
        self.client = client
        text = importlib.resources.files(__package__).joinpath("cas.lua").read_text("utf-8")
        self._cas = client.register_script(text)
        self._waiting: dict[str, list[_Asked]] = {}  # event id -> changes not yet written
        self._writers: dict[str, asyncio.Task[None]] = {}  # event id -> its writing task

    async def create(self, event: Event) -> None:
        async with _wrapped("create event"):
            blob = msgpack.packb(event.to_record())
            if await self._cas(keys=[keys.event(event.id)], args=[0, blob]) < 0:
                raise StoreError("An event with this id exists already.")
            await self.client.zadd(keys.LIVE, {event.id: event.settings.starts_ms})
            await self.client.publish(keys.CHANGED, event.id)

    async def load(self, event_id: str) -> tuple[int, Event] | None:
        async with _wrapped("load event"):
            rev, blob = await self.client.hmget(keys.event(event_id), ["rev", "st"])
        if rev is None or not isinstance(blob, bytes):
            return None
        return int(rev), decode_event(blob)

    async def mutate(self, event_id: str, change: Callable[[Event], T]) -> tuple[Event, T]:
        """Apply ``change`` to the stored event and store it; returns the new event (with
        the changes written together with this one) and what ``change`` returned.
        ``change`` may raise (a ``TournamentError``): then it changes nothing and the
        error comes out here. Raises ``KeyError`` for an unknown event."""
        asked = _Asked(change, asyncio.get_running_loop().create_future())
        self._waiting.setdefault(event_id, []).append(asked)
        if event_id not in self._writers:
            self._writers[event_id] = asyncio.create_task(
                self._write_while_asked(event_id), name=f"event-write-{event_id}")
        return await asked.answer  # type: ignore[no-any-return]

    async def _write_while_asked(self, event_id: str) -> None:
        try:
            while batch := [a for a in self._waiting.pop(event_id, []) if not a.answer.done()]:
                try:
                    await self._write_batch(event_id, batch)
                except BaseException as err:  # Redis down, too busy, or this task cancelled
                    for asked in batch:
                        if not asked.answer.done():
                            asked.answer.set_exception(err if isinstance(err, Exception)
                                                     else _stopping())
                    if not isinstance(err, Exception):
                        raise
        finally:
            del self._writers[event_id]
            for asked in self._waiting.pop(event_id, []):  # asked as the task was cancelled
                if not asked.answer.done():
                    asked.answer.set_exception(_stopping())

    async def _write_batch(self, event_id: str, batch: list[_Asked]) -> None:
        """Read the event, apply every change of ``batch`` in order and write it once;
        read and apply again when another node wrote first."""
        for _ in range(RETRIES):
            found = await self.load(event_id)
            if found is None:
                for asked in batch:
                    asked.answer.set_exception(KeyError(event_id))
                return
            rev, event = found
            outcomes: list[tuple[_Asked, BaseException | None, object]] = []
            broken: _Asked | None = None
            for asked in batch:
                try:
                    outcomes.append((asked, None, asked.change(event)))
                except TournamentError as err:  # the core changed nothing
                    outcomes.append((asked, err, None))
                except Exception as err:  # may have changed part of the event: drop it
                    asked.answer.set_exception(err)
                    broken = asked
                    break
            if broken is not None:
                batch = [a for a in batch if a is not broken]
                if not batch:
                    return
                continue
            if all(err is not None for _, err, _ in outcomes):
                written = True  # nothing changed: nothing to write
            else:
                async with _wrapped("write event"):
                    blob = msgpack.packb(event.to_record())
                    written = await self._cas(keys=[keys.event(event_id)], args=[rev, blob]) >= 0
                    if written:
                        await self.client.publish(keys.CHANGED, event_id)
            if written:
                for asked, err, result in outcomes:
                    if asked.answer.done():
                        continue
                    if err is not None:
                        asked.answer.set_exception(err)
                    else:
                        asked.answer.set_result((event, result))
                return
        raise StoreError("The event is too busy just now; try again.")

    async def claim(self, key: str, ttl_s: int) -> bool:
        """Whether this call took ``key`` (a calendar slot) first."""
        async with _wrapped("claim slot"):
            return bool(await self.client.set(key, b"1", nx=True, ex=ttl_s))

    async def host(self, pid: str, event_id: str, most: int, now: int) -> bool:
        """Count ``event_id`` among the events account ``pid`` hosts, if it hosts fewer
        than ``most`` not finished; False (and nothing kept) otherwise. Added first and
        counted after, so two creations at once never pass the limit together. An id
        finished, or neither live nor added within ``CREATING_MS`` (a creation under
        way), is forgotten."""
        key = keys.hosted(pid)
        async with _wrapped("host event"):
            await self.client.zadd(key, {event_id: now})
            await self.client.expire(key, HOSTED_TTL_S)
            rows = [(_text(m), score) for m, score in
                    await self.client.zrange(key, 0, -1, withscores=True)]
            async with self.client.pipeline(transaction=False) as pipe:
                for member, _ in rows:
                    pipe.zscore(keys.LIVE, member)
                    pipe.zscore(keys.DONE, member)
                scores = await pipe.execute()
            gone = [m for (m, at), live, done in zip(rows, scores[::2], scores[1::2],
                                                     strict=True)
                    if live is None and (done is not None or at < now - CREATING_MS)]
            if gone:
                await self.client.zrem(key, *gone)
            if len(rows) - len(gone) > most:
                await self.client.zrem(key, event_id)
                return False
            return True

    async def hosts(self, pid: str, event_id: str) -> bool:
        """Whether account ``pid`` created ``event_id`` (its list of ``host``; an event
        finished may be forgotten there)."""
        async with _wrapped("event host"):
            return await self.client.zscore(keys.hosted(pid), event_id) is not None

    async def live(self) -> list[str]:
        """The events not finished, by start time."""
        async with _wrapped("live events"):
            return [_text(m) for m in await self.client.zrange(keys.LIVE, 0, -1)]

    async def done(self, count: int = 50) -> list[str]:
        """The last finished events, newest first."""
        async with _wrapped("done events"):
            return [_text(m) for m in await self.client.zrevrange(keys.DONE, 0, count - 1)]

    async def finished(self, event_id: str, now: int) -> None:
        async with _wrapped("finish event"), self.client.pipeline(transaction=True) as pipe:
            pipe.zrem(keys.LIVE, event_id)
            pipe.zadd(keys.DONE, {event_id: now})
            pipe.publish(keys.CHANGED, event_id)
            await pipe.execute()


def _stopping() -> StoreError:
    """The answer to a change its node stopped before writing."""
    return StoreError("The room is stopping.")


@dataclass(slots=True)
class _Asked:
    """One change waiting for its event's next write, and its caller's answer."""

    change: Callable[[Event], Any]
    answer: asyncio.Future[tuple[Event, Any]] = field(repr=False)


def _text(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)
