"""The ranked queue and the matcher that forms balanced tables of four from it.

Only signed-in players may queue (``SignInRequired`` otherwise). Joining records the
player's rating ``mu`` at that moment; matching uses ``mu`` (the skill estimate; the
shown rating is ``mu`` on the 1500 scale).

The matcher (``Matchmaker.match``) may run on every node at once, as often as wanted:
it reads the queue, forms groups with the pure ``form_groups`` and claims each group
with one Lua script that takes all four players or none. Accounts that queued from
one client address are never put at one table (``_one_per_origin``). A group another node claimed
first simply fails to claim and its players are left to that node's match.

How groups form: waiting players are taken oldest first (the *anchor*); among the
tightest block of four consecutive ratings that holds the anchor, the group forms if
its spread (highest ``mu`` minus lowest) is within the anchor's window, which widens
with the anchor's waiting time (``WindowPolicy``). ``balance`` then picks, of the three
ways to split four players into two pairs, the one with the closest rating sums.

After claiming, the caller creates the ranked table (team 0 in seats 0 and 2, team 1
in seats 1 and 3, see ``Match.seats``) and calls ``announce(match, table_id)``, which
publishes ``{"m": id, "table": table_id, "pids": [...]}`` on ``QUEUE_CHANNEL`` so each
player's node can move them to the table. Clients send ``heartbeat`` while queued
(every ``stale_after_s / 3``); a player without one for ``stale_after_s`` is dropped.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Awaitable, Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import msgpack
import redis.asyncio as aioredis

from server.ops.address_key import limit_key

from . import keys
from .accounts import Account
from .errors import SignInRequired
from .ratings import Ratings
from .store import Clock, load_script, now_ms, redis_errors

__all__ = ["Match", "Matchmaker", "Waiting", "WindowPolicy", "balance", "form_groups", "origin_of"]

MATCH_TTL_S = 600  # a claimed match is remembered this long (for status and announce)


@dataclass(frozen=True, slots=True)
class WindowPolicy:
    """How far apart (in ``mu``) four players may be, by the anchor's wait.

    ``window(ms) = base + per_s * seconds``, capped at ``cap`` (None: no cap, so
    anyone is matched once four people wait long enough). The defaults: a new
    player's ``mu`` is 25 and its uncertainty 8.3; 3 is about 0.7 of openskill's
    per-game performance spread (beta = 4.2), so a group forms at once when four
    players are that close, and within ~30 s when they are 18 apart.
    """

    base: float = 3.0
    per_s: float = 0.5
    cap: float | None = None
    # Two accounts of which one blocked the other are kept apart while the anchor has
    # waited less than this (issue 17); after it they may share a table rather than wait.
    apart_s: float = 30.0

    def window(self, waited_ms: int) -> float:
        width = self.base + self.per_s * max(0, waited_ms) / 1000
        return width if self.cap is None else min(width, self.cap)


@dataclass(frozen=True, slots=True)
class Waiting:
    """One player in the queue."""

    pid: str
    name: str
    mu: float
    joined_ms: int
    origin: str = ""  # a digest of the client address it queued from ("": unknown)


Group = tuple[Waiting, Waiting, Waiting, Waiting]
Teams = tuple[tuple[Waiting, Waiting], tuple[Waiting, Waiting]]


@dataclass(frozen=True, slots=True)
class Match:
    """Four claimed players in two teams; create the ranked table from it."""

    id: str
    teams: Teams
    formed_ms: int
    table: str | None = field(default=None)

    @property
    def seats(self) -> tuple[Waiting, Waiting, Waiting, Waiting]:
        """The players by seat: partners sit opposite (team 0 in 0 and 2)."""
        (a, c), (b, d) = self.teams
        return a, b, c, d

    @property
    def pids(self) -> list[str]:
        return [w.pid for w in self.seats]

    def to_record(self) -> dict[str, Any]:
        return {"id": self.id, "t": self.formed_ms, "table": self.table,
                "seats": [[w.pid, w.name, w.mu, w.joined_ms] for w in self.seats]}

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> Match:
        a, b, c, d = (Waiting(*row) for row in record["seats"])
        return cls(record["id"], ((a, c), (b, d)), record["t"], record["table"])


def balance(group: Sequence[Waiting]) -> Teams:
    """The split of four players into two pairs with the closest ``mu`` sums (ties:
    the first of the three pairings in a fixed order)."""
    if len(group) != 4:
        raise ValueError("a ranked table needs four players")
    a, b, c, d = group
    pairings = (((a, b), (c, d)), ((a, c), (b, d)), ((a, d), (b, c)))

    def gap(teams: Teams) -> float:
        return abs(sum(w.mu for w in teams[0]) - sum(w.mu for w in teams[1]))

    return min(pairings, key=gap)


def form_groups(waiting: Iterable[Waiting], now: int,
                policy: WindowPolicy | None = None,
                apart: Collection[frozenset[str]] = ()) -> list[Group]:
    """Pure: the groups of four to form now (see the module docstring). Each player
    is in at most one group. Deterministic for a given input. ``apart``: pairs of pids
    (a block between them) never grouped while another block of four can be taken,
    or until the anchor waited ``policy.apart_s``."""
    policy = policy or WindowPolicy()
    players = list(waiting)
    pool = sorted(players, key=lambda w: (w.mu, w.pid))
    groups: list[Group] = []
    for anchor in sorted(players, key=lambda w: (w.joined_ms, w.pid)):
        if len(pool) < 4:
            break
        if anchor not in pool:
            continue  # already in a group
        near = _one_per_origin(pool, anchor)
        at = near.index(anchor)
        starts = range(max(0, at - 3), min(at, len(near) - 4) + 1)
        if not starts:
            continue  # fewer than four addresses in the pool
        if apart and now - anchor.joined_ms < policy.apart_s * 1000:
            starts = [s for s in starts if not _holds_apart(near[s:s + 4], apart)]
            if not starts:
                continue  # wait for another table rather than seat the two together
        start = min(starts, key=lambda s: (near[s + 3].mu - near[s].mu, s))
        block = near[start:start + 4]
        if block[3].mu - block[0].mu <= policy.window(now - anchor.joined_ms):
            groups.append((block[0], block[1], block[2], block[3]))
            for player in block:
                pool.remove(player)
    return groups


def _holds_apart(block: list[Waiting], apart: Collection[frozenset[str]]) -> bool:
    pids = [w.pid for w in block]
    return any(frozenset((a, b)) in apart for i, a in enumerate(pids) for b in pids[i + 1:])


def _one_per_origin(pool: list[Waiting], anchor: Waiting) -> list[Waiting]:
    """``pool`` (sorted by mu) keeping, of players from one address, only the one
    nearest ``anchor``'s rating, and none from the anchor's own address but the anchor:
    accounts from one address never share a ranked table (one person's four accounts
    would rate each other). An unknown origin ("") is nobody's address."""
    nearest: dict[str, Waiting] = {}
    for player in pool:
        if not player.origin or player is anchor:
            continue
        best = nearest.get(player.origin)
        if best is None or abs(player.mu - anchor.mu) < abs(best.mu - anchor.mu):
            nearest[player.origin] = player
    return [p for p in pool if p is anchor or not p.origin
            or (p.origin != anchor.origin and nearest.get(p.origin) is p)]


def origin_of(address: str) -> str:
    """The digest a queue entry keeps of the client address it queued from (of its
    ``limit_key``: one IPv6 /64 is one origin); "" for an unknown address."""
    if not address:
        return ""
    return hashlib.sha256(f"origin:{limit_key(address)}".encode()).hexdigest()[:16]


class Matchmaker:
    """The ranked queue in Redis (keys tagged ``{rq}``); safe on many nodes at once."""

    def __init__(self, client: aioredis.Redis, ratings: Ratings,
                 policy: WindowPolicy | None = None, clock: Clock = now_ms,
                 stale_after_s: float = 60.0,
                 apart_of: Callable[[list[str]], Awaitable[set[frozenset[str]]]] | None = None
                 ) -> None:
        self.policy = policy or WindowPolicy()
        self._apart_of = apart_of  # the blocked pairs among the waiting (issue 17)
        self.stale_after_s = stale_after_s
        self._client = client
        self._ratings = ratings
        self._clock = clock
        self._claim = load_script(client, "claim.lua")
        self._prune = load_script(client, "prune.lua")

    async def join(self, account: Account | None, address: str = "") -> Waiting:
        """Put a signed-in player in the queue (again: keeps their place), from client
        ``address`` (kept as a digest, never as the address). A guest (``account``
        None) gets ``SignInRequired``."""
        if account is None:
            raise SignInRequired("Ranked play needs an account: sign in or register "
                                 "first, then join the ranked queue.")
        rating = await self._ratings.rating(account.pid)
        origin = origin_of(address)
        now = self._clock()
        async with redis_errors("queue join"), self._client.pipeline(transaction=True) as p:
            p.zadd(keys.QUEUE, {account.pid: now}, nx=True)
            p.zadd(keys.QUEUE_SEEN, {account.pid: now})
            p.hset(keys.QUEUE_RATINGS, account.pid,
                   msgpack.packb([rating.mu, account.name, origin]))
            p.hdel(keys.QUEUE_MATCHES, account.pid)
            p.zscore(keys.QUEUE, account.pid)
            *_, joined = await p.execute()
        return Waiting(account.pid, account.name, rating.mu, int(joined), origin)

    async def leave(self, pid: str) -> bool:
        """Take the player out of the queue; False if they were not in it."""
        async with redis_errors("queue leave"), self._client.pipeline(transaction=True) as p:
            p.zrem(keys.QUEUE, pid)
            p.zrem(keys.QUEUE_SEEN, pid)
            p.hdel(keys.QUEUE_RATINGS, pid)
            removed, *_ = await p.execute()
        return bool(removed)

    async def heartbeat(self, pid: str) -> bool:
        """The player is still there; False if they are no longer queued."""
        async with redis_errors("queue heartbeat"):
            changed = await self._client.zadd(keys.QUEUE_SEEN, {pid: self._clock()},
                                              xx=True, ch=True)
        return bool(changed)

    async def status(self, pid: str) -> Waiting | Match | None:
        """Where the player is: waiting (their entry), claimed (the match), or neither."""
        async with redis_errors("queue status"):
            joined, row, match_id = await _multi(self._client, pid)
        if joined is not None and row is not None:
            mu, name, *origin = msgpack.unpackb(row)
            return Waiting(pid, name, mu, int(joined), *origin)
        if match_id is None:
            return None
        found = await self._match(_text(match_id))
        if found is None:  # the match record expired: forget the player's link to it
            async with redis_errors("queue status"):
                await self._client.hdel(keys.QUEUE_MATCHES, pid)
        return found

    async def waiting(self) -> list[Waiting]:
        """Everyone in the queue now (after dropping those without heartbeats)."""
        cutoff = self._clock() - int(self.stale_after_s * 1000)
        async with redis_errors("queue read"):
            await self._prune(keys=[keys.QUEUE, keys.QUEUE_SEEN, keys.QUEUE_RATINGS],
                              args=[cutoff])
            async with self._client.pipeline(transaction=True) as p:
                p.zrange(keys.QUEUE, 0, -1, withscores=True)
                p.hgetall(keys.QUEUE_RATINGS)
                queued, rows = await p.execute()
        found = {_text(pid): msgpack.unpackb(row) for pid, row in rows.items()}
        return [Waiting(pid, found[pid][1], found[pid][0], int(joined), *found[pid][2:3])
                for pid, joined in ((_text(p), j) for p, j in queued) if pid in found]

    async def match(self) -> list[Match]:
        """Form and claim every group that can form now; returns the matches this call
        claimed (create their tables, then ``announce``)."""
        now = self._clock()
        claimed = []
        waiting = await self.waiting()
        apart: set[frozenset[str]] = set()
        if self._apart_of is not None and len(waiting) >= 4:
            apart = await self._apart_of([w.pid for w in waiting])
        for group in form_groups(waiting, now, self.policy, apart):
            found = Match(secrets.token_hex(8), balance(group), now)
            async with redis_errors("queue claim"):
                won = await self._claim(
                    keys=[keys.QUEUE, keys.QUEUE_SEEN, keys.QUEUE_RATINGS, keys.QUEUE_MATCHES,
                          keys.match(found.id)],
                    args=[found.id, msgpack.packb(found.to_record()), MATCH_TTL_S,
                          *found.pids])
            if won:
                claimed.append(found)
        return claimed

    async def announce(self, found: Match, table_id: str) -> Match:
        """Record the table made for ``found`` and tell every node (``QUEUE_CHANNEL``)."""
        placed = Match(found.id, found.teams, found.formed_ms, table_id)
        notice = msgpack.packb({"m": found.id, "table": table_id, "pids": found.pids})
        async with redis_errors("queue announce"):
            await self._client.set(keys.match(found.id), msgpack.packb(placed.to_record()),
                                   ex=MATCH_TTL_S)
            await self._client.publish(keys.QUEUE_CHANNEL, notice)
        return placed

    async def _match(self, match_id: str) -> Match | None:
        async with redis_errors("match read"):
            blob = await self._client.get(keys.match(match_id))
        return None if blob is None else Match.from_record(msgpack.unpackb(blob))


async def _multi(client: aioredis.Redis, pid: str) -> list[Any]:
    async with client.pipeline(transaction=True) as p:
        p.zscore(keys.QUEUE, pid)
        p.hget(keys.QUEUE_RATINGS, pid)
        p.hget(keys.QUEUE_MATCHES, pid)
        result: list[Any] = await p.execute()
    return result


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value
