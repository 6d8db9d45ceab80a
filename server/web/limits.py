"""Limits one client may not pass: messages per second on a connection, connections
per address.

Frame size is limited by the codec (``shared.protocol.MAX_CLIENT_FRAME``, 4 KiB:
``too_large``) and the WebSocket layer (64 KiB: close 1009); a dead peer by the
WebSocket ping/pong time-out (``Settings.ping_interval_s``/``ping_timeout_s``).

Both classes here are plain counters (no I/O, the clock is passed in), so they are
cheap enough for every frame and easy to test.
"""

from __future__ import annotations

from server.ops.address_key import limit_key

__all__ = ["AddressLimit", "MessageRate"]


class MessageRate:
    """A token bucket: ``rate`` messages per second on average, bursts of ``burst``.

    ``take(now)`` spends one token; False means the message is over the limit (it is
    refused, and still counted: a client that keeps sending while refused digs a
    debt). ``exhausted`` turns True once the debt reaches ``burst`` more messages:
    the client ignores its errors, and the connection should be closed.
    ``rate <= 0`` means no limit.
    """

    __slots__ = ("_last", "_tokens", "burst", "rate")

    def __init__(self, rate: float, burst: int, now: float) -> None:
        self.rate = rate
        self.burst = max(1, burst)
        self._tokens = float(self.burst)
        self._last = now

    def take(self, now: float) -> bool:
        if self.rate <= 0:
            return True
        self._tokens = min(float(self.burst), self._tokens + (now - self._last) * self.rate)
        self._last = now
        self._tokens -= 1
        return self._tokens >= 0

    @property
    def exhausted(self) -> bool:
        return self.rate > 0 and self._tokens <= -self.burst


class AddressLimit:
    """Open connections per client address (after the proxy headers: behind nginx,
    the forwarded address), counted by its ``limit_key`` (an IPv6 client by its /64).
    ``limit <= 0`` means no limit."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._open: dict[str, int] = {}

    def admit(self, address: str) -> bool:
        """Count a new connection from ``address``; False (and not counted) if that
        address already holds ``limit`` connections."""
        key = limit_key(address)
        count = self._open.get(key, 0)
        if 0 < self.limit <= count:
            return False
        self._open[key] = count + 1
        return True

    def release(self, address: str) -> None:
        key = limit_key(address)
        count = self._open.get(key, 0) - 1
        if count > 0:
            self._open[key] = count
        else:
            self._open.pop(key, None)

    def count(self, address: str) -> int:
        return self._open.get(limit_key(address), 0)
