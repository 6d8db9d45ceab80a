"""The load benchmark tool runs end to end (figures, not a timed test): its own node
and private Redis, scripted tables, and every figure it promises in its JSON."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.slow


def test_the_load_test_measures_a_small_room() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "client.loadtest", "--tables", "2", "--idle", "5",
         "--duration", "2", "--warmup", "1", "--json"],
        cwd=ROOT, capture_output=True, text=True, timeout=100)
    assert out.returncode == 0, out.stderr[-3000:]
    figures = json.loads(out.stdout.strip().splitlines()[-1])
    assert figures["players"] == 8 and figures["idle"] == 5
    assert figures["actions"] > 0 and figures["actions_per_s"] > 0
    assert 0 < figures["p50_ms"] <= figures["p99_ms"] <= figures["max_ms"]
    assert figures["errors"] == 0, figures["error_kinds"]
    assert figures["server_rss_mb"] > 10
    assert 1 <= figures["redis_calls_per_action"] <= 2  # one script call per action
    assert figures["redis_commands_per_action"] > figures["redis_calls_per_action"]
    assert 30 < figures["bytes_per_play_per_seat"] <= 80
    # The node's own share, from its /metrics: every action timed, the loop-lag timer
    # ticking (every 20 ms) through the window.
    assert figures["node_count"] > 0 and figures["node_p50_ms"] is not None
    # ... and inside it the table writes' round trips.
    assert figures["redis_write_count"] > 0 and figures["redis_write_p99_ms"] is not None
    assert figures["loop_lag_count"] > 0 and figures["loop_lag_p99_ms"] is not None
    assert figures["loop_lag_own_count"] == figures["loop_lag_count"]
    assert "gc_pause_ms_per_s" in figures and figures["load_1m"] is not None


def _lines(*args: str) -> list[dict[str, object]]:
    out = subprocess.run([sys.executable, "-m", "client.loadtest", *args, "--json"],
                         cwd=ROOT, capture_output=True, text=True, timeout=200)
    assert out.returncode == 0, out.stderr[-3000:]
    return [json.loads(line) for line in out.stdout.strip().splitlines()
            if line.startswith("{")]


def test_two_generator_processes_each_play_their_tables() -> None:
    [figures] = _lines("--tables", "4", "--procs", "2", "--pace-ms", "100",
                       "--duration", "2", "--warmup", "1")
    assert figures["players"] == 16 and figures["errors"] == 0
    procs = figures["procs_actions"]
    assert isinstance(procs, list) and len(procs) == 2 and min(procs) > 0
    assert figures["actions"] == sum(procs) == figures["latency_samples"]


def test_a_sweep_prints_one_row_per_size() -> None:
    rows = _lines("--sweep", "1,2", "--pace-ms", "100", "--duration", "1", "--warmup", "1")
    assert [row["tables"] for row in rows] == [1, 2]
    assert all(row["actions"] and row["node_count"] for row in rows)
