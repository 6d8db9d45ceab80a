"""The Tip at the bidding pad, and practice tables: Hint, Undo and Redo at Easy, none of
them at Challenge."""

from __future__ import annotations

import re

from playwright.async_api import expect

from .conftest import BROWSER
from .play import TAP, deal_if_asked, page_state, play_until, quick_play

pytestmark = BROWSER

HAND_SIZE = "window.spadesApp.state.view.hand.length"


async def test_tip_shows_a_bid_and_its_reason(room, open_page) -> None:
    page = await open_page(room)
    await quick_play(page, "Tia")
    state = await play_until(page, lambda s: s["myTurn"] and s["phase"] == "bidding"
                             and not s["hidden"])
    await page.locator(".bid-pad .tip-btn").click()
    line = page.locator(".bid-pad .tip-line")
    await expect(line).to_contain_text(re.compile(r"Tip: (Nil|\d+) — \S"))
    # The suggested bid is chosen on the pad (one of the legal ones), ready to confirm.
    chosen = page.locator(".bid-pad .bid-num.chosen")
    await expect(chosen).to_have_count(1)
    assert await chosen.get_attribute("data-bid") in state["legal"]
    await expect(page.locator(".bid-pad .bid-go")).to_be_enabled()


async def test_practice_hint_undo_and_redo(room, open_page) -> None:
    page = await open_page(room)
    await page.get_by_role("group", name="Level", exact=True).get_by_label("Easy").check()
    await page.get_by_role("group", name="Pace", exact=True).get_by_label("Fast").check()
    await page.locator("#start-practice").click()
    await page.wait_for_function("window.spadesApp.state.kind === 'practice'")
    await expect(page.locator(".title-btn")).to_contain_text("Practice · to 250 · Easy")
    # One's own seat says "guest" at once (it did only after a reload).
    own = page.locator(".seat.at-bottom")
    await expect(own.locator(".tag.guest")).to_have_text("guest")
    await expect(own).to_have_attribute("aria-label", re.compile(r"^South: [^,]+, guest"))
    bar = page.locator(".practice-bar")
    # Before the person's first decision there is nothing to take back: Undo is not lit.
    # (Dealt first: the Deal button also keeps Undo dark, for its own reason.)
    await play_until(page, lambda s: s["phase"] == "bidding" and s["myTurn"] and not s["hidden"])
    await deal_if_asked(page)
    await expect(page.locator(".bid-pad .bid-go")).to_be_visible()
    await expect(bar.get_by_role("button", name="Undo")).to_be_disabled()
    state = await play_until(page, lambda s: s["phase"] == "playing" and s["myTurn"])
    await expect(bar.get_by_role("button", name="Undo")).to_be_enabled()
    await bar.get_by_role("button", name="Hint").click()
    await expect(bar.locator(".hint-line")).to_contain_text(re.compile(r"Hint: play \S.* — \S"))
    hand_before = await page.evaluate(HAND_SIZE)
    legal = [a[5:] for a in state["legal"] if a.startswith("play ")]
    card = page.locator(f'.hand .card-btn[data-card="{legal[0]}"]')
    await card.dblclick(position=TAP)
    await page.wait_for_function(f"{HAND_SIZE} === {hand_before - 1}")
    await bar.get_by_role("button", name="Undo").click()
    await page.wait_for_function(f"{HAND_SIZE} === {hand_before} && window.spadesApp.state.myTurn")
    await expect(page.locator(f'.hand .card-btn[data-card="{legal[0]}"]')).to_be_visible()
    redo = bar.get_by_role("button", name="Redo")
    await expect(redo).to_be_enabled()
    await redo.click()
    await page.wait_for_function(f"{HAND_SIZE} === {hand_before - 1}")
    await expect(page.locator(f'.hand .card-btn[data-card="{legal[0]}"]')).to_have_count(0)
    assert (await page_state(page))["table"] == state["table"]
    await expect(own.locator(".tag.guest")).to_have_count(1)  # Undo and Redo keep it


async def test_challenge_has_no_hint_undo_or_redo(room, open_page) -> None:
    page = await open_page(room)
    await page.get_by_role("group", name="Level", exact=True).get_by_label("Challenge").check()
    await page.locator("#start-practice").click()
    await page.wait_for_function("window.spadesApp.state.kind === 'practice'")
    bar = page.locator(".practice-bar")
    await expect(bar).to_contain_text("Challenge: no Hint, Undo or Redo")
    for name in ("Hint", "Undo", "Redo"):
        await expect(bar.get_by_role("button", name=name)).to_have_count(0)
