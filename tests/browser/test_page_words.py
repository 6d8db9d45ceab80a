"""What the page says, in real Chromium: the private form's rules line follows the house
options as they are edited and the private lobby describes the rules truly, the whiz pad
says why it greys bids, the ``?`` list holds only the keys the table uses, the preset
chips of the rules page are names, and Play now takes an empty name as Practice does."""

from __future__ import annotations

import re

from playwright.async_api import expect

from .conftest import BROWSER, PHONE_TALL
from .play import page_state

pytestmark = BROWSER

RULES_LINE_PARTS = ("To 300", "whiz bidding", "2 cards passed with Nil", "jokers in")


async def test_the_house_options_are_said_and_the_whiz_pad_says_why(room, open_page) -> None:
    page = await open_page(room)
    await page.fill("#guest-name", "Wes")
    form = page.locator("form", has=page.locator("#create-private"))
    await form.get_by_label("Easy").check()
    about = page.locator("#preset-about")
    await expect(about).to_contain_text("To 500")
    await form.locator("summary").click()
    await form.locator("#rule-target_score").fill("300")
    await form.locator("#rule-bidding").select_option("whiz")
    await form.locator("#rule-nil_pass").fill("2")
    await form.locator("#rule-jokers").check()
    for part in RULES_LINE_PARTS:
        await expect(about).to_contain_text(part)
    await page.click("#create-private")
    lobby_line = page.locator(".private-lobby .rules-line")
    for part in RULES_LINE_PARTS:
        await expect(lobby_line).to_contain_text(part)
    await expect(lobby_line).not_to_contain_text("Standard rules")

    await page.click("#start-private")
    await page.wait_for_function(
        "(() => { const s = window.spadesApp.state; return s.myTurn && s.view"
        " && s.view.phase === 'bidding'; })()", timeout=30_000)
    if (await page_state(page))["hidden"]:
        await page.click('.bid-pad [data-bid="look"]')
        await page.wait_for_function("!window.spadesApp.state.view.hand_hidden")
    pad = page.locator(".bid-pad")
    legal = set((await page_state(page))["legal"])
    numbers = sorted(int(a[4:]) for a in legal if re.fullmatch(r"bid \d+", a))
    why = pad.locator(".bid-rule")
    if numbers:
        await expect(why).to_have_text(
            f"Whiz: you bid your {numbers[0]} spade{'' if numbers[0] == 1 else 's'} or Nil.")
    else:
        await expect(why).to_have_text("Whiz: with no spades you bid Nil.")
    await expect(pad.locator(".bid-num:disabled")).to_have_count(13 - len(numbers))

    # The keys list at this four-seat table with a Nil pass: no draw keys, the pass key.
    await page.keyboard.press("?")
    keys = page.locator("dialog .keys-list")
    await expect(keys).to_contain_text("Last trick")
    await expect(keys).to_contain_text("Nil card pass")
    await expect(keys.locator("kbd", has_text="K / D")).to_have_count(0)


async def test_the_rules_page_names_its_presets(room, open_page) -> None:
    page = await open_page(room, viewport=PHONE_TALL)
    await page.goto(room.http + "/learn/?preset=three_handed#/rules")
    chips = page.locator(".preset-switch a.chip")
    await expect(chips.first).to_be_visible()
    texts = await chips.all_inner_texts()
    assert "Three players" in texts and "Six players" in texts, texts
    assert not [t for t in texts if "_" in t or t != t.strip() or t[:1].islower()], texts
    shown = page.locator('.preset-switch a[aria-current="page"]')
    await expect(shown).to_have_text("Three players")


async def test_play_now_takes_an_empty_name_as_practice_does(room, open_page) -> None:
    """Left empty, the name box refuses neither: both seat the guest under the name the
    room gave them."""
    page = await open_page(room, viewport=PHONE_TALL)
    await page.fill("#guest-name", "")
    await page.click("#play-now")
    await page.wait_for_function("window.spadesApp.state.seat !== null", timeout=30_000)
    name = await page.evaluate(
        "window.spadesApp.state.seats[window.spadesApp.state.seat].name")
    assert re.fullmatch(r"Guest \d{4}", name), name
