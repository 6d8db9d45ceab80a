"""Who is online, per account, across nodes (issue 17), cheaply.

Each node counts its own sockets per account in memory. Redis is written only when
that count goes 0 -> 1 (``HSET pr:{pid} <node> <doing>``), when what the account is
doing on this node changes (a table entered or left), and when it goes back to 0
(``HDEL``): never per socket per second. A node proves it is alive with one key,
``pn:<node>``, set with a TTL of ``ttl_s`` and refreshed every ``ttl_s / 3``; a node
killed without a goodbye stops refreshing it, so readers see its accounts offline
within ``ttl_s`` seconds. Readers (``doing_of``) check the node keys of the fields
they read and delete the fields of dead nodes as they go.

``doing`` is a short string: ``"lobby"``, ``"playing:<table>"`` or
``"watching:<table>"``. An account with sockets on two nodes shows the busiest of its
live nodes (playing over watching over lobby).

Redis load for N accounts on a node: 1 SET per ``ttl_s / 3`` seconds for the node,
plus about one HSET per connect, table change and disconnect, sent by one writer task
in pipelines that keep only each account's latest state (docs/benchmarks.md).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Iterable

import redis.asyncio as aioredis

from server.ops.periodic import Periodic

from .lobby_push import PRESENCE_CHANNEL, packed_pids
from .store import redis_errors

__all__ = ["LOBBY", "Presence", "busiest", "node_key", "presence_key"]

log = logging.getLogger(__name__)

LOBBY = "lobby"
_RANK = {"playing": 2, "watching": 1}
PRESENCE_KEY_TTL_S = 7 * 86_400  # a hash left by nodes that all died is forgotten


def presence_key(pid: str) -> str:
    """Hash: node id -> what the account is doing on that node."""
    return f"pr:{{{pid}}}"


def node_key(node: str) -> str:
    """String with a TTL: present while node ``node`` is alive."""
    return f"pn:{{{node}}}"


def _text(raw: bytes | str) -> str:
    return raw.decode() if isinstance(raw, bytes) else raw


def busiest(doings: Iterable[str]) -> str | None:
    """The doing to show among several (one per node); None for none."""
    best: str | None = None
    for doing in doings:
        if best is None or _RANK.get(doing.split(":", 1)[0], 0) > _RANK.get(
                best.split(":", 1)[0], 0):
            best = doing
    return best


class Presence:
    """One node's part. ``connect``/``disconnect`` per socket, ``set_doing`` when an
    account's doing on this node changes, ``start``/``stop`` the heartbeat."""

    def __init__(self, client: aioredis.Redis, node: str, ttl_s: float = 10.0) -> None:
        self._client = client
        self.node = node
        self.ttl_s = ttl_s
        self._count: dict[str, int] = {}
        self._doing: dict[str, str] = {}
        self._pending: dict[str, str | None] = {}  # pid -> latest doing (None: gone)
        self._wake = asyncio.Event()
        self._fresh: set[str] = set()  # pids connected since the last batch
        self._busy = False
        self._tasks: list[asyncio.Task[None]] = []
        self._stopped = False
        # Redis away: the next beat tries again.
        self._heartbeat = Periodic("presence-heartbeat", self.ttl_s / 3, self._alive,
                                   lambda err: log.warning("presence heartbeat failed: %r", err))

    # -- the heartbeat ---------------------------------------------------------------------

    async def start(self) -> None:
        await self._alive()
        self._stopped = False
        self._heartbeat.start()
        self._tasks = [asyncio.create_task(self._write_forever(), name="presence-writer")]

    async def stop(self) -> None:
        """Stop the heartbeat and the writer and say goodbye: the node key goes at once,
        so this node's accounts read offline without waiting for the TTL."""
        self._stopped = True
        await self._heartbeat.stop()
        for task in self._tasks:
            task.cancel()
        if self._tasks:
            await asyncio.wait(self._tasks, timeout=2)
        with contextlib.suppress(Exception):
            await self._client.delete(node_key(self.node))

    async def _alive(self) -> None:
        await self._client.set(node_key(self.node), b"1", px=int(self.ttl_s * 1000))

    # -- this node's sockets ------------------------------------------------------------------

    @property
    def counts(self) -> dict[str, int]:
        """Sockets per account on this node (read only)."""
        return self._count

    @property
    def online_here(self) -> int:
        """Accounts with a socket on this node."""
        return len(self._count)

    def connect(self, pid: str, doing: str = LOBBY) -> None:
        """A socket of account ``pid`` opened here (the write happens for the first)."""
        count = self._count.get(pid, 0)
        self._count[pid] = count + 1
        if count == 0:
            self._fresh.add(pid)
            self.set_doing(pid, doing)

    def disconnect(self, pid: str) -> None:
        """A socket of ``pid`` closed here; the last one removes this node's field."""
        count = self._count.get(pid, 0) - 1
        if count > 0:
            self._count[pid] = count
            return
        self._count.pop(pid, None)
        if self._doing.pop(pid, None) is not None:
            self._write(pid, None)

    def set_doing(self, pid: str, doing: str) -> None:
        """What ``pid`` does on this node now; written only when it changed."""
        if pid not in self._count or self._doing.get(pid) == doing:
            return
        self._doing[pid] = doing
        self._write(pid, doing)

    def _write(self, pid: str, doing: str | None) -> None:
        # Only the latest state of each account is kept until the writer sends it: a
        # burst (every socket reconnecting after a node restart) becomes a few
        # pipelines on one connection, not one connection per write.
        self._pending[pid] = doing
        self._wake.set()

    async def _write_forever(self) -> None:
        while not self._stopped:
            await self._wake.wait()
            self._wake.clear()
            batch, self._pending = self._pending, {}
            fresh, self._fresh = self._fresh, set()
            self._busy = True
            try:
                async with self._client.pipeline(transaction=False) as pipe:
                    # Lobby pages of those who follow them are told (lobby_push).
                    pipe.publish(PRESENCE_CHANNEL, packed_pids(batch))
                    for pid, doing in batch.items():
                        key = presence_key(pid)
                        if doing is None:
                            pipe.hdel(key, self.node)
                        else:
                            pipe.hset(key, self.node, doing)
                            if pid in fresh:  # a connect: the key may be new
                                pipe.expire(key, PRESENCE_KEY_TTL_S)
                    await pipe.execute()
            except Exception as err:  # Redis away: keep what is still the latest, retry
                if self._stopped:
                    return  # the stop's cancel, come out as a Redis error (ops.periodic)
                log.warning("presence writes failed (%d accounts): %r", len(batch), err)
                self._pending = {**batch, **self._pending}
                self._fresh |= fresh
                await asyncio.sleep(min(1.0, self.ttl_s / 3))
                self._wake.set()
            finally:
                self._busy = False

    async def flushed(self) -> None:
        """Wait until the writes asked for so far are in Redis (tests, the benchmark)."""
        while self._pending or self._wake.is_set() or self._busy:
            await asyncio.sleep(0.01)

    # -- reading -----------------------------------------------------------------------------

    async def doing_of(self, pids: list[str]) -> dict[str, str | None]:
        """What each account is doing on its live nodes (None: offline). Two round
        trips whatever the number of accounts; fields of dead nodes are removed."""
        if not pids:
            return {}
        async with redis_errors("presence read"):
            async with self._client.pipeline(transaction=False) as pipe:
                for pid in pids:
                    pipe.hgetall(presence_key(pid))
                rows = await pipe.execute()
            fields = [{_text(k): _text(v) for k, v in row.items()} for row in rows]
            nodes = sorted({node for row in fields for node in row})
            live: set[str] = set()
            if nodes:
                flags = await self._client.mget([node_key(n) for n in nodes])
                live = {n for n, flag in zip(nodes, flags, strict=True) if flag is not None}
            dead = [(pid, node) for pid, row in zip(pids, fields, strict=True)
                    for node in row if node not in live]
            if dead:
                async with self._client.pipeline(transaction=False) as pipe:
                    for pid, node in dead:
                        pipe.hdel(presence_key(pid), node)
                    await pipe.execute()
        return {pid: busiest(d for n, d in row.items() if n in live)
                for pid, row in zip(pids, fields, strict=True)}
