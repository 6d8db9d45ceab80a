"""The social messages in the protocol: every error code is known on the wire, every
client message has a handler, and the snapshot's social fields stay optional."""

from __future__ import annotations

from server.social.errors import SOCIAL_ERROR_CODES
from server.web import social_handlers
from shared import protocol as p

BASE = {"hello", "quick", "act", "back", "leave", "watch", "resync", "name", "rematch", "ping",
        "ready", "reclaim", "screen", "more_time"}
ANALYSIS = {"analyse"}  # server/web/analysis_handler.py
DAILY = {"daily"}  # server/web/daily_handler.py


def test_every_social_error_code_is_a_wire_code() -> None:
    assert set(SOCIAL_ERROR_CODES) <= set(p.ERROR_CODES)
    for code in ("not_allowed", "not_your_turn"):  # NotOffered, NotYourDecision
        assert code in p.ERROR_CODES


def test_every_client_message_has_a_handler() -> None:
    handled = {cls.T for cls in social_handlers.HANDLED}
    assert handled.isdisjoint(BASE | ANALYSIS | DAILY)
    assert handled | BASE | ANALYSIS | DAILY == set(p.CLIENT_MESSAGES)


def test_a_casual_snapshot_carries_no_social_field() -> None:
    snap = p.Snapshot(table="t", kind="casual", status="filling", v=1, seats=[])
    assert p.encode(snap, p.Format.JSON) == (
        '{"t":"snap","d":{"table":"t","kind":"casual","status":"filling","v":1,"seats":[]}}')
