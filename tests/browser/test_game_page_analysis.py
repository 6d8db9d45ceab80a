"""The analysis on the game page /g/ID, on a game kept by the real archive (PostgreSQL)
and analysed by the real worker: a player asks with "Analyse my play", the worker's
result marks the planted mistake at its move on the slider with the better card and the
reason, and the mark opens its position at a practice table."""

from __future__ import annotations

import re

import asyncpg
import msgpack  # type: ignore[import-untyped]
import redis.asyncio as redis_async
from playwright.async_api import expect

from server.analysis.archived import PostgresResults, queue_people
from server.analysis.store import enqueue
from server.analysis.worker import Worker
from server.archive.writer import write_game
from server.social.accounts import pid_of
from shared.archive import SeatRecord
from tests.analysis.positions import nil_cover_record

from .conftest import BROWSER, PHONE_TALL, shot

pytestmark = BROWSER

GAME = "tbg1.0"


async def test_a_player_asks_and_the_mark_opens_its_practice_position(
        start_room, open_page, redis_url: str, database_url: str) -> None:
    room = await start_room()
    page = await open_page(room)
    token = next(c["value"] for c in await page.context.cookies()
                 if c["name"] == "spades_token")
    seats = [SeatRecord(0, "Ann", pid_of(token)), SeatRecord(1, "Bot W", None, bot="standard"),
             SeatRecord(2, "Nia", "c3c3c3c3c3c3c3c3"), SeatRecord(3, "Bot E", None,
                                                                  bot="standard")]
    pool = await asyncpg.create_pool(database_url, min_size=0, max_size=2)
    client = redis_async.Redis.from_url(redis_url)
    try:
        assert await write_game(pool, nil_cover_record(GAME, seats))
        await page.goto(f"{room.http}/g/{GAME}")
        await expect(page.locator("#move-slider")).to_be_visible()
        ask = page.locator("#analyse-my-play")
        await expect(ask).to_be_visible()
        await expect(page.locator(".slider-mark")).to_have_count(0)
        # Two requests wait already (no worker runs): the page says where this one is.
        for _ in range(2):
            await enqueue(client, msgpack.packb({}))
        await ask.click()
        waiting = page.locator("#analysis-waiting")
        await expect(waiting).to_have_text("2 analyses ahead of yours in the queue…")
        # The worker (as `python -m server.analysis` runs it) takes the requests in turn.
        worker = Worker(client, PostgresResults(pool), "browser", pool=pool)
        await worker.ensure_group()
        assert await worker.step() == 1
        await expect(waiting).to_have_text("1 analysis ahead of yours in the queue…",
                                           timeout=15_000)  # the page asks every 2 s
        assert await worker.step() == 1
        await expect(waiting).to_have_text("An analysis is being made…", timeout=15_000)
        assert await worker.step() == 1
        mistake = page.locator(".slider-mark.mistake")
        await expect(mistake.first).to_be_visible(timeout=30_000)
        await expect(page.locator("#analyse-my-play")).to_have_count(0)
        # The Nil-cover mistake is at South's first card (the fourth card of hand 1).
        cover = page.locator(".mark-item.mistake", has_text="trick 1")
        await expect(cover).to_contain_text(
            "Ann chose the Four of hearts; better the Ace of hearts")
        await expect(cover).to_contain_text("covered your partner's Nil")
        await expect(cover).to_contain_text("Blunder")  # the Nil's 100 points, both ways
        # Ann's summary line, as a chess site's accuracy line: mistakes by size, points.
        summary = page.locator('#analysis-summary .summary-line[data-seat="0"]')
        await expect(summary).to_contain_text(re.compile(
            r"^Ann \(you\): \d+ blunders?.* · about \d+ points lost in \d+ decisions"))
        await expect(page.locator("#mark-filter")).to_have_value("0")  # your own first
        # Bad luck is folded away: counted, its lines hidden until opened; no tick.
        luck = page.locator("#bad-luck")
        await expect(luck.locator("summary")).to_contain_text("Bad luck: ")
        await expect(luck.locator(".mark-item.bad-luck").first).to_be_hidden()
        await expect(page.locator(".slider-mark.bad-luck")).to_have_count(0)
        # Sentences without statistics.
        text = await page.locator("#analysis").inner_text()
        assert "likely deals" not in text and "%" not in text and "within" not in text, text
        move = int(await cover.get_attribute("data-move") or "-1")
        # Each tick stands at its move along the slider, not all at its start.
        lefts = await page.locator(".slider-mark").evaluate_all(
            "ticks => ticks.map((tick) => Math.round(tick.getBoundingClientRect().left))")
        assert len(set(lefts)) > 1, lefts
        # Step through the mistakes only: from the start, Next mistake lands on the first.
        await page.keyboard.press("Home")
        await page.locator("#next-mistake").click()
        first = int(await page.locator("#mark-list .mark-item").first.get_attribute("data-move")
                    or "-1")
        assert 0 <= first <= move
        await expect(page.locator("#move-line")).to_have_text(re.compile(rf"^Move {first + 1} of"))
        await expect(page.locator("#mistake-at")).to_have_text(re.compile(r"^Mistake 1 of \d+$"))
        await expect(page.locator("#prev-mistake")).to_be_disabled()
        await page.locator(f'.slider-mark[data-move="{move}"]').click()
        await expect(page.locator("#move-line")).to_have_text(
            re.compile(rf"^Move {move + 1} of \d+ · Ann plays the Four of hearts"))
        note = page.locator("#move-mark")
        await expect(note).to_contain_text("Blunder: better the Ace of hearts. The ♥A would")
        await expect(note).to_contain_text("covered your partner's Nil")
        await shot(page, "game-page-analysis-desktop")
        # A move without a mark has no note.
        await page.keyboard.press("Home")
        await expect(note).to_be_empty()
        await page.locator(f'.slider-mark[data-move="{move}"]').click()
        await note.get_by_role("link", name="Practise this position").click()
        # The practice table opens at that position: South to play, ♥A and ♥4 in hand,
        # the trick as it was (West's ♥2, North's ♥Q, East's ♥3).
        # The link loads the room's page: until its app exists there is no state to read.
        await page.wait_for_function(
            "window.spadesApp && window.spadesApp.state "
            "&& window.spadesApp.state.kind === 'practice' && window.spadesApp.state.view "
            "&& window.spadesApp.state.view.to_act === 0", timeout=15_000)
        view = await page.evaluate("window.spadesApp.state.view")
        assert "AH" in view["hand"] and "4H" in view["hand"] and len(view["hand"]) == 13
        assert [card for _, card in view["trick"]] == ["2H", "QH", "3H"]
        assert view["bids"] == [6, 3, "nil", 3]
        # A level with Hint and Undo: the position is there to be tried again.
        bar = page.locator(".practice-bar")
        for name in ("Hint", "Undo"):
            await expect(bar.get_by_role("button", name=name)).to_be_visible()
    finally:
        await client.aclose()
        await pool.close()


async def test_the_marks_fit_a_phone(start_room, open_page, redis_url: str,
                                     database_url: str) -> None:
    """An analysed game (ranked: queued at its archiving; here asked directly) on a
    390×844 phone: the ticks and the note fit, nothing scrolls sideways."""
    room = await start_room()
    seats = [SeatRecord(0, "Ann", "a1a1a1a1a1a1a1a1"), SeatRecord(1, "Bot W", None, bot="easy"),
             SeatRecord(2, "Nia", "c3c3c3c3c3c3c3c3"), SeatRecord(3, "Bot E", None, bot="easy")]
    pool = await asyncpg.create_pool(database_url, min_size=0, max_size=2)
    client = redis_async.Redis.from_url(redis_url)
    try:
        assert await write_game(pool, nil_cover_record("tbg2.0", seats, kind="ranked"))
        assert await queue_people(client, pool, nil_cover_record("tbg2.0", seats, "ranked")) == 2
        worker = Worker(client, PostgresResults(pool), "browser", pool=pool)
        await worker.ensure_group()
        assert await worker.step() + await worker.step() == 2
        page = await open_page(room, phone=True, viewport=PHONE_TALL)
        await page.goto(f"{room.http}/g/tbg2.0")
        ticks = page.locator(".slider-mark")
        await expect(ticks.first).to_be_visible()
        await expect(page.locator("#analyse-my-play")).to_have_count(0)  # not a player
        # A watcher sees everyone's decisions and a summary line for each player.
        await expect(page.locator("#mark-filter")).to_have_value("all")
        await expect(page.locator("#analysis-summary .summary-line")).to_have_text(
            [re.compile(r"^Ann: "), re.compile(r"^Nia: ")])
        # One player's decisions only: the list, the ticks and the steps follow.
        await page.locator("#mark-filter").select_option(label="Nia's decisions")
        for item in await page.locator("#mark-list .mark-item").all():
            await expect(item).to_contain_text("Nia chose")
        await page.locator("#mark-filter").select_option(label="Ann's decisions")
        items = page.locator("#mark-list .mark-item")
        await expect(items.first).to_contain_text("Ann chose")
        await expect(ticks).to_have_count(len({await i.get_attribute("data-move")
                                               for i in await items.all()}))
        await page.locator("#next-mistake").click()
        first = await items.first.get_attribute("data-move")
        await expect(page.locator("#move-line")).to_have_text(
            re.compile(rf"^Move {int(first or '-1') + 1} of"))
        await expect(page.locator("#move-mark .mark-note")).to_be_visible()
        await expect(page.locator("#move-mark .mark-note")).to_be_visible()
        width = await page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE_TALL["width"], f"the page scrolls sideways ({width}px)"
        for box in [await tick.bounding_box() for tick in await ticks.all()]:
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
        await shot(page, "game-page-analysis-phone")
        await page.locator("#analysis-summary").scroll_into_view_if_needed()
        await shot(page, "game-page-review-phone")
    finally:
        await client.aclose()
        await pool.close()
