"""The room on Redis Cluster: the URL, the timer buckets and the per-shard write path.

``REDIS_URL=redis+cluster://host:port,host:port`` names a cluster (any reachable
nodes of it; the rest are discovered). Query parameters: ``wait_ms`` (default 1000),
how long a write waits for its shard's replica before it is acknowledged anyway (0:
do not wait; see ``ShardPipes``), and ``password``/``username`` as in ``redis://``.
A ``redis://`` URL is one Redis, exactly as before this module existed.

What changes under Cluster, and why it is safe:

- **Timers.** ``apply.lua`` swaps a table's timers in the same script as its state, so
  the timer set must sit in the table's slot. The timers live in ``TIMER_BUCKETS``
  sorted sets ``timers:{0}`` .. ``timers:{63}``; a new table's id is drawn until it
  hashes to one of those sets' slots (``TimerLayout.new_table_id``), so every table has
  a bucket and the pollers know every set there is. One Redis keeps the single set
  ``timers`` and ids as before (``TimerLayout.single()``).
- **Writes.** The per-action script runs on the table's master, sent by
  ``shard_pipes.ShardPipes`` on one pipelined connection per master (as ``RedisPipe``
  does for one Redis), followed on the same connection by ``WAIT 1 wait_ms``: the
  action is acknowledged after the shard's replica has it, so a master killed after an
  ack loses nothing the replica does not have when it is promoted.
- **Notices** use sharded pub/sub on Redis 7 (``server.tables.sharded_pubsub``).
"""

from __future__ import annotations

import asyncio
import secrets
import urllib.parse
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from redis.asyncio.cluster import ClusterNode, ClusterPipeline, RedisCluster
from redis.crc import key_slot
from redis.exceptions import ConnectionError as RedisConnectionError

from server.errors import REDIS_ERRORS

__all__ = [
    "CLUSTER_ERRORS",
    "CLUSTER_SCHEME",
    "TIMER_BUCKETS",
    "ClusterURL",
    "TimerLayout",
    "WaitingCluster",
    "cluster_client",
    "is_cluster_url",
    "master_of",
    "parse_cluster_url",
]

CLUSTER_SCHEME = "redis+cluster"
TIMER_BUCKETS = 64
DEFAULT_WAIT_MS = 1000
# Every error of redis-py's cluster client (some are not RedisError)
CLUSTER_ERRORS = REDIS_ERRORS


def is_cluster_url(url: str) -> bool:
    return urllib.parse.urlsplit(url).scheme == CLUSTER_SCHEME


@dataclass(frozen=True)
class ClusterURL:
    """What a ``redis+cluster://`` URL says."""

    nodes: tuple[tuple[str, int], ...]
    wait_ms: int = DEFAULT_WAIT_MS
    username: str | None = None
    password: str | None = None


def parse_cluster_url(url: str) -> ClusterURL:
    """Parse ``redis+cluster://[user:pass@]host:port,host:port[?wait_ms=N]``.

    Raises ValueError with a sentence saying what is wrong.
    """
    parts = urllib.parse.urlsplit(url)
    if parts.scheme != CLUSTER_SCHEME:
        raise ValueError(f"a cluster URL starts with {CLUSTER_SCHEME}://, not {url!r}")
    credentials, _, hosts = parts.netloc.rpartition("@")
    nodes = []
    for item in filter(None, hosts.split(",")):
        host, sep, port = item.rpartition(":")
        if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
            raise ValueError(f"cluster node {item!r} in REDIS_URL is not host:port")
        nodes.append((host, int(port)))
    if not nodes:
        raise ValueError("REDIS_URL names a cluster but no node (host:port,host:port)")
    query = urllib.parse.parse_qs(parts.query)
    username, _, password = credentials.partition(":") if credentials else ("", "", "")
    unquote = urllib.parse.unquote
    try:
        wait_ms = int(query.get("wait_ms", [str(DEFAULT_WAIT_MS)])[0])
    except ValueError:
        raise ValueError("wait_ms in REDIS_URL must be a whole number of milliseconds") from None
    if wait_ms < 0:
        raise ValueError("wait_ms in REDIS_URL must not be negative")
    return ClusterURL(tuple(nodes), wait_ms,
                      unquote(username) if username else None,
                      unquote(password) if password else None)


def cluster_client(config: ClusterURL, max_connections: int = 64) -> RedisCluster:
    """redis-py's asyncio cluster client (bytes replies) on the URL's nodes. At most
    ``max_connections`` commands or pipelines run at once; more wait for one to end (up
    to ``CONNECTION_WAIT_S``) instead of failing, as on one Redis."""
    return WaitingCluster(
        startup_nodes=[ClusterNode(host, port) for host, port in config.nodes],
        username=config.username, password=config.password,
        max_connections=max_connections, health_check_interval=10)


# How long a command waits for a free connection: BlockingConnectionPool's timeout on one
# Redis.
CONNECTION_WAIT_S = 10.0
# Set while a task runs a command: a pipeline that retries one of its commands through
# the client (a MOVED reply) already holds its turn and must not wait for a second one.
_HOLDING: ContextVar[bool] = ContextVar("cluster_command_holding", default=False)


class WaitingCluster(RedisCluster):
    """``RedisCluster`` whose commands wait for a connection when all are busy.

    redis-py's cluster client keeps at most ``max_connections`` per master and raises
    ``MaxConnectionsError`` at once for one more (one Redis's ``BlockingConnectionPool``
    waits instead), so a burst of work (fifty tables starting at once) would refuse some
    of it. Here a semaphore of the same size admits commands and pipelines: a pipeline
    holds at most one connection per master, so no master's pool can run out.
    Pub/sub connections are made outside the pools and are not counted.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._turns = asyncio.Semaphore(kwargs.get("max_connections", 100))  # redis-py's default

    async def execute_command(self, *args: Any, **kwargs: Any) -> Any:
        async with self.turn():
            return await super().execute_command(*args, **kwargs)

    def pipeline(self, transaction: Any | None = None,
                 shard_hint: Any | None = None) -> ClusterPipeline:
        super().pipeline(transaction, shard_hint)  # its argument checks
        return _WaitingPipeline(self, transaction)  # type: ignore[abstract]

    def turn(self) -> _Turn:
        """Hold one of the client's turns (a connection per master) while inside."""
        return _Turn(self._turns)


class _Turn:
    def __init__(self, turns: asyncio.Semaphore) -> None:
        self._turns = turns
        self._token: Any = None

    async def __aenter__(self) -> None:
        if _HOLDING.get():
            return
        try:
            async with asyncio.timeout(CONNECTION_WAIT_S):
                await self._turns.acquire()
        except TimeoutError:
            raise RedisConnectionError(
                f"no free Redis Cluster connection in {CONNECTION_WAIT_S:g} s") from None
        self._token = _HOLDING.set(True)

    async def __aexit__(self, *_: object) -> None:
        if self._token is not None:
            _HOLDING.reset(self._token)
            self._token = None
            self._turns.release()


class _WaitingPipeline(ClusterPipeline):
    cluster_client: WaitingCluster

    async def execute(self, raise_on_error: bool = True,
                      allow_redirections: bool = True) -> list[Any]:
        async with self.cluster_client.turn():
            return await super().execute(raise_on_error, allow_redirections)


def master_of(client: RedisCluster, key: str) -> ClusterNode:
    """The master serving ``key``'s slot in the client's slot map."""
    node = client.get_node_from_key(key)
    if node is None:
        raise RedisConnectionError(f"no master serves the slot of {key}")
    return node


class TimerLayout:
    """Which sorted set holds a table's timers, and how new table ids are drawn."""

    def __init__(self, keys_by_slot: dict[int, str] | None) -> None:
        self._by_slot = keys_by_slot  # None: one Redis, one set
        self.keys: list[str] = sorted(set(keys_by_slot.values())) if keys_by_slot else ["timers"]

    @classmethod
    def single(cls) -> TimerLayout:
        """One Redis: the one set ``timers`` (keys.TIMERS), ids as they always were."""
        return cls(None)

    @classmethod
    def buckets(cls, count: int = TIMER_BUCKETS) -> TimerLayout:
        """Cluster: ``count`` sets ``timers:{b}``, each in the slot its tag hashes to."""
        by_slot: dict[int, str] = {}
        for bucket in range(count):
            by_slot.setdefault(key_slot(str(bucket).encode()), f"timers:{{{bucket}}}")
        return cls(by_slot)

    @property
    def clustered(self) -> bool:
        return self._by_slot is not None

    def key_for(self, table_id: str) -> str:
        """The set a table's timers go in: it shares the table's slot under Cluster. An
        id not drawn by ``new_table_id`` gets a set of its own that only the node that
        set the timer runs (no poller knows it)."""
        if self._by_slot is None:
            return "timers"
        return self._by_slot.get(key_slot(table_id.encode()), f"timers:{{{table_id}}}")

    def new_table_id(self, nbytes: int) -> str:
        """A fresh random table id (``secrets.token_urlsafe(nbytes)``); under Cluster
        one whose slot has a timer bucket (about 256 draws, microseconds each)."""
        while True:
            table_id = secrets.token_urlsafe(nbytes)
            if self._by_slot is None or key_slot(table_id.encode()) in self._by_slot:
                return table_id

    def slice(self, tick: int, per_tick: int) -> list[str]:
        """The ``tick``-th group of ``per_tick`` sets, round the list: a poller that
        takes one group a tick visits every set every ``len(keys) / per_tick`` ticks."""
        count = len(self.keys)
        if per_tick >= count:
            return list(self.keys)
        start = (tick * per_tick) % count
        return [self.keys[(start + i) % count] for i in range(per_tick)]
