"""How late the event loop runs a timer, and how long the garbage collector pauses.

``LoopLag(interval_s)``: once started on a running loop, a timer asks to run every
``interval_s`` and records, each time it runs, how much later than asked it did in
``METRICS.loop_lag_seconds``. A callback that holds the loop (a big synchronous encode,
a long sweep, a full collection) delays every other callback by as much; the histogram
shows those stalls whatever caused them. The timer is one ``call_at`` at a time (no
task), so it costs the loop a few microseconds per interval.

On a shared machine much of the lag is the kernel's: the node was ready but another
process held the CPU. Where the kernel keeps scheduler statistics, each tick also reads
the loop thread's run delay (``/proc/thread-self/schedstat``: time spent ready to run
and waiting) and records the lag less the run delay that grew meanwhile in
``METRICS.loop_lag_own_seconds``: the part of the stall that was the node's own work.

``watch_gc()`` adds a ``gc.callbacks`` hook (once per process, however often it is
called) that times each collection of the cyclic collector into
``METRICS.gc_pause_seconds`` (wall clock) and ``METRICS.gc_pause_cpu_seconds`` (the
thread's CPU time: the collector's own work, without the waits for a CPU), and counts
it by generation in ``METRICS.gc_collections``.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import os
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
        self._schedstat: int | None = None  # an open /proc/thread-self/schedstat
        self._delay = 0  # the loop thread's run delay at the last tick (ns)

    def start(self) -> None:
        """Start ticking on the running loop (again after ``stop``)."""
        if self._handle is not None:
            return
        self._loop = asyncio.get_running_loop()
        with contextlib.suppress(OSError):  # no scheduler statistics: lag only
            self._schedstat = os.open("/proc/thread-self/schedstat", os.O_RDONLY)
            self._delay = self._run_delay() or 0
        self._arm(self._loop.time())

    def stop(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None
        if self._schedstat is not None:
            os.close(self._schedstat)
            self._schedstat = None

    def _run_delay(self) -> int | None:
        """The loop thread's run delay so far (ns), or None if it cannot be read."""
        if self._schedstat is None:
            return None
        try:
            return int(os.pread(self._schedstat, 100, 0).split()[1])
        except (OSError, IndexError, ValueError):
            return None

    def _arm(self, now: float) -> None:
        assert self._loop is not None
        self._due = now + self.interval_s
        self._handle = self._loop.call_at(self._due, self._tick)

    def _tick(self) -> None:
        assert self._loop is not None
        now = self._loop.time()
        lag = max(0.0, now - self._due)
        METRICS.loop_lag_seconds.observe(lag)
        delay = self._run_delay()
        if delay is not None:
            waited, self._delay = (delay - self._delay) / 1e9, delay
            METRICS.loop_lag_own_seconds.observe(max(0.0, lag - waited))
        self._arm(now)


# The running collection's start: (wall, thread CPU); a list, so no ``global``.
_gc_started: list[tuple[float, float]] = []


def _on_gc(phase: str, info: dict[str, Any]) -> None:
    if phase == "start":
        _gc_started[:] = [(time.perf_counter(), time.thread_time())]
    elif _gc_started:
        wall, cpu = _gc_started.pop()
        METRICS.gc_pause_seconds.observe(time.perf_counter() - wall)
        METRICS.gc_pause_cpu_seconds.observe(time.thread_time() - cpu)
        METRICS.gc_collections.inc(value=str(info.get("generation", "")))


def watch_gc() -> None:
    """Time every garbage collection from now on (idempotent; see the docstring)."""
    if _on_gc not in gc.callbacks:
        gc.callbacks.append(_on_gc)
