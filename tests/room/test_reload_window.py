"""A reload never loses a person their turn: real sockets, real Redis.

When a person's last socket closes, the seat is not away (no autopilot) for the
reconnect window (``reconnect_window_s``); a socket of theirs back within it, on any
node, finds the turn waiting. A window that passes makes the seat away as before
(autopilot, then the grace's bot), and a turn clock runs on through the window.

Each test waits for the closed socket to be recorded (``away_ms`` stored) before it
reconnects, so the reload always comes after the disconnect: the case a quick
reconnect could otherwise win by luck.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable

from client.room_client import RoomClient
from server.tables.model import Table
from shared.protocol import Created, CreatePrivate, StartGame
from tests.room.conftest import LocalServer

Start = Callable[..., Awaitable[LocalServer]]
MakeClient = Callable[..., Awaitable[RoomClient]]

LONG = 60.0  # a generous upper bound for anything the room does on its own


async def stored_when(server: LocalServer, table_id: str,
                      condition: Callable[[Table], bool]) -> Table:
    """The stored table once ``condition`` holds (polled; ``LONG`` at most)."""
    deadline = time.monotonic() + LONG
    while True:
        table = await server.room.store.load(table_id)
        if table is not None and condition(table):
            return table
        assert time.monotonic() < deadline, f"condition never held: {table!r}"
        await asyncio.sleep(0.02)


async def until(client: RoomClient, condition: Callable[[RoomClient], bool]) -> None:
    deadline = time.monotonic() + LONG
    while not condition(client):
        await client.next_update(timeout=max(0.1, deadline - time.monotonic()))


async def no_clock_table_at_my_turn(server: LocalServer, make_client: MakeClient
                                    ) -> RoomClient:
    """A private table without a turn clock, bots in the other seats, the host to act."""
    host = await make_client(server.ws)
    await until(host, lambda c: c.pid is not None)
    created = await host.request(CreatePrivate(turn=0))
    assert isinstance(created, Created)
    await host.request(StartGame())
    await until(host, lambda c: c.my_turn)
    return host


async def close_and_wait_gone(server: LocalServer, client: RoomClient) -> Table:
    """Close the client's only socket; the stored table once the room recorded it."""
    table_id, seat = client.table, client.seat
    assert table_id is not None and seat is not None
    await client.close()
    return await stored_when(server, table_id, lambda t: t.seats[seat].away_ms != 0)


def events(table: Table) -> int:
    assert table.game is not None
    return table.game.n_events


async def test_a_reload_at_ones_turn_finds_the_turn_waiting(
    start_server: Start, make_client: MakeClient
) -> None:
    server = await start_server(reconnect_window_s=30.0)  # bots at pace 0
    host = await no_clock_table_at_my_turn(server, make_client)
    seat, table_id, token = host.seat, host.table, host.token
    assert seat is not None and table_id is not None
    before = await server.room.store.load(table_id)
    assert before is not None
    gone = await close_and_wait_gone(server, host)
    assert not gone.seats[seat].away and events(gone) == events(before)
    back = await make_client(server.ws, token=token)  # the reloaded page
    await until(back, lambda c: c.table == table_id and c.view is not None)
    now = await server.room.store.load(table_id)
    assert now is not None and events(now) == events(before), "the autopilot played"
    assert back.seat == seat and back.my_turn and not now.seats[seat].away
    assert not any("|away|" in m or "|grace|" in m for m in now.timers)
    assert back.view is not None
    await back.act(back.view["legal"][0])  # the person plays their own turn
    after = await server.room.store.load(table_id)
    assert after is not None and events(after) > events(before)


async def test_a_person_who_does_not_come_back_is_played_for_then_replaced(
    start_server: Start, make_client: MakeClient
) -> None:
    # A small pace keeps the game on past the grace (at pace 0 the autopilot could
    # finish it, and a game that is over keeps its seats).
    window = 1.0
    server = await start_server(reconnect_window_s=window, reconnect_grace_s=window + 2.0,
                                bot_pace_s=0.2)
    host = await no_clock_table_at_my_turn(server, make_client)
    seat, table_id = host.seat, host.table
    assert seat is not None and table_id is not None
    before = await server.room.store.load(table_id)
    assert before is not None
    closed_at = time.time()
    await close_and_wait_gone(server, host)
    # The autopilot plays the waiting turn, but never before the window has passed.
    played = await stored_when(server, table_id, lambda t: events(t) > events(before))
    assert time.time() - closed_at >= window
    assert played.seats[seat].away and played.seats[seat].is_person
    assert played.status == "playing"
    # Then the grace: a bot takes the seat (the person may take it back), as before.
    replaced = await stored_when(server, table_id, lambda t: t.seats[seat].bot)
    assert replaced.may_reclaim(host.pid or "")


async def test_a_reload_through_another_node_finds_the_turn_waiting(
    start_server: Start, make_client: MakeClient
) -> None:
    node_a = await start_server(reconnect_window_s=30.0)
    node_b = await start_server(reconnect_window_s=30.0)
    host = await no_clock_table_at_my_turn(node_a, make_client)
    seat, table_id, token = host.seat, host.table, host.token
    assert seat is not None and table_id is not None
    before = await node_a.room.store.load(table_id)
    assert before is not None
    await close_and_wait_gone(node_a, host)
    back = await make_client(node_b.ws, token=token)
    await until(back, lambda c: c.table == table_id and c.view is not None)
    now = await node_b.room.store.load(table_id)
    assert now is not None and events(now) == events(before), "the autopilot played"
    assert back.seat == seat and back.my_turn
    assert back.view is not None
    await back.act(back.view["legal"][0])


async def test_the_windows_timer_is_in_redis_and_another_node_runs_it(
    start_server: Start, make_client: MakeClient
) -> None:
    # Node A stops after the socket closed (its in-process timers go with it); node B's
    # poller claims the overdue window from Redis, and the autopilot plays the turn.
    node_a = await start_server(reconnect_window_s=0.5, reconnect_grace_s=LONG)
    node_b = await start_server(reconnect_window_s=0.5, reconnect_grace_s=LONG)
    host = await no_clock_table_at_my_turn(node_a, make_client)
    seat, table_id = host.seat, host.table
    assert seat is not None and table_id is not None
    before = await node_a.room.store.load(table_id)
    assert before is not None
    gone = await close_and_wait_gone(node_a, host)
    assert any(m.startswith(f"{table_id}|away|{seat}|") for m in gone.timers)
    await node_a.stop()
    played = await stored_when(node_b, table_id, lambda t: events(t) > events(before))
    assert played.seats[seat].away and not played.seats[seat].bot


async def test_a_turn_clock_runs_out_on_time_through_the_window(
    start_server: Start, make_client: MakeClient
) -> None:
    # The clock is long enough for the test to close the socket within it on a busy
    # machine, and far shorter than the window.
    server = await start_server(reconnect_window_s=LONG, turn_time_s=8.0)
    client = await make_client(server.ws)
    await client.quick_play()
    await until(client, lambda c: c.my_turn)
    seat, table_id = client.seat, client.table
    assert seat is not None and table_id is not None
    before = await server.room.store.load(table_id)
    assert before is not None
    deadline = before.turn_deadline()
    if before.game is None or before.game.to_act != seat or deadline is None:
        raise AssertionError(f"the turn moved on before the test could close: {before!r}")
    await client.close()

    def settled(table: Table) -> bool:
        return table.seats[seat].away_ms != 0 and events(table) > events(before)

    played = await stored_when(server, table_id, settled)
    person = played.seats[seat]
    # The turn clock (not the bots' pace) played the turn: counted as a time-out, as for
    # a present person, and the window still runs (not away).
    assert person.timeouts == 1 and not person.away and person.is_person
    assert time.time() * 1000 >= deadline
    assert any("|away|" in m for m in played.timers)


async def test_the_window_starts_only_when_the_last_socket_closes(
    start_server: Start, make_client: MakeClient
) -> None:
    server = await start_server(reconnect_window_s=0.2)
    first = await no_clock_table_at_my_turn(server, make_client)
    seat, table_id = first.seat, first.table
    assert seat is not None and table_id is not None
    second = await make_client(server.ws, token=first.token)  # another tab
    await until(second, lambda c: c.table == table_id and c.seat == seat)
    actor = server.room.existing_actor(table_id)
    assert actor is not None and len(actor.sockets) == 2
    await first.close()
    deadline = time.monotonic() + LONG
    while len(actor.sockets) > 1:  # the room has handled the first tab's close
        assert time.monotonic() < deadline
        await asyncio.sleep(0.02)
    kept = await server.room.store.load(table_id)
    assert kept is not None and not kept.seats[seat].away_ms
    assert not any("|away|" in m or "|bot|" in m for m in kept.timers)
    assert second.my_turn
    await close_and_wait_gone(server, second)  # the last one: now the window runs
    away = await stored_when(server, table_id, lambda t: t.seats[seat].away)
    assert away.seats[seat].is_person
