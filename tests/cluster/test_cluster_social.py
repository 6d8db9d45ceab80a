"""The social layer's own tests (accounts, sign-in throttle, chat, ranked queue,
ratings, invites), run again on a real Redis Cluster: a command or MULTI whose keys span
slots fails there (CROSSSLOT), so every one of them passing is the check that the
social keys are grouped by hash tag as docs/social.md says."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import pytest
from redis.asyncio.cluster import ClusterNode, RedisCluster

from server.ops.redis_cluster import RedisClusterProcess
from tests.conftest import CI
from tests.social.conftest import (  # noqa: F401  (fixtures, re-exported for pytest)
    accounts,
    chat,
    cheap_policy,
    clock,
    invites,
    ratings,
)
from tests.social.test_accounts import *  # noqa: F403
from tests.social.test_chat import *  # noqa: F403
from tests.social.test_matchmaking import *  # noqa: F403
from tests.social.test_ratings import *  # noqa: F403

from .conftest import started_cluster


@pytest.fixture(scope="module")
def social_cluster(tmp_path_factory: pytest.TempPathFactory,
                   ci: CI) -> Iterator[RedisClusterProcess]:
    cluster = started_cluster(tmp_path_factory.mktemp("social"), ci)
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture
async def redis(social_cluster: RedisClusterProcess) -> AsyncIterator[RedisCluster]:
    """The social tests' ``redis``, on the cluster (emptied first, as on one Redis)."""
    client = RedisCluster(startup_nodes=[ClusterNode("127.0.0.1", node.port)
                                         for node in social_cluster.live_nodes()])
    await client.flushall(target_nodes=RedisCluster.PRIMARIES)
    try:
        yield client
    finally:
        await client.aclose()
