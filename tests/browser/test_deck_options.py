"""The deck options of the settings, chosen through the page: a four-colour deck (spades
black, hearts red, diamonds blue, clubs green) and large print (a bigger rank and suit in
the corner), remembered by the browser across a reload, at 1280x800 and 390x844."""

from __future__ import annotations

from playwright.async_api import Page, expect

from .conftest import BROWSER, PHONE_TALL, shot
from .test_person_screen import practice_bid_turn

pytestmark = BROWSER

# The colour of each card face of the hand by suit, and how big its corner's rank is
# against the card's width.
FACES_JS = """() => {
  const colours = {}, ratios = [];
  for (const card of document.querySelectorAll('.hand .card.face')) {
    const code = card.dataset.card;
    colours[code[1]] = getComputedStyle(card).color;
    const rank = card.querySelector('.corner b');
    ratios.push(parseFloat(getComputedStyle(rank).fontSize) / card.getBoundingClientRect().width);
  }
  return {colours, ratio: Math.min(...ratios)};
}"""

TWO = {"S": "rgb(27, 27, 27)", "H": "rgb(198, 40, 40)", "D": "rgb(198, 40, 40)",
       "C": "rgb(27, 27, 27)"}
FOUR = {**TWO, "D": "rgb(21, 101, 192)", "C": "rgb(29, 107, 50)"}


async def faces(page: Page) -> tuple[dict[str, str], float]:
    seen = await page.evaluate(FACES_JS)
    assert len(seen["colours"]) >= 2, seen  # thirteen cards hold two suits at least
    return seen["colours"], seen["ratio"]


async def test_four_colours_and_large_print_are_chosen_and_remembered(room, open_page) -> None:
    page = await open_page(room)
    await practice_bid_turn(page, "Fern")
    colours, ratio = await faces(page)
    assert colours == {suit: TWO[suit] for suit in colours}
    assert ratio < 0.35, ratio
    await page.get_by_role("button", name="Settings").click()
    dialog = page.locator("dialog")
    await dialog.get_by_role("group", name="Deck").get_by_text("Four colours").click()
    await dialog.get_by_role("switch", name="Large print").check()
    await dialog.get_by_role("button", name="Close").click()
    colours, ratio = await faces(page)
    assert colours == {suit: FOUR[suit] for suit in colours}
    assert ratio > 0.45, ratio
    # Kept by this browser: a reload (and the next visit) shows the same deck.
    await page.reload()
    await page.wait_for_function("window.spadesApp && window.spadesApp.state.view !== null")
    await expect(page.locator(".hand .card-btn")).not_to_have_count(0)
    assert await faces(page) == (colours, ratio)
    await page.get_by_role("button", name="Settings").click()
    await expect(dialog.get_by_label("Four colours")).to_be_checked()
    await expect(dialog.get_by_role("switch", name="Large print")).to_be_checked()
    await dialog.get_by_role("button", name="Close").click()
    await shot(page, "deck-four-colours-desktop")
    await page.set_viewport_size(PHONE_TALL)
    colours, ratio = await faces(page)
    assert colours == {suit: FOUR[suit] for suit in colours} and ratio > 0.45, ratio
    await shot(page, "deck-four-colours-phone")
