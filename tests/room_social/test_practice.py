"""Practice tables over real sockets: one person and three bots, Hint, Tip, Undo, Redo."""

from __future__ import annotations

from typing import Any

import pytest

from client.room_client import RequestFailed
from server.tables import keys
from server.tables.model import decode_table
from shared.i18n import TEMPLATES, render
from shared.i18n.text import ENGLISH_WORDS, english_plural
from shared.protocol import Advice, Format, Hint, Practice, Redo, Tip, Undo
from shared.spades import Game

from .conftest import LocalServer, SocialClient, SocialFactory, Start


async def practice(client: SocialClient, **fields: object) -> None:
    await client.request(Practice(**fields))  # type: ignore[arg-type]
    assert client.snap is not None and client.snap.kind == "practice"


def playing_my_turn(c: SocialClient) -> bool:
    return bool(c.my_turn and c.view and c.view["phase"] == "playing")


async def stored_log_replays(server: LocalServer, table: str) -> Game:
    """The game's log in Redis rebuilds exactly the stored game (both read in one
    transaction: the bots may be moving)."""
    store = server.room.store
    first = await store.load(table)
    assert first is not None
    async with store.client.pipeline(transaction=True) as pipe:
        pipe.hmget(keys.table(table), ["rev", "st"])
        pipe.lrange(keys.game_log(table, first.game_no), 0, -1)
        (rev, blob), entries = await pipe.execute()
    stored = decode_table(blob, int(rev))
    assert stored.game is not None and stored.practice is not None
    events = [(int(e.split(b" ", 1)[0]), e.split(b" ", 1)[1].decode()) for e in entries]
    game = stored.game
    rebuilt = Game.replay(game.rules, game.seed, game.first_dealer,
                          [*stored.practice.base, *events], game.opening)
    assert rebuilt.to_dict(events=False) == game.to_dict(events=False)
    return rebuilt


def english_args(args: dict[str, Any]) -> dict[str, str | int]:
    """A reason's wire arguments in English: a reason inside one ([key, args]) said."""
    return {name: render(TEMPLATES[value[0]], english_args(value[1]),
                         lambda key: ENGLISH_WORDS.get(key, key), english_plural)
            if isinstance(value, list) else value for name, value in args.items()}


async def test_practice_table_hint_undo_redo(server: LocalServer,
                                             social_client: SocialFactory) -> None:
    client = await social_client(server, name="Pia")
    await practice(client)
    snap = client.snap
    assert snap is not None
    assert (snap.level, snap.pace, snap.undo, snap.redo) == ("easy", "standard", True, False)
    assert snap.status == "playing" and client.seat == 0
    assert [s["bot"] for s in client.seats] == [False, True, True, True]
    # Bid with the Tip, then play until a card of ours is due.
    await client.wait_for(lambda c: c.my_turn)
    if client.view is not None and client.view["hand_hidden"]:
        await client.act("look")
    tip = await client.request(Tip())
    assert isinstance(tip, Advice) and tip.a.startswith("bid ") and tip.why
    await client.act(tip.a)
    await client.wait_for(playing_my_turn)
    hint = await client.request(Hint())
    assert isinstance(hint, Advice) and hint.a in client.view["legal"]  # type: ignore[index]
    # A card's reason travels as its catalogue id and arguments too, the English beside.
    assert hint.key is not None and hint.key.startswith("advice.") and hint.args is not None
    assert hint.why == render(TEMPLATES[hint.key], english_args(hint.args),
                              lambda key: ENGLISH_WORDS.get(key, key), english_plural)
    hand = list(client.view["hand"])  # type: ignore[index]
    version = client.version
    await client.act(hint.a)
    card = hint.a.split()[1]
    # The bots answer; then Undo takes back our card and every bot move after it.
    await client.wait_for(lambda c: c.view is not None and len(c.view["hand"]) == 12
                          and (c.my_turn or c.view["tricks"]))
    await client.request(Undo())
    await client.wait_for(lambda c: c.snap is not None and c.snap.redo is True)
    assert client.view is not None and client.view["hand"] == hand and client.my_turn
    assert client.version > version  # an undo is a new version, never an old one
    assert await stored_log_replays(server, client.table or "")
    # Redo plays the same card again.
    await client.request(Redo())
    await client.wait_for(lambda c: c.view is not None and card not in c.view["hand"])
    log = await stored_log_replays(server, client.table or "")
    assert (0, f"play {card}") in log.events  # back in the log, by the same seat
    # Nothing left to redo.
    await client.wait_for(lambda c: c.my_turn or bool(c.view and c.view["over"]))
    with pytest.raises(RequestFailed) as refused:
        await client.request(Redo())
    assert refused.value.code == "illegal"


async def test_a_new_decision_clears_redo_and_undo_needs_a_decision(
    server: LocalServer, social_client: SocialFactory
) -> None:
    client = await social_client(server)
    await practice(client, level="standard", pace="fast")
    assert client.snap is not None and (client.snap.level, client.snap.pace) == ("standard",
                                                                                 "fast")
    table = await server.room.store.load(client.table or "")
    assert table is not None and table.bot_level == "standard"
    await client.wait_for(lambda c: c.my_turn)
    with pytest.raises(RequestFailed) as nothing:
        await client.request(Undo())
    assert nothing.value.code == "illegal" and "nothing to undo" in nothing.value.message
    first = client.view["legal"][-1]  # type: ignore[index]
    await client.act(first)
    await client.wait_for(lambda c: c.version > 0 and (c.my_turn or c.status == "over"))
    await client.request(Undo())
    await client.wait_for(lambda c: c.snap is not None and c.snap.redo is True)
    other = next(a for a in client.view["legal"] if a != first)  # type: ignore[index]
    await client.act(other)  # a different decision: Redo has nothing left
    table = await server.room.store.load(client.table or "")
    assert table is not None and table.practice is not None and table.practice.redo == ()
    with pytest.raises(RequestFailed) as refused:
        await client.request(Redo())
    assert refused.value.code == "illegal"


async def test_challenge_has_no_hint_undo_or_redo(server: LocalServer,
                                                  social_client: SocialFactory) -> None:
    client = await social_client(server)
    await practice(client, level="challenge")
    assert client.snap is not None and client.snap.undo is False and client.snap.redo is False
    await client.wait_for(lambda c: c.my_turn)
    for message in (Hint(), Undo(), Redo()):
        with pytest.raises(RequestFailed) as refused:
            await client.request(message)
        assert refused.value.code == "not_allowed" and "Challenge" in refused.value.message
    tip = await client.request(Tip())  # the Tip stays
    assert isinstance(tip, Advice)


async def test_undo_and_hint_only_at_practice_tables(server: LocalServer,
                                                     social_client: SocialFactory) -> None:
    client = await social_client(server)
    await client.quick_play()
    await client.wait_for(lambda c: c.my_turn)
    for message, words in ((Undo(), "practice tables"), (Redo(), "practice tables"),
                           (Hint(), "practice tables")):
        with pytest.raises(RequestFailed) as refused:
            await client.request(message)
        assert refused.value.code == "not_allowed" and words in refused.value.message


async def test_practice_opens_from_a_lesson_or_a_raw_position(
    server: LocalServer, social_client: SocialFactory
) -> None:
    client = await social_client(server)
    await practice(client, scenario="nil")
    table = await server.room.store.load(client.table or "")
    assert table is not None and table.practice is not None
    assert table.practice.scenario == "nil"
    with pytest.raises(RequestFailed) as unknown:
        await client.request(Practice(scenario="no-such-lesson"))
    assert unknown.value.code == "invalid" and "no-such-lesson" in unknown.value.message
    # A raw position: a fixed deal (each seat one suit) and the scores before it.
    deal = [[f"{r}{s}" for r in "23456789TJQKA"] for s in "SHDC"]
    position = {"deal": deal, "scores": [120, 80], "bags": [3, 1], "dealer": 3,
                "moves": []}
    await practice(client, position=position, level="easy")
    assert client.view is not None and client.view["scores"] == [120, 80]
    assert client.view["bags"] == [3, 1]
    await client.wait_for(lambda c: c.my_turn)
    if client.view["hand_hidden"]:  # Blind Nil is offered: look first
        await client.act("look")
    assert sorted(client.view["hand"]) == sorted(deal[0])
    with pytest.raises(RequestFailed) as bad:
        await client.request(Practice(position={"deal": [["AS"]]}))
    assert bad.value.code == "invalid" and "cannot be played" in bad.value.message


async def test_practice_waits_for_its_person(start_server: Start,
                                             social_client: SocialFactory) -> None:
    server = await start_server(turn_time_s=0.05)
    client = await social_client(server)
    await practice(client)
    await client.wait_for(lambda c: c.my_turn)
    version = client.version
    await client.drop()  # gone: at a casual table the autopilot would play now
    await client.wait_for(lambda c: c.reconnects >= 1 and c.my_turn)
    assert client.version == version and not client.seats[0]["away"]


# A raw position's numbers beyond any game's: each refused with `invalid` and a sentence
# naming the field and its bounds (standard rules: to 500, 10 bags a penalty).
OUT_OF_BOUNDS = [
    ({"scores": [10**30, 0]}, "scores"), ({"scores": [-(10**30), 0]}, "scores"),
    ({"scores": [2**63, 0]}, "scores"), ({"scores": [500, 0]}, "scores"),
    ({"scores": [0, -1_000_000]}, "scores"), ({"bags": [10**30, 0]}, "bags"),
    ({"bags": [0, -1]}, "bags"), ({"bags": [10, 0]}, "bags"), ({"bags": [0, 2**64]}, "bags"),
    ({"scores": [1.5, 0]}, "scores"), ({"scores": [True, 0]}, "scores"),
    ({"scores": "lots"}, "scores"), ({"bags": 7}, "bags"), ({"scores": [1, 2, 3]}, "scores"),
    ({"dealer": 10**30}, "dealer"), ({"seat": -1}, "seat"),
    ({"moves": "bid 3"}, "moves"), ({"deal": 12}, "deal"),
]


async def test_a_raw_position_with_numbers_out_of_bounds_gets_a_typed_error(
    server: LocalServer, social_client: SocialFactory
) -> None:
    client = await social_client(server, fmt=Format.JSON)  # msgpack has no 10**30
    for position, field in OUT_OF_BOUNDS:
        with pytest.raises(RequestFailed) as bad:
            await client.request(Practice(position=position))
        assert bad.value.code == "invalid", (position, bad.value.code, bad.value.message)
        assert "cannot be played" in bad.value.message and field in bad.value.message, (
            position, bad.value.message)
    # The socket is still served, and a position within bounds opens.
    await practice(client, position={"scores": [499, -400], "bags": [9, 0]}, level="easy")
    assert client.view is not None and client.view["scores"] == [499, -400]


async def test_a_fresh_practice_game_is_the_quick_game_and_the_person_bids_first(
        server: LocalServer, social_client: SocialFactory) -> None:
    """The practice game of the course's quick game: to 250 with no Blind Nil unless the
    person asks for it (then only when 100 behind), dealt so that the person bids first;
    the standard 500 is the same message with its preset."""
    client = await social_client(server, name="Qin")
    await practice(client, pace="fast")
    assert client.view is not None
    rules = client.view["rules"]
    assert (rules["name"], rules["target_score"], rules["blind_nil"]) == ("quick", 250, "off")
    assert client.view["dealer"] == 3 and client.view["to_act"] == 0
    assert not client.view["hand_hidden"] and "bid blind nil" not in client.view["legal"]
    await practice(client, pace="fast", preset="standard", blind_nil=True)
    assert client.view is not None
    rules = client.view["rules"]
    assert (rules["target_score"], rules["blind_nil"], rules["blind_nil_margin"]) \
        == (500, "trailing", 100)
    assert "bid blind nil" not in client.view["legal"]  # nobody is behind yet
    await practice(client, pace="fast", preset="standard", blind_nil=False)
    assert client.view is not None and client.view["rules"]["blind_nil"] == "off"
    await practice(client, pace="fast", preset="two_handed", blind_nil=True)
    assert client.view is not None and client.view["rules"]["blind_nil"] == "off"
