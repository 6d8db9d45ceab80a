"""The cyclic garbage collector run by the node on a timer, in small bounded steps.

Measured at 1,000-2,000 players (docs/benchmarks.md, issue 22): with CPython's
automatic collector (thresholds 5,000/10/10 and the start-up objects frozen), a
collection of the youngest generation paused the loop for 1-28 ms of CPU and one of
the middle generation for 22-45 ms, a few times a second. Almost nothing they scanned
was garbage (0-96 objects found per collection): the node's state is replaced, not
mutated, on every action (a table's new value lives until the table's next action,
about a second), so the young generations are full of objects that are alive and are
scanned again and again until they die of reference counting. And a young collection
is not bounded by its threshold: every old object freed counts against it, so the
youngest generation held up to 30,000 objects when it was collected.

``GcGovernor`` turns the automatic collector off and, every ``tick_s``:

- collects the youngest generation (``gc.collect(0)``): what was made since the last
  tick and is still alive, so a pause is bounded by what a tick's worth of actions
  leaves behind, and garbage cycles made meanwhile (an exception with its traceback)
  are freed at once;
- then freezes the survivors (``gc.freeze()``, which only moves list heads): no later
  collection scans them again. A frozen object is still freed by reference counting
  when it dies, as most do; only a frozen object that dies inside a reference cycle
  waits for the next full collection;
- a full collection (``gc.unfreeze()``, ``gc.collect()``, ``gc.freeze()``) runs when
  the heap has grown by ``FULL_GROWTH`` since the last one left it (CPython's own rule
  for its oldest generation): memory held by cycles stays within that bound of the
  live set, and a node whose players stay stays free of full pauses. The heap is
  ``sys.getallocatedblocks()`` (the interpreter's allocated memory blocks: a walk of
  its arenas, about 0.2 ms for a loaded node's heap), not ``gc.get_freeze_count()``,
  which walks every frozen object (13 ms for 600,000), nor the youngest generation's
  count, which old objects freed pull down only while it is above 0 (summed over
  ticks, it saw a steady heap grow by a quarter in seconds).

``stop()`` gives the objects back to CPython's collector and turns it on again. One
governor per process runs (the collector is the process's): a second ``start()``
while one runs is refused.
"""

from __future__ import annotations

import asyncio
import gc
import sys

__all__ = ["DEFAULT_TICK_S", "FULL_GROWTH", "GcGovernor"]

DEFAULT_TICK_S = 0.1
FULL_GROWTH = 1.25  # a full collection when the frozen objects grew by a quarter

_running: list[GcGovernor] = []  # the process's governor, while one runs


class GcGovernor:
    """See the module docstring; ``start()`` on the node's loop, then ``stop()``."""

    def __init__(self, tick_s: float = DEFAULT_TICK_S) -> None:
        if tick_s <= 0:
            raise ValueError("the collector's tick must be above 0 seconds")
        self.tick_s = tick_s
        self.full_collections = 0  # run by this governor (for tests and logs)
        self._handle: asyncio.TimerHandle | None = None
        self._baseline = 0  # allocated blocks after the last full collection
        self._was_enabled = True

    @property
    def running(self) -> bool:
        return self._handle is not None

    def start(self) -> bool:
        """Take over the collector; False (and nothing done) if another governor of
        this process has it."""
        if _running:
            return False
        _running.append(self)
        self._was_enabled = gc.isenabled()
        gc.disable()
        self._full()
        self._handle = asyncio.get_running_loop().call_later(self.tick_s, self._tick)
        return True

    def stop(self) -> None:
        if self._handle is None:
            return
        self._handle.cancel()
        self._handle = None
        _running.remove(self)
        gc.unfreeze()
        if self._was_enabled:
            gc.enable()

    def _tick(self) -> None:
        gc.collect(0)
        gc.freeze()
        if sys.getallocatedblocks() > self._baseline * FULL_GROWTH:
            self._full()
        self._handle = asyncio.get_running_loop().call_later(self.tick_s, self._tick)

    def _full(self) -> None:
        gc.unfreeze()
        gc.collect()
        gc.freeze()
        self._baseline = sys.getallocatedblocks()
        self.full_collections += 1
