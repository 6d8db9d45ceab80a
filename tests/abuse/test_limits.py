"""Each limit a client may not pass, tested on a real socket: frame size, messages per
second, connections per address, and the ping/pong idle time-out."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from websockets.asyncio.client import connect

from client.loadtest import SCRIPT_COMMANDS
from client.room_client import ConnectionLost, RoomClient
from shared.protocol import MAX_CLIENT_FRAME, SERVER_MESSAGES, Error, Pong, decode
from tests.faults.rawws import CLOSE, PING, RawPeer
from tests.room.conftest import LocalServer, Node

Start = Callable[..., Awaitable[LocalServer]]
MakeClient = Callable[..., Awaitable[RoomClient]]
ROOT = Path(__file__).resolve().parents[2]


async def answer(client: RoomClient, msg_id: int) -> Error | Pong:
    while True:
        update = await client.next_update()
        if update.id == msg_id and isinstance(update.message, Error | Pong):
            return update.message


async def test_frames_up_to_4_kib_are_read_larger_refused_far_larger_cut_off(
    start_server: Start, make_client: MakeClient
) -> None:
    server = await start_server()
    client = await make_client(server.ws)
    envelope = {"t": "ping", "d": {}, "id": 1, "pad": ""}
    base = len(json.dumps(envelope, separators=(",", ":")))
    for size, code in ((MAX_CLIENT_FRAME, "malformed"), (MAX_CLIENT_FRAME + 1, "too_large")):
        envelope["pad"] = "x" * (size - base)
        frame = json.dumps(envelope, separators=(",", ":"))
        assert len(frame) == size
        await client.send_raw(frame)
        update = await client.next_update()
        while not isinstance(update.message, Error):
            update = await client.next_update()
        # 4096 bytes are read (and refused for the unknown "pad" key); 4097 are not read.
        assert update.message.code == code, (size, update.message)
    async with connect(server.ws, max_size=None) as ws:
        await ws.send(b"\x00" * (64 * 1024 + 1))  # past the WebSocket layer's bound
        await ws.wait_closed()
        assert ws.close_code == 1009  # message too big


async def test_messages_over_the_rate_are_refused_then_the_socket_is_closed(
    start_server: Start, make_client: MakeClient
) -> None:
    server = await start_server(msg_rate_per_s=5, msg_burst=5)
    client = await make_client(server.ws, reconnect_for=0.5)
    for msg_id in range(1, 5):  # the burst (the client's hello was the first)
        await client.send_raw(json.dumps({"t": "ping", "id": msg_id}))
        assert isinstance(await answer(client, msg_id), Pong)
    await client.send_raw(json.dumps({"t": "ping", "id": 6}))
    refused = await answer(client, 6)
    assert isinstance(refused, Error) and refused.code == "rate_limited" and refused.msg
    await asyncio.sleep(0.5)  # 2.5 tokens back
    await client.send_raw(json.dumps({"t": "ping", "id": 7}))
    assert isinstance(await answer(client, 7), Pong)
    for msg_id in range(8, 30):  # one who keeps going is closed (1008: do not come back)
        await client.send_raw(json.dumps({"t": "ping", "id": msg_id}))
    with pytest.raises(ConnectionLost, match="1008"):
        while True:
            await client.next_update(timeout=5)


async def test_connections_per_address_are_limited(start_server: Start) -> None:
    server = await start_server(max_conns_per_address=3)
    held = [await connect(server.ws) for _ in range(3)]
    try:
        refused = await connect(server.ws)
        frame = await refused.recv()
        message = decode(frame, SERVER_MESSAGES, max_size=None).message
        assert isinstance(message, Error) and message.code == "too_many_connections"
        await refused.wait_closed()
        assert refused.close_code == 1008
        await held.pop().close()
        await asyncio.sleep(0.1)
        again = await connect(server.ws)  # a free place again
        held.append(again)
        await again.send(json.dumps({"t": "ping", "id": 1}))
        welcome_or_pong = [json.loads(await again.recv()) for _ in range(2)]
        assert {m["t"] for m in welcome_or_pong} == {"welcome", "pong"}
    finally:
        for ws in held:
            await ws.close()


def test_a_peer_that_never_answers_pings_is_closed_one_that_does_is_kept(
    spawn_node: Callable[..., Node],
) -> None:
    node = spawn_node(PING_INTERVAL_S="0.2", PING_TIMEOUT_S="0.3")
    silent = RawPeer.open(node.port)
    opcode, _ = silent.recv_frame()
    assert opcode == PING  # the server asks; the silent peer never answers
    assert silent.close_code() == 1011  # keepalive ping time-out
    silent.sock.close()
    polite = RawPeer.open(node.port)
    pings = 0
    while pings < 4:  # > 1 s of answered pings: still open
        opcode, payload = polite.recv_frame()
        assert opcode != CLOSE
        if opcode == PING:
            pings += 1
            polite.send(payload, opcode=10)  # pong
    polite.send(json.dumps({"t": "ping", "id": 5}))
    while True:
        opcode, payload = polite.recv_frame()
        if opcode == 1 and json.loads(payload).get("t") == "pong":
            break
    polite.abort()


def test_the_load_test_knows_every_command_the_scripts_run() -> None:
    """client.loadtest leaves the commands run inside the table scripts out of the Redis
    calls per action: its list must hold every one of them."""
    used = set()
    for script in (ROOT / "server" / "tables" / "apply.lua",
                   ROOT / "server" / "tables" / "claim_timers.lua"):
        used |= {name.lower() for name in re.findall(r"redis\.call\('(\w+)'",
                                                      script.read_text())}
    assert used <= SCRIPT_COMMANDS, used - SCRIPT_COMMANDS
