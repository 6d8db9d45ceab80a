"""Tournaments through the room: real sockets, real Redis, real PostgreSQL.

The nodes' own tick is off (``tournament_tick_s=0``): the test ticks, so it knows when
the pairing ran. The games are played by the clients with the Standard bot.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import httpx

from server.archive.db import Database
from server.tournaments.results import EventResults
from server.tournaments.service import Tournaments
from server.web.http_social import GUEST_COOKIE, SESSION_COOKIE
from shared.tournaments import (
    Arena,
    ArenaSettings,
    Calendar,
    Entrant,
    Knockout,
    KnockoutSettings,
)
from tests.room_social.conftest import (
    SocialClient,
    SocialFactory,
    Start,
    bot_play_until,
    origin,
    register,
)

QUICK_GAME = {"tournament_tick_s": 0.0, "tournament_calendar": ""}


def tournaments(server: Any) -> Tournaments:
    service: Tournaments = server.app.state.tournaments
    return service


async def two_entered(server: Any, social_client: SocialFactory, event_id: str,
                      name: str) -> list[SocialClient]:
    """Two guests of the room's sockets, each entered in the event (ratings 20, 21)."""
    clients = [await social_client(server) for _ in range(2)]
    for k, client in enumerate(clients):
        assert client.pid is not None
        await tournaments(server).join(event_id, [Entrant(client.pid, f"{name} {k}", 20.0 + k)])
    return clients


async def seated(clients: list[SocialClient]) -> str:
    """The one table every client was moved to."""
    for client in clients:
        await client.wait_for(lambda c: c.table is not None and c.view is not None)
    tables = {client.table for client in clients}
    assert len(tables) == 1, tables
    table = tables.pop()
    assert table is not None
    return table


async def test_an_arena_pairs_free_players_onto_a_table_and_counts_the_game_once(
        start_server: Start, social_client: SocialFactory, database_url: str) -> None:
    server = await start_server(**QUICK_GAME)
    service = tournaments(server)
    now = int(time.time() * 1000)
    arena = await service.create_arena(ArenaSettings("Test Arena", preset="quick",
                                                     starts_ms=now, minutes=15))
    clients = [await social_client(server) for _ in range(4)]
    for k, client in enumerate(clients):
        assert client.pid is not None
        await service.join(arena.id, [Entrant(client.pid, f"Player {k}", 25.0 + k)])
    await service.tick(sweep=False)
    table_id = await seated(clients)
    event = await service.event(arena.id)
    assert isinstance(event, Arena) and list(event.tables) == [table_id]
    await service.tick(sweep=False)  # nobody is free: nothing more is seated
    event = await service.event(arena.id)
    assert isinstance(event, Arena) and list(event.tables) == [table_id]

    await asyncio.gather(*(bot_play_until(client) for client in clients))
    await _until(lambda e: table_id in e.recorded, service, arena.id)
    event = await service.event(arena.id)
    assert isinstance(event, Arena)
    points = sorted(s.points for s in event.standings())
    assert points in ([0, 0, 2, 2], [1, 1, 1, 1])
    # The sweep finds the game counted: nothing is counted twice.
    await service.tick(sweep=True)
    again = await service.event(arena.id)
    assert isinstance(again, Arena) and again.standings() == event.standings()
    # PostgreSQL is written after the event records the game in Redis: wait for it.
    db = Database(database_url)
    await db.open()
    try:
        deadline = time.monotonic() + 30
        while not (kept := await EventResults(db).games(arena.id)) and time.monotonic() < deadline:
            await asyncio.sleep(0.1)
    finally:
        await db.close()
    assert kept == {table_id: {s.pid: s.points for s in event.standings()}}


async def _until(done: Any, service: Tournaments, event_id: str, timeout: float = 20) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        event = await service.event(event_id)
        if event is not None and done(event):
            return
        await asyncio.sleep(0.05)
    raise TimeoutError("the event never got there")


async def test_events_over_http_create_join_pause_and_refusals(
        start_server: Start, social_client: SocialFactory) -> None:
    server = await start_server(**QUICK_GAME)
    guest = await social_client(server)  # a guest of the room's page
    assert guest.token is not None

    def web(cookies: dict[str, str] | None = None) -> httpx.AsyncClient:
        return httpx.AsyncClient(base_url=server.http, headers=origin(server),
                                 cookies=cookies)

    body = {"kind": "arena", "name": "Club night", "preset": "quick", "minutes": 30}
    async with web({SESSION_COOKIE: await register(server, "Host")}) as host, \
            web({GUEST_COOKIE: guest.token}) as as_guest, web() as anyone:
        refused = await anyone.post("/api/tournaments", json=body)
        assert refused.status_code == 401  # a guest creates nothing
        bad = await host.post("/api/tournaments", json={**body, "minutes": 7})
        assert bad.status_code == 400 and bad.json()["error"] == "bad_entry"
        made = await host.post("/api/tournaments", json=body)
        assert made.status_code == 201, made.text
        event_id = made.json()["id"]
        rated = await host.post("/api/tournaments", json={
            **body, "name": "Rated night", "preset": "standard", "rated": True})
        rated_id = rated.json()["id"]
        club = await host.post("/api/tournaments", json={
            **body, "name": "Our club", "private": True})
        club_id = club.json()["id"]

        joined = await host.post(f"/api/tournaments/{event_id}/join")
        assert joined.status_code == 200, joined.text
        assert [s["name"] for s in joined.json()["standings"]] == ["Host"]
        again = await host.post(f"/api/tournaments/{event_id}/join")
        assert again.status_code == 409 and again.json()["error"] == "already_entered"
        paused = await host.post(f"/api/tournaments/{event_id}/pause")
        assert paused.json()["standings"][0]["status"] == "paused"

        casual = await as_guest.post(f"/api/tournaments/{event_id}/join")
        assert casual.status_code == 200, casual.text
        refused = await as_guest.post(f"/api/tournaments/{rated_id}/join")
        assert refused.status_code == 401 and refused.json()["error"] == "sign_in_required"
        missing = await anyone.get("/api/tournaments/nothing")
        assert missing.status_code == 404 and missing.json()["error"] == "no_event"

        listed = (await anyone.get("/api/tournaments")).json()["events"]
        # The club's event is not listed; its link is how its players find it.
        assert {e["id"]: e["players"] for e in listed} == {event_id: 2, rated_id: 0}
        linked = await anyone.get(f"/api/tournaments/{club_id}")
        assert linked.status_code == 200 and linked.json()["private"] is True
        page = (await anyone.get(f"/api/tournaments/{event_id}")).json()
        assert page["phase"] == "running" and page["kind"] == "arena"

    # The calendar: two nodes scheduling at once create each event once.
    service = tournaments(server)
    far = (time.gmtime().tm_hour + 12) % 24  # a daily start half a day away
    hourly = Calendar(f"hourly:arena:quick:30;daily@{far:02d}:00:knockout:two_handed:8")
    nodes = [Tournaments(service.room, Database(None), calendar=hourly, tick_s=0)
             for _ in range(2)]
    made = await asyncio.gather(*(node.schedule() for node in nodes))
    assert sum(len(m) for m in made) == 1  # the hourly one: the daily one is far
    assert [e.settings.name for m in made for e in m] == ["Hourly Quick Arena"]
    assert await asyncio.gather(*(node.schedule() for node in nodes)) == [[], []]


async def test_a_rated_events_game_moves_ratings_as_a_ranked_game_does(
        start_server: Start, social_client: SocialFactory) -> None:
    server = await start_server(**QUICK_GAME)
    service = tournaments(server)
    arena = await service.create_arena(ArenaSettings(
        "Rated Arena", preset="quick", rated=True, minutes=15,
        starts_ms=int(time.time() * 1000)))
    clients = []
    for k in range(4):
        cookie = await register(server, f"Rated{k}")
        client = await social_client(server, cookie=cookie)
        assert client.pid is not None
        clients.append(client)
        await service.join(arena.id, [Entrant(client.pid, f"Rated{k}", 25.0,
                                              origin=f"address{k}")])
    await service.tick(sweep=False)
    table_id = await seated(clients)
    table = await server.room.store.load(table_id)
    assert table is not None and table.rated and table.event == arena.id
    await asyncio.gather(*(bot_play_until(client) for client in clients))
    await _until(lambda e: table_id in e.recorded, service, arena.id)
    ratings = server.social.ratings
    for client in clients:
        assert client.pid is not None
        rated = await _rating_games(ratings, client.pid)
        assert rated == 1, client.pid


async def _rating_games(ratings: Any, pid: str, timeout: float = 10) -> int:
    """The player's rated games, once the node's rating of the game landed."""
    deadline = time.monotonic() + timeout
    while (games := (await ratings.rating(pid)).games) == 0 and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    return int(games)


async def test_a_two_handed_knockout_final_is_played_recorded_and_its_places_kept(
        start_server: Start, social_client: SocialFactory, database_url: str) -> None:
    server = await start_server(**QUICK_GAME)
    service = tournaments(server)
    event = await service.create_knockout(KnockoutSettings(
        "Duel", preset="two_handed", size=8, starts_ms=int(time.time() * 1000)))
    clients = await two_entered(server, social_client, event.id, "Duelist")
    await service.tick(sweep=False)  # the bracket is drawn, the final seated
    table_id = await seated(clients)
    await asyncio.gather(*(bot_play_until(client) for client in clients))
    await _until(lambda e: e.is_finished, service, event.id)
    done = await service.event(event.id)
    assert isinstance(done, Knockout) and done.final is not None
    assert done.final.games == [table_id]
    champion = done.podium()[0][0].members[0].pid
    deadline = time.monotonic() + 10
    while await service.store.live():  # finished: off the live list, once its places
        assert time.monotonic() < deadline  # are kept (the node does both after the game)
        await asyncio.sleep(0.05)
    db = Database(database_url)
    await db.open()
    try:
        results = EventResults(db)
        games = await results.games(event.id)
        places = {pid: (await results.places_of(pid))[0].place for pid in
                  (c.pid for c in clients) if pid is not None}
    finally:
        await db.close()
    assert games == {table_id: {pid: int(pid == champion) for pid in places}}
    assert places[champion] == 1 and sorted(places.values()) == [1, 2]
