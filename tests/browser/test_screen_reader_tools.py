"""The screen-reader mode's other decisions: practice's hint, undo and redo typed as
words, the two-handed draw typed, the time-running-out warning, and the choice kept for
an account (read as in test_screen_reader.py: the accessibility tree and live regions)."""

from __future__ import annotations

import re

from playwright.async_api import Page, expect

from server.web.http_social import SESSION_COOKIE
from tests.room_social.conftest import register, sign_in

from .conftest import BROWSER, PHONE_TALL
from .play import host_private
from .sr_reading import LISTEN_JS, heard, heard_said, wait_for

pytestmark = BROWSER


async def type_move(page: Page, text: str) -> None:
    box = page.get_by_role("textbox", name=re.compile("^Your move"))
    await box.fill(text)
    await box.press("Enter")


async def test_practice_hint_undo_and_redo_typed(room, open_page) -> None:
    page = await open_page(room, screenReader=True)
    await page.evaluate(LISTEN_JS)
    await page.get_by_role("group", name="Level", exact=True).get_by_label("Easy").check()
    await page.locator("#start-practice").press("Enter")
    deal = page.get_by_role("button", name="Deal")
    await expect(deal).to_be_focused()
    await page.keyboard.press("Enter")
    table = await wait_for(page, lambda t: "You may bid" in t["Your move"], "your bid")
    await type_move(page, "2")
    table = await wait_for(page, lambda t: "You may play" in t["Your move"], "your card")
    await type_move(page, "hint")
    await heard_said(page, "Hint: play")
    card = re.match(r"You may play: ([^,.]*)", table["Your move"]).group(1)
    await type_move(page, card.lower())
    await wait_for(page, lambda t: "Twelve cards in all" in t["Your hand"], "twelve cards")
    await type_move(page, "undo")
    await heard_said(page, "Your last decision was taken back.")
    await wait_for(page, lambda t: "Thirteen cards in all" in t["Your hand"], "the card back")
    await type_move(page, "redo")
    await wait_for(page, lambda t: "Twelve cards in all" in t["Your hand"], "played again")


async def test_the_two_handed_draw_typed(room, open_page) -> None:
    page = await open_page(room, viewport=PHONE_TALL, screenReader=True)
    await page.evaluate(LISTEN_JS)
    await host_private(page, "Dee", "two_handed", {}, clock=False)
    table = await wait_for(page, lambda t: "Your draw" in t["Your move"], "your draw")
    drawn = re.match(r"Your draw: the ([^.]*)\.", table["Your move"]).group(1)
    await type_move(page, "maybe")
    await expect(page.locator("#live-now")).to_contain_text('"maybe" is not a card')
    await type_move(page, "keep")
    await heard_said(page, "You keep")
    assert drawn


async def test_time_running_out_is_said_at_once_and_once(start_room, open_page) -> None:
    # A 1.05 s clock: ten times that for a screen-reader player, 10 s of it left at once.
    room = await start_room(turn_time_s=1.05)
    page = await open_page(room, screenReader=True)
    await page.evaluate(LISTEN_JS)
    await page.fill("#guest-name", "Lee")
    await page.keyboard.press("Enter")
    await heard_said(page, "10 seconds left to bid.")
    # The clock runs on (C reads it) and the warning is not said again.
    await page.get_by_role("switch", name="Screen-reader mode").focus()
    clock = page.locator("#live p").last
    while not re.fullmatch(r"Your turn: [0-8] seconds left\.", await clock.text_content() or ""):
        await page.keyboard.press("c")
        await page.wait_for_timeout(250)
    warnings = [(region, text) for region, text in await heard(page) if region == "live-now"]
    assert warnings == [("live-now", "10 seconds left to bid.")]


async def signed_in_at_a_table(page: Page, room, cookie: str, play: bool = True) -> None:
    """Sign ``page`` in with the session ``cookie``, and press Play now (``play``; else
    the account is at a table already, where the page takes it)."""
    await page.context.add_cookies([{"name": SESSION_COOKIE, "value": cookie, "url": room.http}])
    await page.reload()
    await page.wait_for_function("window.spadesApp.room.signedIn === true")
    if play:
        await page.get_by_role("button", name="Play now").press("Enter")
    # The lobby has a switch of its own: wait for the table's, or a key pressed on the
    # lobby's would land on a page the table has just replaced.
    switch = page.locator(".table-bar").get_by_role("switch", name="Screen-reader mode")
    await expect(switch).to_be_visible(timeout=15_000)


async def test_the_choice_follows_the_account_to_another_browser(room, open_page) -> None:
    laptop = await open_page(room)
    await signed_in_at_a_table(laptop, room, await register(room, "Rae"))
    switch = laptop.locator(".table-bar").get_by_role("switch", name="Screen-reader mode")
    await switch.focus()
    await laptop.keyboard.press("Space")
    await expect(switch).to_be_checked()
    phone = await open_page(room, viewport=PHONE_TALL)  # another browser: nothing kept there
    await signed_in_at_a_table(phone, room, (await sign_in(room, "Rae")).cookies[SESSION_COOKIE],
                               play=False)
    await expect(phone.get_by_role("switch", name="Screen-reader mode")).to_be_checked()
    await expect(phone.get_by_role("region", name="Your hand")).to_be_visible()
