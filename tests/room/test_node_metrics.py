"""The node's own latency figures on /metrics (issue 22): the per-action node time,
the event loop's lag and the garbage collector's pauses, each a histogram that exists
on a fresh node and moves when its event happens. Nothing here depends on how fast
the machine is: counts are compared, and a stall is made by holding the loop."""

from __future__ import annotations

import asyncio
import gc
import random
import time
from collections.abc import Awaitable, Callable

import httpx

from client.room_client import RoomClient
from server.ops.loop_lag import LoopLag, watch_gc
from server.ops.metrics import METRICS, Histogram
from server.ops.node_time import ActionMark

from .conftest import LocalServer

HISTOGRAMS = ("spades_action_node_seconds", "spades_redis_write_seconds",
              "spades_loop_lag_seconds",
              "spades_loop_lag_own_seconds", "spades_gc_pause_seconds",
              "spades_gc_pause_cpu_seconds")


async def _scrape(server: LocalServer) -> dict[str, float]:
    async with httpx.AsyncClient() as web:
        text = (await web.get(f"{server.http}/metrics")).text
    values: dict[str, float] = {}
    for line in text.splitlines():
        if line and not line.startswith("#"):
            name, _, value = line.rpartition(" ")
            values[name] = float(value)
    return values


async def test_metrics_has_the_latency_histograms(server: LocalServer) -> None:
    values = await _scrape(server)
    for name in HISTOGRAMS:
        assert f'{name}_bucket{{le="+Inf"}}' in values, name
        assert f"{name}_count" in values and f"{name}_sum" in values


async def test_each_played_action_is_timed_once_to_its_last_frame(
    server: LocalServer, make_client: Callable[..., Awaitable[RoomClient]]
) -> None:
    client = await make_client(server.ws, name="Ann")
    await client.quick_play()  # three bots join: their moves are not a client's action
    before = await _scrape(server)
    rng = random.Random(3)
    acted = 0
    while acted < 6:
        if client.my_turn:
            assert client.view is not None
            legal = [a for a in client.view["legal"] if a != "look"]
            legal = [a for a in legal if a in ("bid 2", "bid 3", "bid 4")] or legal
            await client.act(rng.choice(legal))  # its ev is queued before the ack
            acted += 1
        elif client.should_continue:
            await client.ready()
        else:
            await client.next_update(timeout=30)
    after = await _scrape(server)
    name = "spades_action_node_seconds"
    assert after[f"{name}_count"] - before[f"{name}_count"] == acted
    assert after[f"{name}_sum"] > before[f"{name}_sum"]
    assert after["spades_actions_total"] - before["spades_actions_total"] == acted
    # Every write is timed, the bots' and the ready presses' too: at least one a move.
    writes = "spades_redis_write_seconds_count"
    assert after[writes] - before[writes] >= acted


def test_a_mark_observes_when_its_last_frame_is_written() -> None:
    histogram = METRICS.action_node_seconds
    count = histogram.count
    mark = ActionMark(time.perf_counter())
    mark.add()
    mark.add()
    mark.settle()  # frames were queued: the writers observe it, not the fan-out
    mark.sent()
    assert histogram.count == count
    mark.sent()
    assert histogram.count == count + 1
    lonely = ActionMark(time.perf_counter())  # a table with no socket left
    lonely.settle()
    lonely.settle()
    assert histogram.count == count + 2


async def test_the_loop_lag_timer_sees_a_held_loop() -> None:
    histogram, own = METRICS.loop_lag_seconds, METRICS.loop_lag_own_seconds
    lag = LoopLag(0.01)
    lag.start()
    try:
        ticks = histogram.count
        deadline = time.monotonic() + 30
        while histogram.count < ticks + 2:  # it ticks on its own
            assert time.monotonic() < deadline, "the loop-lag timer never ran"
            await asyncio.sleep(0.01)
        late, own_late = _late(histogram), _late(own)
        # Hold the loop: the next tick runs at least 0.29 s late. Sleeping is not
        # waiting for a CPU, so the lag less the run delay is that late too.
        time.sleep(0.3)
        while _late(histogram) == late:
            assert time.monotonic() < deadline, "the held loop was not seen"
            await asyncio.sleep(0.01)
        if lag._schedstat is not None:  # the kernel keeps scheduler statistics
            assert _late(own) == own_late + 1
    finally:
        lag.stop()
    stopped = histogram.count
    await asyncio.sleep(0.05)
    assert histogram.count == stopped  # stop() stops it


def _late(histogram: Histogram) -> int:
    """Observations of 0.2 s or more (the buckets from 0.2 s up)."""
    first = histogram.buckets.index(0.2) + 1  # counts[i] holds (buckets[i-1], buckets[i]]
    return sum(histogram.counts[first:])


def test_gc_pauses_are_timed_by_generation() -> None:
    watch_gc()
    watch_gc()  # once per process, however often it is called
    histogram = METRICS.gc_pause_seconds
    gc.disable()  # no automatic collection between the counts and the one asked for
    try:
        count, full = histogram.count, METRICS.gc_collections.get("2")
        cpu = METRICS.gc_pause_cpu_seconds.count
        gc.collect()
        assert histogram.count == count + 1
        assert METRICS.gc_pause_cpu_seconds.count == cpu + 1
        assert METRICS.gc_collections.get("2") == full + 1
    finally:
        gc.enable()
