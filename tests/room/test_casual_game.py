"""Whole casual games over real WebSockets against a real server and Redis."""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable

from client.room_client import RoomClient
from shared.protocol import Format

from .conftest import LocalServer, play_until


async def test_one_client_and_three_bots_play_a_whole_game(
    server: LocalServer, make_client: Callable[..., Awaitable[RoomClient]]
) -> None:
    client = await make_client(server.ws, name="Ann")
    await client.quick_play()
    assert client.seat is not None and client.table is not None
    taken = await play_until(client, rng=random.Random(5))
    assert taken > 0
    assert client.status == "over"
    assert [s["bot"] for i, s in enumerate(client.seats) if i != client.seat] == [True] * 3
    # The view built from deltas is exactly the server's fresh snapshot.
    built = client.view
    await client.resync()
    assert client.view == built
    table = await server.room.store.load(client.table)
    assert table is not None and table.game is not None and table.game.over
    assert table.rev == client.version


async def test_json_client_plays_too(
    server: LocalServer, make_client: Callable[..., Awaitable[RoomClient]]
) -> None:
    client = await make_client(server.ws, fmt=Format.JSON)
    await client.quick_play()
    # Compare when the table waits for this client (bots do not move then).
    await play_until(client, lambda c: bool(c.view and c.my_turn and len(c.view["tricks"]) >= 2))
    built = client.view
    await client.resync()
    assert client.view == built


async def test_card_plays_are_compact_on_the_wire(
    server: LocalServer, make_client: Callable[..., Awaitable[RoomClient]]
) -> None:
    client = await make_client(server.ws)
    await client.quick_play()
    sizes: list[int] = []
    original = client._take

    def measure(frame: bytes | str) -> None:
        original(frame)
        assert isinstance(frame, bytes)
        if frame[:10].find(b"ev") >= 0 and b"play " in frame:
            sizes.append(len(frame))

    client._take = measure  # type: ignore[method-assign]
    await play_until(client, rng=random.Random(2))
    assert len(sizes) > 52
    average = sum(sizes) / len(sizes)
    print(f"card play: {len(sizes)} frames, average {average:.1f} bytes, max {max(sizes)}")
    assert average <= 80, average


async def test_rematch_starts_a_new_game_with_the_same_seats(
    server: LocalServer, make_client: Callable[..., Awaitable[RoomClient]]
) -> None:
    client = await make_client(server.ws)
    await client.quick_play()
    await play_until(client, rng=random.Random(9))
    table, seat, names = client.table, client.seat, [s["name"] for s in client.seats]
    assert client.rematch_votes == [None, None, None, None]
    await client.rematch(True)
    while client.status != "playing":
        await client.next_update()
    assert (client.table, client.seat, [s["name"] for s in client.seats]) == (table, seat, names)
    assert client.view is not None and not client.view["over"] and client.view["hand_no"] == 0
    await play_until(client, lambda c: bool(c.view and len(c.view["tricks"]) >= 1))
