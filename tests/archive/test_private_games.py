"""A private table's games are seen by their own players only: a stranger (no cookie),
a second account and a guest who did not play find neither the game nor its id, time,
score or result on any route; the players find them everywhere as before."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import asyncpg
import httpx

from server.archive.writer import write_game
from server.social.accounts import pid_of
from shared.archive import SeatRecord
from shared.archive.generate import random_record
from shared.spades import RuleSet
from tests.room.conftest import LocalServer

T0 = 1_764_612_000_000
PASSWORD = "a long passphrase"
GUEST_TOKEN = "a-guest-who-sat-at-the-private-table"
OUTSIDER_TOKEN = "a-guest-who-did-not"


async def register(http: httpx.AsyncClient, server: LocalServer, name: str) -> str:
    reply = await http.post("/api/register", headers={"Origin": server.http},
                            json={"name": name, "password": PASSWORD})
    assert reply.status_code == 201, reply.text
    return str(reply.json()["pid"])


async def test_private_games_are_shown_to_their_players_only(
        archive_server: Callable[..., Awaitable[LocalServer]], database_url: str) -> None:
    server = await archive_server()
    sessions = {}
    pids = {}
    for name in ("Ann", "Bob", "Carla"):
        async with httpx.AsyncClient(base_url=server.http, timeout=10) as http:
            pids[name] = await register(http, server, name)
            sessions[name] = {"spades_session": http.cookies["spades_session"]}
    seats = (SeatRecord(0, "Ann", pids["Ann"], "Ann"), SeatRecord(1, "Gus", pid_of(GUEST_TOKEN)),
             SeatRecord(2, "Bob", pids["Bob"], "Bob"), SeatRecord(3, "Ada (bot)", bot="easy"))
    rules = RuleSet.preset("quick")
    casual = random_record("cas.0", rules, 1, seats, T0)
    private = random_record("priv.0", rules, 2, seats, T0 + 3_600_000, kind="private")
    pool = await asyncpg.create_pool(database_url, min_size=1, max_size=2)
    try:
        for record in (casual, private):
            assert await write_game(pool, record)
    finally:
        await pool.close()
    private_paths = ("/api/games/priv.0", "/api/games/priv.0/record.txt",
                     "/api/games/priv.0/analysis")

    outsiders = {"stranger": {}, "second account": sessions["Carla"],
                 "guest": {"spades_token": OUTSIDER_TOKEN}}
    for who, cookies in outsiders.items():
        async with httpx.AsyncClient(base_url=server.http, timeout=10, cookies=cookies) as http:
            for path in private_paths:
                # Answered exactly as a game that does not exist, so nobody learns it does.
                reply = await http.get(path)
                missing = await http.get(path.replace("priv.0", "none.0"))
                assert reply.status_code == missing.status_code == 404, (who, path, reply.text)
                assert reply.content == missing.content, (who, path)
                assert "priv.0" not in reply.text
            for name in ("Ann", "Bob"):
                page = await http.get(f"/api/players/{name}")
                assert page.status_code == 200
                assert "priv.0" not in page.text, (who, name)
                body = page.json()
                assert [g["id"] for g in body["recent"]] == ["cas.0"], who
                # the sums count the public games only: no trace of the private one
                assert body["games"] == 1 and body["stats"]["hands"] == casual.hands_played
                assert body["won"] == int(casual.winner == 0)
            assert "priv.0" not in (await http.get("/api/my-games")).text
            assert "priv.0" not in (await http.get("/api/leaderboard")).text

    # The players: Ann on her own page sees everything; Bob sees the game he played
    # on Ann's page; the guest who sat there opens it and finds it in their games.
    async with httpx.AsyncClient(base_url=server.http, timeout=10,
                                 cookies=sessions["Ann"]) as ann:
        page = (await ann.get("/api/players/Ann")).json()
        assert [g["id"] for g in page["recent"]] == ["priv.0", "cas.0"]
        assert page["games"] == 2
        assert page["stats"]["hands"] == casual.hands_played + private.hands_played
        for path in private_paths:
            assert (await ann.get(path)).status_code == 200, path
    async with httpx.AsyncClient(base_url=server.http, timeout=10,
                                 cookies=sessions["Bob"]) as bob:
        page = (await bob.get("/api/players/Ann")).json()
        assert [g["id"] for g in page["recent"]] == ["priv.0", "cas.0"]
    async with httpx.AsyncClient(base_url=server.http, timeout=10,
                                 cookies={"spades_token": GUEST_TOKEN}) as guest:
        assert (await guest.get("/api/games/priv.0")).status_code == 200
        mine = (await guest.get("/api/my-games")).json()["games"]
        assert [g["id"] for g in mine] == ["priv.0", "cas.0"]
