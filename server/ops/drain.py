"""Graceful shutdown of a node: stop taking connections, finish in-flight actions,
then tell every client to reconnect elsewhere.

On SIGTERM (or Ctrl-C), ``GracefulServer`` (a ``uvicorn.Server``) does, in order:

1. close its listening sockets: new connections go to another node (nginx retries
   the next upstream; ``/healthz`` answers 503 while draining);
2. ``Drain.start()``: sockets stop taking new messages (a message read now is left
   unanswered: the client resends it after reconnecting, and it is applied once);
3. wait, up to ``Settings.drain_s``, until the messages being handled are done and
   every socket's queued frames (their ``ev`` and ``ack``) are written;
4. uvicorn's own shutdown: every WebSocket is closed with 1012 ("service restart":
   clients reconnect, to the next address they know), then the room stops.

A node killed with SIGKILL skips all this; the clients reconnect all the same and
resend what was not acknowledged (see docs/architecture.md).
"""

from __future__ import annotations

import asyncio
import logging
import socket
import time
import weakref
from typing import Protocol

import uvicorn

__all__ = ["Drain", "GracefulServer"]

log = logging.getLogger(__name__)


class _Flushable(Protocol):
    def pending_frames(self) -> int: ...


class Drain:
    """The node's drain state, shared by its sockets (``app.state.drain``)."""

    def __init__(self) -> None:
        self.draining = False
        self.inflight = 0  # messages being handled now
        self._sockets: weakref.WeakSet[_Flushable] = weakref.WeakSet()

    def add(self, sock: _Flushable) -> None:
        self._sockets.add(sock)

    def discard(self, sock: _Flushable) -> None:
        self._sockets.discard(sock)

    def start(self) -> None:
        self.draining = True

    def idle(self) -> bool:
        return self.inflight == 0 and all(s.pending_frames() == 0 for s in list(self._sockets))

    async def wait_idle(self, timeout: float) -> bool:
        """True once nothing is in flight and every queued frame is sent; False if
        ``timeout`` seconds passed first."""
        deadline = time.monotonic() + timeout
        while not self.idle():
            if time.monotonic() >= deadline:
                return False
            await asyncio.sleep(0.01)
        return True


class GracefulServer(uvicorn.Server):
    """uvicorn's server, draining the room before it closes the sockets (above)."""

    def __init__(self, config: uvicorn.Config, drain: Drain, drain_s: float) -> None:
        super().__init__(config)
        self.drain = drain
        self.drain_s = drain_s

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        for server in self.servers:
            server.close()  # stop taking connections first
        self.drain.start()
        inflight = self.drain.inflight
        done = await self.drain.wait_idle(self.drain_s)
        log.info("drained" if done else "drain timed out",
                 extra={"inflight_at_start": inflight, "inflight_now": self.drain.inflight})
        await super().shutdown(sockets)
