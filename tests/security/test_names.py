"""Display names are visible and never pass for the room's own labels; a refused name
gets a typed ``bad_name`` that does not count as a bad frame; chat keeps at most two
combining marks on a character."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable

import pytest

from client.room_client import RequestFailed, RoomClient
from server.social.chat import clean_text
from shared import protocol as p
from shared.display_names import check_display_name, distinct_names
from tests.room.conftest import LocalServer
from tests.room_social.conftest import SocialFactory

REFUSED = [
    ("\u3164", "visible"),  # a name of only HANGUL FILLER
    ("\u3164\u3164\u3164", "visible"),
    ("\u2800\u2800", "visible"),  # braille blanks
    ("Ann\u2060", "invisible"),  # word joiner
    ("\ufeffAnn", "invisible"),  # zero-width no-break space
    ("An\u00adn", "invisible"),  # soft hyphen
    ("Ann\u061c", "invisible"),  # Arabic letter mark
    ("Ann\U000e0041\U000e0042", "invisible"),  # tag characters
    ("Ann\u200b", "invisible"),
    ("A\u3164nn", "invisible"),
    ("\u0301\u0301", "letter or digit"),
    ("x\u0301\u0301\u0301", "accents"),  # x has no precomposed accented form
    ("Bix (bot)", "looks like"),
    ("Ann(BOT)", "looks like"),
    ("Ann ( bot )", "looks like"),
    ("Ｂｉｘ （ｂｏｔ）", "looks like"),  # fullwidth, NFKC folds it
    ("Guest 0001", "looks like"),  # (hello may echo one: see the test below)
    ("guest1234", "looks like"),
    ("You", "looks like"),
    ("Ann (you)", "looks like"),
    ("!!!", "letter or digit"),
    ("   ", "visible"),
]
ACCEPTED = ["Ann", "Zoë B", "Ünal", "李小龍", "Ana-María", "R2D2", "Guesthouse Joe", "Bot Lover",
            "Nguyễn", "e\u0301", "7"]


@pytest.mark.parametrize(("name", "words"), REFUSED)
def test_invisible_or_imitating_names_are_refused(name: str, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        check_display_name(name)
    with pytest.raises(p.BadDisplayName) as caught:  # the same rule on the wire, typed
        p.decode(json.dumps({"t": "name", "d": {"name": name}, "id": 3}))
    assert caught.value.code == "bad_name" and caught.value.msg_id == 3
    assert not caught.value.bad_frame


async def test_hello_may_echo_a_guest_name_but_only_the_own_default_is_kept(
        server: LocalServer, social_client: SocialFactory) -> None:
    """Clients echo the name of their welcome in the next hello ("Guest 1234"): that
    passes, but a guest cannot take another guest's default name that way."""
    first = await social_client(server)
    own = first.name
    assert own is not None and own.startswith("Guest ")
    other = await social_client(server, name=own)  # someone else asks for that name
    assert other.name != own and other.name.startswith("Guest ")
    with pytest.raises(RequestFailed) as refused:  # and cannot rename to it either
        await other.request(p.Rename.model_construct(name=own))
    assert refused.value.code == "bad_name"


@pytest.mark.parametrize("name", ACCEPTED)
def test_ordinary_names_in_any_script_are_kept(name: str) -> None:
    assert check_display_name(name)
    assert p.decode(json.dumps({"t": "hello", "d": {"name": name}})).message.name


def test_chat_keeps_two_marks_per_character() -> None:
    tower = "x" + "\u0301" * 199 + "ok"
    assert clean_text(tower) == "x\u0301\u0301ok"
    assert clean_text("Nguyễn, tiếng Việt") == "Nguyễn, tiếng Việt"  # NFC: one mark or none


async def test_refused_names_get_bad_name_and_the_socket_stays_open(
        server: LocalServer, make_client: Callable[..., Awaitable[RoomClient]]) -> None:
    limit = server.settings.max_bad_messages
    client = await make_client(server.ws, name="Ann")
    for _ in range(limit + 3):  # more than the bad frames that close a socket
        with pytest.raises(RequestFailed) as refused:
            await client.request(p.Rename.model_construct(name="Bix (bot)"))
        assert refused.value.code == "bad_name"
        assert "looks like" in refused.value.message
    await client.request(p.Rename(name="Ann B"))  # still open, still answering


def test_a_repeated_name_is_numbered_and_never_a_name_another_seat_has() -> None:
    assert distinct_names(["Bo", "bo", None, "Bo"]) == ["Bo", "bo (2)", None, "Bo (3)"]
    # "Bo (2)" is someone's own name: the second "Bo" becomes "Bo (3)", not a twin of it.
    assert distinct_names(["Bo", "Bo (2)", "Bo"]) == ["Bo", "Bo (2)", "Bo (3)"]
    assert distinct_names(["Bo", "Bo", "Bo", "Bo (3)"]) == ["Bo", "Bo (2)", "Bo (4)", "Bo (3)"]
    assert distinct_names(["Ｂｏ", "Bo"]) == ["Ｂｏ", "Bo (2)"]  # NFKC: one name to a reader
    assert distinct_names(["Ann", "Ada (bot)", None]) == ["Ann", "Ada (bot)", None]
