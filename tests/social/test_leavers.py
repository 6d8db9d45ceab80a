"""Ranked leavers' growing cooldown (server/social/leavers.py) on a real PostgreSQL."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from server.archive.db import Database
from server.social.leavers import MAX_COOLDOWN_S, Leavers, OnCooldown, cooldown_s


def test_the_cooldown_doubles_with_each_leave_and_has_a_ceiling() -> None:
    assert [cooldown_s(n) for n in range(5)] == [0, 300, 600, 1200, 2400]
    assert cooldown_s(40) == MAX_COOLDOWN_S


async def test_leaves_are_counted_once_per_game_and_the_wait_runs_from_the_last(
        db: Database) -> None:
    leavers = Leavers(db)
    await leavers.record("t1:0", ("p" * 16,))
    await leavers.record("t1:0", ("p" * 16,))  # a second node rating the same game
    with pytest.raises(OnCooldown) as first:
        await leavers.check("p" * 16)
    assert 290 <= first.value.retry_after_s <= 300 and "1 ranked game early" in str(first.value)
    await leavers.record("t2:0", ("p" * 16,))
    with pytest.raises(OnCooldown) as second:
        await leavers.check("p" * 16)
    assert 590 <= second.value.retry_after_s <= 600
    later = datetime.now(UTC) + timedelta(minutes=11)
    await leavers.check("p" * 16, now=later)  # over: no error
    await leavers.check("q" * 16)  # never left: no error
