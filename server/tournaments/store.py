"""The events in Redis: one hash per event (its version and record), two indexes.

Any node may change any event: ``mutate`` reads the record, applies a pure change of
``shared.tournaments`` to it and writes it back only if nobody wrote in between
(``cas.lua``); otherwise it reads again and decides again. So two nodes pairing one
Arena at the same moment seat each player once. Each write publishes the event's id on
``keys.CHANGED`` (every node's pages' feeds, ``feeds.EventFeeds``). A Redis failure comes out as the
room's ``StoreError``.
"""

from __future__ import annotations

import importlib.resources
from collections.abc import Callable
from typing import Any, TypeVar

import msgpack
import redis.asyncio as aioredis

from server.errors import StoreError
from server.tables.store import room_redis_errors as _wrapped
from shared.tournaments import Arena, Knockout

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
        """Apply ``change`` to the stored event and store it; returns the new event and
        what ``change`` returned. ``change`` may raise (a ``TournamentError``): then
        nothing is written. Raises ``KeyError`` for an unknown event."""
        for _ in range(RETRIES):
            found = await self.load(event_id)
            if found is None:
                raise KeyError(event_id)
            rev, event = found
            result = change(event)
            async with _wrapped("write event"):
                blob = msgpack.packb(event.to_record())
                if await self._cas(keys=[keys.event(event_id)], args=[rev, blob]) >= 0:
                    await self.client.publish(keys.CHANGED, event_id)
                    return event, result
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


def _text(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)
