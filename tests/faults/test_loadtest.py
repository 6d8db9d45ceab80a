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
