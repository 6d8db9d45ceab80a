"""Follows, friends and blocks (issue 17), kept in PostgreSQL (migration 0003).

An account follows another; two that follow each other are *friends*. A block is one
way and stronger than a follow: blocking someone removes both follows between the two,
and a blocked account can neither follow nor invite the blocker (``Blocked``). Chat of
a blocked account is hidden from the blocker (``blocked_by``, read by the hub).

Every method takes account pids; names are resolved by the caller (the HTTP routes).
PostgreSQL failures come out as ``ArchiveUnavailable`` (``server.archive.db``).
"""

from __future__ import annotations

from dataclasses import dataclass

import msgpack
import redis.asyncio as aioredis

from server.archive.db import Database

from .errors import SocialError
from .reasons import BLOCK_SELF, FOLLOW_BLOCKED, FOLLOW_SELF, TOO_MANY_FOLLOWS
from .store import redis_errors

__all__ = ["BLOCKS_CHANNEL", "Blocked", "Friends", "Graph", "SelfTarget"]

BLOCKS_CHANNEL = "bk:n"  # msgpack {"pid"}: that account's blocks changed (nodes reload)

MAX_FOLLOWS = 500  # follows per account: a list a person can read


class Blocked(SocialError):
    """The other account blocked this one (or this one blocked it)."""

    code = "blocked"
    status = 403


class SelfTarget(SocialError):
    """Following, blocking or inviting oneself."""

    code = "bad_target"
    status = 400


class TooManyFollows(SocialError):
    code = "too_many_follows"
    status = 409


@dataclass(frozen=True, slots=True)
class Graph:
    """One account's side: whom it follows, who follows it, whom it blocked."""

    following: frozenset[str]
    followers: frozenset[str]
    blocked: frozenset[str]

    @property
    def friends(self) -> frozenset[str]:
        return self.following & self.followers


class Friends:
    def __init__(self, db: Database, client: aioredis.Redis | None = None) -> None:
        self._db = db
        self._client = client  # where block changes are announced (None: nowhere)

    async def _announce(self, pid: str) -> None:
        if self._client is not None:
            async with redis_errors("blocks notice"):
                await self._client.publish(BLOCKS_CHANNEL, msgpack.packb({"pid": pid}))

    async def follow(self, pid: str, other: str, on: bool = True) -> None:
        """``pid`` follows (``on``) or stops following ``other``. Refused (``Blocked``)
        when either blocked the other."""
        if pid == other:
            raise SelfTarget(FOLLOW_SELF())
        async with self._db.connection("follow") as conn:
            if not on:
                await conn.execute("DELETE FROM follows WHERE follower = $1 AND followee = $2",
                                   pid, other)
                return
            async with conn.transaction():
                if await conn.fetchval(
                        "SELECT 1 FROM blocks WHERE (blocker = $1 AND blocked = $2) "
                        "OR (blocker = $2 AND blocked = $1)", pid, other):
                    raise Blocked(FOLLOW_BLOCKED())
                count = await conn.fetchval("SELECT count(*) FROM follows WHERE follower = $1",
                                            pid)
                if count >= MAX_FOLLOWS:
                    raise TooManyFollows(TOO_MANY_FOLLOWS(count=MAX_FOLLOWS))
                await conn.execute("INSERT INTO follows (follower, followee) VALUES ($1, $2) "
                                   "ON CONFLICT DO NOTHING", pid, other)

    async def block(self, pid: str, other: str, on: bool = True) -> None:
        """``pid`` blocks (``on``) or unblocks ``other``; a block ends both follows.
        Every node hears of it (``BLOCKS_CHANNEL``) and hides or shows the chat."""
        if pid == other:
            raise SelfTarget(BLOCK_SELF())
        async with self._db.connection("block") as conn, conn.transaction():
            if not on:
                await conn.execute("DELETE FROM blocks WHERE blocker = $1 AND blocked = $2",
                                   pid, other)
            else:
                await conn.execute("INSERT INTO blocks (blocker, blocked) VALUES ($1, $2) "
                                   "ON CONFLICT DO NOTHING", pid, other)
                await conn.execute("DELETE FROM follows WHERE (follower = $1 AND followee = "
                                   "$2) OR (follower = $2 AND followee = $1)", pid, other)
        await self._announce(pid)

    async def graph(self, pid: str) -> Graph:
        async with self._db.connection("friends") as conn:
            following = await conn.fetch("SELECT followee FROM follows WHERE follower = $1",
                                         pid)
            followers = await conn.fetch("SELECT follower FROM follows WHERE followee = $1",
                                         pid)
            blocked = await conn.fetch("SELECT blocked FROM blocks WHERE blocker = $1", pid)
        return Graph(frozenset(r[0] for r in following), frozenset(r[0] for r in followers),
                     frozenset(r[0] for r in blocked))

    async def followers_among(self, pids: list[str], among: list[str]) -> set[str]:
        """Those of ``among`` who follow at least one of ``pids``."""
        if not pids or not among or not self._db.configured:
            return set()
        async with self._db.connection("followers among") as conn:
            rows = await conn.fetch(
                "SELECT DISTINCT follower FROM follows WHERE followee = ANY($1::text[]) "
                "AND follower = ANY($2::text[])", pids, among)
        return {r[0] for r in rows}

    async def blocks_between(self, pid: str, others: list[str]) -> set[str]:
        """Those of ``others`` that ``pid`` blocked or that blocked ``pid``."""
        if not others or not self._db.configured:
            return set()
        async with self._db.connection("blocks") as conn:
            rows = await conn.fetch(
                "SELECT blocked FROM blocks WHERE blocker = $1 AND blocked = ANY($2::text[]) "
                "UNION SELECT blocker FROM blocks WHERE blocked = $1 "
                "AND blocker = ANY($2::text[])", pid, others)
        return {r[0] for r in rows}

    async def pairs_among(self, pids: list[str]) -> set[frozenset[str]]:
        """The pairs of ``pids`` with a block between them (matchmaking keeps them apart)."""
        if len(pids) < 2 or not self._db.configured:
            return set()
        async with self._db.connection("blocked pairs") as conn:
            rows = await conn.fetch("SELECT blocker, blocked FROM blocks WHERE blocker = "
                                    "ANY($1::text[]) AND blocked = ANY($1::text[])", pids)
        return {frozenset((r[0], r[1])) for r in rows}

    async def either_way(self, pid: str) -> set[str]:
        """The accounts ``pid`` blocked or that blocked ``pid``."""
        if not self._db.configured:
            return set()
        async with self._db.connection("blocks either way") as conn:
            rows = await conn.fetch("SELECT blocked FROM blocks WHERE blocker = $1 UNION "
                                    "SELECT blocker FROM blocks WHERE blocked = $1", pid)
        return {r[0] for r in rows}

    async def blocked_by(self, pid: str) -> frozenset[str]:
        """The accounts ``pid`` blocked (their chat is hidden from ``pid``)."""
        if not self._db.configured:
            return frozenset()
        async with self._db.connection("blocked by") as conn:
            rows = await conn.fetch("SELECT blocked FROM blocks WHERE blocker = $1", pid)
        return frozenset(r[0] for r in rows)
