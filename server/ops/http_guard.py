"""uvicorn's HTTP protocol with a deadline on each request, and the node's uvicorn config.

uvicorn closes an idle keep-alive connection (``timeout_keep_alive``) but waits forever
for the rest of a request whose headers or body come slowly (slowloris: a few hundred
such sockets hold a node's file descriptors). ``guarded_h11(timeout_s)`` is h11's
protocol with a deadline: from a connection's first moment, and from the first byte
of each later request, the whole request (headers and body) must arrive within
``timeout_s``, else the connection is closed. The deadline does not move when more
bytes trickle in. A WebSocket is no longer this protocol once upgraded, so a
long-lived socket is never cut.

``uvicorn_config(app, settings)`` is the configuration ``python -m server`` runs.
"""

from __future__ import annotations

import asyncio
from typing import Any

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from server.settings import Settings

__all__ = ["WS_MAX_SIZE", "guarded_h11", "uvicorn_config"]

WS_MAX_SIZE = 64 * 1024  # larger frames are cut off by the WebSocket layer (1009);
# frames up to this get the protocol's own "too_large" error.


class _Guarded(H11Protocol):
    timeout_s = 10.0
    _deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.transport.get_protocol() is not self:  # upgraded to a WebSocket
            self._disarm()
        elif self.conn.their_state in (h11.DONE, h11.MUST_CLOSE, h11.CLOSED, h11.ERROR):
            self._disarm()  # the request is in: its response takes what time it takes
        else:  # IDLE with bytes buffered (headers so far) or SEND_BODY
            self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _arm(self) -> None:
        if self._deadline is None:
            self._deadline = self.loop.call_later(self.timeout_s, self._expired)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _expired(self) -> None:
        self._deadline = None
        if self.transport.get_protocol() is self and not self.transport.is_closing():
            self.transport.close()


def guarded_h11(timeout_s: float) -> type[H11Protocol]:
    """h11's protocol closing a connection whose request is not in after ``timeout_s``."""
    return type("GuardedH11Protocol", (_Guarded,), {"timeout_s": timeout_s})


def uvicorn_config(app: Any, settings: Settings, **overrides: Any) -> uvicorn.Config:
    """The node's uvicorn configuration: the guarded protocol, proxy headers believed
    from ``settings.forwarded_allow_ips`` only, WebSocket pings and frame limit."""
    options: dict[str, Any] = {
        "host": settings.host, "port": settings.port,
        "http": guarded_h11(settings.request_timeout_s) if settings.request_timeout_s else "h11",
        "ws": "websockets-sansio", "ws_max_size": WS_MAX_SIZE, "lifespan": "on",
        "log_level": "info", "log_config": None, "proxy_headers": True,
        "forwarded_allow_ips": settings.forwarded_allow_ips,
        "timeout_keep_alive": settings.keep_alive_s or 5,
        "timeout_graceful_shutdown": 5,
        "ws_ping_interval": settings.ping_interval_s or None,
        "ws_ping_timeout": settings.ping_timeout_s or None,
        **overrides,
    }
    return uvicorn.Config(app, **options)
