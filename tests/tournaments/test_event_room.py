"""Tournaments through the room: real sockets, real Redis, real PostgreSQL.

The nodes' own tick is off (``tournament_tick_s=0``): the test ticks, so it knows when
the pairing ran. The games are played by the clients with the Standard bot.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from server.archive.db import Database
from server.tournaments.results import EventResults
from server.tournaments.service import Tournaments
from shared.tournaments import Arena, ArenaSettings, Entrant
from tests.room_social.conftest import SocialClient, SocialFactory, Start, bot_play_until

QUICK_GAME = {"tournament_tick_s": 0.0}


def tournaments(server: Any) -> Tournaments:
    service: Tournaments = server.app.state.tournaments
    return service


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
    db = Database(database_url)
    await db.open()
    try:
        kept = await EventResults(db).games(arena.id)
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
