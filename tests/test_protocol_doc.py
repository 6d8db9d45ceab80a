"""docs/protocol.md cannot fall behind the code: every client message type of the
codec's registry has its section with an **Errors:** paragraph naming only codes the
code has, the common paragraph names the codec's own refusals, and every error code
the code can send (the registry ``ERROR_CODES``, and the ``code`` of every error class
of the room and of the codec, found at test time) is a row of the ``err`` table.

The sets are read from the code when the test runs, so a message or an error added
anywhere fails here until the doc says what it is.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import server
from server.errors import RoomError
from server.social.errors import SOCIAL_ERROR_CODES
from shared.protocol import CLIENT_MESSAGES, ERROR_CODES, ProtocolError

DOC = Path(__file__).resolve().parents[1] / "docs" / "protocol.md"
_HEADING = re.compile(r"^(#{2,4}) (.*)$", re.M)
_MESSAGE = re.compile(r"^`([a-z_]+)`")
# One item of an Errors paragraph: "`code`: when", items separated by "; ".
_ITEM = re.compile(r"(?:\*\*Errors:\*\*|;)\s+`([a-z_]+)`:")


def _subclasses(cls: type) -> Iterator[type]:
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


@cache
def room_codes() -> frozenset[str]:
    """The ``code`` of every error class of the server (every module imported first,
    so a class defined anywhere counts) and of the codec."""
    for module in pkgutil.walk_packages(server.__path__, "server."):
        if not module.name.endswith("__main__"):
            importlib.import_module(module.name)
    classes = [RoomError, *_subclasses(RoomError), *_subclasses(ProtocolError)]
    return frozenset(str(cls.code) for cls in classes)


def code_codes() -> frozenset[str]:
    return room_codes() | set(ERROR_CODES) | set(SOCIAL_ERROR_CODES)


@cache
def sections() -> dict[str, str]:
    """Every heading of the doc (its text without the #s) -> the text under it, up to
    the next heading of any level."""
    text = DOC.read_text(encoding="utf-8")
    heads = list(_HEADING.finditer(text))
    return {m.group(2): text[m.end():heads[i + 1].start() if i + 1 < len(heads) else None]
            for i, m in enumerate(heads)}


@cache
def client_sections() -> dict[str, str]:
    """The message type -> its section, for the headings between "## Client to server"
    and "## Server to client"."""
    text = DOC.read_text(encoding="utf-8")
    start, end = text.index("\n## Client to server\n"), text.index("\n## Server to client\n")
    out: dict[str, str] = {}
    for head, body in sections().items():
        found = _MESSAGE.match(head)
        if found and start < text.find(f" {head}\n") < end:
            out[found.group(1)] = body
    return out


def errors_paragraph(body: str) -> str | None:
    found = re.search(r"^\*\*Errors:\*\*.*?(?=\n\n|\Z)", body, re.S | re.M)
    return found.group(0) if found else None


def err_table_codes() -> set[str]:
    body = sections()["`err` — failed, nothing was applied"]
    return set(re.findall(r"^\| `([a-z_]+)` \|", body, re.M))


def test_every_client_message_has_its_section() -> None:
    documented = set(client_sections())
    assert set(CLIENT_MESSAGES) - documented == set(), "messages missing from the doc"
    assert documented - set(CLIENT_MESSAGES) == set(), "the doc names messages the codec lacks"


def test_every_client_message_says_its_errors_and_only_real_codes() -> None:
    known = code_codes()
    missing, unknown = [], {}
    for name, body in client_sections().items():
        paragraph = errors_paragraph(body)
        if paragraph is None:
            missing.append(name)
            continue
        bad = set(_ITEM.findall(paragraph)) - known
        if bad:
            unknown[name] = sorted(bad)
    assert missing == [], "sections without an **Errors:** paragraph"
    assert unknown == {}, "codes the code does not have"


def test_the_common_errors_name_the_codecs_refusals() -> None:
    common = sections()["Client to server"]
    paragraph = re.search(r"^\*\*Errors of every message:\*\*.*?(?=\n\n|\Z)", common,
                          re.S | re.M)
    assert paragraph, "no **Errors of every message:** paragraph under Client to server"
    named = set(_ITEM.findall(paragraph.group(0).replace("**Errors of every message:**",
                                                         "**Errors:**")))
    # A refused display name is a slip of hello or name only, not a broken frame.
    codec = {str(cls.code) for cls in _subclasses(ProtocolError) if cls.bad_frame}
    assert codec | {"rate_limited", "internal", "unavailable"} <= named


def test_every_error_code_of_the_code_is_in_the_err_table() -> None:
    assert sorted(code_codes() - err_table_codes()) == []


def test_every_room_error_code_is_in_the_registry() -> None:
    """``ERROR_CODES`` is the list a client reads; an error class whose code is not in
    it would reach a client unexplained."""
    assert sorted(room_codes() - set(ERROR_CODES)) == []
