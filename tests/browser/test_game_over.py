"""A whole game to its end: the winner is shown and a rematch starts a new game."""

from __future__ import annotations

import re

from playwright.async_api import expect

from .conftest import BROWSER
from .play import page_state, quick_play

pytestmark = BROWSER


async def test_game_over_shows_the_winner_and_a_rematch_starts_again(start_room, open_page
                                                                      ) -> None:
    # A turn time of 0: the autopilot plays the guest's turns, so the game runs to its end
    # (and the rematch's game runs on by itself too).
    # Bots think 20 ms: without it a whole game now takes well under a second, and the
    # rematch's first hand can be over before the page is looked at again.
    room = await start_room(turn_time_s=0.0, bot_pace_s=0.02)
    page = await open_page(room)
    first = await quick_play(page, "Gus")
    await page.wait_for_function("window.spadesApp.state.status === 'over'", timeout=60_000)
    over = await page_state(page)
    dialog = page.locator("dialog.game-over")
    await expect(dialog).to_be_visible()
    await expect(dialog.locator("h2")).to_have_text(re.compile(r"You win!|They win|A draw"))
    await expect(dialog.locator(".final")).to_contain_text("Us")
    await dialog.get_by_role("button", name="Rematch").click()
    # The same table and seat play a new game: the first hand is dealt again.
    await page.wait_for_function(
        f"window.spadesApp.state.v > {over['v']} && window.spadesApp.state.view.hand_no < "
        f"{over['handNo']}", timeout=10_000)
    after = await page_state(page)
    assert after["table"] == first["table"] and after["seat"] == first["seat"]
