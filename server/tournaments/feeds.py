"""Pushing an event to the pages that follow it, on every node.

An event's page (``/e/ID``) opens ``/ws/events/ID`` (``server/web/event_feed.py``) and
is sent the event (``views.detail``) at once, then after each change. Every write of an
event publishes its id on ``keys.CHANGED`` (the store); a node reads the event once per
notice for all its pages of that event. Notices that come while a read is under way
make one more read, not one each, and a page is sent only the newest frame it has not
had: a burst of changes (a round of pairing) is a frame or two, never a queue.

A line of the event's chat comes on the same channel (a msgpack map, ``"k": "chat"``,
its event in ``"table"``: ``server.social.chat``) and is handed, as it came, to each
page of that event here; the page's socket decides whether its reader is shown it.
Lines are kept per page up to ``LINES_KEPT`` (a page that cannot keep up loses the
oldest, never the node's memory).
"""

from __future__ import annotations

import asyncio
import json
from collections import deque
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

import msgpack

from .store import Event
from .views import detail

__all__ = ["LINES_KEPT", "EventFeeds", "Follower"]

LINES_KEPT = 100


class Follower:
    """One page's feed: the newest frame it has not been sent, and the chat lines."""

    def __init__(self) -> None:
        self._frame: str | None = None
        self._event: Event | None = None
        self._lines: deque[bytes] = deque(maxlen=LINES_KEPT)
        self._ready = asyncio.Event()

    def offer(self, frame: str, event: Event | None = None) -> None:
        """The event's newest ``frame`` (of ``event``, when given)."""
        self._frame, self._event = frame, event
        self._ready.set()

    def hear(self, line: bytes) -> None:
        """A chat line of the event (packed ``ChatMessage``)."""
        self._lines.append(line)
        self._ready.set()

    async def next(self) -> tuple[str | None, Event | None, list[bytes]]:
        """The newest frame (None: none new) with its event, and the chat lines since
        the last call, once there is either."""
        while self._frame is None and not self._lines:
            self._ready.clear()
            await self._ready.wait()
        frame, event = self._frame, self._event
        self._frame = self._event = None
        lines = list(self._lines)
        self._lines.clear()
        return frame, event, lines


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

    async def frame(self, event_id: str) -> tuple[str, Event] | None:
        """The event as a page's frame (``{"t": "event", "event": detail}``) and the
        event itself, or None."""
        event = await self._load(event_id)
        if event is None:
            return None
        return json.dumps({"t": "event", "event": detail(event, self._clock())},
                          separators=(",", ":")), event

    def on_notice(self, data: bytes) -> None:
        """A node-wide notice of ``keys.CHANGED``: the event of that id was written, or
        a line of an event's chat (a msgpack map)."""
        if data[:1] and 0x80 <= data[0] <= 0x8F:
            self._on_line(data)
            return
        event_id = data.decode("utf-8", "replace")
        if event_id not in self._followers:
            return
        if event_id in self._reading:
            self._again.add(event_id)
            return
        self._reading.add(event_id)
        self._spawn(self._push(event_id), f"event-feed-{event_id}")

    def _on_line(self, data: bytes) -> None:
        try:
            line = msgpack.unpackb(data)
            event_id = line["table"] if line.get("k") == "chat" else None
        except (ValueError, TypeError, KeyError, msgpack.ExtraData):
            return  # not a line of this room's making
        for follower in self._followers.get(str(event_id), ()):
            follower.hear(data)

    async def _push(self, event_id: str) -> None:
        try:
            while True:
                self._again.discard(event_id)
                read = await self.frame(event_id)
                for follower in self._followers.get(event_id, ()):
                    if read is not None:
                        follower.offer(*read)
                if event_id not in self._again:
                    return
        finally:
            self._reading.discard(event_id)
            self._again.discard(event_id)
