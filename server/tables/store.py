"""The room's Redis store: tables, their event streams and notices, timers, players.

Every Redis call of the room goes through ``Store``; every Redis failure comes out as
``StoreError`` (the raw error is logged and chained, never shown to a client; Redis's
OOM refusal becomes ``RoomFull``, "room_full"). The Lua
scripts live next to this file (``apply.lua``, ``claim_timers.lua``) and are registered
once per store (EVALSHA, falling back to EVAL after a Redis restart).

One action costs one call when the caller's copy of the table is current: ``write``
(compare-and-set, stream, timers and notice in one script); ``load`` only on a conflict
or a cold cache. A store made by ``from_url`` sends those two (the per-action path) on
one pipelined connection (``redis_pipe``), the rest through redis-py's pool.

A ``redis+cluster://`` URL makes the same store on Redis Cluster (``server.tables.cluster``):
redis-py's cluster client for the rest, one pipelined connection per master for the
per-action path, the timers in per-slot buckets, sharded notices on Redis 7. Call
``connect()`` once before use (``Room.start`` does); on one Redis it does nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib.resources
import logging
import time
from collections.abc import AsyncIterator, Callable
from typing import Any

import msgpack
import redis.asyncio as aioredis
from redis.asyncio.cluster import RedisCluster
from redis.exceptions import NoScriptError, RedisError

from server.errors import StoreError, is_redis_failure, storage_error
from server.ops.metrics import METRICS

from . import keys
from .blob import BlobPacker
from .cluster import (
    ClusterURL,
    TimerLayout,
    cluster_client,
    is_cluster_url,
    parse_cluster_url,
)
from .model import PRACTICE, Table, decode_table, parse_timer
from .pipe import RedisPipe
from .pubsub import Notices, OneRedis
from .shard_pipes import ShardPipes
from .sharded_pubsub import ClusterTransport

__all__ = ["Store", "StoreError"]

log = logging.getLogger(__name__)

PLAYER_TTL_S = 30 * 86_400
STREAM_LEN = 500
CLAIM_SETS_PER_POLL = 8  # timer sets a poll claims from: all 64 buckets every 8 polls


def _script(name: str) -> str:
    return importlib.resources.files(__package__).joinpath(name).read_text(encoding="utf-8")


@contextlib.asynccontextmanager
async def _wrapped(what: str) -> AsyncIterator[None]:
    try:
        yield
    except Exception as err:
        if not is_redis_failure(err):
            raise
        log.warning("redis failed during %s: %r", what, err)
        METRICS.redis_errors.inc()
        raise storage_error(err) from err


# The same wrapper for the parts above the tables that keep their own keys in the
# room's Redis (the tournaments): counted and logged as the table calls are.
room_redis_errors = _wrapped


class Store:
    """The room's view of one Redis (or one cluster). ``client`` must return bytes."""

    def __init__(self, client: aioredis.Redis, table_ttl_s: int = 86_400,
                 pipe: RedisPipe | None = None, practice_ttl_s: int | None = None,
                 *, cluster: ClusterURL | None = None) -> None:
        self.client: Any = client  # aioredis.Redis, or RedisCluster with ``cluster``
        self.table_ttl_s = table_ttl_s
        # A practice table is one person's: forgotten soon after its last change.
        self.practice_ttl_s = practice_ttl_s or table_ttl_s
        self._pipe = pipe  # the same Redis as ``client``: table reads and writes
        self._blobs = BlobPacker()
        self._cluster = cluster
        self._shards = ShardPipes(self.client, cluster) if cluster is not None else None
        self.timers = TimerLayout.buckets() if cluster is not None else TimerLayout.single()
        self.sharded_pubsub = False  # SPUBLISH/SSUBSCRIBE: a cluster of Redis 7 (connect())
        self._claim_tick = 0
        self._apply = client.register_script(_script("apply.lua"))
        self._claim = client.register_script(_script("claim_timers.lua"))
        # Told the stream a written game end was queued on (the node's archive consumer
        # reads it at once instead of at its next sweep).
        self.on_archive_queued: Callable[[str], None] | None = None

    @classmethod
    def from_url(cls, url: str, table_ttl_s: int = 86_400, max_connections: int = 64,
                 practice_ttl_s: int | None = None) -> Store:
        """A store on its own pool: at most ``max_connections`` to Redis; more work at
        once waits for a free one (up to 10 s) instead of failing."""
        if is_cluster_url(url):
            config = parse_cluster_url(url)
            client: Any = cluster_client(config, max_connections)
            return cls(client, table_ttl_s, practice_ttl_s=practice_ttl_s, cluster=config)
        pool = aioredis.BlockingConnectionPool.from_url(
            url, max_connections=max_connections, timeout=10, health_check_interval=10)
        # the client owns the pool
        return cls(aioredis.Redis.from_pool(pool), table_ttl_s, RedisPipe.from_url(url),
                   practice_ttl_s)

    @property
    def clustered(self) -> bool:
        return self._cluster is not None

    @property
    def publish_command(self) -> str:
        """``SPUBLISH`` for a table's channel on a cluster of Redis 7, else ``PUBLISH``
        (what a chat message on the table's channel must be sent with, too)."""
        return "SPUBLISH" if self.sharded_pubsub else "PUBLISH"

    async def connect(self) -> None:
        """Under Cluster: read the slot map and pick sharded pub/sub if every master is
        Redis 7 or newer (the apply script then sends ``SPUBLISH``). One Redis: nothing."""
        if self._cluster is None:
            return
        async with _wrapped("connect"):
            await self.client.initialize()
            infos = await self.client.info("server", target_nodes=RedisCluster.PRIMARIES)
        versions = [int(str(info["redis_version"]).split(".")[0]) for info in infos.values()]
        self.sharded_pubsub = bool(versions) and min(versions) >= 7
        if self.sharded_pubsub:  # the one difference: SPUBLISH keeps notices on the shard
            text = _script("apply.lua").replace("redis.call('PUBLISH'", "redis.call('SPUBLISH'")
            self._apply = self.client.register_script(text)

    def notices(self, node_id: str, on_notice: Callable[[str, dict[str, Any]], None],
                on_reset: Callable[[], None]) -> Notices:
        """The node's pub/sub multiplexer on this store's Redis (``pubsub.Notices``)."""
        if self._cluster is None:
            return Notices(OneRedis(self.client), node_id, on_notice, on_reset)
        transport = ClusterTransport(self.client, lambda: self.sharded_pubsub)
        return Notices(transport, node_id, on_notice, on_reset)

    def new_table_id(self, nbytes: int) -> str:
        """A fresh random table id (under Cluster, one with a timer bucket)."""
        return self.timers.new_table_id(nbytes)

    async def close(self) -> None:
        if self._pipe is not None:
            self._pipe.close()
        if self._shards is not None:
            self._shards.close()
        with contextlib.suppress(RedisError, OSError):
            await self.client.aclose()

    # -- tables -----------------------------------------------------------------------

    async def load(self, table_id: str) -> Table | None:
        """The table as stored now, or None if there is no such table."""
        async with _wrapped("load"):
            if self._shards is not None:
                rev, blob = await self._shards.call(keys.table(table_id), "HMGET",
                                                    keys.table(table_id), "rev", "st")
            elif self._pipe is not None:
                rev, blob = await self._pipe.call("HMGET", keys.table(table_id), "rev", "st")
            else:
                rev, blob = await self.client.hmget(keys.table(table_id), ["rev", "st"])
        if rev is None or blob is None:
            return None
        try:
            return decode_table(blob, int(rev))
        except ValueError as err:
            log.error("table %s: %s", table_id, err)
            raise StoreError("This table's stored state is damaged.") from err

    async def write(self, old: Table | None, table: Table, notice: dict[str, Any],
                    game_log: list[tuple[int, str]] | None = None) -> int | None:
        """Store ``table`` if the stored version is still ``old.rev`` (``old`` None: a
        new table): write it, append ``notice`` to the table's stream, swap the timers
        (``old``'s that ``table`` no longer has out, its new ones in) and publish the
        notice, all in one atomic script. A game action (``"a"`` in the notice) is
        appended to the game's log; ``game_log`` instead replaces the whole log (an Undo).

        The notice gets ``"r"``, the new version. Returns the new version, or None if
        the version had moved on (re-read and try again).
        """
        old_rev = old.rev if old is not None else 0
        old_timers = old.timers if old is not None else {}
        payload = msgpack.packb({**notice, "r": old_rev + 1})
        gone = [m for m in old_timers if m not in table.timers]
        logged = f"{notice['s']} {notice['a']}" if "a" in notice else ""
        if game_log is not None:  # a leading newline tells apply.lua to replace the log
            logged = "\n" + "\n".join(f"{seat} {action}" for seat, action in game_log)
        ttl = self.practice_ttl_s if table.kind == PRACTICE else self.table_ttl_s
        if table.practice is not None and table.practice.keep_until_ms:
            # Kept until that moment at least, idle or not (a daily hand's day).
            ttl = max(ttl, -(-(table.practice.keep_until_ms - int(time.time() * 1000)) // 1000))
        args: list[Any] = [old_rev, self._blobs.pack(table), payload, keys.table_channel(table.id),
                           ttl, STREAM_LEN, logged, len(gone), *gone]
        for member, due in table.timers.items():
            if member not in old_timers:
                args.extend((due, member))
        script_keys = [keys.table(table.id), keys.table_events(table.id),
                       self.timers.key_for(table.id), keys.game_log(table.id, table.game_no)]
        archive_stream = None
        if "a" in notice and table.status == "over" and table.kind != PRACTICE:
            # The game's end, queued for the archive in the stream of the table's slot.
            archive_stream = keys.archive_queue(self.timers.key_for(table.id))
            script_keys.append(archive_stream)
        started = time.perf_counter()
        async with _wrapped("write"):
            if self._shards is not None:
                written, current = await self._write_shard(script_keys, args)
            elif self._pipe is None:
                written, current = await self._apply(keys=script_keys, args=args)
            else:
                try:
                    written, current = await self._pipe.call(
                        "EVALSHA", self._apply.sha, len(script_keys), *script_keys, *args)
                except NoScriptError:  # a restarted Redis: send the script itself
                    written, current = await self._pipe.call(
                        "EVAL", self._apply.script, len(script_keys), *script_keys, *args)
        METRICS.redis_write_seconds.observe(time.perf_counter() - started)
        if not written:
            log.debug("table %s: version %s moved on to %s", table.id, old_rev, current)
            return None
        if archive_stream is not None and self.on_archive_queued is not None:
            self.on_archive_queued(archive_stream)
        return int(current)

    async def _write_shard(self, script_keys: list[str], args: list[Any]) -> list[Any]:
        shards, count = self._shards, len(script_keys)
        assert shards is not None
        try:
            reply: list[Any] = await shards.write(script_keys[0], "EVALSHA", self._apply.sha,
                                                  count, *script_keys, *args)
        except NoScriptError:  # a promoted replica or a restarted master
            reply = await shards.write(script_keys[0], "EVAL", self._apply.script, count,
                                       *script_keys, *args)
        return reply

    async def events_since(self, table_id: str, version: int, upto: int | None = None,
                           limit: int = 200) -> list[dict[str, Any]] | None:
        """The notices after ``version`` (up to ``upto`` included, if given) in order,
        or None if the stream no longer holds all of them (then only a snapshot helps).

        The stream's entries up to a version a caller has read are never rewritten
        (each write appends the next version, in the script that stores the table),
        so the notices up to ``upto`` read after the table of version ``upto`` are
        exactly the changes that led to it: nothing missing, nothing later."""
        stop = "+" if upto is None else f"{upto}-1"
        async with _wrapped("events_since"):
            entries = await self.client.xrange(
                keys.table_events(table_id), min=f"{version + 1}-0", max=stop,
                count=limit + 1)
        if len(entries) > limit:
            return None
        notices = [msgpack.unpackb(fields[b"e"]) for _, fields in entries]
        if notices and notices[0]["r"] != version + 1:
            return None
        if upto is not None and upto > version and (not notices or notices[-1]["r"] != upto):
            return None
        return notices

    async def game_events(self, table_id: str, game_no: int) -> list[tuple[int, str]]:
        """Every action of one game of a table, ``(seat, action)`` in order (replay it
        from the game's rules, seed and first dealer to check the state)."""
        async with _wrapped("game_events"):
            entries = await self.client.lrange(keys.game_log(table_id, game_no), 0, -1)
        out: list[tuple[int, str]] = []
        for entry in entries:
            seat, action = entry.decode().split(" ", 1)
            out.append((int(seat), action))
        return out

    # -- timers -----------------------------------------------------------------------

    async def claim_timers(self, due_ms: int, lease_until_ms: int, limit: int = 100) -> list[str]:
        """Members due at or before ``due_ms``, now leased to this node until
        ``lease_until_ms`` (finish them by writing their table, or ``drop_timer``).

        One Redis: from the one set. Cluster: from the next ``CLAIM_SETS_PER_POLL`` of
        the buckets, in turn, so every node visits every bucket every few polls (and
        a bucket whose node died is still claimed by the others)."""
        sets = self.timers.slice(self._claim_tick, CLAIM_SETS_PER_POLL)
        self._claim_tick += 1
        async with _wrapped("claim_timers"):
            found = await asyncio.gather(*(
                self._claim(keys=[key], args=[due_ms, lease_until_ms, limit]) for key in sets))
        return [m.decode() for members in found for m in members]

    def _timer_set(self, member: str) -> str:
        return self.timers.key_for(parse_timer(member)[0])

    async def drop_timer(self, member: str) -> None:
        async with _wrapped("drop_timer"):
            await self.client.zrem(self._timer_set(member), member)

    async def timer_due(self, member: str) -> int | None:
        async with _wrapped("timer_due"):
            score = await self.client.zscore(self._timer_set(member), member)
        return None if score is None else int(score)

    # -- casual tables with open seats ------------------------------------------------------

    async def open_tables(self, kind: str, limit: int = 10) -> list[str]:
        async with _wrapped("open_tables"):
            found = await self.client.zrange(keys.open_tables(kind), 0, limit - 1)
        return [t.decode() for t in found]

    async def mark_open(self, kind: str, table_id: str, since_ms: int) -> None:
        async with _wrapped("mark_open"):
            await self.client.zadd(keys.open_tables(kind), {table_id: since_ms})

    async def mark_closed(self, kind: str, table_id: str) -> None:
        async with _wrapped("mark_closed"):
            await self.client.zrem(keys.open_tables(kind), table_id)

    # -- players ----------------------------------------------------------------------------

    async def player(self, pid: str) -> tuple[str | None, str | None]:
        """(name, table id) of a session, each None when unknown."""
        async with _wrapped("player"):
            name, table = await self.client.hmget(keys.player(pid), ["name", "table"])
        return (name.decode() if name else None, table.decode() if table else None)

    async def set_player(self, pid: str, *, name: str | None = None,
                         table: str | None = None, clear_table: bool = False) -> None:
        fields = {k: v for k, v in (("name", name), ("table", table)) if v is not None}
        async with _wrapped("set_player"), self.client.pipeline(transaction=False) as pipe:
            if fields:
                pipe.hset(keys.player(pid), mapping=fields)
            if clear_table:
                pipe.hdel(keys.player(pid), "table")
            pipe.expire(keys.player(pid), PLAYER_TTL_S)
            await pipe.execute()
