"""Accounts that queue for ranked from one client address are never seated at one
ranked table (the audit matched four accounts of one address together)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from server.social.matchmaking import Waiting, WindowPolicy, form_groups
from shared.protocol import Queue, Queued
from tests.room.conftest import LocalServer
from tests.room_social.conftest import SocialFactory, register

POLICY = WindowPolicy(base=3.0, per_s=0.5)
Start = Callable[..., Awaitable[LocalServer]]


def w(pid: str, origin: str, mu: float = 25.0) -> Waiting:
    return Waiting(pid, pid.upper(), mu, 0, origin)


def test_four_accounts_of_one_address_form_no_group() -> None:
    assert form_groups([w(p, "home") for p in "abcd"], 0, POLICY) == []


def test_a_group_takes_one_player_per_address() -> None:
    queue = [w("a", "home", 25.0), w("b", "home", 25.1), w("c", "x"), w("d", "y"), w("e", "z")]
    [group] = form_groups(queue, 0, POLICY)
    assert {p.pid for p in group} in ({"a", "c", "d", "e"}, {"b", "c", "d", "e"})
    assert len({p.origin for p in group}) == 4


def test_unknown_origins_are_nobody_s_address() -> None:  # entries queued before the change
    [group] = form_groups([w(p, "") for p in "abcd"], 0, POLICY)
    assert {p.pid for p in group} == set("abcd")


async def test_four_accounts_from_one_address_are_not_matched(
        start_server: Start, social_client: SocialFactory) -> None:
    node = await start_server(match_every_s=0.05)
    clients = [await social_client(node, cookie=await register(node, f"Same{i}"))
               for i in range(4)]  # all from 127.0.0.1
    for client in clients:
        assert isinstance(await client.request(Queue(on=True)), Queued)
    matcher = node.social.matchmaker
    for _ in range(10):  # ten matcher rounds: the four are still waiting, unmatched
        await matcher.match()  # the node's loop runs it too; either may claim
        await asyncio.sleep(0.05)
    assert {w.pid for w in await matcher.waiting()} == {c.pid for c in clients}
    assert all(c.snap is None or c.snap.kind != "ranked" for c in clients)
