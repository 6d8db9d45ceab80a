"""The host plays in the event they create (the form's "Play in it", on by default; a
Knock-out's host enters alone), and an event page offers Join to one not entered, Leave
(and an Arena's Pause) to one entered, neither once the event has finished; a refused
join says why under the buttons. One room, a desktop and a phone."""

from __future__ import annotations

import asyncio
import time

from playwright.async_api import Page, WebSocket, expect

from server.tournaments.service import Tournaments
from shared.tournaments import ArenaSettings, Entrant

from .conftest import BROWSER, PHONE_TALL, shot
from .play import NO_SIDEWAYS_SCROLL, held_down
from .test_event_create import ON_EVENT_PAGE, sign_up
from .test_tournament_pages import finished_arena

pytestmark = BROWSER


async def create(page: Page, kind: str, name: str) -> None:
    form = page.locator("#event-create")
    await form.locator("summary").click()
    await form.get_by_label(kind, exact=True).check()
    await form.get_by_label("Name").fill(name)
    await expect(form.get_by_label("Play in it")).to_be_checked()
    await form.get_by_role("button", name="Create").click()
    await page.wait_for_function(ON_EVENT_PAGE)
    await expect(page.locator("#event-name")).to_have_text(name)


async def offers(page: Page, *, join: bool, leave: bool) -> None:
    await expect(page.locator("#event-join")).to_have_count(int(join))
    await expect(page.locator("#event-leave")).to_have_count(int(leave))


async def test_the_host_is_entered_and_the_page_offers_join_or_leave_as_fits(
        start_room, open_page) -> None:
    room = await start_room(tournament_tick_s=0.0, tournament_calendar="")
    page = await open_page(room)
    await sign_up(page, "Hana")
    await create(page, "Arena", "Hana's arena")
    await expect(page.locator("#standings tbody tr")).to_have_count(1)
    await expect(page.locator("#standings tbody th")).to_have_text("Hana (you)")  # own row
    await offers(page, join=False, leave=True)
    await expect(page.locator("#event-pause")).to_have_count(1)
    await shot(page, "event-host-entered-desktop")
    arena_url = page.url

    # A stranger on a phone is offered Join alone; once in, Leave alone.
    phone = await open_page(room, viewport=PHONE_TALL)
    await phone.goto(arena_url)
    await offers(phone, join=True, leave=False)
    await phone.locator("#event-join").click()
    await expect(phone.locator("#standings tbody tr")).to_have_count(2)
    await offers(phone, join=False, leave=True)
    assert await phone.evaluate(NO_SIDEWAYS_SCROLL)
    await shot(phone, "event-joined-phone")

    # The host leaves: Join is offered again (to come back), not Leave.
    await page.locator("#event-leave").click()
    await expect(page.locator("#standings")).to_contain_text("(left)")
    await offers(page, join=True, leave=False)

    # A Knock-out's host, on a phone, enters alone: a single who may still name a
    # partner (the form's rules are a partnership's), or leave.
    host = await open_page(room, viewport=PHONE_TALL)
    await sign_up(host, "Ivo")
    await create(host, "Knock-out", "Ivo's cup")
    await expect(host.locator("#entries")).to_have_text("Ivo")
    await offers(host, join=False, leave=True)
    await expect(host.locator("#event-team")).to_have_count(1)
    await expect(host.locator("#event-partner")).to_have_count(1)
    assert await host.evaluate(NO_SIDEWAYS_SCROLL)
    await shot(host, "event-host-entered-phone")
    await host.locator("#event-leave").click()
    await expect(host.locator("#entries li")).to_have_count(0)
    await offers(host, join=True, leave=False)

    # A finished event offers neither, at either size.
    service: Tournaments = room.app.state.tournaments
    past = await finished_arena(service, int(time.time() * 1000))
    for viewer in (page, host):
        await viewer.goto(f"{room.http}/e/{past.id}")
        await expect(viewer.locator("#podium")).to_be_visible()
        await offers(viewer, join=False, leave=False)


async def test_a_refused_join_says_why_on_the_page(start_room, open_page) -> None:
    room = await start_room(tournament_tick_s=0.0, tournament_calendar="")
    service: Tournaments = room.app.state.tournaments
    rated = await service.create_arena(ArenaSettings(
        "Rated night", minutes=30, rated=True, starts_ms=int(time.time() * 1000) + 3_600_000))
    for size in (None, PHONE_TALL):  # a guest, on a desktop then a phone
        page = await (open_page(room) if size is None else open_page(room, viewport=size))
        await page.goto(f"{room.http}/e/{rated.id}")
        await page.locator("#event-join").click()
        await expect(page.locator("#event-note")).to_contain_text("needs an account")
        await offers(page, join=True, leave=False)


async def test_a_redraw_between_press_and_release_keeps_the_click(start_room, open_page) -> None:
    # A live Arena's page is redrawn at every push (its standings change all the time):
    # a push that lands while the person holds Join down must not swallow the click.
    room = await start_room(tournament_tick_s=0.0, tournament_calendar="")
    service: Tournaments = room.app.state.tournaments
    rated = await service.create_arena(ArenaSettings(
        "Rated night", minutes=30, rated=True, starts_ms=int(time.time() * 1000) + 3_600_000))
    page = await open_page(room)
    pushed = asyncio.Event()

    def on_socket(sock: WebSocket) -> None:
        sock.on("framereceived", lambda frame: pushed.set() if "Bea" in str(frame) else None)

    page.on("websocket", on_socket)
    await page.goto(f"{room.http}/e/{rated.id}")
    await page.wait_for_function("window.eventFeed === 'open'")
    await held_down(page, page.locator("#event-join"))
    await service.join(rated.id, [Entrant("p-bea-0001", "Bea", 20.0)])
    await asyncio.wait_for(pushed.wait(), 10)  # the push reached the page mid-press
    await page.mouse.up()
    await expect(page.locator("#event-note")).to_contain_text("needs an account")
    await expect(page.locator("#standings tbody th")).to_have_text("Bea")  # drawn after
