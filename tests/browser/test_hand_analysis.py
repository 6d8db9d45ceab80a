""""Analyse my play" on a practice hand's result, through the page: while the request
waits (two requests queued before it; no worker runs until the test starts one) the
result says how many analyses are ahead of it, and the worker's analysis then arrives
on the table, with nothing to reload."""

from __future__ import annotations

import re

import msgpack  # type: ignore[import-untyped]
import redis.asyncio as redis_async
from playwright.async_api import expect

from server.analysis.store import RedisResults, enqueue
from server.analysis.worker import Worker

from .conftest import BROWSER, PHONE_TALL, shot
from .play import play_until

pytestmark = BROWSER


async def test_a_practice_hand_is_analysed_and_the_wait_shows_its_place(
        room, open_page, redis_url: str) -> None:
    page = await open_page(room)
    await page.get_by_role("group", name="Level", exact=True).get_by_label("Easy").check()
    await page.get_by_role("group", name="Pace", exact=True).get_by_label("Fast").check()
    await page.locator("#start-practice").click()
    await page.wait_for_function("window.spadesApp.state.kind === 'practice'")
    await play_until(page, lambda s: s["history"] >= 1, timeout=120)
    result = page.locator(".result-panel")
    ask = result.get_by_role("button", name="Analyse my play")
    await expect(ask).to_be_visible()
    client = redis_async.Redis.from_url(redis_url)
    try:
        for _ in range(2):  # two requests wait before this one: no worker runs yet
            await enqueue(client, msgpack.packb({}))
        await ask.click()
        waiting = page.locator("#hand-analysis-waiting")
        await expect(waiting).to_have_text("2 analyses ahead of yours in the queue…")
        worker = Worker(client, RedisResults(client), "browser-hand")
        await worker.ensure_group()
        assert await worker.step() == 1
        await expect(waiting).to_have_text("1 analysis ahead of yours in the queue…",
                                           timeout=15_000)  # the table asks every 2 s
        assert await worker.step() == 1
        assert await worker.step() == 1  # this player's: analysed
        answer = page.locator("#hand-analysis")
        await expect(answer).to_contain_text("decisions in 1 hand", timeout=15_000)
        await expect(ask).to_be_hidden()
        await expect(page.locator("#hand-analysis-marks, #hand-analysis-none")).to_be_visible()
        # A summary line first (mistakes by size, points lost), bad luck folded away.
        await expect(page.locator("#hand-analysis-summary")).to_have_text(re.compile(
            r"^You: (no mistakes in \d+ decisions?|.*(slip|mistake|blunder).* · about \d+ "
            r"points? lost in \d+ decisions?)( · unlucky \d+ times?)?$"))
        await expect(page.locator("#hand-analysis-marks .mark-item.bad-luck")).to_have_count(0)
        await expect(page.locator("#hand-analysis-luck .mark-item").first).to_be_hidden()
        await shot(page, "table-hand-analysis-desktop")
        await page.set_viewport_size(PHONE_TALL)
        await expect(answer).to_be_visible()
        await shot(page, "table-hand-analysis-phone")
    finally:
        await client.aclose()
