"""Resends, double clicks, acting out of turn, and frames the codec refuses."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable

import msgpack
import pytest

from client.room_client import ConnectionLost, RequestFailed, RoomClient
from server.tables.model import encode_table
from shared.protocol import Ack, Act, Error, Format, Snapshot, encode

from .conftest import LocalServer, play_until

Start = Callable[..., Awaitable[LocalServer]]
MakeClient = Callable[..., Awaitable[RoomClient]]


async def answers(client: RoomClient, ids: set[int]) -> dict[int, list[Ack | Error]]:
    """Wait until every id in ``ids`` got at least one ack or err; return them all."""
    got: dict[int, list[Ack | Error]] = {}
    while not ids <= got.keys():
        update = await client.next_update()
        if update.id in ids and isinstance(update.message, Ack | Error):
            got.setdefault(update.id, []).append(update.message)
    return got


async def seated_at_my_turn(server: LocalServer, make_client: MakeClient,
                            fmt: Format = Format.MSGPACK) -> RoomClient:
    client = await make_client(server.ws, fmt=fmt)
    await client.quick_play()
    await play_until(client, lambda c: c.my_turn)
    return client


async def test_a_resend_is_applied_once(server: LocalServer, make_client: MakeClient) -> None:
    client = await seated_at_my_turn(server, make_client)
    assert client.view is not None and client.table is not None
    before = await server.room.store.load(client.table)
    assert before is not None and before.game is not None
    frame = encode(Act(v=client.version, a=client.view["legal"][0]), Format.MSGPACK, 900)
    await client.send_raw(frame)
    await client.send_raw(frame)  # the same message again, as after a lost connection
    got = await answers(client, {900})
    while len(got[900]) < 2:
        got[900] += (await answers(client, {900}))[900]
    first, second = got[900][:2]
    assert isinstance(first, Ack) and isinstance(second, Ack) and first.v == second.v
    events = await server.room.store.game_events(client.table, before.game_no)
    mine = [e for e in events[before.game.n_events:] if e[0] == client.seat]
    assert len(mine) == 1


async def test_a_double_click_is_applied_once(server: LocalServer,
                                              make_client: MakeClient) -> None:
    client = await seated_at_my_turn(server, make_client, Format.JSON)
    assert client.view is not None and client.table is not None
    before = await server.room.store.load(client.table)
    assert before is not None and before.game is not None
    action, version = client.view["legal"][0], client.version
    for msg_id in (901, 902):  # two clicks: two messages, both from the same version
        await client.send_raw(encode(Act(v=version, a=action), Format.JSON, msg_id))
    got = await answers(client, {901, 902})
    assert isinstance(got[901][0], Ack)
    assert isinstance(got[902][0], Error) and got[902][0].code == "stale"
    events = await server.room.store.game_events(client.table, before.game_no)
    mine = [e for e in events[before.game.n_events:] if e[0] == client.seat]
    assert mine == [(client.seat, action)]


async def test_acting_out_of_turn_or_illegally_changes_nothing(
    start_server: Start, make_client: MakeClient
) -> None:
    server = await start_server(bot_pace_s=30.0)  # bots think for ages: not our turn
    client = await make_client(server.ws)
    await client.quick_play()
    while client.view is None:
        await client.next_update()
    if client.my_turn:
        await client.act(client.view["legal"][0])
    assert client.table is not None and not client.my_turn
    before = await server.room.store.load(client.table)
    cases = [("bid 3", {"not_your_turn"}), ("play AS", {"not_your_turn", "illegal"}),
             ("jump", {"invalid_action"})]
    for action, codes in cases:
        with pytest.raises(RequestFailed) as failed:
            await client.act(action)
        assert failed.value.code in codes and failed.value.message
    with pytest.raises(RequestFailed) as failed:
        await client.request(Act(v=client.version + 5, a="bid 3"))  # a version from the future
    assert failed.value.code == "stale"
    after = await server.room.store.load(client.table)
    assert before is not None and after is not None
    assert encode_table(after) == encode_table(before) and after.rev == before.rev


async def test_a_bid_the_rules_forbid_is_illegal(server: LocalServer,
                                                make_client: MakeClient) -> None:
    client = await seated_at_my_turn(server, make_client)
    assert client.view is not None and client.view["phase"] == "bidding"
    with pytest.raises(RequestFailed) as failed:
        await client.act("play 2C")
    assert failed.value.code in ("illegal", "not_your_turn")
    with pytest.raises(RequestFailed) as failed:
        await client.act("bid 14")
    assert failed.value.code in ("illegal", "invalid_action")


BAD = [
    (b"\xc1", "malformed", None),
    ('{"t":"fly","d":{},"id":7}', "unknown_type", 7),
    ("{not json", "malformed", None),
    (msgpack.packb({"t": "act", "d": {"v": "x", "a": 1}, "id": 8}), "malformed", 8),
    (json.dumps({"t": "ping", "d": {}, "id": 9, "pad": "x" * 10_000}), "too_large", None),
]


async def test_bad_frames_get_typed_errors_then_1008(server: LocalServer,
                                                     make_client: MakeClient) -> None:
    client = await seated_at_my_turn(server, make_client)
    other = await make_client(server.ws)
    assert client.table is not None
    await other.watch(client.table)
    before = await server.room.store.load(client.table)
    assert server.settings.max_bad_messages == len(BAD)
    for index, (frame, code, msg_id) in enumerate(BAD):
        if index == len(BAD) - 1:  # before the last straw: nothing changed at the table
            now = await server.room.store.load(client.table)
            assert before is not None and now is not None
            assert encode_table(now) == encode_table(before)
        await client.send_raw(frame)
        update = await client.next_update()
        while not isinstance(update.message, Error):
            update = await client.next_update()
        assert (update.message.code, update.id) == (code, msg_id), update
        assert update.message.msg
    with pytest.raises(ConnectionLost, match="1008"):
        while True:
            await client.next_update()
    assert client.reconnects == 0
    # The table goes on for everyone else (the closed player is away: autopilot plays).
    await other.resync()
    assert other.version > before.rev


async def test_a_stale_action_gets_an_error_and_a_fresh_snapshot(
    server: LocalServer, make_client: MakeClient
) -> None:
    client = await seated_at_my_turn(server, make_client)
    assert client.view is not None
    stale = client.version
    await client.act(client.view["legal"][0])
    await asyncio.sleep(0.05)
    with pytest.raises(RequestFailed) as failed:
        await client.request(Act(v=stale, a="bid 1"))
    assert failed.value.code == "stale"
    update = await client.next_update()
    while not isinstance(update.message, Snapshot):
        update = await client.next_update()
    assert update.message.v >= stale + 1
