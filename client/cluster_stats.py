"""Redis's own statistics for the load test, from one Redis or from a whole cluster.

``redis_stats(url)`` gives a ``redis.asyncio.Redis`` for a ``redis://`` URL, and for a
``redis+cluster://`` URL a ``ClusterStats``, which answers the same ``info(section)``
with the cluster's sums: ``commandstats`` over the masters (what the nodes sent;
a replica's counts are the masters' writes replayed; the replicas' own ``REPLCONF``
acknowledgements are left out), ``cpu`` over every node, masters and replicas
(replication is part of what the cluster costs).
"""

from __future__ import annotations

import urllib.parse
from collections.abc import Iterable
from typing import Any

import redis.asyncio as aioredis

__all__ = ["ClusterStats", "redis_stats"]

# Commands a master counts that no room node sent: the replicas' acknowledgements
# (REPLCONF ACK, asked for by every WAIT) and this module's own CLUSTER NODES.
_NOT_THE_NODES = ("cmdstat_replconf", "cmdstat_psync", "cmdstat_cluster|nodes")


def redis_stats(url: str) -> Any:
    """A client whose ``info``, ``config_set`` and ``aclose`` the load test uses."""
    if urllib.parse.urlsplit(url).scheme == "redis+cluster":
        return ClusterStats(url)
    return aioredis.Redis.from_url(url)


def _merge(infos: Iterable[dict[str, Any]]) -> dict[str, Any]:
    merged: dict[str, Any] = {}
    for info in infos:
        for key, value in info.items():
            if isinstance(value, dict):  # commandstats: {"calls": n, ...} per command
                into = merged.setdefault(key, {"calls": 0})
                into["calls"] += int(value.get("calls", 0))
            elif isinstance(value, int | float):
                merged[key] = merged.get(key, 0) + value
    return merged


class ClusterStats:
    """INFO summed over a cluster's nodes (found with CLUSTER NODES)."""

    def __init__(self, url: str) -> None:
        hosts = urllib.parse.urlsplit(url).netloc.rpartition("@")[2]
        self._seeds = [(h, int(p)) for h, _, p in (x.rpartition(":") for x in hosts.split(","))]
        self._clients: dict[str, aioredis.Redis] = {}

    def _client(self, host: str, port: int) -> aioredis.Redis:
        name = f"{host}:{port}"
        if name not in self._clients:
            self._clients[name] = aioredis.Redis(host=host, port=port)
        return self._clients[name]

    async def _nodes(self) -> tuple[list[aioredis.Redis], list[aioredis.Redis]]:
        """(masters, every live node); redis-py reads CLUSTER NODES into a dict."""
        host, port = self._seeds[0]
        nodes = await self._client(host, port).execute_command("CLUSTER NODES")
        masters, everyone = [], []
        for address, node in nodes.items():
            flags = str(node["flags"])
            if "fail" in flags:
                continue
            node_host, _, node_port = str(address).split("@")[0].rpartition(":")
            client = self._client(node_host or host, int(node_port))
            everyone.append(client)
            if "master" in flags:
                masters.append(client)
        return masters, everyone

    async def info(self, section: str) -> dict[str, Any]:
        masters, everyone = await self._nodes()
        nodes = masters if section == "commandstats" else everyone
        merged = _merge([await node.info(section) for node in nodes])
        for own in _NOT_THE_NODES:
            merged.pop(own, None)
        return merged

    async def config_set(self, name: str, value: str) -> None:
        for node in (await self._nodes())[1]:
            await node.config_set(name, value)

    async def aclose(self) -> None:
        for client in self._clients.values():
            await client.aclose()
