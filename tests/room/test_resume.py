"""A resume's ``missed`` against a table whose actions keep coming: every ``snap`` lists
each game action after the client's version up to its own, none missing, none extra."""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import Awaitable, Callable

from websockets.asyncio.client import connect

from client.room_client import RoomClient
from server.tables.store import Store
from shared.protocol import SERVER_MESSAGES, Format, Hello, Snapshot, decode, encode

from .conftest import LocalServer, play_until

Start = Callable[..., Awaitable[LocalServer]]
MakeClient = Callable[..., Awaitable[RoomClient]]

RESUMES = 40


async def resume(ws: str, table: str, version: int) -> Snapshot:
    """A spectator's resume from ``version``: hello with the table and version, read
    up to the snapshot."""
    async with connect(ws, proxy=None, max_size=None, compression=None) as sock:
        await sock.send(encode(Hello(table=table, v=version), Format.MSGPACK, None))
        async with asyncio.timeout(30):
            while True:
                message = decode(await sock.recv(), SERVER_MESSAGES, max_size=None).message
                if isinstance(message, Snapshot):
                    return message


async def race_resumes(player_node: LocalServer, resume_node: LocalServer,
                       make_client: MakeClient) -> int:
    """A person plays against bots at pace 0 on ``player_node`` while spectators resume
    on ``resume_node`` from a few versions back; checks every snapshot's ``missed``
    against the table's stream. Returns how many snapshots had actions to list."""
    player = await make_client(player_node.ws)
    await player.quick_play()
    table = player.table
    assert table is not None
    await play_until(player, lambda c: c.status == "playing")
    playing = asyncio.create_task(play_until(player, rng=random.Random(7), timeout=120))
    store = Store(resume_node.room.store.client)
    listed = 0
    try:
        for i in range(RESUMES):
            if playing.done():
                break
            stored = await store.load(table)
            assert stored is not None
            since = max(stored.rev - 1 - i % 4, 0)
            snap = await resume(resume_node.ws, table, since)
            notices = await store.events_since(table, since)
            assert notices is not None, "the stream still holds these versions"
            expected = [n["r"] for n in notices if "a" in n and n["r"] <= snap.v]
            got = [m[0] for m in snap.missed or []]
            assert got == expected, (f"resume from v{since}: snap v{snap.v} missed {got}, "
                                     f"the stream has actions {expected}")
            if expected:
                assert snap.missed is not None
                listed += 1
    finally:
        playing.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await playing
    return listed


async def test_a_resume_never_skips_an_action_on_one_node(
    server: LocalServer, make_client: MakeClient
) -> None:
    assert await race_resumes(server, server, make_client) > 0


async def test_a_resume_never_skips_an_action_on_another_node(
    start_server: Start, make_client: MakeClient
) -> None:
    first, second = await start_server(), await start_server()
    assert await race_resumes(first, second, make_client) > 0
