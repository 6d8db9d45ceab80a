"""Fixtures of the social-room tests: real servers and real sockets on the private Redis.

- ``start_server`` and ``make_client`` come from ``tests/room/conftest.py``.
- ``SocialClient``: a ``RoomClient`` that also keeps what the social layer pushes
  (chat lines, ``rated``, ``queued``, ``invited``, the snapshot's chat, lobby and practice fields).
- ``social_client(server, **kw)``: a connected ``SocialClient`` (closed after the test);
  ``cookie=`` a session cookie value signs the socket in.
- ``register(server, name)`` / ``sign_in(...)``: HTTP calls returning the session cookie.
- ``bot_play_until(client, done)``: the client plays its own turns with the Standard
  bot of ``shared.bots`` (fast and sensible: a 500-point game in a few seconds).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import httpx
import pytest

from client.room_client import RequestFailed, RoomClient
from server.web.http_social import SESSION_COOKIE
from shared.bots import hint
from shared.protocol import (
    ChatLine,
    Error,
    Invited,
    Queued,
    Rated,
    ServerMessage,
    Snapshot,
    Welcome,
)
from tests.room.conftest import LocalServer, game_over, make_client, server, start_server

__all__ = ["make_client", "server", "start_server"]  # re-exported: pytest finds them here

PASSWORD = "correct horse battery"


class SocialClient(RoomClient):
    """A RoomClient that keeps the social pushes and snapshot fields it receives."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.chat: list[ChatLine] = []
        self.rated: list[Rated] = []
        self.queued: list[Queued] = []
        self.invited: list[Invited] = []
        self.pushed_errors: list[Error] = []
        self.pushed: list[ServerMessage] = []  # every message it applied, in order
        self.signed_in: bool | None = None
        self.snap: Snapshot | None = None  # the last snapshot, with its extra fields

    def _apply(self, message: ServerMessage) -> None:
        super()._apply(message)
        self.pushed.append(message)
        if isinstance(message, ChatLine):
            self.chat.append(message)
        elif isinstance(message, Rated):
            self.rated.append(message)
        elif isinstance(message, Queued):
            self.queued.append(message)
        elif isinstance(message, Invited):
            self.invited.append(message)
        elif isinstance(message, Welcome):
            self.signed_in = message.signed_in
        elif isinstance(message, Snapshot):
            self.snap = message
        elif isinstance(message, Error):
            self.pushed_errors.append(message)

    def texts(self) -> list[str]:
        return [line.text for line in self.chat]

    async def wait_for(self, done: Callable[[SocialClient], bool], timeout: float = 60.0) -> None:
        """Read updates until ``done(self)``. The bound is for a loaded machine (a daily
        hand's bots bidding before South took over 10 s in a suite at load 25); a test
        that holds waits no longer for it."""
        deadline = asyncio.get_running_loop().time() + timeout
        while not done(self):
            left = deadline - asyncio.get_running_loop().time()
            if left <= 0:
                raise TimeoutError("the condition did not come true")
            try:
                await self.next_update(timeout=min(left, 1.0))
            except TimeoutError:
                continue


SocialFactory = Callable[..., Awaitable[SocialClient]]
Start = Callable[..., Awaitable[LocalServer]]


@pytest.fixture
async def social_client() -> AsyncIterator[SocialFactory]:
    clients: list[SocialClient] = []

    async def make(server: LocalServer | str, *, cookie: str | None = None,
                   **kwargs: Any) -> SocialClient:
        address = server if isinstance(server, str) else server.ws
        headers = dict(kwargs.pop("headers", {}))
        if cookie is not None:
            headers["Cookie"] = f"{SESSION_COOKIE}={cookie}"
        client = SocialClient(address, headers=headers, **kwargs)
        clients.append(client)
        await client.connect()
        await client.wait_for(lambda c: c.pid is not None)
        return client

    yield make
    for client in clients:
        await client.close()


def origin(server: LocalServer) -> dict[str, str]:
    return {"Origin": server.http}


async def register(server: LocalServer, name: str, password: str = PASSWORD,
                   guest_token: str | None = None) -> str:
    """Register over HTTP (as the guest ``guest_token``, to keep their seat); returns
    the session cookie."""
    cookies = {"spades_token": guest_token} if guest_token else {}
    async with httpx.AsyncClient(base_url=server.http, cookies=cookies) as web:
        response = await web.post("/api/register", json={"name": name, "password": password},
                                  headers=origin(server))
    assert response.status_code == 201, response.text
    return response.cookies[SESSION_COOKIE]


async def sign_in(server: LocalServer, name: str, password: str = PASSWORD) -> httpx.Response:
    async with httpx.AsyncClient(base_url=server.http) as web:
        return await web.post("/api/signin", json={"name": name, "password": password},
                              headers=origin(server))


async def bot_play_until(client: RoomClient, done: Callable[[RoomClient], bool] = game_over,
                         timeout: float = 90.0) -> int:
    """Play the client's own turns as a person following the Hint (Standard's play, its
    rules' bids) until ``done``; returns the number of actions taken. Not the Standard
    bot itself: its searched bids would hold this process's event loop, shared by
    every client of the test, about 8 ms a bid, and these players' strength is not
    what the tests look at."""
    taken = 0
    deadline = asyncio.get_running_loop().time() + timeout
    while not done(client):
        if asyncio.get_running_loop().time() > deadline:
            raise TimeoutError(f"bot_play_until timed out at version {client.version}")
        if client.should_continue:  # between hands: read, then Continue
            with contextlib.suppress(RequestFailed):
                await client.ready()
        if client.my_turn and client.view is not None and client.seat is not None:
            action, _ = hint(client.view)
            try:
                await client.act(action)
                taken += 1
            except RequestFailed as err:
                if err.code not in ("stale", "not_your_turn"):
                    raise
            continue
        try:
            await client.next_update(timeout=2)
        except TimeoutError:
            continue
    return taken
