"""Several server processes on one Redis: shared tables, a node killed, a node restarted."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable

import pytest
import redis.asyncio as aioredis

from client.room_client import RoomClient
from server.tables.store import Store
from shared.spades import Game

from .conftest import Node, play_until

MakeClient = Callable[..., Awaitable[RoomClient]]
SpawnNode = Callable[..., Node]

pytestmark = pytest.mark.slow


def mid_hand(client: RoomClient) -> bool:
    return bool(client.view and len(client.view["tricks"]) >= 3 and not client.view["over"])


def hands_later(hand: int) -> Callable[[RoomClient], bool]:
    def done(client: RoomClient) -> bool:
        return bool(client.view and (client.view["hand_no"] >= hand or client.view["over"]))
    return done


async def stored_game_events(redis: aioredis.Redis, table: str) -> list[tuple[int, str]]:
    """The game's actions as Redis holds them, checked by replaying them. The table and
    its actions are two reads while bots may still play: read until the table is the
    same after the actions as before them, so both are of one moment."""
    store = Store(redis)
    while True:
        stored = await store.load(table)
        assert stored is not None and stored.game is not None
        events = await store.game_events(table, stored.game_no)
        again = await store.load(table)
        if again is not None and again.rev == stored.rev:
            break
    game = stored.game
    replayed = Game.replay(game.rules, game.seed, game.first_dealer, events)
    assert replayed.to_dict(events=False) == game.to_dict(events=False)
    return events


def record_acts(client: RoomClient, log: list[str]) -> None:
    """Keep the actions the server acknowledged for this client, in order."""
    act = client.act

    async def acting(action: str):  # type: ignore[no-untyped-def]
        ack = await act(action)
        log.append(action)
        return ack

    client.act = acting  # type: ignore[method-assign]


async def test_two_nodes_share_a_table_and_survive_sigkill_of_one(
    spawn_node: SpawnNode, make_client: MakeClient, redis: aioredis.Redis
) -> None:
    env = {"FILL_WAIT_S": "10", "TURN_TIME_S": "60"}
    a, b = spawn_node(**env), spawn_node(**env)
    orders = [[a.ws, b.ws], [b.ws, a.ws]] * 2
    clients = [await make_client(order, name=f"P{i}") for i, order in enumerate(orders)]
    acked: list[list[str]] = [[] for _ in clients]
    for client, log in zip(clients, acked, strict=True):
        await client.quick_play()
        record_acts(client, log)
    assert len({c.table for c in clients}) == 1
    assert {c.address for c in clients} == {a.ws, b.ws}
    await play_until(clients[0], lambda c: c.status == "playing")
    await asyncio.gather(*(play_until(c, mid_hand, random.Random(i))
                           for i, c in enumerate(clients)))
    hand = clients[0].view["hand_no"]  # type: ignore[index]
    finish = asyncio.gather(*(play_until(c, hands_later(hand + 2), random.Random(10 + i))
                              for i, c in enumerate(clients)))
    await asyncio.sleep(0.05)
    a.kill()  # mid-hand, while everyone plays
    await finish
    assert all(c.address == b.ws for c in clients)
    assert sum(c.reconnects for c in clients) == 2
    assert all(not s["bot"] and not s["away"] for s in clients[0].seats)
    # Nothing lost, nothing twice: each seat's actions in the game are exactly the ones
    # its client was told were done.
    table = clients[0].table
    assert table is not None
    events = await stored_game_events(redis, table)
    for client, log in zip(clients, acked, strict=True):
        assert [text for seat, text in events if seat == client.seat] == log
    for client in clients:
        built = client.view
        await client.resync()
        assert client.view == built


async def test_restart_of_the_only_node_resumes_the_game_from_redis(
    spawn_node: SpawnNode, make_client: MakeClient, redis: aioredis.Redis
) -> None:
    node = spawn_node(BOT_PACE_S="0.02")
    client = await make_client([node.ws], reconnect_for=30)
    await client.quick_play()
    await play_until(client, mid_hand)
    table, seat, version = client.table, client.seat, client.version
    assert table is not None
    before = len(await stored_game_events(redis, table))
    node.kill()
    restarted = spawn_node(port=node.port, BOT_PACE_S="0.02")
    await play_until(client, hands_later(client.view["hand_no"] + 1))  # type: ignore[index]
    assert (client.table, client.seat) == (table, seat)
    assert client.reconnects >= 1 and client.version > version
    assert not client.seats[seat]["bot"]  # type: ignore[index]
    assert restarted.proc.poll() is None
    after = await stored_game_events(redis, table)
    assert len(after) >= before + 4  # bots and the player went on past the restart
