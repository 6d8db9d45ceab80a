"""A game played in the room reaches the archive, and its routes answer it.

Real parts throughout: a room node on the test's Redis, its archive on the test's own
PostgreSQL database, a real WebSocket client playing the game against the bots.
"""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable

import httpx
import pytest

from client.room_client import RoomClient
from shared.archive import parse_record
from tests.room.conftest import LocalServer, play_until

from .conftest import wait_for_json

pytestmark = pytest.mark.slow


async def test_a_finished_game_is_archived_and_served(
        archive_server: Callable[..., Awaitable[LocalServer]],
        make_client: Callable[..., Awaitable[RoomClient]]) -> None:
    server = await archive_server(casual_preset="quick")
    client = await make_client(server.ws, name="Ann")
    await client.quick_play()
    await play_until(client, rng=random.Random(3))
    assert client.view is not None and client.token is not None and client.table
    final = client.view["scores"]
    async with httpx.AsyncClient(base_url=server.http, cookies={"spades_token": client.token},
                                 timeout=10) as http:
        mine = await wait_for_json(http, "/api/my-games",
                                   lambda r: r.status_code == 200 and bool(r.json()["games"]))
        item = mine.json()["games"][0]
        assert item["id"] == f"{client.table}.0" and item["kind"] == "casual"
        assert item["totals"] == final
        game = (await http.get(f"/api/games/{item['id']}")).json()
        assert game["result"]["totals"] == final
        assert game["hands"][-1]["score"][0]["total"] == final[0]
        assert len(game["hands"]) == game["result"]["hands_played"]
        assert game["seats"][client.seat]["name"] == "Ann"
        assert all(s["bot"] == "standard" for i, s in enumerate(game["seats"])
                   if i != client.seat)
        text = await http.get(f"/api/games/{item['id']}/record.txt")
        assert text.status_code == 200 and text.headers["content-type"].startswith("text/plain")
        assert "attachment" in text.headers["content-disposition"]
        assert parse_record(text.text).totals == tuple(final)
        assert "\n; hand 1, dealer " in text.text and "; dealt " not in text.text
        dealt = await http.get(f"/api/games/{item['id']}/record.txt", params={"dealt": "1"})
        hands = [line for line in dealt.text.splitlines() if line.startswith("; dealt ")]
        assert len(hands) == 4 * len(game["hands"])
        assert parse_record(dealt.text) == parse_record(text.text)
        missing = await http.get("/api/games/nope.0")
        assert missing.status_code == 404 and missing.json()["error"]["code"] == "no_game"
