"""How late the event loop runs a timer, and how long the garbage collector pauses.

``LoopLag(interval_s)``: once started on a running loop, a timer asks to run every
``interval_s`` and records, each time it runs, how much later than asked it did in
``METRICS.loop_lag_seconds``. A callback that holds the loop (a big synchronous encode,
a long sweep, a full collection) delays every other callback by as much; the histogram
shows those stalls whatever caused them. The timer is one ``call_at`` at a time (no
task), so it costs the loop a few microseconds per interval.

``watch_gc()`` adds a ``gc.callbacks`` hook (once per process, however often it is
called) that times each collection of the cyclic collector into
``METRICS.gc_pause_seconds`` and counts it by generation in ``METRICS.gc_collections``.
"""

from __future__ import annotations

import asyncio
import gc
import time
from typing import Any

from .metrics import METRICS

__all__ = ["DEFAULT_INTERVAL_S", "LoopLag", "watch_gc"]

DEFAULT_INTERVAL_S = 0.02  # a stall shorter than this may fall between two ticks


class LoopLag:
    """The loop-lag timer (see the module docstring); ``start()``, then ``stop()``."""

    def __init__(self, interval_s: float = DEFAULT_INTERVAL_S) -> None:
        if interval_s <= 0:
            raise ValueError("the loop-lag interval must be above 0 seconds")
        self.interval_s = interval_s
        self._loop: asyncio.AbstractEventLoop | None = None
        self._handle: asyncio.TimerHandle | None = None
        self._due = 0.0

    def start(self) -> None:
        """Start ticking on the running loop (again after ``stop``)."""
        if self._handle is not None:
            return
        self._loop = asyncio.get_running_loop()
        self._arm(self._loop.time())

    def stop(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None

    def _arm(self, now: float) -> None:
        assert self._loop is not None
        self._due = now + self.interval_s
        self._handle = self._loop.call_at(self._due, self._tick)

    def _tick(self) -> None:
        assert self._loop is not None
        now = self._loop.time()
        METRICS.loop_lag_seconds.observe(max(0.0, now - self._due))
        self._arm(now)


_gc_started: list[float] = []  # the running collection's start (a list: no global)


def _on_gc(phase: str, info: dict[str, Any]) -> None:
    if phase == "start":
        _gc_started[:] = [time.perf_counter()]
    elif _gc_started:
        METRICS.gc_pause_seconds.observe(time.perf_counter() - _gc_started.pop())
        METRICS.gc_collections.inc(value=str(info.get("generation", "")))


def watch_gc() -> None:
    """Time every garbage collection from now on (idempotent; see the docstring)."""
    if _on_gc not in gc.callbacks:
        gc.callbacks.append(_on_gc)
