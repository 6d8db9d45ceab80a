"""Ranked matchmaking keeps a blocker and the blocked apart (issue 17): pure
``form_groups`` with ``apart`` pairs, and the Matchmaker reading them from PostgreSQL."""

from __future__ import annotations

import redis.asyncio as redis_async

from server.archive.db import Database
from server.social.accounts import Account
from server.social.friends import Friends
from server.social.matchmaking import Matchmaker, Waiting, WindowPolicy, form_groups
from server.social.ratings import Ratings


def w(pid: str, mu: float, joined_ms: int = 0) -> Waiting:
    return Waiting(pid, pid.upper(), mu, joined_ms, origin=f"addr-{pid}")


APART = {frozenset(("a", "b"))}


def test_a_blocked_pair_is_not_grouped_while_another_block_of_four_exists() -> None:
    five = [w("a", 25.0), w("b", 25.1), w("c", 25.2), w("d", 25.3), w("e", 25.4)]
    without = form_groups(five, 1000)
    assert {p.pid for p in without[0]} == {"a", "b", "c", "d"}  # the tightest four
    apart = form_groups(five, 1000, apart=APART)
    assert len(apart) == 1 and not {"a", "b"} <= {p.pid for p in apart[0]}


def test_with_only_four_the_pair_waits_then_plays_after_the_apart_time() -> None:
    four = [w("a", 25.0), w("b", 25.1), w("c", 25.2), w("d", 25.3)]
    policy = WindowPolicy(apart_s=30)
    assert form_groups(four, 29_000, policy, APART) == []
    assert len(form_groups(four, 30_000, policy, APART)) == 1


async def test_the_matchmaker_reads_blocks_from_the_database(
        redis: redis_async.Redis, db: Database) -> None:
    friends = Friends(db)
    await friends.block("p1" * 8, "p2" * 8)
    assert await friends.pairs_among(["p1" * 8, "p2" * 8, "p3" * 8]) == {
        frozenset(("p1" * 8, "p2" * 8))}
    clock = [0]
    maker = Matchmaker(redis, Ratings(db), clock=lambda: clock[0],
                       apart_of=friends.pairs_among)
    for i in range(1, 5):
        await maker.join(Account(f"Player{i}", f"p{i}" * 8), f"192.0.2.{i}")
    assert await maker.match() == []  # the two would share the only table
    clock[0] = 31_000
    assert len(await maker.match()) == 1
