"""The table's chat sheet while one bids: its heading and the box one types in both show
whole, neither over the other, at the three sizes the room is checked at, the smallest
phone (360x740) first, where the sheet beside the bid pad was shorter than its heading
plus its box and the sticky heading covered the box's top."""

from __future__ import annotations

import pytest
from playwright.async_api import expect

from .conftest import BROWSER, DESKTOP, PHONE, PHONE_TALL, shot
from .test_social import chatting_while_bidding, overlap

pytestmark = BROWSER

SIZES = {"phone-360": PHONE, "phone-390": PHONE_TALL, "desktop": DESKTOP}


@pytest.mark.parametrize("size", list(SIZES), ids=list(SIZES))
async def test_the_chat_heading_and_box_both_show_beside_the_bid_pad(
        start_room, open_page, size: str) -> None:
    viewport = SIZES[size]
    phone = viewport["width"] <= 600
    page, panel, box = await chatting_while_bidding(
        start_room, open_page, phone=phone, viewport=viewport)
    await expect(page.locator(".bid-pad")).to_be_visible()  # still bidding
    await shot(page, f"chat-beside-bid-pad-{size}")
    head = await panel.locator(".panel-head").bounding_box()
    typed = await box.bounding_box()
    sheet = await panel.bounding_box()
    pad = await page.locator(".bid-pad").bounding_box()
    assert head and typed and sheet and pad
    assert not overlap(head, typed), (size, head, typed)
    # The box whole: inside the sheet (not scrolled or cut off by it) and on the screen.
    top, bottom = typed["y"], typed["y"] + typed["height"]
    inside = sheet["y"] - 0.5 <= top and bottom <= sheet["y"] + sheet["height"] + 0.5
    assert inside, (size, typed, sheet)
    assert top >= 0 and bottom <= viewport["height"], (size, typed)
    assert typed["height"] >= 24, typed  # a box to type in, not a sliver
    # A tap near the box's top lands in it: nothing (the heading) is drawn over it.
    at_top = await box.evaluate("(el, [x, y]) => document.elementFromPoint(x, y) === el",
                                [typed["x"] + typed["width"] / 2, typed["y"] + 4])
    assert at_top, (size, head, typed)
    # Neither the sheet nor the pad covers the other.
    assert not overlap(sheet, pad), (size, sheet, pad)
