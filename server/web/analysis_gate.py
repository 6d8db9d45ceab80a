"""The one limit on analysis requests, for both doors: the socket's ``analyse``
(``analysis_handler``) and ``POST /api/games/{id}/analysis`` (``http_analysis``).

A new request (not one already waiting or done: asking again costs nothing) counts
against the player (``ANALYSES_PER_PLAYER`` an hour) and against the client address
(``ANALYSES_PER_ADDRESS``, an IPv6 address by its /64: ``server.ops.address_key.limit_key``), in
Redis, so every node and both doors share the counts. Over either limit: ``RateLimited``
(``rate_limited``, 429 over HTTP with ``Retry-After``). Then the request is queued
unless the backlog is full (``server.analysis.store.enqueue``: ``analysis_busy``).
"""

from __future__ import annotations

from dataclasses import dataclass

import redis.asyncio as aioredis

from server.analysis.store import MAX_BACKLOG, Admit
from server.ops.address_key import limit_key
from server.settings import Settings
from server.social.reasons import RATE_ANALYSIS, RATE_ANALYSIS_ADDRESS
from server.social.store import Limit, Limiter

__all__ = ["AnalysisGate"]

HOUR_S = 3_600


@dataclass(frozen=True, slots=True)
class AnalysisGate:
    """The limits of the module docstring and the backlog's bound, from the settings."""

    per_player: Limit
    per_address: Limit
    backlog: int = MAX_BACKLOG

    @classmethod
    def from_settings(cls, settings: Settings) -> AnalysisGate:
        return cls(
            Limit("analysis_ask", settings.analyses_per_player, HOUR_S, RATE_ANALYSIS),
            Limit("analysis_ask_address", settings.analyses_per_address, HOUR_S,
                  RATE_ANALYSIS_ADDRESS),
            settings.analysis_backlog)

    def admit(self, client: aioredis.Redis, pid: str, address: str) -> Admit:
        """What ``store.request``/``request_archived`` call before a new request: count
        it for ``pid`` and for ``address``; raises RateLimited over either limit."""

        async def count() -> None:
            limiter = Limiter(client)
            await limiter.hit(self.per_player, pid)
            await limiter.hit(self.per_address, limit_key(address))

        return count
