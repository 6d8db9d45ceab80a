"""The phone layout (360x740) and its screenshots (tests.conftest.SHOTS)."""

from __future__ import annotations

from playwright.async_api import expect

from .conftest import BROWSER, shot
from .play import NO_SIDEWAYS_SCROLL, play_until, quick_play

pytestmark = BROWSER



async def test_phone_layout_fits_and_plays(room, open_page) -> None:
    page = await open_page(room, phone=True)
    await expect(page.locator("#play-now")).to_be_visible()
    assert await page.evaluate(NO_SIDEWAYS_SCROLL)
    await shot(page, "lobby-phone")
    await quick_play(page, "Pia")
    # The whole table is on one screen: seats, the hand, nothing wider than the phone.
    for where in ("top", "left", "right", "bottom"):
        box = await page.locator(f".seat.at-{where}").bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360, where
    await expect(page.locator(".hand .card-btn")).to_have_count(13)
    last = await page.locator(".hand .card-btn").last.bounding_box()
    first = await page.locator(".hand .card-btn").first.bounding_box()
    assert first is not None and last is not None
    assert first["x"] >= 0 and last["x"] + last["width"] <= 360
    assert last["y"] + last["height"] <= 740
    assert await page.evaluate(NO_SIDEWAYS_SCROLL)

    # The bidding pad fits too, and the hand can be played by touch.
    state = await play_until(page, lambda s: s["myTurn"] and s["phase"] == "bidding")
    if not state["hidden"]:
        pad = await page.locator(".bid-pad").bounding_box()
        assert pad is not None and pad["x"] >= 0 and pad["x"] + pad["width"] <= 360
        assert pad["y"] >= 0 and pad["y"] + pad["height"] <= 740
    await shot(page, "bidding-phone")
    await play_until(page, lambda s: s["phase"] == "playing" and s["tricks"] >= 3 and s["myTurn"])
    await shot(page, "table-phone")
    assert await page.evaluate(NO_SIDEWAYS_SCROLL)
