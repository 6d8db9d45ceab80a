"""An Arena seats its free players as soon as they are free, not at the next tick: a
join and a game's end pair at once, through the event's compare-and-set, so two
nodes racing to pair the same players make one table of them. Real server, Redis and
sockets."""

from __future__ import annotations

import asyncio
import time

from server.archive.db import Database
from server.tournaments.service import Tournaments
from shared.tournaments import Arena, ArenaSettings, Entrant
from tests.room_social.conftest import SocialFactory, Start, bot_play_until

from .test_event_room import seated, tournaments, two_entered

# The tick once an hour (its first after an hour): only the immediate path can pair.
LONG_TICK = {"tournament_tick_s": 3600.0, "tournament_calendar": ""}


async def test_two_free_players_are_seated_without_waiting_for_the_tick(
        start_server: Start, social_client: SocialFactory) -> None:
    server = await start_server(**LONG_TICK)
    service = tournaments(server)
    arena = await service.create_arena(ArenaSettings(
        "Duel Arena", preset="two_handed", minutes=15, starts_ms=int(time.time() * 1000)))
    clients = await two_entered(server, social_client, arena.id, "Player")
    table_id = await seated(clients)
    event = await service.event(arena.id)
    assert isinstance(event, Arena) and list(event.tables) == [table_id]
    # Their game ends: counted, they are free, and seated again at once.
    await asyncio.gather(*(bot_play_until(client) for client in clients))
    for client in clients:
        await client.wait_for(lambda c: c.table not in (None, table_id) and c.view is not None)
    event = await service.event(arena.id)
    assert isinstance(event, Arena) and event.recorded == {table_id}
    assert list(event.tables) == [clients[0].table]


async def test_two_nodes_racing_to_pair_the_same_players_make_one_table_each(
        start_server: Start) -> None:
    server = await start_server(**LONG_TICK)
    service = tournaments(server)
    nodes = [Tournaments(service.room, Database(None), tick_s=0) for _ in range(2)]
    arena = await service.create_arena(ArenaSettings(
        "Race Arena", preset="quick", minutes=15, starts_ms=int(time.time() * 1000)))

    def join_all(event: object) -> None:  # written at once: no join pairs by itself
        assert isinstance(event, Arena)
        for k in range(8):
            event.join(Entrant(f"racer{k}", f"Racer {k}", 25.0), 0)

    await service.store.mutate(arena.id, join_all)
    for _ in range(3):  # each node pairs as if a player had just become free there
        await asyncio.gather(*(node.pair_now(arena.id) for node in nodes))
    event = await service.event(arena.id)
    assert isinstance(event, Arena)
    assert len(event.tables) == 2, event.tables
    seated_pids = [pid for pids in event.tables.values() for pid in pids]
    assert sorted(seated_pids) == sorted(f"racer{k}" for k in range(8))
    for table_id, pids in event.tables.items():
        table = await service.room.store.load(table_id)
        assert table is not None and table.event == arena.id
        assert {seat.pid for seat in table.seats} == set(pids)
        for pid in pids:
            assert (await service.room.store.player(pid))[1] == table_id
