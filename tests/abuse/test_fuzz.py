"""Protocol fuzzing over a real socket: random and mutated frames, msgpack and JSON.

No frame crashes the node; every frame the codec refuses gets a typed ``err`` (or the
socket is closed cleanly: 1008 after five bad frames, 1009 past the size bound); every
answer is a valid server message; a table the fuzzer does not sit at never changes.

CI runs ``FUZZ_EXAMPLES`` (default 2000) frames; a benchmark run sets it to 100000:
``FUZZ_EXAMPLES=100000 python -m pytest tests/abuse/test_fuzz.py -p no:timeout``.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import msgpack
import pytest
import redis as redis_sync
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from server.tables import keys
from shared.protocol import ERROR_CODES, SERVER_MESSAGES, Error, Pong, ProtocolError, decode
from tests.room.conftest import Node

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "2000"))
SENTINEL = 2**40  # the id of the ping sent after each frame: its pong ends the answers
CLEAN_CLOSES = {1008, 1009}

scalars = (st.none() | st.booleans() | st.integers(-(2**63), 2**64 - 1)
           | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=24))
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=10)
ids = st.none() | st.integers(0, 2**53 - 1) | values

VALID: list[dict[str, Any]] = [
    {"t": "hello", "d": {"name": "Ann"}}, {"t": "quick"}, {"t": "act", "d": {"v": 3, "a": "bid 3"}},
    {"t": "act", "d": {"v": 9, "a": "play AS"}}, {"t": "back"}, {"t": "leave"},
    {"t": "watch", "d": {"table": "abc"}}, {"t": "resync"}, {"t": "name", "d": {"name": "Bo"}},
    {"t": "rematch", "d": {"yes": True}}, {"t": "ping"},
]


@st.composite
def mutated(draw: st.DrawFn) -> dict[str, Any]:
    """A valid envelope with one thing changed: a field dropped, replaced, added..."""
    envelope = json.loads(json.dumps(draw(st.sampled_from(VALID))))
    envelope["id"] = draw(ids)
    data = envelope.setdefault("d", {})
    change = draw(st.sampled_from(["drop", "replace", "add", "type", "envelope", "data"]))
    if change == "drop" and data:
        data.pop(draw(st.sampled_from(sorted(data))))
    elif change == "replace" and data:
        data[draw(st.sampled_from(sorted(data)))] = draw(values)
    elif change == "add":
        data[draw(st.text(max_size=8))] = draw(values)
    elif change == "type":
        envelope["t"] = draw(values)
    elif change == "envelope":
        envelope[draw(st.text(max_size=4))] = draw(values)
    else:
        envelope["d"] = draw(values)
    return envelope


def encoded(value: Any) -> st.SearchStrategy[bytes | str]:
    return st.sampled_from([
        json.dumps(value, ensure_ascii=False),
        msgpack.packb(value),
    ])


def flipped(frame: bytes | str, where: int, byte: int) -> bytes:
    raw = bytearray(frame.encode() if isinstance(frame, str) else frame)
    raw[where % len(raw)] = byte
    return bytes(raw)


frames = st.one_of(
    st.binary(max_size=200),
    st.text(max_size=200),
    values.flatmap(encoded),
    mutated().flatmap(encoded),
    st.builds(flipped, st.sampled_from(VALID).flatmap(encoded), st.integers(0, 64),
              st.integers(0, 255)),
    st.builds(lambda n: b"\x91" * n, st.integers(1, 5000)),  # deep nesting, large frames
)


@dataclass
class Fuzzer:
    address: str
    ws: ClientConnection | None = None
    closes: int = 0
    stack: contextlib.ExitStack = field(default_factory=contextlib.ExitStack)

    def exchange(self, frame: bytes | str) -> list[Any]:
        """Send ``frame`` and a sentinel ping; the decoded answers before its pong (or
        ``["closed", code]``)."""
        if self.ws is None:
            self.ws = self.stack.enter_context(connect(self.address, max_size=None, proxy=None))
        ws = self.ws
        answers: list[Any] = []
        try:
            ws.send(frame)
            ws.send(json.dumps({"t": "ping", "id": SENTINEL}))
            while True:
                reply = ws.recv(timeout=10)
                message = decode(reply, SERVER_MESSAGES, max_size=None)  # must be valid
                if isinstance(message.message, Pong) and message.id == SENTINEL:
                    return answers
                answers.append(message.message)
        except ConnectionClosed:
            code = ws.protocol.close_code
            self.ws = None
            self.closes += 1
            return [*answers, ("closed", code)]
        except BaseException:
            # An exchange cut short (a timeout) leaves its answers unread on the socket;
            # the next example starts on a new one rather than read them as its own.
            self.ws = None
            ws.close()
            raise


def is_refused(frame: bytes | str) -> bool:
    try:
        decode(frame)
    except ProtocolError:
        return True
    return False


def frozen_table(node: Node, redis_url: str) -> tuple[str, list[Any]]:
    """A table where a person sits with three bots that think for an hour (and the
    away person's autopilot with them), longer than any run of the test: nothing
    changes there unless someone at it acts. Returns its id and stored state."""
    with connect(node.ws, max_size=None, proxy=None) as ws:
        ws.send(json.dumps({"t": "quick", "id": 1}))
        table = None
        while table is None:
            message = json.loads(ws.recv(timeout=10))
            if message["t"] == "snap" and message["d"]["status"] == "playing":
                table = message["d"]["table"]
    # Closing that socket makes the person away at once (the fixture's node has no
    # reconnect window: one more version and a grace timer),
    # written when the node notices the close: wait until the stored state has held
    # still for a second, so the state compared at the end is the one after it.
    client = redis_sync.Redis.from_url(redis_url)
    try:
        state = client.hmget(keys.table(table), ["rev", "st"])
        still_since = time.monotonic()
        deadline = still_since + 15
        while time.monotonic() - still_since < 1.0:
            assert time.monotonic() < deadline, "the table never held still"
            time.sleep(0.1)
            now = client.hmget(keys.table(table), ["rev", "st"])
            if now != state:
                state, still_since = now, time.monotonic()
        return table, state
    finally:
        client.close()


# Thousands of round trips: a few seconds a hundred frames on a quiet machine, many
# times that on a loaded one; the bound only stops a run that hangs.
@pytest.mark.timeout(900)
@settings(max_examples=EXAMPLES, deadline=None, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(frame=frames)
def test_random_and_mutated_frames_get_typed_errors_and_change_no_table(
    frame: bytes | str, fuzz: tuple[Fuzzer, Callable[[], None]]
) -> None:
    fuzzer, _ = fuzz
    answers = fuzzer.exchange(frame)
    for answer in answers:
        if isinstance(answer, Error):
            assert answer.code in ERROR_CODES and answer.msg, answer
        elif isinstance(answer, tuple):
            assert answer[1] in CLEAN_CLOSES, answer
    if is_refused(frame):
        assert any(isinstance(a, Error | tuple) for a in answers), answers


@pytest.fixture
def fuzz(spawn_node: Callable[..., Node], redis_url: str) -> Any:
    node = spawn_node(MSG_RATE_PER_S="0", BOT_PACE_S="3600", TURN_TIME_S="7200",
                      RECONNECT_GRACE_S="7200", RECONNECT_WINDOW_S="0",
                      FILL_WAIT_S="0.05")
    table, before = frozen_table(node, redis_url)
    fuzzer = Fuzzer(node.ws)
    VALID[6] = {"t": "watch", "d": {"table": table}}  # watching it is allowed; acting not

    def unchanged() -> None:
        client = redis_sync.Redis.from_url(redis_url)
        try:
            assert client.hmget(keys.table(table), ["rev", "st"]) == before
        finally:
            client.close()

    yield fuzzer, unchanged
    unchanged()
    fuzzer.stack.close()
    assert node.proc.poll() is None, "the node crashed"
    with connect(node.ws, proxy=None) as ws:  # and it still serves
        ws.send(json.dumps({"t": "ping", "id": 1}))
        assert {json.loads(ws.recv(timeout=10))["t"] for _ in range(2)} == {"welcome", "pong"}
