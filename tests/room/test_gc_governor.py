"""The node's garbage-collector governor (issue 22, server/ops/gc_governor.py): the
automatic collector is off while it runs, each tick collects the young objects and
freezes the survivors, garbage cycles are still freed, a heap that grew is probed in a
forked child and collected in full only when that found garbage worth a pause, a
second governor is refused, and stop() hands the collector back. Ticks are awaited as
conditions, never timed."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import os
import socket
import sys
import time
import weakref
from collections.abc import Callable

import pytest

from server.ops.gc_governor import (
    FULL_GROWTH,
    GARBAGE_MIN,
    GARBAGE_SHARE,
    GcGovernor,
    probe_garbage,
)
from server.settings import Settings, SettingsError


class _Cycle:
    def __init__(self) -> None:
        self.me = self  # a reference cycle: only the cyclic collector frees it


def _young() -> int:
    """Collections of the youngest generation so far (CPython's own count)."""
    return int(gc.get_stats()[0]["collections"])


async def _until(done: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + 30
    while not done():
        assert time.monotonic() < deadline, what
        await asyncio.sleep(0.01)


async def test_ticks_free_young_cycles_and_freeze_the_rest() -> None:
    governor = GcGovernor(0.01)
    assert governor.start()
    try:
        assert not gc.isenabled()  # no automatic collection while it runs
        ticks = _young()
        garbage = _Cycle()
        gone = weakref.ref(garbage)
        del garbage
        kept = [_Cycle()]  # alive: frozen by the next tick, not collected
        await _until(lambda: gone() is None, "a young garbage cycle was not freed")
        await _until(lambda: _young() >= ticks + 2, "no ticks")
        assert gc.get_freeze_count() > 0 and gc.get_count()[1:] == (0, 0)
        assert kept[0].me is kept[0]
    finally:
        governor.stop()
    assert gc.isenabled() and gc.get_freeze_count() == 0


def _tracked() -> int:
    return gc.get_freeze_count() + sum(gc.get_count())


def _grow() -> list[list[int]]:
    """Live objects enough to pass the growth rule (the next tick probes)."""
    return [[] for _ in range(int(sys.getallocatedblocks() * (FULL_GROWTH - 1)) + 1000)]


async def test_a_full_collection_frees_cycles_that_died_frozen() -> None:
    governor = GcGovernor(0.01)
    assert governor.start()
    try:
        ticks = _young()
        # Garbage worth a pause: more than the probe's share of everything tracked.
        old = [_Cycle() for _ in range(max(GARBAGE_MIN, int(_tracked() * GARBAGE_SHARE * 3)))]
        gone = weakref.ref(old[0])
        await _until(lambda: _young() >= ticks + 2, "no ticks")
        del old  # frozen by now: the young collections no longer see the cycles
        await _until(lambda: _young() >= ticks + 4, "no ticks")
        assert gone() is not None
        fulls = governor.full_collections
        grown = _grow()
        await _until(lambda: governor.full_collections > fulls, "no full collection")
        assert gone() is None and len(grown) > 0
        assert governor.probe is not None and governor.probe[0] >= GARBAGE_MIN
    finally:
        governor.stop()


async def test_a_heap_grown_with_live_objects_is_probed_and_not_collected() -> None:
    governor = GcGovernor(0.01)
    assert governor.start()
    try:
        fulls, probes = governor.full_collections, governor.probes
        grown = _grow()
        await _until(lambda: governor.probes > probes, "no probe")
        assert governor.full_collections == fulls  # nothing worth a pause was found
        assert governor.probe is not None
        garbage, tracked = governor.probe
        assert tracked >= len(grown) and garbage < tracked * GARBAGE_SHARE
        ticks = _young()
        await _until(lambda: _young() >= ticks + 3, "no ticks")
        assert governor.probes == probes + 1  # the baseline moved up: no probe again
    finally:
        governor.stop()


class _Tattler:
    """Garbage whose finalizer writes to a socket: run in the probe it must not reach
    the node's sockets."""

    def __init__(self, fd: int) -> None:
        self.fd, self.me = fd, self

    def __del__(self) -> None:
        with contextlib.suppress(OSError):
            os.write(self.fd, b"x")


async def test_the_probe_counts_frozen_garbage_and_leaves_the_nodes_sockets_alone() -> None:
    ours, theirs = socket.socketpair()
    try:
        theirs.setblocking(False)
        gc.collect()
        gc.freeze()
        try:
            cycles = [_Cycle() for _ in range(5000)] + [_Tattler(ours.fileno())]
            gc.freeze()
            del cycles
            found = await probe_garbage()
            assert found is not None
            garbage, tracked = found
            assert garbage >= 5001 and tracked >= garbage
            with pytest.raises(BlockingIOError):
                theirs.recv(1)  # the child's finalizer ran on closed descriptors
            ours.send(b"y")
            assert theirs.recv(1) == b"y"  # and the socket still works
        finally:
            gc.unfreeze()
        gc.collect()  # the same finalizer in this process does write: the check can fail
        assert theirs.recv(1) == b"x"
    finally:
        ours.close()
        theirs.close()


async def test_one_governor_per_process() -> None:
    first, second = GcGovernor(0.05), GcGovernor(0.05)
    assert first.start()
    try:
        assert not second.start() and not second.running
        second.stop()  # a governor that never started stops as a no-op
        assert not gc.isenabled()
    finally:
        first.stop()
    assert gc.isenabled()
    assert second.start()  # free again once the first stopped
    second.stop()


def test_the_tick_is_a_setting() -> None:
    assert Settings.from_env({}).gc_tick_s == 0.1
    assert Settings.from_env({"GC_TICK_S": "0"}).gc_tick_s == 0.0
    with pytest.raises(SettingsError, match="GC_TICK_S"):
        Settings.from_env({"GC_TICK_S": "soon"})
    with pytest.raises(ValueError):
        GcGovernor(0)


class _Stuck:
    """Garbage whose finalizer never returns in a forked child (as one waiting on a lock
    another thread held at the fork would); in this process it returns at once."""

    def __init__(self, parent: int) -> None:
        self.parent, self.me = parent, self

    def __del__(self) -> None:
        if os.getpid() != self.parent:
            time.sleep(3600)


async def test_a_probe_that_does_not_come_back_is_killed_and_counts_as_failed() -> None:
    gc.collect()
    gc.freeze()
    try:
        stuck = _Stuck(os.getpid())
        gc.freeze()
        del stuck
        assert await probe_garbage(timeout_s=1.0) is None
    finally:
        gc.unfreeze()
    gc.collect()  # here the finalizer returns: the object is freed


async def test_the_probe_works_with_descriptors_past_1024() -> None:
    """A node with 3,000 sockets has descriptors past select()'s 1,024: the probe's
    pipe is numbered after them and must still be read."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = 1_200
    if soft < want:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(want, hard), hard))
    held = []
    try:
        with open(os.devnull) as null:  # open until the probe is back: no gap below
            while len(held) < want - 100:
                held.append(os.dup(null.fileno()))
            assert max(held) > 1_024
            found = await probe_garbage()
        assert found is not None and found[1] > 0
    finally:
        for fd in held:
            os.close(fd)
        if soft < want:
            resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
