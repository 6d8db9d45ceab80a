"""Every per-address limit counts an IPv6 client by its /64 (one person picks any of
its 2**64 addresses), an IPv4 address by itself, an IPv4-mapped IPv6 address as the
IPv4 address it carries. The room tests reach the node from loopback, whose
``X-Forwarded-For`` uvicorn believes (``FORWARDED_ALLOW_IPS``' default), as behind nginx."""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable

import pytest
import redis.asyncio as redis_async
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from client.room_client import RequestFailed
from server.ops.address_key import limit_key
from server.social.errors import NoSuchInvite, RateLimited
from server.social.invites import CODE_LIMITS, Invites
from server.social.signin_throttle import SigninThrottle, ThrottlePolicy
from server.social.table_quota import address_key
from shared.protocol import SERVER_MESSAGES, Error, Practice, decode
from tests.room.conftest import LocalServer
from tests.room_social.conftest import SocialFactory

Start = Callable[..., Awaitable[LocalServer]]

ONE = "2001:db8:7:1::1"
SAME_64 = "2001:db8:7:1:ffff:abcd:1234:9"  # another address of ONE's /64
OTHER_64 = "2001:db8:7:2::1"  # the next /64


@pytest.mark.parametrize(("address", "key"), [
    ("192.0.2.7", "192.0.2.7"),
    ("2001:db8:7:1::1", "2001:db8:7:1::/64"),
    ("2001:DB8:7:1:ffff:abcd:1234:9", "2001:db8:7:1::/64"),
    ("2001:db8:7:2::1", "2001:db8:7:2::/64"),
    ("::ffff:192.0.2.7", "192.0.2.7"),
    ("fe80::1%eth0", "fe80::/64"),
    ("::1", "::/64"),
    ("", ""),
    ("testclient", "testclient"),
])
def test_an_address_s_limit_key(address: str, key: str) -> None:
    assert limit_key(address) == key


def test_one_64_is_one_origin_for_ranked_play() -> None:
    from server.social.matchmaking import origin_of

    assert origin_of(ONE) == origin_of(SAME_64) != origin_of(OTHER_64)
    assert origin_of("::ffff:192.0.2.7") == origin_of("192.0.2.7")
    assert origin_of("") == ""


async def _open(server: LocalServer, address: str) -> ClientConnection:
    return await connect(server.ws, additional_headers={"X-Forwarded-For": address})


async def _refused(ws: ClientConnection) -> bool:
    """Whether the room refused this socket for its address (else it says welcome)."""
    with contextlib.suppress(ConnectionClosed):  # a refused one may be closed by now
        await ws.send('{"t":"hello"}')
    message = decode(await ws.recv(), SERVER_MESSAGES, max_size=None).message
    return isinstance(message, Error) and message.code == "too_many_connections"


async def test_sockets_per_address_count_a_64(start_server: Start) -> None:
    server = await start_server(max_conns_per_address=2)
    held = [await _open(server, ONE), await _open(server, "2001:db8:7:1::2")]
    try:
        assert not any([await _refused(ws) for ws in held])
        same = await _open(server, SAME_64)
        held.append(same)
        assert await _refused(same)
        other = await _open(server, OTHER_64)
        held.append(other)
        assert not await _refused(other)
    finally:
        for ws in held:
            await ws.close()


async def test_open_tables_per_address_count_a_64(
        start_server: Start, social_client: SocialFactory, redis: redis_async.Redis) -> None:
    local = await start_server(tables_per_player=5, tables_per_address=2)

    async def guest(address: str):  # type: ignore[no-untyped-def]
        return await social_client(local, headers={"X-Forwarded-For": address})

    for address in (ONE, "2001:db8:7:1::2"):
        await (await guest(address)).request(Practice())  # both still there: in use
    with pytest.raises(RequestFailed) as refused:
        await (await guest(SAME_64)).request(Practice())
    assert refused.value.code == "too_many_tables" and "address" in refused.value.message
    await (await guest(OTHER_64)).request(Practice())  # another /64: its own limit
    assert await redis.zcard(address_key(ONE)) == 2
    assert address_key(ONE) == address_key(SAME_64) != address_key(OTHER_64)


async def test_wrong_passwords_count_against_the_64(redis: redis_async.Redis) -> None:
    throttle = SigninThrottle(redis, ThrottlePolicy(free_per_pair=2, free_per_address=3))
    for i in range(4):  # past the address's free tries, names all different
        await throttle.failed(f"name{i}", ONE)
    with pytest.raises(RateLimited, match="from your address"):
        await throttle.check("someone", SAME_64)
    await throttle.check("someone", OTHER_64)  # the next /64 may still try
    for _ in range(3):  # a pair too is the name and the /64
        await throttle.failed("ann", "2001:db8:9:1::5")
    with pytest.raises(RateLimited, match="for this name"):
        await throttle.check("ann", "2001:db8:9:1::77")


async def test_table_codes_tried_count_against_the_64(redis: redis_async.Redis) -> None:
    invites = Invites(redis)
    per_minute = CODE_LIMITS[0].attempts
    for _ in range(per_minute):
        with pytest.raises(NoSuchInvite):
            await invites.by_code("ZZZZZZ", ONE)
    with pytest.raises(RateLimited):
        await invites.by_code("ZZZZZZ", SAME_64)
    with pytest.raises(NoSuchInvite):
        await invites.by_code("ZZZZZZ", OTHER_64)
