"""Where the node's notices live on Redis Cluster: the transport of ``pubsub.Notices``.

On Redis 7 a table's channel is a sharded channel (``SSUBSCRIBE`` on the master of its
slot; ``apply.lua`` sends ``SPUBLISH``), so a table's notices travel on its own shard
only, whatever the number of shards. The node keeps one pub/sub connection per master
it follows tables on; the node-wide channels of ``listen`` (sign-outs, ranked matches)
stay classic ``PUBLISH``, broadcast over the cluster bus and heard on any node, and are
subscribed on one "home" master's connection. On a cluster older than Redis 7 (no
sharded pub/sub) every channel is classic and lives on the home connection.

``refresh()`` reads the slot map again: the multiplexer calls it before it subscribes
again the channels of a failed connection or of a slot that moved away, so they go to
the master that serves them now.
"""

from __future__ import annotations

from collections.abc import Callable

from redis.asyncio.cluster import RedisCluster
from redis.asyncio.connection import AbstractConnection
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import RedisError

from .cluster import master_of
from .pubsub import Route
from .pubsub_link import Link, link_options

__all__ = ["ClusterTransport"]


class ClusterTransport:
    """A cluster's channels: see the module docstring. ``sharded()`` says, once the
    store has connected, whether Redis has sharded pub/sub."""

    def __init__(self, cluster: RedisCluster, sharded: Callable[[], bool]) -> None:
        self._cluster = cluster
        self._sharded = sharded
        self._home = ""  # the name of the master the node-wide channels live on

    async def refresh(self) -> None:
        await self._cluster.nodes_manager.initialize()
        primaries = sorted(self._cluster.get_primaries(), key=lambda n: n.name)
        if not primaries:
            raise RedisError("the cluster has no master")
        self._home = primaries[0].name

    def route(self, channel: str, *, node_wide: bool) -> Route:
        if node_wide or not self._sharded():
            return Route(self._home)
        return Route(master_of(self._cluster, channel).name, "SSUBSCRIBE", "SUNSUBSCRIBE")

    def link(self, server: str) -> Link:
        def connect() -> AbstractConnection:
            node = self._cluster.get_node(node_name=server)
            if node is None:
                raise RedisConnectionError(f"{server} is not in the cluster's slot map")
            return node.connection_class(**{**node.connection_kwargs, **link_options()})

        return Link(server, connect)
