"""The daily deal in the browser: the lobby's entry, a hand at a Challenge table and the
next one from the game-over sheet, the result page against a seeded field, the board,
and the deal check of a closed day."""

from __future__ import annotations

import datetime as dt

from playwright.async_api import expect

from server.archive.db import Database
from server.daily.store import DailyStore
from server.social.accounts import pid_of
from shared.daily import INSTANCES, DailyDeals
from tests.daily.test_daily_room import play_out

from .conftest import BROWSER, shot
from .play import play_until

pytestmark = BROWSER

SECRET = "a-daily-secret-for-the-browser"


def today() -> str:
    return dt.datetime.now(dt.UTC).date().isoformat()


async def seed_field(database_url: str, me: str) -> None:
    """Five other finished tries (two of them accounts'), each dealt the same instance
    of hand 2 as ``me`` (so that hand is compared with them), and the rest of ``me``'s
    try (hands 2 to 8 at +10 each) as if played."""
    day = DailyDeals.for_day(SECRET.encode(), today())
    mine = day.instance(1, me)
    db = Database(database_url)
    await db.open()
    store = DailyStore(db)
    try:
        others = {"Ada": [30] * 8, "Bea": [0] * 8, "g1": [-20] * 8, "g2": [60] * 8, "g3": [5] * 8}
        for name, points in others.items():
            account = name if not name.startswith("g") else None
            pid = next(f"pid-{name}-{n}" for n in range(10**6)
                       if day.instance(1, f"pid-{name}-{n}") == mine)
            await play_out(store, pid, name, account, points)
        await play_out(store, me, "Newbie", None, [10] * 7, first=1)
    finally:
        await db.close()


async def test_the_daily_deal_from_the_lobby_to_the_result_page(start_room, open_page,
                                                                database_url) -> None:
    room = await start_room(daily_secret=SECRET, daily_par_every_s=0.0)
    page = await open_page(room)
    panel = page.locator("#daily-panel")
    await expect(panel).to_contain_text("Daily deal")
    await expect(panel.locator("#daily-rule")).to_contain_text("abandoned: −501 points")
    # The name typed in the lobby's name box is the player's at the daily table too.
    await page.fill("#guest-name", "Newbie")
    await panel.locator("#daily-start").click()
    await page.wait_for_function("window.spadesApp.state.kind === 'practice' && "
                                 "window.spadesApp.daily.current && "
                                 "window.spadesApp.daily.current.hand === 1")
    first = (await page.evaluate("window.spadesApp.state.table"))
    await expect(page.locator(".title-btn")).to_have_text("Daily deal · hand 1 of 8")
    await expect(page.locator(".seat.at-bottom")).to_contain_text("Newbie")
    await play_until(page, lambda s: s["over"], timeout=240)
    # The game-over sheet offers the next daily hand instead of a rematch.
    sheet = page.locator("dialog.game-over")
    await expect(sheet.locator("#daily-next")).to_have_text("Next daily hand (2 of 8)")
    await expect(sheet.get_by_role("button", name="Rematch")).to_have_count(0)
    points = await page.evaluate("window.spadesApp.state.view.history[0].teams[0].hand_total")
    await expect(sheet.locator("#dialog-title")).to_have_text(
        f"Hand 1: you scored {'+' if points >= 0 else '−'}{abs(points)}")
    await shot(page, "daily-hand-over")
    await sheet.locator("#daily-next").click()
    await page.wait_for_function(f"window.spadesApp.state.table !== {first!r} && "
                                 "window.spadesApp.daily.current.hand === 2")
    second = await page.evaluate("window.spadesApp.state.table")
    await expect(page.locator(".title-btn")).to_have_text("Daily deal · hand 2 of 8")
    # Reloaded mid-hand, the page is back at the same hand and still knows which it is.
    await page.reload()
    await page.wait_for_function(f"window.spadesApp.state.table === {second!r}")
    await expect(page.locator(".title-btn")).to_have_text("Daily deal · hand 2 of 8")
    # The rest of the try, and the field, as if played; then the result page.
    token = await page.evaluate("window.spadesApp.room.session.token")
    await seed_field(database_url, pid_of(token))
    await page.evaluate("location.hash = '#/daily'")
    result = page.locator("#daily-result")
    await expect(result.locator("#daily-hands li")).to_have_count(8)
    await expect(result.locator("#daily-hands li").nth(1)).to_have_text(
        "hand 2: you scored +10, the field's median +5")
    await expect(result.locator("#daily-percentile")).to_contain_text("among 6 players")
    await expect(result.locator("#daily-histogram li.mine")).to_have_count(1)
    # Each bar's width follows its count: not all full width (a style the CSP blocked).
    widths = await result.locator("#daily-histogram .bar").evaluate_all(
        "bars => bars.map((bar) => bar.getBoundingClientRect().width)")
    assert len(set(widths)) > 1, widths
    board = page.locator("#daily-board tbody tr")
    await expect(board).to_have_count(2)  # accounts only: Ada and Bea
    await expect(board.first).to_contain_text("Ada")
    await expect(page.locator("#daily-commitments")).to_contain_text(
        "The check opens when the day closes")
    await shot(page, "daily-result")
    # Yesterday is closed: its seeds are out and the page checks every deal.
    yesterday = (dt.datetime.now(dt.UTC).date() - dt.timedelta(days=1)).isoformat()
    await page.evaluate(f"location.hash = '#/daily/{yesterday}'")
    await page.locator("#daily-check").click()
    lines = page.locator("#daily-check-out p.ok")
    await expect(lines).to_have_count(1 + 8 * INSTANCES)  # every deal of every hand
    await expect(lines.nth(1)).to_contain_text("Hand 1, deal 1: the seed deals the committed hand")
    await expect(page.locator("#daily-check-out p.bad")).to_have_count(0)
