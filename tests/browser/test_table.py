"""A guest at a casual table, in a real Chromium against a real room and Redis."""

from __future__ import annotations

import re

import pytest
from playwright.async_api import expect

from .conftest import DESKTOP, MOTION, PHONE_TALL, shot
from .play import (
    click_card,
    page_state,
    play_until,
    quick_play,
    ring_watched,
    take_turn,
    watch_the_ring,
)

pytestmark = MOTION


async def test_guest_plays_a_whole_hand_to_the_score_sheet(room, open_page) -> None:
    page = await open_page(room)
    await expect(page.locator("#play-now")).to_be_visible()
    await shot(page, "lobby-desktop")
    state = await quick_play(page, "Tess")
    assert state["seat"] is not None and state["status"] == "playing"
    # Four seats: the guest at the bottom, the partner at the top, three bots.
    await expect(page.locator(".seat.at-bottom")).to_contain_text("Tess")
    await expect(page.locator(".seat.at-top .tag.partner")).to_be_visible()
    await expect(page.locator(".seat .tag.bot")).to_have_count(3)
    await expect(page.locator(".hand .card-btn")).to_have_count(13)
    await watch_the_ring(page)

    async def mid_trick(s: dict) -> bool:
        return s["phase"] == "playing" and s["tricks"] >= 2 and s["myTurn"]

    await play_until(page, mid_trick)
    await shot(page, "table-desktop")
    await play_until(page, lambda s: s["history"] >= 1)
    # The gold ring was on the seat to act at every change of turn: it trailed the turn
    # (and the seat's countdown, which moves at once) while it faded from the last seat.
    ring = await ring_watched(page)
    assert ring["checks"] >= 40 and not ring["misses"], ring
    sheet = page.locator(".result-panel")
    await expect(sheet).to_be_visible()
    await expect(sheet).to_contain_text("Hand 1 scored")
    for line in ("Contract", "Bags", "Nil", "Bag penalty", "Hand total", "Running total"):
        await expect(sheet.locator("th", has_text=re.compile(f"^{line}$"))).to_be_visible()
    # The bag cycle sits beside the score, one per team.
    await expect(page.locator(".scorebox .bags")).to_have_count(2)

    # The hand review checks the revealed seed against the commitment seen before the bids.
    await sheet.get_by_role("button", name="Review the hand").click()
    review = page.locator("dialog .review")
    await expect(review.locator(".verify")).to_contain_text("This deal was fixed before the bids")
    await expect(review.locator(".verify")).to_contain_text("deals exactly these 4 hands")
    await expect(review.locator(".review-tricks li")).to_have_count(13)


async def test_tapping_a_dimmed_card_tells_why(room, open_page) -> None:
    page = await open_page(room)
    await quick_play(page, "Dim")

    def dimmed_turn(s: dict) -> bool:
        return s["phase"] == "playing" and s["myTurn"] and bool(s["unplayable"])

    state = await play_until(page, dimmed_turn, timeout=90)
    card, reason = next(iter(state["unplayable"].items()))
    button = page.locator(f'.hand .card-btn[data-card="{card}"]')
    await expect(button).to_have_class(re.compile(r"\bdim\b"))
    label = await button.get_attribute("aria-label")
    assert label is not None and ", not playable: " in label
    assert reason.rstrip(".").lower()[1:] in label  # "you must follow hearts"
    await click_card(page, card)
    toast = page.locator("#toast")
    await expect(toast).to_be_visible()
    await expect(toast).to_contain_text(reason.rstrip(".")[1:])
    await expect(button).not_to_have_class(re.compile(r"\blifted\b"))
    assert (await page_state(page))["v"] == state["v"]  # nothing was sent
    # The reason holds for this trick only: it goes when the trick ends (bots at pace 0
    # end it at once, well inside the note's own few seconds).
    await take_turn(page, state)
    await page.wait_for_function(f"window.spadesApp.state.view.tricks.length > {state['tricks']} "
                                 f"|| window.spadesApp.state.view.hand_no > {state['handNo']}")
    assert "show" not in (await toast.get_attribute("class") or "")


@pytest.mark.parametrize("size", [DESKTOP, PHONE_TALL], ids=["desktop", "phone"])
async def test_why_a_card_cannot_be_played_shows_by_the_hand(room, open_page,
                                                              size: dict) -> None:
    """The note on a dimmed card shows just over the hand: it covers no seat on the felt
    (the top one is the partner, whose card the player is looking at), nor the hand."""
    page = await open_page(room, phone=size is PHONE_TALL, viewport=size)
    await quick_play(page, "Rosa")

    def dimmed_turn(s: dict) -> bool:
        return s["phase"] == "playing" and s["myTurn"] and bool(s["unplayable"])

    state = await play_until(page, dimmed_turn, timeout=90)
    await click_card(page, next(iter(state["unplayable"])))
    toast = page.locator("#toast")
    await expect(toast).to_be_visible()
    await expect(toast).to_have_class(re.compile(r"\bshow\b"))
    await page.wait_for_function("!document.getElementById('toast').getAnimations().length")
    note = await toast.bounding_box()
    assert note is not None and note["y"] >= 0 and note["y"] + note["height"] <= size["height"]
    for seat in await page.locator(".felt .seat").all():
        box = await seat.bounding_box()
        assert box is not None and not overlap(note, box), (await seat.inner_text(), note, box)
    hand = await page.locator(".hand").bounding_box()
    assert hand is not None and note["y"] + note["height"] <= hand["y"], (note, hand)
    await shot(page, f"illegal-card-{'desktop' if size is DESKTOP else 'phone'}")


def overlap(a: dict, b: dict) -> bool:
    return (a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"]
            and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"])


async def test_reload_returns_to_the_table(room, open_page) -> None:
    page = await open_page(room)
    before = await quick_play(page, "Rita")
    await page.reload()
    await page.wait_for_function("window.spadesApp && window.spadesApp.state.view !== null")
    after = await page_state(page)
    assert (after["table"], after["seat"]) == (before["table"], before["seat"])
    await expect(page.locator(".seat.at-bottom")).to_contain_text("Rita")
    assert page.url.endswith(f"#/t/{before['table']}")


async def test_a_dropped_connection_shows_the_banner_and_resumes(room, open_page) -> None:
    page = await open_page(room)
    before = await quick_play(page, "Remy")
    await page.evaluate("window.spadesApp.room.drop()")
    banner = page.locator("#banner")
    await expect(banner).to_be_visible()
    await expect(banner).to_contain_text("Reconnecting")
    await expect(banner).to_be_hidden()
    after = await page_state(page)
    assert (after["table"], after["seat"]) == (before["table"], before["seat"])
    await expect(page.locator(".seat.at-bottom")).not_to_contain_text("away")


async def test_a_hand_bid_and_played_with_the_keyboard_alone(start_room, open_page) -> None:
    # A long turn time: the autopilot must not take a turn (and the last card from the
    # hand being tabbed to) however slowly a loaded machine presses the keys.
    room = await start_room(turn_time_s=600.0)
    page = await open_page(room)
    # The lobby puts the focus in the name box (the course links come before it).
    await page.wait_for_function("document.activeElement.id === 'guest-name'")
    await page.keyboard.press("Control+A")
    await page.keyboard.type("Kim")
    await page.keyboard.press("Enter")
    await page.wait_for_function("window.spadesApp.state.view !== null")

    async def tab_to(selector: str) -> None:
        """Press Tab until the focus is inside ``selector`` (the page focuses it first
        on the player's turn; Tab is how a keyboard player gets there otherwise)."""
        seen = []
        for _ in range(40):
            if await page.evaluate(f"!!document.activeElement.closest({selector!r})"):
                return
            seen.append(await page.evaluate(
                "(e => e.tagName + '#' + e.id + '.' + e.className + ' ' + "
                "(e.getAttribute('aria-label') || e.textContent).slice(0, 30))"
                "(document.activeElement)"))
            await page.keyboard.press("Tab")
        # Where the focus went, and the hand as it was: this once failed only on CI.
        hand = await page.evaluate("document.querySelector('.hand')?.outerHTML.slice(0, 600)")
        raise AssertionError(f"Tab never reached {selector}: {seen} {hand}")

    async def keyboard_turn(page, state: dict) -> None:
        if state["phase"] == "bidding":
            if state["hidden"]:
                await tab_to('.bid-pad [data-bid="look"]')
                await page.keyboard.press("Enter")
                return
            await tab_to(".bid-pad .bid-num")
            await page.keyboard.press("ArrowRight")  # from the first legal bid to the next
            await page.keyboard.press("Enter")  # choose
            await page.keyboard.press("Enter")  # and confirm
            return
        await tab_to(".hand .card-btn")
        for _ in range(14):
            label = await page.evaluate("document.activeElement.getAttribute('aria-label')")
            if "not playable" not in label:
                break
            at_end = await page.evaluate(
                "document.activeElement === document.querySelector('.hand .card-btn:last-child')")
            await page.keyboard.press("Home" if at_end else "ArrowRight")
        await page.keyboard.press("Enter")  # lift
        await page.keyboard.press("Enter")  # play

    await play_until(page, lambda s: s["history"] >= 1, turn=keyboard_turn, timeout=90)
    await expect(page.locator(".result-panel")).to_contain_text("Hand 1 scored")
    await page.keyboard.press("Escape")
    await expect(page.locator(".result-panel")).to_be_hidden()
