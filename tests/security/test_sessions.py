"""Sessions on real sockets: sign out (here or everywhere) closes sockets that have not
said hello, and says which;
the account is resolved at hello; a socket whose session ended cannot queue ranked,
rename or create as the account; a guest who registers or signs in elsewhere loses
their guest sockets (they come back as the account)."""

from __future__ import annotations

import asyncio

import httpx
import msgpack
import pytest
import redis.asyncio as redis_async
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from client.room_client import RequestFailed
from server.web.http_social import SESSION_COOKIE
from shared.protocol import CreatePrivate, Queue
from tests.room.conftest import LocalServer
from tests.room_social.conftest import SocialFactory, origin, register

GUEST_TOKEN = "guest-token-of-ann-0123456789"


async def raw_socket(server: LocalServer, cookie: str) -> ClientConnection:
    """A WebSocket with the session cookie that says nothing yet."""
    return await connect(server.ws, additional_headers={"Cookie": f"{SESSION_COOKIE}={cookie}"})


async def close_code(ws: ClientConnection, timeout: float = 10.0) -> int | None:
    """Read until the server closes the socket; its close code."""
    with pytest.raises(ConnectionClosed):
        async with asyncio.timeout(timeout):
            while True:
                await ws.recv()
    return ws.close_code


async def hello(ws: ClientConnection) -> dict[str, object]:
    await ws.send(msgpack.packb({"t": "hello", "d": {}, "id": 1}))
    while True:
        frame = msgpack.unpackb(await ws.recv())
        if frame["t"] == "welcome":
            welcome: dict[str, object] = frame["d"]
            return welcome


async def sign_out(server: LocalServer, cookie: str, path: str = "/api/signout") -> None:
    async with httpx.AsyncClient(base_url=server.http,
                                 cookies={SESSION_COOKIE: cookie}) as web:
        assert (await web.post(path, headers=origin(server))).status_code == 200


async def end_sessions(redis: redis_async.Redis) -> None:
    """Every session key gone, as when they expire (no sign-out notice at all)."""
    gone = [key async for key in redis.scan_iter("s:*") if not key.endswith(b":gen")]
    assert gone
    await redis.delete(*gone)


@pytest.mark.parametrize(("path", "reason"), [
    ("/api/signout", "signed out"),
    ("/api/signout/everywhere", "signed out everywhere")])
async def test_sign_out_closes_a_socket_that_has_not_said_hello(
        server: LocalServer, path: str, reason: str) -> None:
    cookie = await register(server, "Ann")
    ws = await raw_socket(server, cookie)
    try:
        await sign_out(server, cookie, path)
        assert await close_code(ws) == 4001
        assert ws.close_reason == reason  # the page says why (another device did it)
    finally:
        await ws.close()


async def test_the_account_is_resolved_at_hello_not_at_the_upgrade(
        server: LocalServer, redis: redis_async.Redis) -> None:
    cookie = await register(server, "Bea")
    ws = await raw_socket(server, cookie)  # opened while the session was live
    try:
        await end_sessions(redis)  # ... which then expires, before the hello
        welcome = await hello(ws)
        assert welcome.get("signed_in") is None and welcome["name"] != "Bea"
    finally:
        await ws.close()


@pytest.mark.parametrize("message", [Queue(on=True), CreatePrivate()])
async def test_a_socket_whose_session_ended_cannot_act_as_the_account(
        server: LocalServer, social_client: SocialFactory, redis: redis_async.Redis,
        message: Queue | CreatePrivate) -> None:
    cookie = await register(server, "Cyd")
    client = await social_client(server, cookie=cookie)
    assert client.signed_in is True
    await end_sessions(redis)
    with pytest.raises(RequestFailed) as refused:
        await client.request(message)
    assert refused.value.code == "sign_in_required" and "session has ended" in str(
        refused.value.message)
    assert await redis.zcard("rq:{rq}:queue") == 0 if isinstance(message, Queue) else True


async def test_a_guest_socket_closes_when_its_guest_registers_elsewhere(
        server: LocalServer, social_client: SocialFactory) -> None:
    tab = await social_client(server, token=GUEST_TOKEN, name="Dee")
    guest_pid = tab.pid
    await register(server, "Dee_R", guest_token=GUEST_TOKEN)  # another tab registers
    # The tab was closed (4001) and came back: its old guest token no longer names the
    # player (now the account's), so it is a fresh guest, not the account.
    await tab.wait_for(lambda c: c.pid is not None and c.pid != guest_pid, timeout=10)
    assert tab.signed_in is not True


async def test_a_guest_socket_that_missed_the_notice_cannot_rename_the_account(
        server: LocalServer, social_client: SocialFactory) -> None:
    tab = await social_client(server, token=GUEST_TOKEN, name="Eve")
    await tab.quick_play()
    accounts = server.social.accounts  # registered without the HTTP route's notice
    await accounts.register("Eve_R", "correct horse battery", "127.0.0.1", adopt_pid=tab.pid)
    with pytest.raises((RequestFailed, ConnectionClosed)) as refused:
        await tab.rename("Not Eve")
    if isinstance(refused.value, RequestFailed):
        assert refused.value.code == "sign_in_required"
    table = await server.room.store.load(tab.table or "")
    assert table is not None and all(seat.name != "Not Eve" for seat in table.seats)
