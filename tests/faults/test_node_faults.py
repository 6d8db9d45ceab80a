"""A node dies (SIGKILL) or is stopped (SIGTERM) while 20 games are in flight."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable

import pytest
import redis.asyncio as aioredis

from client.room_client import RoomClient
from tests.room.conftest import Node

from .games import (
    MakeClient,
    Player,
    is_subsequence,
    over,
    play,
    seat_one_per_table,
    stored_actions,
    waited_on,
)

SpawnNode = Callable[..., Node]

pytestmark = pytest.mark.slow
GAMES = 20


async def check_stream(redis: aioredis.Redis, players: list[Player], exact: bool) -> None:
    """Every action a client saw acknowledged is in its table's game log (in order;
    ``exact``: and nothing else of that seat)."""
    for player in players:
        client = player.client
        assert client.table is not None and client.seat is not None
        events = await stored_actions(redis, client.table)
        mine = [text for seat, text in events if seat == client.seat]
        assert is_subsequence(player.acked, mine), (player.acked, mine)
        if exact:
            assert mine == player.acked


async def test_sigkill_of_a_node_with_20_games_in_flight_loses_nothing(
    spawn_node: SpawnNode, make_client: MakeClient, redis: aioredis.Redis
) -> None:
    a, b = spawn_node(BOT_PACE_S="0.01"), spawn_node(BOT_PACE_S="0.01")
    orders = [[a.ws, b.ws] if i % 2 == 0 else [b.ws, a.ws] for i in range(GAMES)]
    players = await seat_one_per_table(make_client, orders)
    # Every game is played until its table waits for its person: all 20 are on when the
    # node dies, by construction (a quick game at bot speed can end within a second).
    await asyncio.gather(*(play(p, waited_on(p), rng=random.Random(i))
                           for i, p in enumerate(players)))
    assert not any(over(p.client) for p in players)
    games = asyncio.gather(*(play(p, rng=random.Random(100 + i))
                             for i, p in enumerate(players)))
    a.kill()
    await games
    assert all(over(p.client) and p.client.status == "over" for p in players)
    assert all(p.client.address == b.ws for p in players)
    assert sum(p.client.reconnects for p in players) == GAMES // 2
    # A request in flight when the node died is resent with its id after the reconnect
    # and applied once: the logs match exactly.
    await check_stream(redis, players, exact=True)


async def test_sigterm_drains_then_sends_everyone_elsewhere(
    spawn_node: SpawnNode, make_client: MakeClient, redis: aioredis.Redis
) -> None:
    a, b = spawn_node(BOT_PACE_S="0.01"), spawn_node(BOT_PACE_S="0.01")
    players = await seat_one_per_table(make_client, [[a.ws, b.ws]] * 4)

    def next_hand(client: RoomClient) -> bool:  # a hand after the stop: enough, and fast
        return bool(client.view and (client.view["hand_no"] >= 2 or client.view["over"]))

    # Each table waits for its person (three actions in: still the first hand) when the
    # node is stopped, by construction.
    await asyncio.gather(*(play(p, waited_on(p), random.Random(i))
                           for i, p in enumerate(players)))
    assert not any(next_hand(p.client) for p in players)
    games = asyncio.gather(*(play(p, next_hand, random.Random(100 + i))
                             for i, p in enumerate(players)))
    a.stop()  # SIGTERM: stop listening, finish in-flight messages, close with 1012
    assert a.proc.returncode == 0
    await games
    assert all(p.client.address == b.ws and p.client.reconnects == 1 for p in players)
    # 1012 is "reconnect elsewhere", not "left": nobody was handed to the autopilot.
    for player in players:
        assert not player.client.seats[player.client.seat]["away"]  # type: ignore[index]
        assert not player.client.seats[player.client.seat]["bot"]  # type: ignore[index]
    await check_stream(redis, players, exact=True)
    log = a.log()
    assert '"msg": "drained"' in log, log[-2000:]
