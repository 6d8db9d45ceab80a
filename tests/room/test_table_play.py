"""Tables with several people, hidden hands, leaks, reconnects, away and grace."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable

import pytest

from client.room_client import RequestFailed, RoomClient
from server.tables.store import Store
from shared.protocol import Event, Snapshot, TableUpdate
from shared.spades.cards import codes_of

from .conftest import LocalServer, play_until
from .leakscan import cards_in, decode_frame, scan

Start = Callable[..., Awaitable[LocalServer]]
MakeClient = Callable[..., Awaitable[RoomClient]]


async def test_four_clients_play_one_game_and_see_no_other_hand(
    start_server: Start, make_client: MakeClient
) -> None:
    server = await start_server(fill_wait_s=5.0)
    clients = [await make_client(server.ws, name=f"P{i}", record=True) for i in range(4)]
    for client in clients:
        await client.quick_play()
    assert len({c.table for c in clients}) == 1
    assert sorted(c.seat for c in clients) == [0, 1, 2, 3]  # type: ignore[type-var]
    await play_until(clients[0], lambda c: c.status == "playing")

    def third_hand(client: RoomClient) -> bool:  # two whole hands played: enough, and fast
        return bool(client.view and (client.view["hand_no"] >= 2 or client.view["over"]))

    await asyncio.gather(*(play_until(c, third_hand, random.Random(i))
                           for i, c in enumerate(clients)))
    assert all(not s["bot"] for s in clients[0].seats)
    table = await server.room.store.load(clients[0].table)  # type: ignore[arg-type]
    assert table is not None and table.game is not None
    unfinished = {table.game.hand_no: [codes_of(mask) for mask in table.game.dealt]}
    for client in clients:
        assert client.seat is not None and client.recorded is not None
        built = client.view
        await client.resync()  # nobody acts now: the view built from deltas must match
        assert client.view == built and client.version == clients[0].version
        assert scan(client.recorded, client.seat, unfinished) > 100


async def test_one_seat_never_sees_bot_hands_in_a_whole_game(
    server: LocalServer, make_client: MakeClient
) -> None:
    client = await make_client(server.ws, record=True)
    await client.quick_play()
    await play_until(client, rng=random.Random(11))
    assert client.recorded is not None and client.seat is not None
    assert scan(client.recorded, client.seat) > 100  # Standard bots end games in ~4 hands


async def test_blind_nil_decision_hides_the_hand_until_look(
    start_server: Start, make_client: MakeClient
) -> None:
    server = await start_server(casual_preset="standard")
    client = await make_client(server.ws, record=True)
    await client.quick_play()
    await play_until(client, lambda c: c.my_turn)
    assert client.view is not None and client.recorded is not None
    assert client.view["hand_hidden"] is True and client.view["hand"] == []
    assert "look" in client.view["legal"] and "bid blind nil" in client.view["legal"]
    assert not any(cards_in(decode_frame(f)) for f in client.recorded)  # no card at all yet
    await client.act("bid blind nil")
    assert client.view["hand_hidden"] is False and len(client.view["hand"]) == 13
    assert client.view["bids"][client.seat] == "blind nil"


async def test_look_reveals_only_the_own_hand(start_server: Start, make_client: MakeClient) -> None:
    server = await start_server(casual_preset="standard")
    client = await make_client(server.ws, record=True)
    watcher = await make_client(server.ws, record=True)
    await client.quick_play()
    assert client.table is not None
    await watcher.watch(client.table)
    await play_until(client, lambda c: c.my_turn)
    await client.act("look")
    assert client.view is not None and len(client.view["hand"]) == 13
    await client.resync()
    await watcher.resync()
    assert watcher.view is not None and watcher.view["hand"] == [] and watcher.seat is None
    assert watcher.recorded is not None
    assert not set(client.view["hand"]) & set().union(
        *(cards_in(decode_frame(f)) for f in watcher.recorded))


async def test_reconnect_mid_hand_resumes_the_seat(server: LocalServer,
                                                   make_client: MakeClient) -> None:
    client = await make_client(server.ws)
    await client.quick_play()
    await play_until(client, lambda c: bool(c.view and len(c.view["tricks"]) >= 3 and c.my_turn))
    table, seat, before = client.table, client.seat, client.version
    await client.drop()
    while client.reconnects == 0 or client.version == before:
        await client.next_update()
    assert (client.table, client.seat) == (table, seat)
    await play_until(client, rng=random.Random(3))
    assert not client.seats[seat]["bot"]  # type: ignore[index]
    stored = await server.room.store.load(table)  # type: ignore[arg-type]
    assert stored is not None and stored.seats[seat].pid == client.pid  # type: ignore[index]
    # Resuming from an old version lists the events missed since, then the snapshot.
    earlier = client.version - 10
    other = await make_client(server.ws, token=client.token)
    other.table, other.version = table, earlier
    await other.drop()  # reconnect with table and version: a resume
    snap = None
    while snap is None:
        update = await other.next_update()
        if isinstance(update.message, Snapshot):
            snap = update.message
    assert snap.missed is not None and snap.missed[0][0] > earlier
    assert [m[0] for m in snap.missed] == sorted(m[0] for m in snap.missed)
    assert snap.missed[-1][0] <= snap.v and all(a.startswith("play ") for _, _, a in snap.missed)


async def test_two_time_outs_make_a_person_away_and_only_a_closed_socket_loses_the_seat(
    start_server: Start, make_client: MakeClient
) -> None:
    # Bots at a small pace: at pace 0 the Standard bots and the autopilot can finish a
    # whole quick game within the grace, and a game that is over keeps its seats.
    server = await start_server(turn_time_s=0.3, reconnect_grace_s=0.6, bot_pace_s=0.02)
    client = await make_client(server.ws)
    await client.quick_play()
    assert client.seat is not None
    seat = client.seat
    autopiloted = 0
    while not client.seats or not client.seats[seat]["away"]:  # do nothing: autopilot
        update = await client.next_update()
        if isinstance(update.message, Event) and update.message.s == seat:
            assert update.message.auto, "an action of this seat that nobody took"
            autopiloted += 1
    assert autopiloted == 2  # away after two turns in a row ran out, not one
    stored = await server.room.store.load(client.table)  # type: ignore[arg-type]
    assert stored is not None and not stored.seats[seat].bot
    assert not any("|grace|" in m for m in stored.timers)  # the socket is open: no grace
    await client.back()
    assert not client.seats[seat]["away"]
    token, table = client.token, client.table
    await client.close()
    stored = None
    for _ in range(100):
        await asyncio.sleep(0.05)
        stored = await server.room.store.load(table)  # type: ignore[arg-type]
        if stored is not None and stored.seats[seat].bot:
            break
    assert stored is not None and stored.seats[seat].bot and stored.seats[seat].pid
    back = await make_client(server.ws, token=token)  # a reload: watching, offered the seat
    snap = None
    while snap is None:
        update = await back.next_update()
        if isinstance(update.message, Snapshot):
            snap = update.message
    assert snap.table == table and snap.seat is None and snap.reclaim == seat
    await back.reclaim()
    while back.seat is None:
        await back.next_update()
    assert back.table == table and back.seat == seat and not back.seats[seat]["bot"]
    stored = await server.room.store.load(table)  # type: ignore[arg-type]
    assert stored is not None and not stored.seats[seat].bot
    with pytest.raises(RequestFailed, match="not_seated"):
        await back.reclaim()


async def test_leave_gives_the_seat_to_a_bot_and_others_see_it(
    start_server: Start, make_client: MakeClient
) -> None:
    server = await start_server(fill_wait_s=5.0, bot_pace_s=5.0)
    first, second = await make_client(server.ws), await make_client(server.ws, name="Bo")
    await first.quick_play()
    await second.quick_play()
    assert first.table == second.table
    await second.leave()
    while first.seats[second.seat or 1]["name"] == "Bo":  # filling: the seat is freed
        update = await first.next_update()
        assert isinstance(update.message, TableUpdate | Snapshot) or update.id is not None
    assert first.seats[1]["name"] is None


async def test_a_node_shutting_down_does_not_send_its_players_away(
    start_server: Start, make_client: MakeClient
) -> None:
    server = await start_server()
    client = await make_client(server.ws, reconnect_for=1)
    await client.quick_play()
    await play_until(client, lambda c: c.my_turn)
    assert client.table is not None and client.seat is not None
    await server.stop()  # graceful: the sockets get 1012 and come back elsewhere
    store = Store.from_url(server.settings.redis_url or "")
    table = await store.load(client.table)
    await store.close()
    assert table is not None and table.seats[client.seat].pid == client.pid
    assert not table.seats[client.seat].away
