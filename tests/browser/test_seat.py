"""A person's seat as they live it, in real Chromium: time running out is not absence,
a bot that took the seat is one click from being taken back, the hand result is read
with no clock running, and a private host chooses the turn time."""

from __future__ import annotations

import re

from playwright.async_api import Page, expect

from server.tables.model import Table

from .conftest import MOTION, shot
from .play import page_state, play_until, quick_play

pytestmark = MOTION


async def stored(room, page: Page) -> Table:
    state = await page_state(page)
    table = await room.room.store.load(state["table"])
    assert table is not None
    return table


async def wait_stored(room, page: Page, check, what: str) -> Table:
    """Poll the stored table until ``check(table)`` (the server's own record)."""
    for _ in range(600):
        table = await stored(room, page)
        if check(table):
            return table
        await page.wait_for_timeout(100)
    raise AssertionError(f"the table never came to: {what}")


async def test_idle_through_two_time_outs_then_im_back(start_room, open_page) -> None:
    # A 3 s clock: the first time-out's notice shows for at least 3 s before the second.
    # Bots (and the autopilot) take 0.5 s a move: a hand is 52 moves, so the game is
    # still on at "I'm back" (at pace 0 the autopilot finishes it in well under a second).
    room = await start_room(turn_time_s=3.0, bot_pace_s=0.5)
    page = await open_page(room)
    state = await quick_play(page, "Ida")
    seat = state["seat"]
    status = page.locator(".seat-status")
    # First time-out: the autopilot plays that one turn; the player is not away.
    await expect(status).to_contain_text(re.compile(r"Time ran out: the autopilot (bid|played)"),
                                         timeout=30_000)
    await expect(page.locator(".seat.at-bottom .tag.away")).to_have_count(0)
    # The second in a row: away, and still seated with the live table (never a bot).
    await expect(status).to_contain_text("You are away: the autopilot plays your turns",
                                         timeout=30_000)
    table = await stored(room, page)
    assert table.seats[seat].away and table.seats[seat].timeouts == 2
    assert not table.seats[seat].bot and table.seats[seat].away_ms == 0
    assert not any("|grace|" in m for m in table.timers), "a connected player got the grace"
    await shot(page, "seat-away-desktop")
    await page.get_by_role("button", name="I'm back").click()
    await expect(status).to_be_hidden()
    table = await wait_stored(room, page, lambda t: not t.seats[seat].away, "back")
    assert table.seats[seat].timeouts == 0
    # And the table keeps playing with the person: their next turn comes with its clock.
    await page.wait_for_function("window.spadesApp.state.myTurn", timeout=30_000)
    await expect(page.locator(".turn-timer")).to_be_visible()


async def test_a_bot_takes_the_seat_after_the_grace_and_one_click_takes_it_back(
        start_room, open_page) -> None:
    # The autopilot plays the gone player's turns at 0.5 s a move: the game (at least a
    # hand of 52 moves) is still on when the 1 s grace is over and the player is back.
    room = await start_room(turn_time_s=30.0, reconnect_grace_s=1.0, bot_pace_s=0.5)
    page = await open_page(room)
    state = await quick_play(page, "Rex")
    seat, table_id = state["seat"], state["table"]
    await page.evaluate("window.spadesApp.room.close()")  # the tab's socket is gone: grace
    for _ in range(600):
        table = await room.room.store.load(table_id)
        if table is not None and table.seats[seat].bot:
            break
        await page.wait_for_timeout(100)
    assert table is not None and table.seats[seat].bot and table.may_reclaim(table.seats[seat].pid)
    await page.reload()  # comes back: watches the live table, is offered the seat
    await page.wait_for_function("window.spadesApp && window.spadesApp.room.state === 'open'")
    status = page.locator(".seat-status")
    await expect(status).to_contain_text("A bot took your seat while you were away",
                                         timeout=15_000)
    assert (await page_state(page))["seat"] is None
    await shot(page, "seat-reclaim-desktop")
    await status.get_by_role("button", name="Take it back").click()
    await page.wait_for_function(f"window.spadesApp.state.seat === {seat}", timeout=15_000)
    await expect(status).to_be_hidden()
    await expect(page.locator(".seat.at-bottom .tag.you")).to_be_visible()
    table = await room.room.store.load(table_id)
    assert table is not None and not table.seats[seat].bot


async def test_the_hand_result_is_read_with_no_clock_running(start_room, open_page) -> None:
    # A between-hands limit far longer than the test: only Continue starts the next hand.
    room = await start_room(turn_time_s=30.0, between_hands_s=600.0)
    page = await open_page(room)
    first = await quick_play(page, "Rea")
    await play_until(page, lambda s: s["handNo"] != first["handNo"], timeout=120)
    result = page.locator(".result-panel")
    await expect(result).to_be_visible()
    await expect(result.locator(".pause-line")).to_contain_text(
        "The next hand starts when everyone has pressed Continue")
    table = await stored(room, page)
    assert table.paused and table.turn_deadline() is None
    assert not any("|turn|" in m or "|bot|" in m for m in table.timers)
    await expect(page.locator(".turn-timer")).to_be_hidden()
    await expect(page.locator(".bid-pad")).to_be_hidden()
    await shot(page, "hand-result-paused-desktop")
    await result.get_by_role("button", name="Continue").click()
    await wait_stored(room, page, lambda t: not t.paused, "the next hand under way")
    await expect(result).to_be_hidden()


async def test_reading_the_review_on_ones_turn_costs_one_autopilot_turn_not_the_seat(
        start_room, open_page) -> None:
    room = await start_room(turn_time_s=3.0)
    page = await open_page(room)
    state = await quick_play(page, "Rue")
    seat = state["seat"]
    await page.wait_for_function("window.spadesApp.state.myTurn", timeout=30_000)
    await page.get_by_role("button", name="Review").click()
    await expect(page.locator("dialog")).to_be_visible()
    # The player reads; the clock runs out once: one turn played for them, and told so.
    await expect(page.locator(".seat-status")).to_contain_text("Time ran out", timeout=30_000)
    table = await stored(room, page)
    if table.seats[seat].timeouts < 2:  # (a second time-out may follow while reading on)
        assert not table.seats[seat].away
    assert not table.seats[seat].bot and not any("|grace|" in m for m in table.timers)


async def test_a_private_host_chooses_the_turn_time_including_no_clock(start_room,
                                                                       open_page) -> None:
    room = await start_room(turn_time_s=30.0)
    for label, turn in (("No clock", 0), ("Fast", 15)):
        page = await open_page(room)
        await page.fill("#guest-name", "Hal")
        await page.locator("#private-turn").get_by_label(re.compile(label)).check()
        await page.click("#create-private")
        await page.wait_for_selector(".table-screen")
        await page.get_by_role("button", name=re.compile("Start")).click()
        await page.wait_for_function("window.spadesApp.state.myTurn", timeout=30_000)
        table = await stored(room, page)
        assert table.lobby is not None and table.lobby.turn_s == turn
        if turn:
            assert table.turn_deadline() is not None
            await expect(page.locator(".turn-timer")).to_contain_text(re.compile(r"1[0-5]s to"))
        else:
            assert table.turn_deadline() is None and table.timers == {}
            await expect(page.locator(".turn-timer")).to_be_hidden()
        await page.close()
