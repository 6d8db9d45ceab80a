"""Invites by name are bounded per invitee: at most ``PER_INVITEE`` live at once, also
when many hosts send at the same moment; expired and answered ones do not count."""

from __future__ import annotations

import asyncio

import pytest
import redis.asyncio as redis_async

from server.social.name_invites import PER_INVITEE, NameInvites, TooManyInvites


async def test_the_twenty_first_host_gets_a_readable_error(redis: redis_async.Redis) -> None:
    invites = NameInvites(redis)
    for i in range(PER_INVITEE):
        await invites.send("p-olga", f"table{i}", "ABC234", f"host{i}")
    with pytest.raises(TooManyInvites) as refused:
        await invites.send("p-olga", "table20", "ABC234", "host20")
    assert refused.value.code == "too_many_invites" and refused.value.status == 429
    assert "invites" in str(refused.value) and str(refused.value).endswith(".")
    await invites.send("p-ivan", "table20", "ABC234", "host20")  # another invitee: free


async def test_hosts_racing_cannot_pass_the_bound(redis: redis_async.Redis) -> None:
    invites = NameInvites(redis)
    sent = await asyncio.gather(
        *(invites.send("p-many", f"table{i}", "ABC234", f"host{i}") for i in range(40)),
        return_exceptions=True)
    assert sum(not isinstance(s, BaseException) for s in sent) == PER_INVITEE
    assert all(isinstance(s, TooManyInvites) for s in sent if isinstance(s, BaseException))


async def test_expired_and_answered_invites_do_not_count(redis: redis_async.Redis) -> None:
    short = NameInvites(redis, ttl_s=1)
    gone = [await short.send("p-kim", f"table{i}", "ABC234", f"host{i}")
            for i in range(PER_INVITEE)]
    # Wait for Redis to expire them (a condition, bounded generously).
    deadline = asyncio.get_running_loop().time() + 30
    while await redis.exists(*(f"ni:{{p-kim}}:{invite.id}" for invite in gone)):
        assert asyncio.get_running_loop().time() < deadline
        await asyncio.sleep(0.05)
    invites = NameInvites(redis)
    held = [await invites.send("p-kim", f"new{i}", "ABC234", f"host{i}")
            for i in range(PER_INVITEE)]
    with pytest.raises(TooManyInvites):
        await invites.send("p-kim", "one-more", "ABC234", "late")
    await invites.take("p-kim", held[0].id)  # answered: its place is free again
    await invites.send("p-kim", "one-more", "ABC234", "late")
