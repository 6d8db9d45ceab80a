"""Pushing an event to the pages that follow it, on every node.

An event's page (``/e/ID``) opens ``/ws/events/ID`` (``server/web/event_feed.py``) and
is sent the event (``views.detail``) at once, then after each change. Every write of an
event publishes its id on ``keys.CHANGED`` (the store); a node reads the event once per
notice for all its pages of that event. Notices that come while a read is under way
make one more read, not one each, and a page is sent only the newest frame it has not
had: a burst of changes (a round of pairing) is a frame or two, never a queue.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

from .store import Event
from .views import detail

__all__ = ["EventFeeds", "Follower"]


class Follower:
    """One page's feed: the newest frame it has not been sent."""

    def __init__(self) -> None:
        self._frame: str | None = None
        self._ready = asyncio.Event()

    def offer(self, frame: str) -> None:
        self._frame = frame
        self._ready.set()

    async def next(self) -> str:
        """The newest frame, once there is one not sent yet."""
        while self._frame is None:
            self._ready.clear()
            await self._ready.wait()
        frame, self._frame = self._frame, None
        return frame


class EventFeeds:
    """One node's feeds: ``load(id)`` reads an event (None: none), ``spawn`` runs a
    coroutine in the background (``Room.spawn``), ``clock`` is the time in ms."""

    def __init__(self, load: Callable[[str], Awaitable[Event | None]],
                 spawn: Callable[[Coroutine[Any, Any, Any], str], None],
                 clock: Callable[[], int]) -> None:
        self._load = load
        self._spawn = spawn
        self._clock = clock
        self._followers: dict[str, set[Follower]] = {}
        self._reading: set[str] = set()
        self._again: set[str] = set()  # changed while being read: read once more

    def follow(self, event_id: str) -> Follower:
        follower = Follower()
        self._followers.setdefault(event_id, set()).add(follower)
        return follower

    def unfollow(self, event_id: str, follower: Follower) -> None:
        followers = self._followers.get(event_id)
        if followers is not None:
            followers.discard(follower)
            if not followers:
                del self._followers[event_id]

    async def frame(self, event_id: str) -> str | None:
        """The event as a page's frame (``{"t": "event", "event": detail}``), or None."""
        event = await self._load(event_id)
        if event is None:
            return None
        return json.dumps({"t": "event", "event": detail(event, self._clock())},
                          separators=(",", ":"))

    def on_notice(self, data: bytes) -> None:
        """A node-wide notice of ``keys.CHANGED``: the event of that id was written."""
        event_id = data.decode("utf-8", "replace")
        if event_id not in self._followers:
            return
        if event_id in self._reading:
            self._again.add(event_id)
            return
        self._reading.add(event_id)
        self._spawn(self._push(event_id), f"event-feed-{event_id}")

    async def _push(self, event_id: str) -> None:
        try:
            while True:
                self._again.discard(event_id)
                frame = await self.frame(event_id)
                for follower in self._followers.get(event_id, ()):
                    if frame is not None:
                        follower.offer(frame)
                if event_id not in self._again:
                    return
        finally:
            self._reading.discard(event_id)
            self._again.discard(event_id)
