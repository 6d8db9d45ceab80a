"""One pub/sub connection to one Redis server, and the task that reads it.

The multiplexer (``pubsub.Notices``) sends ``(S)SUBSCRIBE``/``(S)UNSUBSCRIBE`` on it
and gets what Redis sends back through ``on_message(link, kind, channel, data)``; a
failure of the connection goes to ``on_failure(link, err)`` once, and the link is then
of no more use (the multiplexer closes it and makes another).
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
from collections.abc import Callable
from typing import Any

import redis.asyncio as aioredis
from redis.exceptions import RedisError

from .cluster import CLUSTER_ERRORS

__all__ = ["LINK_ERRORS", "Link"]

# What a pub/sub connection raises when Redis cannot be used
LINK_ERRORS = CLUSTER_ERRORS

MessageFn = Callable[["Link", str, str, Any], None]
FailureFn = Callable[["Link", BaseException], None]


def _nothing(*args: Any) -> None:
    return None


class Link:
    """One pub/sub connection to the server ``name``; ``close()`` at the end."""

    def __init__(self, name: str, client: aioredis.Redis, *, owns_client: bool) -> None:
        self.name = name
        self.on_message: MessageFn = _nothing
        self.on_failure: FailureFn = _nothing
        self._client = client
        self._owns_client = owns_client
        self._pubsub: Any = client.pubsub()
        self._reader: asyncio.Task[None] | None = None
        self._dropping: collections.Counter[str] = collections.Counter()

    async def send(self, command: str, channel: str) -> None:
        """Send one (un)subscribe command; Redis's answer comes to ``on_message``."""
        await getattr(self._pubsub, command.lower())(channel)
        if self._reader is None:
            self._reader = asyncio.create_task(self._read(), name=f"pubsub-{self.name}")

    def expect_dropped(self, channel: str) -> None:
        """We are unsubscribing ``channel``: its ``(s)unsubscribe`` reply is ours."""
        self._dropping[channel] += 1

    def take_dropped(self, channel: str) -> bool:
        """Whether an ``(s)unsubscribe`` of ``channel`` answers our own command."""
        if self._dropping[channel] <= 0:
            return False
        self._dropping[channel] -= 1
        if not self._dropping[channel]:
            del self._dropping[channel]
        return True

    async def close(self) -> None:
        if self._reader is not None and self._reader is not asyncio.current_task():
            self._reader.cancel()
        with contextlib.suppress(RedisError, OSError, RuntimeError, TimeoutError):
            await asyncio.wait_for(self._pubsub.aclose(), 2)
        if self._owns_client:
            with contextlib.suppress(RedisError, OSError, RuntimeError, TimeoutError):
                await asyncio.wait_for(self._client.aclose(), 2)

    async def _read(self) -> None:
        while True:
            try:
                message = await self._pubsub.get_message(timeout=1.0)
            except LINK_ERRORS as err:
                self.on_failure(self, err)
                return
            if message is not None:
                self.on_message(self, message["type"], message["channel"].decode(),
                                message["data"])
