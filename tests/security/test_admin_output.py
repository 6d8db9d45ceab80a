"""What the operator's tool prints is inert: a report's note is stored without control
and format characters, and whatever an older row holds (a name, a note, a chat line
with terminal escapes or bidi overrides) is printed escaped, never raw."""

from __future__ import annotations

import json
import unicodedata

import pytest
import redis.asyncio as redis_async

from server.archive.db import Database
from server.social.reports import Reports
from shared.inert_text import escape_inert, strip_inert
from tests.room_social.test_reports import admin

# An ANSI colour and erase, a title-setting OSC, a right-to-left override and its end,
# zero-width space and word joiner, a soft hyphen, a bell, a BOM.
DIRTY = ("look\x1b[31m red\x1b[0m \x1b]0;pwned\x07 \u202eevil\u202c "
         "zero\u200bwidth\u2060 soft\u00adhyphen \ufeffend\x1b[2J")


def raw_controls(text: str, allowed: str = "") -> list[str]:
    """The control (Cc) and format (Cf) characters of ``text`` but ``allowed``."""
    return [c for c in text
            if unicodedata.category(c) in ("Cc", "Cf") and c not in allowed]


async def test_a_report_note_is_stored_without_control_or_format_characters(
        db: Database, redis: redis_async.Redis) -> None:
    reports = Reports(redis, db)
    report_id = await reports.file("p-reporter", "p-reported", "abuse",
                                   DIRTY + " nul\x00 tab\there\nnext line")
    async with db.connection("test") as conn:
        note = await conn.fetchval("SELECT note FROM reports WHERE id = $1", report_id)
    assert raw_controls(note) == []
    assert note == ("look[31m red[0m ]0;pwned evil zerowidth softhyphen end[2J "
                    "nul tab here next line")


async def test_the_admin_tool_prints_an_old_dirty_row_harmlessly(
        db: Database, redis_url: str, database_url: str) -> None:
    # Rows written before notes were cleaned (PostgreSQL holds any text but NUL).
    async with db.connection("test") as conn:
        await conn.execute(
            "INSERT INTO accounts (pid, name, name_key, hash, created) VALUES "
            "('p-dirty', $1, 'dirty', 'x', now()), ('p-other', 'Other', 'other', 'x', now())",
            "Dirty\x1b[8m\u202e")
        await conn.execute(
            "INSERT INTO reports (reporter, reported, reason, note, table_id, game_id, chat)"
            " VALUES ('p-other', 'p-dirty', 'abuse', $1, 'tb1', $2, $3::jsonb)",
            DIRTY + "\nforged line", "tb1:0\x1b[1A",
            json.dumps([{"name": "Chatty\u200f", "text": "hi\x1b[2K\rthere\x9b31m\nnext"}]))
    listing = await admin(redis_url, database_url, "reports")
    assert raw_controls(listing, allowed="\n") == []
    assert "\\x1b[31m red" in listing and "\\u202eevil" in listing
    lines = listing.strip().split("\n")
    assert len(lines) == 2  # the report and its one chat line: nothing forged a line
    assert lines[0].startswith("#") and "Dirty\\x1b[8m\\u202e reported by Other: abuse" in lines[0]
    assert lines[1].startswith("    Chatty\\u200f: hi\\x1b[2K\\rthere")
    muted = await admin(redis_url, database_url, "mute", "dirty", "1")
    assert raw_controls(muted, allowed="\n") == [] and "Dirty\\x1b[8m" in muted


@pytest.mark.parametrize(("text", "stripped", "escaped"), [
    ("plain words", "plain words", "plain words"),
    ("a\x1b[31mb", "a[31mb", "a\\x1b[31mb"),
    ("\u202eabc\u202c", "abc", "\\u202eabc\\u202c"),
    ("two\nlines\r\n", "two lines", "two\\nlines\\r\\n"),
    ("zero\u200bwidth\ufeff", "zerowidth", "zero\\u200bwidth\\ufeff"),
    ("tag\U000e0041", "tag", "tag\\U000e0041"),
    ("line\u2028sep", "line sep", "line\\u2028sep"),
    ("é ♠ 日本", "é ♠ 日本", "é ♠ 日本"),
])
def test_inert_text_golden(text: str, stripped: str, escaped: str) -> None:
    assert strip_inert(text) == stripped
    assert escape_inert(text) == escaped
