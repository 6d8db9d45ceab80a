"""Open private and practice tables are limited per player and per address (a new one
closes the oldest idle one), practice tables are forgotten soon after their last
change, and a full Redis refuses new tables with a readable ``room_full``."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import pytest
import redis.asyncio as redis_async

from client.room_client import RequestFailed
from server.social.table_quota import address_key, player_key
from server.tables import keys
from shared.protocol import Created, CreatePrivate, Join, Practice
from tests.room.conftest import LocalServer
from tests.room_social.conftest import SocialFactory

Start = Callable[..., Awaitable[LocalServer]]


async def existing(redis: redis_async.Redis, table_ids: list[str]) -> list[str]:
    return [t for t in table_ids if await redis.exists(keys.table(t))]


async def test_a_player_keeps_at_most_three_practice_tables(
        server: LocalServer, social_client: SocialFactory, redis: redis_async.Redis) -> None:
    client = await social_client(server, name="Pia")
    opened = []
    for _ in range(8):  # the audit: thousands, each kept a day
        await client.request(Practice())
        assert client.table is not None
        opened.append(client.table)
    assert len(set(opened)) == 8
    left = await existing(redis, opened)
    assert left == opened[-3:]  # the oldest idle ones were closed, the newest kept
    assert await redis.zcard(player_key(client.pid or "", "practice")) == 3


async def test_practice_tables_are_forgotten_soon_after_their_last_change(
        start_server: Start, social_client: SocialFactory, redis: redis_async.Redis) -> None:
    local = await start_server(practice_ttl_s=120, table_ttl_s=86_400)
    client = await social_client(local, name="Quin")
    await client.request(Practice())
    assert 0 < await redis.ttl(keys.table(client.table or "")) <= 120
    await client.request(CreatePrivate())  # other kinds keep the long life
    assert await redis.ttl(keys.table(client.table or "")) > 3600


async def test_a_private_table_where_friends_sit_is_never_closed(
        start_server: Start, social_client: SocialFactory, redis: redis_async.Redis) -> None:
    local = await start_server(tables_per_player=2)
    host = await social_client(local, name="Host")
    first = await host.request(CreatePrivate())
    assert isinstance(first, Created)
    friend = await social_client(local, name="Friend")
    await friend.request(Join(code=first.invite))  # seated and connected
    second = await host.request(CreatePrivate())
    third = await host.request(CreatePrivate())  # closes the second (idle), not the first
    assert await existing(redis, [first.table, second.table, third.table]) == [
        first.table, third.table]
    # Only busy tables left: the next one is refused, with a sentence.
    await friend.request(Join(code=third.invite))
    with pytest.raises(RequestFailed) as refused:
        await host.request(CreatePrivate())
    assert refused.value.code == "too_many_tables"
    assert "leave one" in refused.value.message


async def test_an_address_has_its_own_limit(start_server: Start, social_client: SocialFactory,
                                            redis: redis_async.Redis) -> None:
    local = await start_server(tables_per_player=5, tables_per_address=2)
    players = [await social_client(local, name=f"Same{i}") for i in range(3)]
    await players[0].request(Practice())
    await players[1].request(Practice())  # both still at their tables: in use
    with pytest.raises(RequestFailed) as refused:
        await players[2].request(Practice())
    assert refused.value.code == "too_many_tables" and "address" in refused.value.message
    assert await redis.zcard(address_key("127.0.0.1")) == 2


async def test_a_full_redis_refuses_new_tables_with_a_readable_error(
        server: LocalServer, social_client: SocialFactory, redis: redis_async.Redis) -> None:
    client = await social_client(server, name="Rex")
    policy = (await redis.config_get("maxmemory-policy"))["maxmemory-policy"]
    assert policy == "noeviction"  # a full Redis refuses; it never drops a live table
    await redis.config_set("maxmemory", "1")
    try:
        for message in (Practice(), CreatePrivate()):
            with pytest.raises(RequestFailed) as refused:
                await client.request(message)
            assert refused.value.code == "room_full"
            assert "no new table can open" in refused.value.message
    finally:
        await redis.config_set("maxmemory", "0")
    await client.request(Practice())  # room again: tables open


async def test_abandoned_practice_tables_free_their_address(
        start_server: Start, social_client: SocialFactory, redis: redis_async.Redis) -> None:
    # Twenty people behind one address tried practice and closed the page.
    local = await start_server(practice_idle_s=0.3)
    opened = []
    for i in range(local.settings.tables_per_address):
        guest = await social_client(local, name=f"Left{i}")
        await guest.request(Practice())
        assert guest.table is not None
        opened.append(guest.table)
        await guest.close()
    # A twenty-first person there gets a table once the grace has run out; a generous
    # bound only, the loop ends as soon as the room says yes.
    late = await social_client(local, name="Late")
    deadline = asyncio.get_running_loop().time() + 30
    while True:
        try:
            await late.request(Practice())
            break
        except RequestFailed as refused:
            assert refused.code == "too_many_tables"
            if asyncio.get_running_loop().time() > deadline:
                raise
            await asyncio.sleep(0.05)
    assert late.table is not None and late.table not in opened
    # Only the oldest abandoned table made room; the others wait for their TTL.
    assert await existing(redis, opened) == opened[1:]
    assert 0 < await redis.ttl(keys.table(opened[1])) <= local.settings.practice_ttl_s
