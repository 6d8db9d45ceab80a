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
- when the heap has grown by ``FULL_GROWTH`` since the last full collection left it
  (CPython's own rule for its oldest generation), it first asks whether a full
  collection would free anything, without stopping: a *probe* (``probe_garbage``)
  forks the process, and the child, on its copy-on-write snapshot of the heap,
  collects everything and reports how many of the objects it tracked were garbage.
  Only when that is at least ``GARBAGE_SHARE`` of them (and ``GARBAGE_MIN``) does the
  node run the full collection itself (``gc.unfreeze()``, ``gc.collect()``,
  ``gc.freeze()``); otherwise the growth was live state (tables and sockets that
  filled the node) and the baseline moves up to the heap as it is, with no pause. A
  full collection walks every tracked object: 300-500 ms of CPU at 3,000 players,
  600,000 objects, almost all of them the sockets' ASGI stacks (docs/benchmarks.md);
  it fell in two of four 3,000-player benchmark windows while the node filled, and
  found nearly nothing. Memory held by dead cycles stays within about a quarter of the
  live set as before: a probe runs at each quarter's growth, and the node collects
  once the garbage it finds is ``GARBAGE_SHARE`` of what it tracks. The probe costs
  the node a ``fork()`` (page tables copied: 4-5 ms at 3,000 players) and, while the
  child runs (niced, 0.24-0.42 s), the copies of the pages either process writes; where
  ``fork`` is missing or fails the node collects as before. The heap is
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
import contextlib
import gc
import logging
import os
import select
import signal
import sys
import time
import warnings
from typing import NoReturn

from .metrics import METRICS

__all__ = [
    "DEFAULT_TICK_S",
    "FULL_GROWTH",
    "GARBAGE_MIN",
    "GARBAGE_SHARE",
    "PROBE_TIMEOUT_S",
    "GcGovernor",
    "Probe",
    "probe_garbage",
]

log = logging.getLogger(__name__)

DEFAULT_TICK_S = 0.1
FULL_GROWTH = 1.25  # consider a full collection when the heap grew by a quarter
GARBAGE_SHARE = 0.05  # ... and run it when the probe found this share of objects garbage
GARBAGE_MIN = 2_000  # ... and at least this many (a small heap's few cycles can wait)
PROBE_TIMEOUT_S = 60.0  # a probe not back by then is killed and counts as failed

Probe = tuple[int, int]  # (garbage objects found, objects tracked) in the probe's snapshot

_running: list[GcGovernor] = []  # the process's governor, while one runs


class GcGovernor:
    """See the module docstring; ``start()`` on the node's loop, then ``stop()``."""

    def __init__(self, tick_s: float = DEFAULT_TICK_S) -> None:
        if tick_s <= 0:
            raise ValueError("the collector's tick must be above 0 seconds")
        self.tick_s = tick_s
        self.full_collections = 0  # run by this governor (for tests and logs)
        self.probes = 0  # probes that came back (clean or not)
        self.probe: Probe | None = None  # the last probe's finding
        self._handle: asyncio.TimerHandle | None = None
        self._probing: asyncio.Task[None] | None = None
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
        if self._probing is not None:
            self._probing.cancel()  # its child finishes alone; its answer is not needed
            self._probing = None
        _running.remove(self)
        gc.unfreeze()
        if self._was_enabled:
            gc.enable()

    def _tick(self) -> None:
        gc.collect(0)
        gc.freeze()
        loop = asyncio.get_running_loop()
        if self._probing is None and sys.getallocatedblocks() > self._baseline * FULL_GROWTH:
            self._probing = loop.create_task(self._probe_then_decide(), name="gc-probe")
        self._handle = loop.call_later(self.tick_s, self._tick)

    async def _probe_then_decide(self) -> None:
        try:
            found = await probe_garbage()
        except Exception:  # the probe could not run: collect as CPython would
            log.exception("the garbage probe failed; collecting in the node")
            found = None
        if self._handle is None:  # stopped meanwhile
            return
        self._probing = None
        self.probe = found
        if found is None:
            METRICS.gc_probes.inc(value="failed")
            self._full()
            return
        self.probes += 1
        garbage, tracked = found
        if garbage >= GARBAGE_MIN and garbage >= tracked * GARBAGE_SHARE:
            METRICS.gc_probes.inc(value="garbage")
            self._full()
        else:  # the heap grew with live state: nothing worth a pause
            METRICS.gc_probes.inc(value="clean")
            self._baseline = sys.getallocatedblocks()

    def _full(self) -> None:
        gc.unfreeze()
        gc.collect()
        gc.freeze()
        self._baseline = sys.getallocatedblocks()
        self.full_collections += 1


async def probe_garbage(timeout_s: float = PROBE_TIMEOUT_S) -> Probe | None:
    """What a full collection would find now, measured in a forked child: (garbage
    objects, objects tracked), or None where the process cannot fork or the child was
    not back within ``timeout_s`` (it is then killed). The node's loop goes on
    meanwhile; the child shares the heap copy-on-write, closes every file descriptor
    but its pipe first (a finalizer run there must not touch the node's sockets),
    ignores signals and exits without cleanup."""
    if not hasattr(os, "fork"):
        return None
    read_fd, write_fd = os.pipe()
    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, signal.valid_signals())
    try:
        with warnings.catch_warnings():  # 3.12+: "fork() with threads"; the child only
            warnings.simplefilter("ignore", DeprecationWarning)  # collects and exits
            pid = os.fork()
        if pid == 0:
            _probe_child(write_fd)  # never returns
    except BaseException:
        os.close(read_fd)
        raise
    finally:  # the node's side only: the child exits inside _probe_child
        signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
        os.close(write_fd)
    # One thread reads the answer, closes the pipe and reaps the child: a caller
    # cancelled meanwhile leaves it to finish alone (it must not close an fd in use).
    answer = await asyncio.to_thread(_answer, read_fd, pid, timeout_s)
    parts = answer.split()
    if len(parts) != 2:
        return None
    return int(parts[0]), int(parts[1])


def _probe_child(write_fd: int) -> NoReturn:
    """The forked child (signals stay blocked): collect the snapshot, report, exit."""
    try:
        os.closerange(0, write_fd)
        os.closerange(write_fd + 1, 1 << 20)
        os.nice(19)  # the node and its players come first
        gc.unfreeze()
        tracked = len(gc.get_objects())
        garbage = gc.collect()
        os.write(write_fd, b"%d %d\n" % (garbage, tracked))
    finally:
        os._exit(0)


def _answer(read_fd: int, pid: int, timeout_s: float) -> bytes:
    """The child's report (its pipe read to the end), with the child reaped; empty if
    it did not finish within ``timeout_s`` (then it is killed: a finalizer run in the
    child may wait forever on a lock another thread of the node held at the fork)."""
    chunks = []
    deadline = time.monotonic() + timeout_s
    poller = select.poll()  # not select(): a loaded node's descriptors pass 1,024
    poller.register(read_fd, select.POLLIN)
    try:
        while True:
            left = deadline - time.monotonic()
            if left <= 0 or not poller.poll(left * 1000):
                os.kill(pid, signal.SIGKILL)
                chunks = []
                break
            chunk = os.read(read_fd, 4096)
            if not chunk:
                break
            chunks.append(chunk)
    finally:
        os.close(read_fd)
        with contextlib.suppress(ChildProcessError):  # reaped by a child watcher already
            os.waitpid(pid, 0)
    return b"".join(chunks)
