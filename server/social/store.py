"""What every social module needs from Redis: scripts, wrapped errors, the clock, limits.

- ``load_script(client, "x.lua")`` registers a Lua file that sits next to this
  module (EVALSHA, falling back to EVAL after a Redis restart), once per client.
- ``redis_errors("what")`` turns a Redis failure into ``StoreError`` (logged, chained,
  never shown raw), exactly as ``server/tables/store.py`` does for the tables.
- ``Limiter.hit(limit, subject)`` counts one attempt against a sliding window and
  raises ``RateLimited`` (with the seconds to wait) once the window is full.

Times are milliseconds from a ``Clock`` (``time.time`` by default); tests hand in their
own. Redis expiries still run on Redis's clock, so a test clock must stay near real
time.
"""

from __future__ import annotations

import contextlib
import importlib.resources
import logging
import secrets
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass

import redis.asyncio as aioredis
from redis.commands.core import AsyncScript

from server.errors import is_redis_failure, storage_error
from shared.i18n import Template

from . import keys
from .errors import RateLimited
from .reasons import TRY_AGAIN

__all__ = ["Clock", "Limit", "Limiter", "load_script", "now_ms", "redis_errors"]

log = logging.getLogger(__name__)

Clock = Callable[[], int]


def now_ms() -> int:
    """Wall-clock time in ms (the default ``Clock``)."""
    return int(time.time() * 1000)


def load_script(client: aioredis.Redis, name: str) -> AsyncScript:
    """The Lua file ``name`` next to this module, registered on ``client``."""
    text = importlib.resources.files(__package__).joinpath(name).read_text(encoding="utf-8")
    return client.register_script(text)


@contextlib.asynccontextmanager
async def redis_errors(what: str) -> AsyncIterator[None]:
    """Run a block of Redis calls; a Redis failure comes out as ``StoreError``."""
    try:
        yield
    except Exception as err:
        if not is_redis_failure(err):
            raise
        log.warning("redis failed during %s: %r", what, err)
        raise storage_error(err) from err


@dataclass(frozen=True, slots=True)
class Limit:
    """At most ``attempts`` in any ``window_s`` seconds per subject of ``scope``.

    ``refusal`` is the sentence a refused person reads; it should say what was
    limited (the wait in seconds is added). A catalogue entry (``rate.<what>``,
    server/social/reasons.py) makes the refusal ``TRY_AGAIN``, said in the reader's
    language.
    """

    scope: str
    attempts: int
    window_s: float
    refusal: str | Template

    def __post_init__(self) -> None:
        if self.attempts < 1 or self.window_s <= 0:
            raise ValueError(f"limit {self.scope!r} needs attempts >= 1 and a window > 0")


class Limiter:
    """Sliding-window rate limits kept in Redis, shared by every node."""

    def __init__(self, client: aioredis.Redis, clock: Clock = now_ms) -> None:
        self._client = client
        self._clock = clock
        self._script = load_script(client, "ratelimit.lua")

    async def hit(self, limit: Limit, subject: str) -> None:
        """Count one attempt by ``subject``; raises ``RateLimited`` if the window is
        full (a refused attempt is not counted)."""
        args: list[int | str] = [self._clock(), int(limit.window_s * 1000), limit.attempts,
                                 secrets.token_hex(8)]
        async with redis_errors(f"rate limit {limit.scope}"):
            wait_ms = int(await self._script(keys=[keys.rate_limit(limit.scope, subject)],
                                             args=args))
        if wait_ms > 0:
            retry = RateLimited("", wait_ms)
            refusal = limit.refusal
            if isinstance(refusal, Template):
                raise RateLimited(TRY_AGAIN(what=refusal.key.removeprefix("rate."),
                                            count=retry.retry_after_s), wait_ms)
            unit = "second" if retry.retry_after_s == 1 else "seconds"
            raise RateLimited(f"{refusal} Try again in {retry.retry_after_s} {unit}.", wait_ms)

    async def reset(self, limit: Limit, subject: str) -> None:
        """Forget ``subject``'s attempts (e.g. after a successful sign-in)."""
        async with redis_errors(f"reset limit {limit.scope}"):
            await self._client.delete(keys.rate_limit(limit.scope, subject))
