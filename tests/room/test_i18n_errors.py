"""A refusal reaches the client as a catalogue id and arguments beside its English, over a
real socket: the engine's (a play while the bidding goes on) and the room's (an action
at a table the socket is not at, a version from the past)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from client.room_client import RoomClient
from shared.protocol import Act, Error, Format, encode

from .conftest import LocalServer

Start = Callable[..., Awaitable[LocalServer]]
MakeClient = Callable[..., Awaitable[RoomClient]]


async def error_for(client: RoomClient, act: Act, msg_id: int) -> Error:
    await client.send_raw(encode(act, Format.JSON, msg_id))
    while True:
        update = await client.next_update()
        if update.id == msg_id:
            assert isinstance(update.message, Error), update.message
            return update.message


async def test_refusals_carry_their_catalogue_id(start_server: Start,
                                                 make_client: MakeClient) -> None:
    server = await start_server(bot_pace_s=30.0)  # bots think for ages: still bidding
    client = await make_client(server.ws, fmt=Format.JSON)
    away = await error_for(client, Act(v=0, a="bid 3"), 801)
    assert (away.code, away.key, away.msg) == ("not_seated", "room.no_seat_anywhere",
                                               "You have no seat at a table.")
    await client.quick_play()
    while client.view is None:
        await client.next_update()
    played = await error_for(client, Act(v=client.version, a="play 2C"), 802)
    assert played.key == "illegal.phase_bidding" and played.args == {}
    assert played.msg.startswith("Bidding is not over yet")
    stale = await error_for(client, Act(v=0, a="bid 3"), 803)
    assert stale.code == "stale" and stale.key == "room.moved_on"
    assert stale.args == {"now": client.version, "yours": 0}
