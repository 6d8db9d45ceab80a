"""Chat: the delivery matrix as a table of cases, text cleaning, and the Redis side
(opt-in, mutes, rate limit, the last 50 kept, the channel, spectators)."""

from __future__ import annotations

import msgpack
import pytest
import redis.asyncio as redis_async

from server.social.chat import (
    KEPT,
    MAX_CHARS,
    QUICK_PHRASES,
    Chat,
    ChatMessage,
    Delivery,
    clean_text,
    recipients,
)
from server.social.errors import ChatOff, InvalidChat, RateLimited

from .conftest import ManualClock

ALL = frozenset({0, 1, 2, 3})
NONE: frozenset[int] = frozenset()


def d(seats: set[int] | frozenset[int] = NONE, spectators: set[str] | None = None) -> Delivery:
    return Delivery(frozenset(seats), frozenset(spectators or ()))


# sender, opted-in seats, mutes (viewer seat -> muted seats), opted-in spectators, delivery
CASES = [
    ("everyone on, nobody muted", 0, ALL, {}, {"x"}, d(ALL)),
    ("sender off: nothing", 0, {1, 2, 3}, {}, {"x"}, d()),
    ("only opted-in seats", 1, {1, 3}, {}, set(), d({1, 3})),
    ("a seat with chat off gets nothing", 2, {0, 2}, {}, set(), d({0, 2})),
    ("muted by one viewer", 0, ALL, {2: {0}}, set(), d({0, 1, 3})),
    ("muted by everyone else", 3, ALL, {0: {3}, 1: {3}, 2: {3}}, set(), d({3})),
    ("a mute of another seat does not matter", 0, ALL, {1: {2}}, set(), d(ALL)),
    ("mutes and opt-in together", 1, {0, 1, 2}, {0: {1}, 3: {1}}, set(), d({1, 2})),
    ("alone at the table, echo only", 0, {0}, {}, set(), d({0})),
    ("players never reach spectators", 0, ALL, {}, {"x", "y"}, d(ALL)),
    ("a spectator reaches the opted-in gallery only", None, ALL, {}, {"x", "y"},
     d(NONE, {"x", "y"})),
    ("an empty gallery", None, ALL, {}, set(), d()),
]


@pytest.mark.parametrize(("sender", "opted", "mutes", "spectators", "expected"),
                         [case[1:] for case in CASES], ids=[case[0] for case in CASES])
def test_the_delivery_matrix(sender: int | None, opted: set[int],
                             mutes: dict[int, set[int]], spectators: set[str],
                             expected: Delivery) -> None:
    assert recipients(sender, opted, mutes, spectators) == expected


@pytest.mark.parametrize(("typed", "stored"), [
    ("hello", "hello"),
    ("  two   spaces\tand\nlines  ", "two spaces and lines"),
    ("<b>bold</b> & <script>x</script>", "<b>bold</b> & <script>x</script>"),  # data
    ("bell\x07 null\x00 del\x7f", "bell null del"),
    ("rtl \u202eevil\u202c zw\u200bsp", "rtl evil zwsp"),
    ("family 👨\u200d👩\u200d👧", "family 👨\u200d👩\u200d👧"),
    ("e\u0301", "é"),  # NFC
    ("x" * MAX_CHARS, "x" * MAX_CHARS),
])
def test_text_is_cleaned_to_plain_text(typed: str, stored: str) -> None:
    assert clean_text(typed) == stored


@pytest.mark.parametrize("typed", ["", "   ", "\x00\x01", "\u202e", "x" * (MAX_CHARS + 1),
                                   "y" * 5000, 42, None])
def test_empty_long_or_non_text_messages_are_refused(typed: object) -> None:
    with pytest.raises(InvalidChat):
        clean_text(typed)


SEATS = ["pa", "pb", "pc", "pd"]


async def opt_in(chat: Chat, *pids: str) -> None:
    for pid in pids:
        await chat.set_enabled(pid, True, remember=False)


async def test_chat_is_off_until_turned_on(chat: Chat) -> None:
    assert not await chat.enabled("pa")
    with pytest.raises(ChatOff, match="turn it on"):
        await chat.send("T1", SEATS, "pa", "Ann", text="hi")
    await opt_in(chat, "pa")
    message = await chat.send("T1", SEATS, "pa", "Ann", text="hi")
    assert message.to == (0,)  # nobody else has it on yet
    await chat.set_enabled("pa", False, remember=False)
    with pytest.raises(ChatOff):
        await chat.send("T1", SEATS, "pa", "Ann", text="hi again")


async def test_the_choice_is_remembered_for_accounts_only(chat: Chat,
                                                          redis: redis_async.Redis) -> None:
    await chat.set_enabled("account", True, remember=True)
    await chat.set_enabled("guest", True, remember=False)
    assert await redis.ttl("pc:{account}") == -1  # no expiry
    assert 0 < await redis.ttl("pc:{guest}") <= 30 * 86_400


async def test_send_respects_opt_in_and_mutes(chat: Chat) -> None:
    await opt_in(chat, "pa", "pb", "pc")  # pd keeps chat off
    await chat.set_muted("T1", "pc", 0, True, viewer_seat=2)
    message = await chat.send("T1", SEATS, "pa", "Ann", text="hello")
    assert message.to == (0, 1)
    await chat.set_muted("T1", "pc", 0, False, viewer_seat=2)
    assert (await chat.send("T1", SEATS, "pa", "Ann", text="again")).to == (0, 1, 2)


async def test_mutes_belong_to_the_viewer_and_the_table(chat: Chat) -> None:
    await chat.set_muted("T1", "pb", 0, True, viewer_seat=1)
    await chat.set_muted("T1", "pb", 3, True, viewer_seat=1)
    await chat.set_muted("T2", "pc", 1, True)
    assert await chat.muted_by("T1") == {"pb": frozenset({0, 3})}
    with pytest.raises(InvalidChat, match="own seat"):
        await chat.set_muted("T1", "pb", 1, True, viewer_seat=1)
    with pytest.raises(InvalidChat, match="0 to 3"):
        await chat.set_muted("T1", "pb", 4, True, viewer_seat=1)


async def test_quick_phrases_travel_by_id(chat: Chat) -> None:
    await opt_in(chat, "pa")
    message = await chat.send("T1", SEATS, "pa", "Ann", phrase="gg")
    assert (message.text, message.phrase) == ("Good game", "gg")
    assert {"Good game", "Nice bid", "Sorry partner"} <= set(QUICK_PHRASES.values())
    with pytest.raises(InvalidChat, match="no quick phrase"):
        await chat.send("T1", SEATS, "pa", "Ann", phrase="<b>")
    with pytest.raises(InvalidChat, match="either"):
        await chat.send("T1", SEATS, "pa", "Ann", text="x", phrase="gg")


async def test_five_messages_per_ten_seconds(chat: Chat, clock: ManualClock) -> None:
    await opt_in(chat, "pa")
    for i in range(5):
        await chat.send("T1", SEATS, "pa", "Ann", text=f"m{i}")
        clock.advance(1)
    with pytest.raises(RateLimited) as err:
        await chat.send("T1", SEATS, "pa", "Ann", phrase="sorry")
    assert err.value.retry_after_s == 5  # the first one leaves the window at 10 s
    clock.advance(5)
    await chat.send("T1", SEATS, "pa", "Ann", text="ok now")


async def test_late_joiners_get_the_last_fifty_as_they_may_see_them(
        chat: Chat, redis: redis_async.Redis, clock: ManualClock) -> None:
    await opt_in(chat, "pa", "pb", "pc")
    for i in range(KEPT + 10):
        sender = SEATS[i % 2]
        await chat.send("T1", SEATS, sender, sender.upper(), text=f"m{i}")
        clock.advance(2.1)  # stay under 5 per 10 s per sender
    assert await redis.xlen("t:{T1}:chat:p") == KEPT
    seen = await chat.history("T1", SEATS, "pc")
    assert [m.text for m in seen] == [f"m{i}" for i in range(10, KEPT + 10)]
    await chat.set_muted("T1", "pc", 1, True, viewer_seat=2)
    assert {m.seat for m in await chat.history("T1", SEATS, "pc")} == {0}
    assert await chat.history("T1", SEATS, "pd") == []  # chat off: nothing
    await opt_in(chat, "watcher")
    assert await chat.history("T1", SEATS, "watcher") == []  # spectators never see it


async def test_spectators_talk_among_themselves(chat: Chat) -> None:
    await opt_in(chat, "pa", "watcher", "other")
    said = await chat.send("T1", SEATS, "watcher", "Wat", text="nice hand")
    assert said.gallery and said.to == ()
    assert [m.text for m in await chat.history("T1", SEATS, "other")] == ["nice hand"]
    assert await chat.history("T1", SEATS, "pa") == []  # players never see it


async def test_every_message_is_published_with_its_recipients(chat: Chat,
                                                              redis_url: str) -> None:
    listener = redis_async.Redis.from_url(redis_url)
    pubsub = listener.pubsub()
    try:
        await pubsub.subscribe("t:{T1}:n")  # the table's notice channel
        await pubsub.get_message(timeout=1)
        await opt_in(chat, "pa", "pb")
        sent = await chat.send("T1", SEATS, "pb", "Bea", text="<i>hi</i>")
        message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=2)
        assert message is not None
        got = ChatMessage.unpack(message["data"])
        assert got == sent and got.to == (0, 1) and got.text == "<i>hi</i>"
        wire = msgpack.unpackb(message["data"])
        assert wire["seat"] == 1 and wire["table"] == "T1"
        assert "to" not in sent.to_wire()  # clients are not told who else got it
    finally:
        await pubsub.aclose()
        await listener.aclose()
