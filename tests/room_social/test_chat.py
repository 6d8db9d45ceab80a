"""Table chat over real sockets on two nodes: who gets what (opted in or not, muted or
not, spectators), the limits, quick phrases, and the last 50 for a late joiner."""

from __future__ import annotations

import asyncio

import pytest

from client.room_client import RequestFailed
from server.social.chat import KEPT, Chat
from shared.protocol import ChatOn, Created, CreatePrivate, Join, Mute, Say, StartGame

from .conftest import LocalServer, SocialClient, SocialFactory, Start

QUIET_S = 0.4  # how long a socket that must get nothing is watched


async def private_table(host: SocialClient) -> Created:
    created = await host.request(CreatePrivate(watch=True, bots="easy"))
    assert isinstance(created, Created)
    return created


async def say(client: SocialClient, text: str) -> None:
    await client.request(Say(text=text))


async def test_the_delivery_matrix_across_two_nodes(
    start_server: Start, social_client: SocialFactory
) -> None:
    a, b = await start_server(), await start_server()
    p0 = await social_client(a, name="Pam")
    created = await private_table(p0)
    p1 = await social_client(b, name="Quin")
    p2 = await social_client(a, name="Ray")
    await p1.request(Join(code=created.invite, seat=1))
    await p2.request(Join(code=created.invite, seat=2))
    s_on = await social_client(b, name="Sid")
    s_off = await social_client(a, name="Tess")
    await p0.request(StartGame())
    for spectator in (s_on, s_off):
        await spectator.request(Join(code=created.invite, watch=True))
        assert spectator.seat is None
    for client in (p0, p1, s_on):
        await client.request(ChatOn(on=True))
        await client.wait_for(lambda c: c.snap is not None and c.snap.chat_on is True)
    with pytest.raises(RequestFailed) as off:
        await say(p2, "I have chat off")
    assert off.value.code == "chat_off"
    await p1.request(Mute(seat=0))
    await say(p0, "one")  # p0 (echo) only: p1 muted seat 0, p2 is off, spectators never
    await say(p1, "two")  # p0 and p1
    await say(s_on, "gallery")  # spectators with chat on only
    await p1.request(Mute(seat=0, on=False))
    await say(p0, "three")  # p0 and p1 again
    await p0.wait_for(lambda c: c.texts() == ["one", "two", "three"])
    await p1.wait_for(lambda c: c.texts() == ["two", "three"])
    await s_on.wait_for(lambda c: c.texts() == ["gallery"])
    await asyncio.sleep(QUIET_S)
    assert p0.texts() == ["one", "two", "three"] and p1.texts() == ["two", "three"]
    assert p2.chat == [] and s_off.chat == [] and s_on.texts() == ["gallery"]
    assert [line.seat for line in p0.chat] == [0, 1, 0] and s_on.chat[0].seat is None
    assert p0.chat[1].name == "Quin"
    # A player who joins the conversation later gets what is kept, filtered for them.
    await p2.request(ChatOn(on=True))
    await p2.wait_for(lambda c: c.snap is not None and c.snap.chat_on is True)
    assert p2.snap is not None and [m["text"] for m in p2.snap.chat or []] == [
        "one", "two", "three"]
    await p2.request(Mute(seat=1))
    await p2.resync()
    assert p2.snap is not None and p2.snap.muted == [1]
    assert [m["text"] for m in p2.snap.chat or []] == ["one", "three"]
    # Chat off: nothing more arrives.
    await p0.request(ChatOn(on=False))
    await say(p1, "four")
    await p1.wait_for(lambda c: c.texts()[-1:] == ["four"])
    await asyncio.sleep(QUIET_S)
    assert p0.texts() == ["one", "two", "three"]


async def test_chat_limits_phrases_and_plain_text(server: LocalServer,
                                                  social_client: SocialFactory) -> None:
    host = await social_client(server, name="Hana")
    await private_table(host)
    await host.request(ChatOn(on=True))
    await host.request(Say(text="<b>bold</b> &amp;  spaced\n\nout"))
    await host.request(Say(phrase="gg"))
    with pytest.raises(RequestFailed) as unknown:
        await host.request(Say(phrase="insult"))
    assert unknown.value.code == "bad_chat"
    with pytest.raises(RequestFailed) as long:
        await host.request(Say(text="x" * 201))
    assert long.value.code == "bad_chat" and "200" in long.value.message
    with pytest.raises(RequestFailed) as empty:
        await host.request(Say(text="\u200b \u0007 "))
    assert empty.value.code == "bad_chat"
    with pytest.raises(RequestFailed) as own:
        await host.request(Mute(seat=0))
    assert own.value.code == "bad_chat"
    await host.request(Say(text="three"))
    await host.request(Say(text="four"))
    await host.request(Say(text="five"))  # 5 messages in 10 s: the limit
    with pytest.raises(RequestFailed) as limited:
        await host.request(Say(text="six"))
    assert limited.value.code == "rate_limited"
    await host.wait_for(lambda c: len(c.chat) == 5)
    first, phrase = host.chat[0], host.chat[1]
    assert first.text == "<b>bold</b> &amp; spaced out"  # as typed: text, never markup
    assert (phrase.text, phrase.phrase) == ("Good game", "gg")


async def test_a_late_joiner_gets_the_last_50(server: LocalServer,
                                              social_client: SocialFactory) -> None:
    host = await social_client(server, name="Hana")
    created = await private_table(host)
    await host.request(ChatOn(on=True))
    assert host.pid is not None
    clock = iter(range(10**12, 10**12 + 10**9, 10_000))  # 10 s apart: no rate limit
    chat = Chat(server.room.store.client, clock=lambda: next(clock))
    for n in range(KEPT + 5):
        await chat.send(created.table, [host.pid, None, None, None], host.pid, "Hana",
                        text=f"m{n}")
    friend = await social_client(server, name="Finn")
    await friend.request(ChatOn(on=True))  # before sitting: the join's snapshot has it
    await friend.request(Join(code=created.code))
    assert friend.snap is not None and friend.snap.chat_on is True
    texts = [m["text"] for m in friend.snap.chat or []]
    assert texts == [f"m{n}" for n in range(5, KEPT + 5)]
