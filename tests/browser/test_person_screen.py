"""What a person at the table sees (issue 13, "What a new user saw" 3-8), in real Chromium:
the end of a game stays reachable after its sheet is closed, no panel of ours covers the
action area, the phone's score sheet, review and hand fit, score lines say which tricks
counted with Nil on the quick rules, the viewer's team comes first for every seat, and
the smaller things (focus, keys, names, presets, stale errors)."""

from __future__ import annotations

import re

from playwright.async_api import Page, expect

from .conftest import BROWSER, shot
from .play import page_state, quick_play

pytestmark = BROWSER


async def test_closing_the_game_over_sheet_leaves_a_bar_with_rematch(start_room, open_page) -> None:
    # Turn time 0: the autopilot plays the guest's turns, so the game runs to its end.
    room = await start_room(turn_time_s=0.0, bot_pace_s=0.02)
    page = await open_page(room)
    first = await quick_play(page, "Gail")
    await page.wait_for_function("window.spadesApp.state.status === 'over'", timeout=60_000)
    over = await page_state(page)
    dialog = page.locator("dialog.game-over")
    await expect(dialog).to_be_visible()
    await dialog.get_by_role("button", name="Close").click()
    await expect(dialog).to_have_count(0)
    bar = page.locator(".game-over-bar")
    await expect(bar).to_be_visible()
    await expect(bar.locator(".over-line")).to_have_text(
        re.compile(r"^(You win!|They win|A draw) Us -?\d+ — Them -?\d+$"))
    for name in ("Lobby", "Review"):
        await expect(bar.get_by_role("button", name=name, exact=True)).to_be_visible()
    await shot(page, "game-over-bar-desktop")
    # The review opens from the bar and, closed, leaves the bar (not the sheet) again.
    await bar.get_by_role("button", name="Review", exact=True).click()
    await expect(page.locator("dialog .review")).to_be_visible()
    await page.keyboard.press("Escape")
    await expect(bar).to_be_visible()
    await expect(dialog).to_have_count(0)
    await bar.get_by_role("button", name="Rematch").click()
    # The same table and seat play a new game: the first hand is dealt again.
    await page.wait_for_function(
        f"window.spadesApp.state.v > {over['v']} && window.spadesApp.state.view.hand_no < "
        f"{over['handNo']}", timeout=10_000)
    after = await page_state(page)
    assert after["table"] == first["table"] and after["seat"] == first["seat"]
