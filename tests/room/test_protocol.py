"""Golden tables for the wire protocol, run both ways (encode -> text, text -> model)."""

from __future__ import annotations

import copy
import json
from typing import Any

import msgpack
import pytest

from shared import protocol as p
from shared.protocol import Format

# (message, envelope id, exact JSON frame). Every message type appears at least once.
CLIENT_CASES: list[tuple[p.ClientMessage, int | None, str]] = [
    (p.Hello(), None, '{"t":"hello","d":{}}'),
    (
        p.Hello(token="AbCdEfGhIjKlMnOp_-12", name="Ann", table="tb1", v=12),
        1,
        '{"t":"hello","d":{"token":"AbCdEfGhIjKlMnOp_-12","name":"Ann","table":"tb1","v":12},"id":1}',
    ),
    (p.QuickPlay(), 2, '{"t":"quick","d":{},"id":2}'),
    (p.Act(v=41, a="play AS"), 3, '{"t":"act","d":{"v":41,"a":"play AS"},"id":3}'),
    (p.Act(v=0, a="bid blind nil"), 4, '{"t":"act","d":{"v":0,"a":"bid blind nil"},"id":4}'),
    (p.Back(), 5, '{"t":"back","d":{},"id":5}'),
    (p.Leave(), 6, '{"t":"leave","d":{},"id":6}'),
    (p.Ready(), 41, '{"t":"ready","d":{},"id":41}'),
    (p.MoreTime(on=True), 43, '{"t":"more_time","d":{"on":true},"id":43}'),
    (p.Reclaim(), 42, '{"t":"reclaim","d":{},"id":42}'),
    (p.Watch(table="Zq9-x"), 7, '{"t":"watch","d":{"table":"Zq9-x"},"id":7}'),
    (p.Screen(lobby=True), 8, '{"t":"screen","d":{"lobby":true},"id":8}'),
    (p.Resync(), 8, '{"t":"resync","d":{},"id":8}'),
    (p.Rename(name="Zoë B"), 9, '{"t":"name","d":{"name":"Zoë B"},"id":9}'),
    (p.Rematch(yes=False), 10, '{"t":"rematch","d":{"yes":false},"id":10}'),
    (p.Ping(), None, '{"t":"ping","d":{}}'),
    # the social layer and practice (docs/protocol.md)
    (p.CreatePrivate(rules={"target_score": 300}, preset="standard", bots="easy", watch=True,
                     seat=2), 11,
     '{"t":"create","d":{"rules":{"target_score":300},"preset":"standard","bots":"easy",'
     '"watch":true,"seat":2},"id":11}'),
    (p.CreatePrivate(turn=0), 13,
     '{"t":"create","d":{"rules":{},"bots":"standard","watch":false,"seat":0,"turn":0},'
     '"id":13}'),
    (p.Join(code="K7PQ2M"), 12, '{"t":"join","d":{"code":"K7PQ2M","watch":false},"id":12}'),
    (p.Join(table="tb1", seat=1), 13,
     '{"t":"join","d":{"table":"tb1","seat":1,"watch":false},"id":13}'),
    (p.ChooseSeat(seat=3), 14, '{"t":"seat","d":{"seat":3},"id":14}'),
    (p.MoveSeat(src=1, dst=2), 15, '{"t":"move","d":{"src":1,"dst":2},"id":15}'),
    (p.RemoveSeat(seat=1), 16, '{"t":"remove","d":{"seat":1},"id":16}'),
    (p.StartGame(), 17, '{"t":"start","d":{},"id":17}'),
    (p.Spectators(allow=True), 18, '{"t":"spectators","d":{"allow":true},"id":18}'),
    (p.NewInvite(renew=True), 19, '{"t":"invite","d":{"renew":true},"id":19}'),
    (p.ChatOn(on=True), 20, '{"t":"chat_on","d":{"on":true},"id":20}'),
    (p.Say(text="nice one"), 21, '{"t":"say","d":{"text":"nice one"},"id":21}'),
    (p.Say(phrase="gg"), 22, '{"t":"say","d":{"phrase":"gg"},"id":22}'),
    (p.Mute(seat=2), 23, '{"t":"mute","d":{"seat":2,"on":true},"id":23}'),
    (p.Queue(on=True), 24, '{"t":"queue","d":{"on":true},"id":24}'),
    (p.Practice(level="challenge", pace="fast"), 25,
     '{"t":"practice","d":{"level":"challenge","pace":"fast"},"id":25}'),
    (p.Practice(scenario="nil"), 26,
     '{"t":"practice","d":{"level":"easy","pace":"standard","scenario":"nil"},"id":26}'),
    (p.Analyse(), 31, '{"t":"analyse","d":{},"id":31}'),
    (p.Daily(), 32, '{"t":"daily","d":{},"id":32}'),
    (p.Tip(), 27, '{"t":"tip","d":{},"id":27}'),
    (p.Hint(), 28, '{"t":"hint","d":{},"id":28}'),
    (p.Undo(), 29, '{"t":"undo","d":{},"id":29}'),
    (p.Redo(), 30, '{"t":"redo","d":{},"id":30}'),
]

SEATS = [p.SeatInfo(name="Ann"), p.SeatInfo(name="Bot W", bot=True), p.SeatInfo(), p.SeatInfo(
    name="Cy", away=True)]
SEATS_JSON = ('[{"name":"Ann","bot":false,"away":false},{"name":"Bot W","bot":true,"away":false},'
              '{"bot":false,"away":false},{"name":"Cy","bot":false,"away":true}]')

SERVER_CASES: list[tuple[p.ServerMessage, int | None, str]] = [
    (
        p.Welcome(token="AbCdEfGhIjKlMnOp", pid="9f2c", name="Guest 12", table="tb1"),
        1,
        '{"t":"welcome","d":{"token":"AbCdEfGhIjKlMnOp","pid":"9f2c","name":"Guest 12",'
        '"table":"tb1"},"id":1}',
    ),
    (
        p.Snapshot(table="tb1", kind="casual", status="filling", v=3, seat=0, seats=SEATS,
                   fill=8),
        2,
        '{"t":"snap","d":{"table":"tb1","kind":"casual","status":"filling","v":3,"seat":0,'
        f'"seats":{SEATS_JSON},"fill":8}},"id":2}}',
    ),
    (
        p.Snapshot(table="tb1", kind="casual", status="playing", v=9, seats=SEATS,
                   view={"seat": None, "hand": [], "bids": [None, 3, None, None]}, tl=30,
                   missed=[[8, 1, "bid 3"]]),
        None,
        '{"t":"snap","d":{"table":"tb1","kind":"casual","status":"playing","v":9,'
        f'"seats":{SEATS_JSON},"view":{{"seat":null,"hand":[],"bids":[null,3,null,null]}},'
        '"tl":30,"missed":[[8,1,"bid 3"]]}}',
    ),
    (
        p.Event(v=41, s=2, a="play AS", x={"k+": [[2, "AS"]], "n": 3}),
        None,
        '{"t":"ev","d":{"v":41,"s":2,"a":"play AS","x":{"k+":[[2,"AS"]],"n":3}}}',
    ),
    (p.Event(v=42, s=3, a="pass 2", tl=30), None,
     '{"t":"ev","d":{"v":42,"s":3,"a":"pass 2","tl":30}}'),
    (p.Event(v=43, s=0, a="play 4C", auto=True), None,
     '{"t":"ev","d":{"v":43,"s":0,"a":"play 4C","auto":true}}'),
    (p.TableUpdate(v=44, status="playing", seats=SEATS, pause=7, ready=[2]), None,
     f'{{"t":"table","d":{{"v":44,"status":"playing","seats":{SEATS_JSON},'
     '"pause":7,"ready":[2]}}'),
    (p.Snapshot(table="tb1", kind="casual", status="playing", v=45, seats=SEATS, reclaim=1),
     None,
     '{"t":"snap","d":{"table":"tb1","kind":"casual","status":"playing","v":45,'
     f'"seats":{SEATS_JSON},"reclaim":1}}}}'),
    (
        p.TableUpdate(v=5, status="over", seats=SEATS, rematch=[True, None, None, False]),
        None,
        f'{{"t":"table","d":{{"v":5,"status":"over","seats":{SEATS_JSON},'
        '"rematch":[true,null,null,false]}}',
    ),
    (p.Ack(v=42), 3, '{"t":"ack","d":{"v":42},"id":3}'),
    (p.Ack(), 4, '{"t":"ack","d":{},"id":4}'),
    (p.Error(code="illegal", msg="You must follow hearts."), 5,
     '{"t":"err","d":{"code":"illegal","msg":"You must follow hearts."},"id":5}'),
    (p.Pong(), 6, '{"t":"pong","d":{},"id":6}'),
    (p.Created(table="Qx3-k9LmTz2a8bCd", code="K7PQ2M", invite="r4nd0m-t0k3n_of_32_chars_abcdefg"),
     11, '{"t":"created","d":{"table":"Qx3-k9LmTz2a8bCd","code":"K7PQ2M",'
     '"invite":"r4nd0m-t0k3n_of_32_chars_abcdefg"},"id":11}'),
    (p.ChatLine(id="a1b2c3", seat=2, name="Ann", text="hi <b>all</b>", at=1700000000000),
     None, '{"t":"chat","d":{"id":"a1b2c3","seat":2,"name":"Ann","text":"hi <b>all</b>",'
     '"at":1700000000000}}'),
    (p.ChatLine(id="d4e5f6", name="Zed", text="Good game", at=1700000000001, phrase="gg"),
     None, '{"t":"chat","d":{"id":"d4e5f6","name":"Zed","text":"Good game",'
     '"at":1700000000001,"phrase":"gg"}}'),
    (p.Queued(waited=12), 24, '{"t":"queued","d":{"waited":12},"id":24}'),
    (p.Rated(rating=1579, change=79, provisional=False, games=1, rank=7, won=True), None,
     '{"t":"rated","d":{"rating":1579,"change":79,"provisional":false,"games":1,"rank":7,'
     '"won":true,"left":false}}'),
    (p.AnalysisReply(game="tb1:0:3", seat=0, status="queued"), 31,
     '{"t":"analysis","d":{"game":"tb1:0:3","seat":0,"status":"queued"},"id":31}'),
    (p.AnalysisReply(game="tb1:0:3", seat=2, status="failed", error="This is not a game"), 32,
     '{"t":"analysis","d":{"game":"tb1:0:3","seat":2,"status":"failed",'
     '"error":"This is not a game"},"id":32}'),
    (p.Advice(a="bid 4", why="♠A ♠K sure winners"), 27,
     '{"t":"advice","d":{"a":"bid 4","why":"♠A ♠K sure winners"},"id":27}'),
    (p.Invited(id="Zk3v9QmX1aB2", from_name="olga", table="Qx3-k9LmTz2a8bCd",
               expires=1700000120000, rules="Cutthroat · 500",
               format="four players, each on their own (cutthroat)", seated=["olga", "pat"],
               rules_parts=[["lobby_rules.name.cutthroat", {}],
                            ["lobby_rules.target", {"target": 500}]],
               format_part=["lobby_rules.format.cutthroat", {}]), None,
     '{"t":"invited","d":{"id":"Zk3v9QmX1aB2","from_name":"olga","table":"Qx3-k9LmTz2a8bCd",'
     '"expires":1700000120000,"rules":"Cutthroat · 500",'
     '"format":"four players, each on their own (cutthroat)","seated":["olga","pat"],'
     '"rules_parts":[["lobby_rules.name.cutthroat",{}],["lobby_rules.target",{"target":500}]],'
     '"format_part":["lobby_rules.format.cutthroat",{}]}}'),
    (p.LobbyChanged(friends=True), None,
     '{"t":"lobby_changed","d":{"friends":true,"watch":false}}'),
    (p.InviteAnswer(id="Zk3v9QmX1aB2", name="pat", answer="declined"), None,
     '{"t":"invite_answer","d":{"id":"Zk3v9QmX1aB2","name":"pat","answer":"declined"}}'),
    (p.DailyHand(day="2026-12-01", hand=3, hands=8, commitment="0e70", day_commitment="9a1f"),
     33, '{"t":"daily_hand","d":{"day":"2026-12-01","hand":3,"hands":8,"commitment":"0e70",'
     '"day_commitment":"9a1f"},"id":33}'),
    (p.DailyDone(day="2026-12-01", points=[62, -40], total=22), 34,
     '{"t":"daily_done","d":{"day":"2026-12-01","points":[62,-40],"total":22},"id":34}'),
]


def test_every_message_type_has_a_golden_case() -> None:
    assert {m.T for m, _, _ in CLIENT_CASES} == set(p.CLIENT_MESSAGES)
    assert {m.T for m, _, _ in SERVER_CASES} == set(p.SERVER_MESSAGES)


@pytest.mark.parametrize(("message", "msg_id", "text"), CLIENT_CASES + SERVER_CASES)
def test_golden_json_both_ways(message: Any, msg_id: int | None, text: str) -> None:
    registry = p.CLIENT_MESSAGES if isinstance(message, p.ClientMessage) else p.SERVER_MESSAGES
    assert p.encode(message, Format.JSON, msg_id) == text
    decoded = p.decode(text, registry, max_size=None)
    assert (decoded.message, decoded.id, decoded.format) == (message, msg_id, Format.JSON)


@pytest.mark.parametrize(("message", "msg_id", "text"), CLIENT_CASES + SERVER_CASES)
def test_golden_msgpack_both_ways(message: Any, msg_id: int | None, text: str) -> None:
    registry = p.CLIENT_MESSAGES if isinstance(message, p.ClientMessage) else p.SERVER_MESSAGES
    frame = p.encode(message, Format.MSGPACK, msg_id)
    assert isinstance(frame, bytes)
    assert msgpack.unpackb(frame) == json.loads(text)  # same envelope as the JSON frame
    decoded = p.decode(frame, registry, max_size=None)
    assert (decoded.message, decoded.id, decoded.format) == (message, msg_id, Format.MSGPACK)


def test_msgpack_card_play_bytes_are_exact() -> None:
    frame = p.encode(p.Act(v=41, a="play AS"), Format.MSGPACK, 7)
    assert frame.hex() == "83a174a3616374a16482a17629a161a7706c6179204153a2696407"
    assert len(frame) == 27


BAD_FRAMES: list[tuple[bytes | str, type[p.ProtocolError], str, int | None]] = [
    ("[", p.MalformedMessage, "not valid JSON", None),
    (b"\xc1", p.MalformedMessage, "not valid msgpack", None),
    (msgpack.packb([1, 2]), p.MalformedMessage, "must be an object", None),
    ('{"t":5,"id":3}', p.MalformedMessage, '"t"', 3),
    ('{"t":"act","id":true}', p.MalformedMessage, '"id" must be a whole number', None),
    ('{"t":"act","id":-1}', p.MalformedMessage, '"id" must be a whole number', None),
    ('{"t":"ping","x":1,"id":2}', p.MalformedMessage, "unexpected envelope keys: x", 2),
    ('{"t":"fly","id":4}', p.UnknownMessageType, "unknown message type 'fly'", 4),
    ('{"t":"snap","id":4}', p.UnknownMessageType, "unknown message type 'snap'", 4),
    ('{"t":"act","d":[1],"id":5}', p.MalformedMessage, '"d" of \'act\' must be an object', 5),
    ('{"t":"act","d":{"v":"3","a":"play AS"},"id":6}', p.MalformedMessage,
     "v must be a whole number", 6),
    ('{"t":"act","d":{"v":3},"id":6}', p.MalformedMessage, "a is required", 6),
    ('{"t":"act","d":{"v":3,"a":"play AS","z":1},"id":6}', p.MalformedMessage, "z is not a", 6),
    ('{"t":"act","d":{"v":-3,"a":"play AS"},"id":6}', p.MalformedMessage, "at least 0", 6),
    ('{"t":"name","d":{"name":"   "}}', p.BadDisplayName, "at least one visible", None),
    ('{"t":"name","d":{"name":"a\\u0000b"}}', p.BadDisplayName, "control characters", None),
    ('{"t":"name","d":{"name":"' + "x" * 21 + '"}}', p.BadDisplayName, "at most 20", None),
    ('{"t":"hello","d":{"token":"short"}}', p.MalformedMessage, "session token", None),
    ('{"t":"watch","d":{"table":"a b"}}', p.MalformedMessage, "table id", None),
    ('{"t":"act","d":{"v":NaN,"a":"x"}}', p.MalformedMessage, "NaN is not a number", None),
    ("[" * 3000 + "]" * 3000, p.MessageTooLarge, "at most 4096 bytes", None),
    ("[" * 2000 + "]" * 2000, p.MalformedMessage, "not valid JSON", None),
    (b"\x91" * 2000 + b"\xc0", p.MalformedMessage, "not valid msgpack", None),
    (msgpack.packb({"t": "ping", "d": {}, "id": 1, "pad": "x" * 5000}), p.MessageTooLarge,
     "this has", None),
]


@pytest.mark.parametrize(("frame", "error", "words", "msg_id"), BAD_FRAMES)
def test_bad_frames_get_typed_errors(
    frame: bytes | str, error: type[p.ProtocolError], words: str, msg_id: int | None
) -> None:
    with pytest.raises(error) as caught:
        p.decode(frame)
    assert words in str(caught.value)
    assert caught.value.msg_id == msg_id
    assert caught.value.code in p.ERROR_CODES


def test_names_are_trimmed_and_collapsed() -> None:
    assert p.decode('{"t":"name","d":{"name":"  Ann   Lee "}}').message == p.Rename(name="Ann Lee")


VIEWS = [
    ({"hand": ["AS", "KS", "2H"], "trick": [], "to_act": 0},
     {"hand": ["AS", "2H"], "trick": [[0, "KS"]], "to_act": 1},
     {"h-": ["KS"], "k+": [[0, "KS"]], "n": 1}),
    ({"trick": [[0, "KS"], [1, "2S"], [2, "3S"]], "legal": ["play 2H"]},
     {"trick": [], "legal": []},
     {"k": [], "l": []}),
    ({"hand": ["AS", "KS", "2H", "3H"]}, {"hand": ["3H"]}, {"h": ["3H"]}),
    ({"bids": [None, 3, None, None], "over": False}, {"bids": [4, 3, None, None], "over": False},
     {"b": [4, 3, None, None]}),
    ({"a": 1, "gone": 2}, {"a": 1}, {"gone": None}),
    ({"review": None}, {"review": {"hand": 0}}, {"review": {"hand": 0}}),
]


@pytest.mark.parametrize(("old", "new", "delta"), VIEWS)
def test_view_delta_golden_and_round_trip(
    old: dict[str, Any], new: dict[str, Any], delta: dict[str, Any]
) -> None:
    before = copy.deepcopy(old)
    assert p.view_delta(old, new) == delta
    patched = p.apply_view_delta(old, delta)
    assert {k: v for k, v in patched.items() if v is not None} == new
    assert old == before  # the input is not changed


def test_wire_view_round_trip() -> None:
    trick = {"leader": 1, "cards": [[1, "2C"], [2, "AC"], [3, "3C"], [0, "4C"]], "winner": 2}
    view = {"hand": ["5S", "9H", "2D"], "tricks": [trick], "last_trick": trick,
            "unplayable": {"9H": "You must follow clubs.", "2D": "You must follow clubs."}}
    wire = p.to_wire_view(view)
    assert wire == {"hand": ["5S", "9H", "2D"], "tricks": [[1, trick["cards"], 2]],
                    "unplayable": {"You must follow clubs.": ["9H", "2D"]}, "why": [None]}
    assert p.from_wire_view(wire) == view
    empty = {"tricks": [], "last_trick": None, "unplayable": {}}
    assert p.from_wire_view(p.to_wire_view(empty)) == empty
