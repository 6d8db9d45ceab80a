"""Accounts with the room: register, sign in, sign out everywhere (sockets closed),
session expiry, wrong password, the sign-in limit, the WebSocket's Origin check, and a
guest who registers keeping their table."""

from __future__ import annotations

import asyncio
from dataclasses import replace

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from client.room_client import RequestFailed
from server.web.http_social import SESSION_COOKIE
from shared.protocol import ChatOn

from .conftest import (
    PASSWORD,
    LocalServer,
    SocialFactory,
    Start,
    origin,
    register,
    sign_in,
)


async def me(server: LocalServer, cookie: str | None) -> dict[str, object]:
    cookies = {SESSION_COOKIE: cookie} if cookie else {}
    async with httpx.AsyncClient(base_url=server.http, cookies=cookies) as web:
        body: dict[str, object] = (await web.get("/api/me")).json()
    return body


async def test_a_signed_in_socket_plays_as_its_account(
    server: LocalServer, social_client: SocialFactory
) -> None:
    cookie = await register(server, "Ann")
    account = await me(server, cookie)
    assert account["signed_in"] is True
    client = await social_client(server, cookie=cookie, name="Not Ann")
    assert client.signed_in is True and client.name == "Ann" and client.pid == account["pid"]
    with pytest.raises(RequestFailed) as fixed:
        await client.rename("Annie")
    assert fixed.value.code == "not_allowed"
    await client.quick_play()
    assert client.seats[client.seat or 0]["name"] == "Ann"
    # The chat choice is remembered for the account, on its next socket too.
    await client.request(ChatOn(on=True))
    again = await social_client(server, cookie=cookie)
    await again.wait_for(lambda c: c.snap is not None)  # back at the table
    assert again.snap is not None and again.snap.chat_on is True and again.table == client.table


async def test_sign_in_wrong_password_and_the_limit(server: LocalServer) -> None:
    # A first wait of ten minutes once the free tries are spent, so that the last
    # sign-in below meets the wait however slowly the machine verifies passwords (at
    # the default 2 s, ten argon2 checks on a loaded machine outlast it).
    throttle = server.social.accounts.throttle
    throttle.policy = replace(throttle.policy, delay_s=600.0)
    await register(server, "Bea")
    good = await sign_in(server, "Bea")
    assert good.status_code == 200 and good.cookies.get(SESSION_COOKIE)
    wrong = await sign_in(server, "Bea", "not the password")
    assert wrong.status_code == 401 and wrong.json()["error"] == "bad_credentials"
    unknown = await sign_in(server, "Nobody", PASSWORD)
    assert unknown.status_code == 401 and unknown.json()["message"] == wrong.json()["message"]
    for _ in range(9):  # past the free wrong passwords of this (name, address) pair
        await sign_in(server, "Bea", "still wrong")
    limited = await sign_in(server, "Bea")
    assert limited.status_code == 429 and limited.json()["error"] == "rate_limited"
    assert int(limited.headers["Retry-After"]) > 0


async def test_sign_out_closes_this_sessions_sockets_on_every_node_only(
    start_server: Start, social_client: SocialFactory
) -> None:
    a, b = await start_server(), await start_server()
    cookie = await register(a, "Cyd")
    pid = (await me(a, cookie))["pid"]
    signed_in = await sign_in(b, "Cyd")
    other_device = signed_in.cookies[SESSION_COOKIE]
    phone = await social_client(a, cookie=cookie)
    phone_tab = await social_client(b, cookie=cookie)  # the same browser, another tab
    laptop = await social_client(b, cookie=other_device)
    assert phone.pid == phone_tab.pid == laptop.pid == pid
    async with httpx.AsyncClient(base_url=a.http, cookies={SESSION_COOKIE: cookie}) as web:
        out = await web.post("/api/signout", headers=origin(a))
    assert out.status_code == 200 and out.json() == {"signed_in": False}
    # This browser's sockets are closed (4001); they come back, now as guests.
    for client in (phone, phone_tab):
        await client.wait_for(lambda c: c.reconnects >= 1 and c.signed_in is None
                              and c.pid != pid)
    assert (await me(a, cookie))["signed_in"] is False
    # The laptop's session goes on: still signed in, its socket never closed.
    assert (await me(b, other_device))["signed_in"] is True
    assert laptop.reconnects == 0 and laptop.signed_in is True


async def test_an_expired_session_is_a_guest(start_server: Start,
                                             social_client: SocialFactory) -> None:
    server = await start_server(session_ttl_s=1)
    cookie = await register(server, "Eve")
    assert (await me(server, cookie))["signed_in"] is True
    await asyncio.sleep(1.3)  # Redis expires the session key
    assert (await me(server, cookie))["signed_in"] is False
    client = await social_client(server, cookie=cookie)
    assert client.signed_in is None and client.name != "Eve"


async def test_the_websocket_checks_the_origin(server: LocalServer) -> None:
    with pytest.raises(InvalidStatus) as refused:
        async with connect(server.ws, origin="http://evil.example"):  # type: ignore[arg-type]
            pass
    assert refused.value.response.status_code == 403
    async with connect(server.ws, origin=server.http) as ws:  # type: ignore[arg-type]
        await ws.send('{"t":"ping","id":1}')
        assert "welcome" in str(await ws.recv())


async def test_a_guest_who_registers_keeps_the_table(server: LocalServer,
                                                     social_client: SocialFactory) -> None:
    guest = await social_client(server, name="Gus")
    await guest.quick_play()
    # Read before registering: the server then closes the guest's socket, and the
    # client, reconnecting with the old token, becomes a new guest with a new pid.
    pid, table, seat, token = guest.pid, guest.table, guest.seat, guest.token
    assert token is not None
    cookie = await register(server, "Gustav", guest_token=token)
    await guest.close()
    member = await social_client(server, cookie=cookie)
    await member.wait_for(lambda c: c.snap is not None)  # back at the table
    assert member.signed_in is True and member.pid == pid
    assert (member.table, member.seat) == (table, seat)
    assert member.seats[seat or 0]["name"] == "Gustav"
    # The old guest token no longer names that player.
    stranger = await social_client(server, token=token)
    assert stranger.pid != pid and stranger.table is None
