"""An event's page is pushed the event as it changes (``/ws/events/{id}``), through the
room's pub/sub: a change made on one node reaches a page following it on another. A
feed of no event, from another site's page, or past its address's connections, is
refused. Two nodes, one Redis."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import pytest
import websockets
from websockets.exceptions import ConnectionClosed, InvalidStatus

from server.tournaments.service import Tournaments
from shared.tournaments import ArenaSettings, Entrant
from tests.room_social.conftest import Start, origin

QUIET = {"tournament_tick_s": 0.0, "tournament_calendar": ""}


def feed_url(server: Any, event_id: str) -> str:
    return server.http.replace("http", "ws", 1) + f"/ws/events/{event_id}"


async def next_event(sock: Any) -> dict[str, Any]:
    """The next ``event`` frame (waited for: a loaded machine is slow, never wrong),
    past the chat's state (``chat_state``, sent once after the first)."""
    frame = json.loads(await asyncio.wait_for(sock.recv(), 30))
    while frame["t"] == "chat_state":
        frame = json.loads(await asyncio.wait_for(sock.recv(), 30))
    assert frame["t"] == "event", frame
    event: dict[str, Any] = frame["event"]
    return event


async def test_a_change_on_one_node_is_pushed_to_a_page_on_another(
        start_server: Start) -> None:
    one, two = await start_server(**QUIET), await start_server(**QUIET)
    service: Tournaments = two.app.state.tournaments
    arena = await service.create_arena(ArenaSettings(
        "Pushed Arena", starts_ms=int(time.time() * 1000), minutes=30, private=True))
    async with websockets.connect(feed_url(one, arena.id),
                                  additional_headers=origin(one)) as sock:
        first = await next_event(sock)  # the event as it is, at once
        assert first["id"] == arena.id and first["standings"] == []
        for k in range(3):  # three changes on the other node
            await service.join(arena.id, [Entrant(f"feed{k}", f"Feed {k}", 25.0)])
        seen = 0
        while seen < 3:  # a burst may come as fewer frames; the last holds all three
            seen = len((await next_event(sock))["standings"])
        assert seen == 3
        await service.pause(arena.id, "feed0")
        status = "in"
        while status == "in":  # a frame of the joins' burst may still be on its way
            pushed = await next_event(sock)
            assert len(pushed["standings"]) == 3
            status = next(s["status"] for s in pushed["standings"] if s["pid"] == "feed0")
        assert status == "paused"


async def test_a_feed_of_no_event_from_another_site_or_past_the_limit_is_refused(
        start_server: Start) -> None:
    server = await start_server(**QUIET, max_conns_per_address=2)
    async with websockets.connect(feed_url(server, "nothing"),
                                  additional_headers=origin(server)) as sock:
        with pytest.raises(ConnectionClosed) as closed:
            await asyncio.wait_for(sock.recv(), 30)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4404
    with pytest.raises(InvalidStatus):  # another site's page: refused at the handshake
        async with websockets.connect(feed_url(server, "nothing"),
                                      additional_headers={"Origin": "https://evil.example"}):
            pass
    # An address's feeds count among its connections: past the limit, refused.
    service: Tournaments = server.app.state.tournaments
    arena = await service.create_arena(ArenaSettings("Busy", starts_ms=0, minutes=30))
    url = feed_url(server, arena.id)
    async with websockets.connect(url, additional_headers=origin(server)) as a, \
            websockets.connect(url, additional_headers=origin(server)) as b:
        await next_event(a), await next_event(b)
        with pytest.raises(InvalidStatus):
            async with websockets.connect(url, additional_headers=origin(server)):
                pass
    # Closed feeds free their places (once the node saw them go: waited for).
    deadline = time.monotonic() + 30
    while True:
        try:
            async with websockets.connect(url, additional_headers=origin(server)) as again:
                assert (await next_event(again))["id"] == arena.id
            break
        except InvalidStatus:
            assert time.monotonic() < deadline, "a closed feed kept its place"
            await asyncio.sleep(0.05)
