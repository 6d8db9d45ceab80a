"""A whole game to its end: the winner is shown and a rematch starts a new game, from the
game-over sheet or, once the sheet is closed, from the bar it leaves under the table."""

from __future__ import annotations

import re

from playwright.async_api import Page, expect

from .conftest import BROWSER, shot
from .play import held_down, page_state, quick_play

pytestmark = BROWSER


async def played_out(start_room, open_page, name: str) -> tuple[Page, dict, dict]:
    """A guest's casual game played to its end: (page, state at the start, at the end)."""
    # A turn time of 0: the autopilot plays the guest's turns, so the game runs to its end
    # (and the rematch's game runs on by itself too).
    # Bots think 20 ms: without it a whole game now takes well under a second, and the
    # rematch's first hand can be over before the page is looked at again.
    room = await start_room(turn_time_s=0.0, bot_pace_s=0.02)
    page = await open_page(room)
    first = await quick_play(page, name)
    await page.wait_for_function("window.spadesApp.state.status === 'over'", timeout=60_000)
    return page, first, await page_state(page)


async def rematch_dealt(page: Page, first: dict, over: dict) -> None:
    """The same table and seat play a new game: the first hand is dealt again."""
    await page.wait_for_function(
        f"window.spadesApp.state.v > {over['v']} && window.spadesApp.state.view.hand_no < "
        f"{over['handNo']}", timeout=10_000)
    after = await page_state(page)
    assert after["table"] == first["table"] and after["seat"] == first["seat"]


async def test_game_over_shows_the_winner_and_a_rematch_starts_again(start_room, open_page
                                                                      ) -> None:
    page, first, over = await played_out(start_room, open_page, "Gus")
    dialog = page.locator("dialog.game-over")
    await expect(dialog).to_be_visible()
    await expect(dialog.locator("h2")).to_have_text(re.compile(r"You win!|They win|A draw"))
    await expect(dialog.locator(".final")).to_have_text(re.compile(r"^Us −?\d+ — Them −?\d+$"))
    await dialog.get_by_role("button", name="Rematch").click()
    await rematch_dealt(page, first, over)


async def test_closing_the_game_over_sheet_leaves_a_bar_with_rematch(start_room, open_page
                                                                     ) -> None:
    page, first, over = await played_out(start_room, open_page, "Gail")
    dialog = page.locator("dialog.game-over")
    await expect(dialog).to_be_visible()
    await dialog.get_by_role("button", name="Close").click()
    await expect(dialog).to_have_count(0)
    bar = page.locator(".game-over-bar")
    await expect(bar).to_be_visible()
    await expect(bar.locator(".over-line")).to_have_text(
        re.compile(r"^(You win!|They win|A draw) Us −?\d+ — Them −?\d+$"))
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
    await rematch_dealt(page, first, over)


async def test_a_redraw_while_review_is_held_in_the_bar_does_not_swallow_it(start_room,
                                                                            open_page) -> None:
    # The bar is drawn again at every push (a rematch vote, the archived game's link):
    # one between the press on Review and its release must not lose the click.
    page, _, _ = await played_out(start_room, open_page, "Hal")
    dialog = page.locator("dialog.game-over")
    await dialog.get_by_role("button", name="Close").click()
    bar = page.locator(".game-over-bar")
    review = bar.get_by_role("button", name="Review", exact=True)
    await held_down(page, review)
    await page.evaluate("window.spadesApp.screen.render()")  # as a push draws the table
    await page.mouse.up()
    await expect(page.locator("dialog .review")).to_be_visible()
