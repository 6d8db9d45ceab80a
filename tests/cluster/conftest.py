"""Fixtures of the Redis Cluster tests: a real cluster of six redis-server processes
(three masters, three replicas, ``server.ops.redis_cluster``), the room tests' nodes and
clients. A cluster test needs Redis 7 (sharded pub/sub): without it the test skips, and
fails with ``CI=true`` (scripts/system-packages.txt installs Debian's redis-server)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from server.ops.redis_cluster import RedisClusterProcess
from server.ops.redis_process import RedisServerNotFound
from tests.conftest import CI
from tests.room.conftest import make_client, spawn_node

__all__ = ["cluster", "make_client", "redis_cluster", "spawn_node", "started_cluster"]

# How long a silent master has before its replica takes over: long enough that a test
# sees the outage (clients answered "unavailable"), short enough to keep tests quick.
NODE_TIMEOUT_MS = 1500


def started_cluster(data_dir: Path, ci: CI, **options: Any) -> RedisClusterProcess:
    """A started cluster (``RedisClusterProcess`` options); stop it after the test.
    Without the Redis it needs: skip, or fail on CI."""
    cluster = RedisClusterProcess(data_dir, node_timeout_ms=NODE_TIMEOUT_MS, **options)
    try:
        return cluster.start()
    except RedisServerNotFound as err:
        ci.require(f"Redis for Redis Cluster ({err})")


@pytest.fixture
def redis_cluster(tmp_path: Path, ci: CI) -> Iterator[RedisClusterProcess]:
    """A fresh Redis 7 cluster for one test (a test may kill its masters)."""
    cluster = started_cluster(tmp_path / "cluster", ci)
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory, ci: CI) -> Iterator[RedisClusterProcess]:
    """One Redis 7 cluster for a whole module, whose tests kill no node."""
    shared = started_cluster(tmp_path_factory.mktemp("cluster"), ci)
    try:
        yield shared
    finally:
        shared.stop()
