"""The load benchmark's arithmetic (issue 22): the nodes' histograms read back as
percentiles, several generator processes' results merged, the sweep's sizes and rows.
Pure functions on fixed inputs; the end-to-end runs are in test_loadtest.py."""

from __future__ import annotations

import asyncio
import gc
import weakref

import pytest

from client import loadtest_node, loadtest_procs, loadtest_sweep
from client.loadtest import LoadResult, _collect_young, flat

EXPOSITION = """\
# TYPE spades_action_node_seconds histogram
spades_action_node_seconds_bucket{le="0.001"} 50
spades_action_node_seconds_bucket{le="0.002"} 90
spades_action_node_seconds_bucket{le="0.01"} 99
spades_action_node_seconds_bucket{le="0.1"} 100
spades_action_node_seconds_bucket{le="+Inf"} 100
spades_action_node_seconds_sum 0.3
spades_action_node_seconds_count 100
spades_gc_pause_seconds_bucket{le="0.01"} 2
spades_gc_pause_seconds_bucket{le="+Inf"} 3
spades_gc_pause_seconds_sum 2.5
spades_other_bucket{le="+Inf"} 7
"""


def test_histograms_are_read_from_the_exposition() -> None:
    parsed = loadtest_node.parse(EXPOSITION)
    assert set(parsed) == {"spades_action_node_seconds", "spades_gc_pause_seconds"}
    counts, total = parsed["spades_action_node_seconds"]
    assert counts[0.002] == 90 and counts[float("inf")] == 100 and total == 0.3


def test_quantiles_interpolate_within_a_bucket() -> None:
    counts = loadtest_node.parse(EXPOSITION)["spades_action_node_seconds"][0]
    assert loadtest_node.quantile(counts, 0.5) == pytest.approx(0.001)
    assert loadtest_node.quantile(counts, 0.7) == pytest.approx(0.0015)
    assert loadtest_node.quantile(counts, 0.995) == pytest.approx(0.055)
    assert loadtest_node.quantile({0.1: 0.0, float("inf"): 0.0}, 0.5) is None


def test_window_figures_are_the_difference_of_two_scrapes() -> None:
    before = loadtest_node.parse(EXPOSITION)
    after = loadtest_node.parse(EXPOSITION.replace(
        'le="0.1"} 100', 'le="0.1"} 110').replace('le="+Inf"} 100', 'le="+Inf"} 110')
        .replace("seconds_sum 2.5", "seconds_sum 3.0"))
    out = loadtest_node.figures(before, after, seconds=10)
    # Only the ten new observations count, all between 10 and 100 ms.
    assert out["node_count"] == 10 and out["node_max_ms"] == 100.0
    assert 10 < (out["node_p50_ms"] or 0) < 100
    assert out["gc_pause_count"] == 0 and out["gc_pause_ms_per_s"] == 50.0
    assert loadtest_node.figures(None, after, 10) == {}  # a node that was not read


def test_metrics_address_of_a_socket_address() -> None:
    assert loadtest_node.metrics_url("ws://127.0.0.1:8123/ws") == "http://127.0.0.1:8123/metrics"


def test_tables_are_shared_out_evenly() -> None:
    assert loadtest_procs.shares(500, 2) == [250, 250]
    assert loadtest_procs.shares(7, 3) == [3, 2, 2]
    with pytest.raises(ValueError):
        loadtest_procs.shares(4, 0)


def _result(actions: int, latencies: list[float], **more: object) -> LoadResult:
    return LoadResult(tables=1, players=4, idle=0, duration_s=10, pace_ms=1000,
                      pace_jitter=0.5, actions=actions, actions_per_s=actions / 10,
                      latencies=latencies, procs_actions=[actions], **more)  # type: ignore[arg-type]


def test_processes_merge_into_one_result() -> None:
    parent = _result(100, [1.0] * 100, server_cpu_ms_per_action=2.0,
                     loadgen_cpu_ms_per_action=1.0, loadgen_cpu_wait_ms_per_s=5.0,
                     error_kinds={"timeout": 1})
    child = _result(300, [2.0] * 296 + [50.0, 60.0, 70.0, 80.0], loadgen_cpu_ms_per_action=2.0,
                    loadgen_cpu_wait_ms_per_s=7.0, error_kinds={"timeout": 2, "stale": 1})
    out = loadtest_procs.merge([parent, child], tables=2)
    assert out.tables == 2 and out.players == 8 and out.actions == 400
    assert out.procs_actions == [100, 300] and out.latency_samples == 400
    assert out.p50_ms == 2.0 and out.p99_ms == 50.0 and out.max_ms == 80.0
    assert out.server_cpu_ms_per_action == 0.5  # the node's CPU over all 400 actions
    assert out.loadgen_cpu_ms_per_action == 1.75
    assert out.loadgen_cpu_wait_ms_per_s == 12.0
    assert out.error_kinds == {"timeout": 3, "stale": 1} and out.errors == 4
    assert parent.actions == 100  # the parent's own result is left as it was


def test_sweep_sizes_and_rows() -> None:
    assert loadtest_sweep.parse_sizes("250,375, 500,750") == [250, 375, 500, 750]
    for bad in ("", "250,x", "0,5"):
        with pytest.raises(ValueError):
            loadtest_sweep.parse_sizes(bad)
    figures = flat(_result(10, [1.0], p99_ms=12.5, node={"node_p99_ms": 3.25}))
    assert "latencies" not in figures and figures["node_p99_ms"] == 3.25
    lines = loadtest_sweep.table([figures]).splitlines()
    assert len(lines) == 3 and lines[0].startswith("| tables | players | load |")
    assert "| 12.50 |" in lines[2] and "| 3.25 |" in lines[2]


class _Cycle:
    def __init__(self) -> None:
        self.me = self


async def test_the_generator_collects_young_cycles_on_its_tick_and_freezes_survivors() -> None:
    """The generator's own collector while it plays (client.loadtest._collect_young):
    automatic collection off, a young cycle freed at the next tick, a live object
    frozen, and the task ends with its ``stop``."""
    was_on = gc.isenabled()
    gc.disable()
    stop = asyncio.Event()
    task = asyncio.create_task(_collect_young(stop, tick_s=0.01))
    try:
        frozen = gc.get_freeze_count()
        garbage = _Cycle()
        gone = weakref.ref(garbage)
        del garbage
        kept = [_Cycle() for _ in range(100)]
        for _ in range(3000):  # conditions, not a timed wait
            if gone() is None and gc.get_freeze_count() >= frozen + 100:
                break
            await asyncio.sleep(0.01)
        assert gone() is None, "a young cycle was not collected"
        assert gc.get_freeze_count() >= frozen + len(kept)
        stop.set()
        await asyncio.wait_for(task, timeout=30)
    finally:
        task.cancel()
        gc.unfreeze()
        if was_on:
            gc.enable()
