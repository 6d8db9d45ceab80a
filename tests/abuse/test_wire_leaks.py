"""The wire leak scan: many games seen by real client sockets at every seat and as
spectators; no frame to any socket carries a card another seat still holds.

Two kinds of tables: four scripted players (every seat a socket), and one player with
three Standard bots; two spectators watch each from before the first deal. Every frame
each socket received is scanned (``tests/room/leakscan.py``): the deal of each hand
becomes known from the review that follows it, and no frame may show a card of another
seat before it was played (for a spectator, every seat is another seat).
"""

from __future__ import annotations

import asyncio
import os
import random
from collections.abc import Awaitable, Callable

from client.room_client import RoomClient
from tests.room.conftest import LocalServer, game_over, play_until
from tests.room.leakscan import scan

Start = Callable[..., Awaitable[LocalServer]]
MakeClient = Callable[..., Awaitable[RoomClient]]

TABLES = int(os.environ.get("LEAK_TABLES", "4"))  # half of each kind
SPECTATOR = -1  # leakscan: a seat that holds no card


async def test_no_frame_to_any_socket_shows_a_card_another_seat_holds(
    start_server: Start, make_client: MakeClient
) -> None:
    server = await start_server(fill_wait_s=0.5)
    seated: list[RoomClient] = []
    watching: list[RoomClient] = []
    for index in range(TABLES):
        people = 4 if index % 2 == 0 else 1
        table_clients = []
        for seat in range(people):
            client = await make_client(server.ws, name=f"T{index}S{seat}", record=True)
            await client.quick_play()
            table_clients.append(client)
            if seat == 0:
                for _ in range(2):
                    spectator = await make_client(server.ws, record=True)
                    await spectator.watch(client.table)  # type: ignore[arg-type]
                    watching.append(spectator)
        assert len({c.table for c in table_clients}) == 1
        seated.extend(table_clients)
        while table_clients[0].status != "playing":
            await table_clients[0].next_update()
    await asyncio.gather(*(play_until(c, game_over, random.Random(i), timeout=100)
                           for i, c in enumerate(seated)))
    for spectator in watching:
        while not game_over(spectator):
            await spectator.next_update()
    scanned = 0
    for client in seated:
        assert client.recorded is not None and client.seat is not None
        scanned += scan(client.recorded, client.seat)
    for spectator in watching:
        assert spectator.recorded is not None and spectator.seat is None
        scanned += scan(spectator.recorded, SPECTATOR)
    assert scanned > 1000 * TABLES, scanned
