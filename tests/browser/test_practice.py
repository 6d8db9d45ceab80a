"""The Tip at the bidding pad, and a practice table with Hint, Undo and Redo.

Both need room messages that may not exist yet (``tip``, ``hint``, ``practice``,
``undo``, ``redo``): until they do, the tests check that the page says the feature is
coming (and nothing breaks); docs/client-web.md lists the messages.
"""

from __future__ import annotations

import re

from playwright.async_api import expect

from shared.protocol import CLIENT_MESSAGES

from .play import page_state, play_until, quick_play

TIP_READY = "tip" in CLIENT_MESSAGES
PRACTICE_READY = {"practice", "hint", "undo", "redo"} <= set(CLIENT_MESSAGES)


async def test_tip_shows_a_bid_and_its_reason(room, open_page) -> None:
    page = await open_page(room)
    await quick_play(page, "Tia")
    await play_until(page, lambda s: s["myTurn"] and s["phase"] == "bidding" and not s["hidden"])
    await page.locator(".bid-pad .tip-btn").click()
    if not TIP_READY:
        await expect(page.locator("#toast")).to_contain_text("Tip is coming")
        return
    line = page.locator(".bid-pad .tip-line")
    await expect(line).to_contain_text(re.compile(r"Tip: (Nil|\d+) — \S"))
    await expect(page.locator(".bid-pad .bid-num.chosen")).to_have_count(1)


async def test_practice_undo_and_redo(room, open_page) -> None:
    page = await open_page(room)
    await page.get_by_role("group", name="Level", exact=True).get_by_label("Easy").check()
    await page.locator("#start-practice").click()
    if not PRACTICE_READY:
        await expect(page.locator("#toast")).to_contain_text("Practice tables are coming")
        return
    await page.wait_for_function("window.spadesApp.state.kind === 'practice'")
    state = await play_until(page, lambda s: s["phase"] == "playing" and s["myTurn"])
    bar = page.locator(".practice-bar")
    await bar.get_by_role("button", name="Hint").click()
    await expect(bar.locator(".hint-line")).to_contain_text("Hint:")
    hand_before = await page.evaluate("window.spadesApp.state.view.hand.length")
    legal = [a[5:] for a in state["legal"] if a.startswith("play ")]
    card = page.locator(f'.hand .card-btn[data-card="{legal[0]}"]')
    await card.dblclick(position={"x": 6, "y": 24})
    await page.wait_for_function(f"window.spadesApp.state.view.hand.length === {hand_before - 1}")
    await bar.get_by_role("button", name="Undo").click()
    await page.wait_for_function(f"window.spadesApp.state.view.hand.length === {hand_before}")
    await expect(page.locator(f'.hand .card-btn[data-card="{legal[0]}"]')).to_be_visible()
    await bar.get_by_role("button", name="Redo").click()
    await page.wait_for_function(f"window.spadesApp.state.view.hand.length === {hand_before - 1}")
    assert (await page_state(page))["table"] == state["table"]
