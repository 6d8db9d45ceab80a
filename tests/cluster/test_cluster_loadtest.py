"""The load benchmark's comparisons run end to end (figures, not a timed test): the
room on one Redis and on a private Redis Cluster, and the floor relay, in one run."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from server.ops.redis_cluster import find_cluster_binaries
from server.ops.redis_process import RedisServerNotFound
from tests.conftest import CI

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.slow


def test_the_load_test_compares_one_redis_a_cluster_and_the_floor(ci: CI) -> None:
    try:
        find_cluster_binaries()
    except RedisServerNotFound as err:
        ci.require(f"Redis 7 for Redis Cluster ({err})")
    out = subprocess.run(
        [sys.executable, "-m", "client.loadtest", "--tables", "2", "--duration", "2",
         "--warmup", "1", "--redis-cluster", "--floor", "--json"],
        cwd=ROOT, capture_output=True, text=True, timeout=150)
    assert out.returncode == 0, out.stderr[-3000:]
    report = json.loads(out.stdout.strip().splitlines()[-1])
    one, cluster, floor = report["one_redis"], report["cluster"], report["floor"]
    for run in (one, cluster):
        assert run["actions"] > 0 and run["errors"] == 0, run["error_kinds"]
        assert run["loadavg"]  # the machine's load beside every figure
    assert "spublish" in cluster["redis_commandstats"]  # sharded notices on the cluster
    assert "wait" in cluster["redis_commandstats"]  # acks wait for the replica
    assert "publish" in one["redis_commandstats"] and "wait" not in one["redis_commandstats"]
    assert 1 <= one["redis_calls_per_action"] <= 2
    assert floor["actions"] > 0 and floor["relay_cpu_ms_per_action"] > 0
    assert floor["frame_bytes"] == int(one["bytes_per_play_per_seat"])
    assert report["room_cpu_over_floor"] == pytest.approx(
        one["server_cpu_ms_per_action"] / floor["relay_cpu_ms_per_action"], rel=0.01)
    assert report["cluster_over_one_redis"]["actions_per_s"] > 0
