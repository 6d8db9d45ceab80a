"""Numbers read right on the rendered pages: a real minus sign before a negative number
and a singular after one (tests/browser/text_checks.py), on the game page hand by hand
(a game of random moves: sets and failed Nils give negative scores), its review, and
the player page."""

from __future__ import annotations

from playwright.async_api import expect

from .archived import player_document
from .conftest import BROWSER
from .test_game_page import long_game, open_game
from .test_player_page import records, serve
from .text_checks import assert_numbers_read_right

pytestmark = BROWSER


async def test_the_game_page_and_player_page_write_minus_signs_and_singulars(
        room, open_page) -> None:
    doc = long_game()
    page = await open_game(open_page, room, doc)
    seen = ""
    for _ in doc["hands"]:
        seen += await assert_numbers_read_right(page)
        await page.keyboard.press("PageDown")
    await page.keyboard.press("End")
    seen += await assert_numbers_read_right(page)
    assert "−" in seen, "the game has negative scores to show"
    kept = records(4)
    # A rating is a whole number on the 1500 scale, whatever the document carries.
    await serve(page, kept, {**player_document("Ann", kept), "rating": 1432.4})
    await page.goto(f"{room.http}/@/Ann")
    await expect(page.locator("#player-rating")).to_have_text("1432")
    await assert_numbers_read_right(page)
