"""The social layer's own tests of accounts and sessions, the sign-in throttle, chat and
the ranked queue, run again on a real Redis Cluster: a command or MULTI whose keys span
slots fails there (CROSSSLOT), so every one of them passing is the check that the
social keys are grouped by hash tag as docs/social.md says."""

from __future__ import annotations

import inspect
from collections.abc import AsyncIterator

import pytest
from redis.asyncio.cluster import ClusterNode, RedisCluster

from server.ops.redis_cluster import RedisClusterProcess
from tests.social import test_accounts, test_chat, test_matchmaking
from tests.social.conftest import (  # noqa: F401  (fixtures, re-exported for pytest)
    accounts,
    chat,
    cheap_policy,
    clock,
    ratings,
)
from tests.social.test_matchmaking import matchmaker  # noqa: F401  (a fixture)

# The tests that use Redis (through these fixtures), taken over as they are. Left out:
# the pure ones (nothing to check here), and the ones that listen on a plain client of
# the one Redis at ``redis_url`` (the session's single server, not this cluster): what
# those check, node-wide channels, is classic pub/sub on a cluster too.
_ON_REDIS = {"redis", "accounts", "chat", "matchmaker", "ratings"}
for _module in (test_accounts, test_chat, test_matchmaking):
    for _name, _test in vars(_module).items():
        if _name.startswith("test_") and callable(_test):
            _uses = set(inspect.signature(_test).parameters)
            if _uses & _ON_REDIS and "redis_url" not in _uses:
                globals()[_name] = _test



@pytest.fixture
async def redis(cluster: RedisClusterProcess) -> AsyncIterator[RedisCluster]:
    """The social tests' ``redis``, on the cluster (emptied first, as on one Redis)."""
    client = RedisCluster(startup_nodes=[ClusterNode("127.0.0.1", node.port)
                                         for node in cluster.live_nodes()])
    await client.flushall(target_nodes=RedisCluster.PRIMARIES)
    try:
        yield client
    finally:
        await client.aclose()
