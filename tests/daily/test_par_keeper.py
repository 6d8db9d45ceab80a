"""The par keeper: computes only a day somebody started, once, and a stopping node
kills the par's child process instead of waiting for it."""

from __future__ import annotations

import asyncio
import datetime as dt

import pytest

from server.archive.db import Database
from server.daily.par_keeper import ParKeeper
from server.daily.service import DailyService, today
from server.settings import Settings, SettingsError

SECRET = "a-daily-secret-for-the-par-tests"


async def test_nobody_started_the_day_so_no_par_is_computed(db: Database) -> None:
    keeper = ParKeeper(DailyService(db, SECRET), every_s=60)
    assert await keeper.ensure(today()) is False
    async with db.connection("test") as conn:
        assert await conn.fetchval("SELECT count(*) FROM daily_par") == 0


async def test_a_stopping_node_kills_the_par_process(db: Database) -> None:
    daily = DailyService(db, SECRET)
    assert (await daily.store.deal(today(), "p1", None, "Pat", "t1",
                                   dt.datetime.now(dt.UTC))).table_id == "t1"
    keeper = ParKeeper(daily, every_s=0.01)
    keeper.start()
    # The day is claimed: the child process is playing the hands (seconds of CPU).
    for _ in range(2000):
        async with db.connection("test") as conn:
            if await conn.fetchval("SELECT count(*) FROM daily_par") == 1:
                break
        await asyncio.sleep(0.01)
    else:
        raise AssertionError("the keeper never claimed the day")
    await asyncio.wait_for(keeper.stop(), timeout=30)
    assert await daily.store.par(today()) is None
    # Another node may not take the claim over at once (it is not stale) ...
    assert await daily.store.claim_par(today(), dt.datetime.now(dt.UTC)) is False
    # ... but after ten minutes it may.
    later = dt.datetime.now(dt.UTC) + dt.timedelta(minutes=11)
    assert await daily.store.claim_par(today(), later) is True


def test_the_daily_settings_are_read_and_checked() -> None:
    read = Settings.from_env({"DAILY_SECRET": SECRET, "DAILY_PAR_EVERY_S": "5"})
    assert (read.daily_secret, read.daily_par_every_s) == (SECRET, 5.0)
    assert Settings.from_env({}).daily_secret is None
    with pytest.raises(SettingsError, match="DAILY_SECRET must be at least 16 bytes"):
        Settings.from_env({"DAILY_SECRET": "short"})
