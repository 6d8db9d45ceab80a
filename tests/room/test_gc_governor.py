"""The node's garbage-collector governor (issue 22, server/ops/gc_governor.py): the
automatic collector is off while it runs, each tick collects the young objects and
freezes the survivors, garbage cycles are still freed, a second governor is refused,
and stop() hands the collector back. Ticks are awaited as conditions, never timed."""

from __future__ import annotations

import asyncio
import gc
import sys
import time
import weakref
from collections.abc import Callable

import pytest

from server.ops.gc_governor import FULL_GROWTH, GcGovernor
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


async def test_a_full_collection_frees_cycles_that_died_frozen() -> None:
    governor = GcGovernor(0.01)
    assert governor.start()
    try:
        ticks = _young()
        old = _Cycle()
        gone = weakref.ref(old)
        await _until(lambda: _young() >= ticks + 2, "no ticks")
        del old  # it was frozen: the young collections no longer see it
        await _until(lambda: _young() >= ticks + 4, "no ticks")
        assert gone() is not None
        fulls = governor.full_collections
        # Blocks enough to pass the growth rule: the next tick collects everything.
        grown = [[] for _ in range(int(sys.getallocatedblocks() * (FULL_GROWTH - 1)) + 1000)]
        await _until(lambda: governor.full_collections > fulls, "no full collection")
        assert gone() is None and len(grown) > 0
    finally:
        governor.stop()


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
