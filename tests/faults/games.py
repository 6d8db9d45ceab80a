"""Helpers of the fault tests: many games played by clients that keep a log of what
the server acknowledged, node metrics, and the checks against Redis."""

from __future__ import annotations

import asyncio
import contextlib
import random
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

import httpx
import redis.asyncio as aioredis

from client.room_client import RequestFailed, RoomClient
from server.tables.store import Store
from shared.spades import Game

MakeClient = Callable[..., Awaitable[RoomClient]]
RETRY = {"stale", "unavailable", "internal"}  # decide again from the (fresh) view


@dataclass
class Player:
    """A client and the actions the server acknowledged to it, in order."""

    client: RoomClient
    acked: list[str] = field(default_factory=list)
    refused: dict[str, int] = field(default_factory=dict)


def over(client: RoomClient) -> bool:
    return bool(client.view and client.view["over"])


async def play(player: Player, done: Callable[[RoomClient], bool] = over,
               rng: random.Random | None = None, timeout: float = 90.0) -> None:
    """Random legal actions whenever it is the seat's turn, until ``done``; an
    ``unavailable`` or ``stale`` answer means: look again and decide again."""
    client, rng = player.client, rng or random.Random(0)
    deadline = asyncio.get_running_loop().time() + timeout
    while not done(client):
        if asyncio.get_running_loop().time() > deadline:
            raise TimeoutError(f"game not done at version {client.version}: {client.view}")
        if client.should_continue:  # between hands: read, then Continue
            with contextlib.suppress(RequestFailed):
                await client.ready()
        if client.my_turn:
            assert client.view is not None
            legal = [a for a in client.view["legal"] if a != "look"] or client.view["legal"]
            legal = [a for a in legal if a in ("bid 2", "bid 3", "bid 4")] or legal
            action = rng.choice(legal)
            try:
                await client.act(action)
            except RequestFailed as err:
                if err.code not in RETRY:
                    raise
                player.refused[err.code] = player.refused.get(err.code, 0) + 1
                await asyncio.sleep(0.05 if err.code == "unavailable" else 0)
                continue
            except TimeoutError:  # the node is gone: the client resends after reconnecting
                continue
            player.acked.append(action)
            continue
        try:
            await client.next_update(timeout=2)
        except TimeoutError:
            continue


def waited_on(player: Player) -> Callable[[RoomClient], bool]:
    """A ``play`` goal: the person has had three actions acknowledged and their table
    waits for them again (a person's clock, 30 s). Played to it, every game is still on,
    by construction, however fast the machine runs the bots."""
    return lambda client: len(player.acked) >= 3 and client.my_turn


async def seat_one_per_table(make_client: MakeClient, orders: list[list[str]],
                             **kwargs: object) -> list[Player]:
    """One client per table (bots fill the other seats): each waits for its table to
    start before the next sits down, so (nearly: quick play may still seat two
    together) every client gets a table of its own."""
    players = []
    for index, order in enumerate(orders):
        client = await make_client(order, name=f"F{index}", reconnect_for=60, **kwargs)
        await client.quick_play()
        while client.status != "playing" or client.view is None:
            await client.next_update(timeout=10)
        players.append(Player(client))
    assert len({p.client.table for p in players}) >= len(players) // 2
    return players


async def stored_actions(redis: aioredis.Redis, table: str) -> list[tuple[int, str]]:
    """The current game's actions as Redis holds them, checked by replaying them."""
    store = Store(redis)
    # Bots may still be playing: the blob and the log are two reads, so take them again
    # until the table's version did not move between them.
    for _ in range(100):
        stored = await store.load(table)
        assert stored is not None and stored.game is not None
        events = await store.game_events(table, stored.game_no)
        again = await store.load(table)
        if again is not None and again.rev == stored.rev:
            break
        await asyncio.sleep(0.02)
    game = stored.game
    replayed = Game.replay(game.rules, game.seed, game.first_dealer, events)
    assert replayed.to_dict(events=False) == game.to_dict(events=False)
    return events


def is_subsequence(part: list[str], whole: list[str]) -> bool:
    items = iter(whole)
    return all(any(x == y for y in items) for x in part)


def metric(http: str, name: str) -> float:
    """One value of a node's /metrics (0 when absent)."""
    text = httpx.get(f"{http}/metrics", timeout=5).text
    found = re.search(rf"^{re.escape(name)} (\S+)$", text, re.MULTILINE)
    return float(found.group(1)) if found else 0.0
