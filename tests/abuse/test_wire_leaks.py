"""The wire leak scan: many games seen by real client sockets at every seat and as
spectators; no frame to any socket carries a card another seat still holds.

Two kinds of tables: four scripted players at a casual table (every seat a socket), and
one player with three Standard bots at a private table its host starts; two spectators
watch each from before the first deal. The four are seated together by construction:
the casual fill wait is longer than any test, so bots never take a seat before the
fourth player arrives, however slow the machine (the bot tables do not wait for it). Every frame
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
from shared.protocol import Created, CreatePrivate, Join, StartGame
from tests.room.conftest import LocalServer, game_over, play_until
from tests.room.leakscan import scan

Start = Callable[..., Awaitable[LocalServer]]
MakeClient = Callable[..., Awaitable[RoomClient]]

TABLES = int(os.environ.get("LEAK_TABLES", "4"))  # half of each kind
SPECTATOR = -1  # leakscan: a seat that holds no card
NEVER_S = 3600.0  # the casual tables' fill wait: no bot takes a seat in this test


async def test_no_frame_to_any_socket_shows_a_card_another_seat_holds(
    start_server: Start, make_client: MakeClient
) -> None:
    server = await start_server(fill_wait_s=NEVER_S)
    seated: list[RoomClient] = []
    watching: list[RoomClient] = []
    for index in range(TABLES):
        people = 4 if index % 2 == 0 else 1
        table_clients = []
        code = None
        for seat in range(people):
            client = await make_client(server.ws, name=f"T{index}S{seat}", record=True)
            if people == 4:
                await client.quick_play()
            else:
                created = await client.request(CreatePrivate(watch=True))
                assert isinstance(created, Created)
                code = created.code
            table_clients.append(client)
            if seat == 0:
                for _ in range(2):
                    spectator = await make_client(server.ws, record=True)
                    if code is None:
                        await spectator.watch(client.table)  # type: ignore[arg-type]
                    else:  # a private table is watched with its invite
                        await spectator.request(Join(code=code, watch=True))
                    watching.append(spectator)
        assert len({c.table for c in table_clients}) == 1
        if people == 1:
            await table_clients[0].request(StartGame())
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
