"""The room's calendar: the setting parsed, each entry's next start within the horizon,
a slot key per start, and bad entries refused with their text."""

from __future__ import annotations

import datetime as dt

import pytest

from shared.tournaments import ArenaSettings, BadEntry, Calendar, KnockoutSettings

HOUR = 3_600_000


def at(text: str) -> int:
    return int(dt.datetime.fromisoformat(text).replace(tzinfo=dt.UTC).timestamp() * 1000)


def test_the_default_runs_an_hourly_quick_arena_and_a_daily_standard_knockout() -> None:
    calendar = Calendar()
    due = calendar.due(at("2026-12-02T17:20:00"), ahead_ms=HOUR)
    assert [s.settings.name for s in due] == ["Hourly Quick Arena", "Daily Standard Knock-out"]
    arena, knockout = (s.settings for s in due)
    assert isinstance(arena, ArenaSettings) and arena.starts_ms == at("2026-12-02T18:00:00")
    assert arena.minutes == 30 and arena.preset == "quick"
    assert isinstance(knockout, KnockoutSettings) and knockout.size == 16
    assert knockout.starts_ms == at("2026-12-02T18:00:00")
    # Later in the evening only the hourly one is near; each start has its own slot.
    later = calendar.due(at("2026-12-02T18:30:00"), ahead_ms=HOUR)
    assert [s.settings.name for s in later] == ["Hourly Quick Arena"]
    assert later[0].slot != due[0].slot
    assert calendar.due(at("2026-12-02T18:00:00"), HOUR)[0].slot == due[0].slot  # on time


def test_an_empty_setting_schedules_nothing_and_bad_entries_are_named() -> None:
    assert Calendar("").due(0, HOUR) == []
    for text in ("weekly:arena:quick:30", "daily@25:00:arena:quick:30",
                 "hourly:swiss:quick:30", "hourly:arena:quick:7",
                 "hourly:knockout:cutthroat:16", "hourly:arena:poker:30"):
        with pytest.raises(BadEntry):
            Calendar(f"hourly:arena:quick:30;{text}")
