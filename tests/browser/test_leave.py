"""Leaving a table through the page. At a casual table Leave gives the seat to a bot at
once and the lobby no longer offers the way back; Play now while seated asks whether to
leave that table for a new one or go back to it. At a ranked table Leave says the
leaver rule (a loss, a wait before queueing again) before the player confirms."""

from __future__ import annotations

import re

import pytest
from playwright.async_api import Page, expect

from shared.protocol import Queue
from tests.room_social.conftest import PASSWORD, register

from .conftest import BROWSER, DESKTOP, PHONE_TALL, shot
from .play import page_state, quick_play
from .test_accounts import SIGNED_IN, account_form

pytestmark = BROWSER


async def seat_is_a_bot(room, table: str, seat: int) -> bool:
    stored = await room.room.store.load(table)
    return stored is not None and stored.seats[seat].bot


async def to_lobby(page: Page) -> None:
    await page.get_by_role("button", name="Back to the lobby").click()
    await expect(page.locator("#back-to-table")).to_be_visible()


@pytest.mark.parametrize("size", [DESKTOP, PHONE_TALL], ids=["desktop", "phone"])
async def test_leave_and_play_now_while_seated(start_room, open_page, size) -> None:
    # A long turn clock: the person's seat stays theirs (no autopilot) while they choose.
    room = await start_room(turn_time_s=600.0)
    page = await open_page(room, viewport=size)
    first = await quick_play(page, "Lea")
    # "‹ Lobby" keeps the seat; Play now asks, and "Back to my table" goes back to it.
    await to_lobby(page)
    await page.click("#play-now")
    ask = page.locator("dialog.leave-ask")
    await expect(ask).to_contain_text("still seated")
    await shot(page, f"play-while-seated-{size['width']}")
    await ask.get_by_role("button", name="Back to my table").click()
    await expect(page.locator(".table-screen")).to_be_visible()
    assert (await page_state(page))["table"] == first["table"]
    # The daily deal asks the same (closed with ✕: nothing happens, the seat is kept).
    await to_lobby(page)
    await page.click("#daily-start")
    await expect(ask).to_contain_text("still seated")
    await ask.get_by_role("button", name="Close").click()
    await expect(ask).to_have_count(0)
    await expect(page.locator("#back-to-table")).to_be_visible()
    assert not await seat_is_a_bot(room, first["table"], first["seat"])
    # Asked again, the player leaves that table for a new one: a bot has the old seat.
    await page.click("#play-now")
    await page.locator("dialog.leave-ask").get_by_role(
        "button", name="Leave it and play a new game").click()
    await page.wait_for_function(
        f"window.spadesApp.state.table && window.spadesApp.state.table !== '{first['table']}'"
        " && window.spadesApp.state.view !== null", timeout=15_000)
    assert await seat_is_a_bot(room, first["table"], first["seat"])
    # Leave at the table: said, confirmed, a bot sits at once, and no way back is offered.
    second = await page_state(page)
    await page.get_by_role("button", name="Leave", exact=True).click()
    confirm = page.locator("dialog.leave-ask")
    await expect(confirm).to_contain_text("A bot takes your seat at once")
    await shot(page, f"leave-casual-{size['width']}")
    await confirm.get_by_role("button", name="Leave the table").click()
    await expect(page.locator(".lobby")).to_be_visible()
    await expect(page.locator("#back-to-table")).to_have_count(0)
    assert await seat_is_a_bot(room, second["table"], second["seat"])
    assert (await page_state(page))["table"] is None


async def test_leaving_a_ranked_game_says_the_leaver_rule_first(start_room, open_page,
                                                                make_client) -> None:
    room = await start_room(turn_time_s=600.0, match_every_s=0.1)
    others = []
    for n, name in enumerate(("Rae", "Sol", "Tam")):  # other people, other addresses
        cookie = await register(room, name)
        others.append(await make_client(room.ws, headers={
            "Cookie": f"spades_session={cookie}", "X-Forwarded-For": f"192.0.2.{n + 1}"}))
    page = await open_page(room, viewport=PHONE_TALL)
    await account_form(page, "Quin", PASSWORD, "#register")
    await page.wait_for_function(SIGNED_IN)
    # How long a ranked game runs is said before queueing.
    await expect(page.locator("#ranked-length")).to_have_text(
        "A game ends when a team reaches 500 or falls to −200, or after 25 hands: "
        "the higher total wins, equal totals draw.")
    for client in others:
        await client.request(Queue(on=True))
    await page.click("#ranked-queue")
    await page.wait_for_function("window.spadesApp.state.kind === 'ranked'", timeout=15_000)
    table = (await page_state(page))["table"]
    await page.get_by_role("button", name="Leave", exact=True).click()
    confirm = page.locator("dialog.leave-ask")
    await expect(confirm).to_contain_text(re.compile("counts as a loss"))
    await expect(confirm).to_contain_text(re.compile("wait before you can queue"))
    await shot(page, "leave-ranked-phone")
    # Staying keeps the seat; leaving is listed as a leave (the autopilot plays on).
    await confirm.get_by_role("button", name="Stay").click()
    await expect(confirm).to_have_count(0)
    stored = await room.room.store.load(table)
    assert stored is not None and not stored.left
    await page.get_by_role("button", name="Leave", exact=True).click()
    await page.locator("dialog.leave-ask").get_by_role(
        "button", name="Leave and take the loss").click()
    await expect(page.locator(".lobby")).to_be_visible()
    stored = await room.room.store.load(table)
    assert stored is not None and len(stored.left) == 1
