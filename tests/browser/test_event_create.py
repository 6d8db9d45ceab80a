"""The lobby's "Create an event" form, as a host and as a stranger would use it: a guest
is not offered it; the server's refusal of a bad choice is shown in its sentence; a
private event is made, reached by its link, and never listed in a stranger's lobby nor
by GET /api/tournaments; a public Knock-out made on a phone is listed; the event page
hears of changes by the room's push; a team is entered by each naming the other. One
room, a desktop and a phone."""

from __future__ import annotations

import time

import httpx
from playwright.async_api import Page, expect

from server.tournaments.service import Tournaments
from shared.tournaments import KnockoutSettings
from tests.room_social.conftest import PASSWORD

from .conftest import BROWSER, PHONE_TALL, shot
from .play import NO_SIDEWAYS_SCROLL

pytestmark = BROWSER

SIGNED_IN = "window.spadesApp.room.signedIn === true && window.spadesApp.room.state === 'open'"
ON_EVENT_PAGE = "!!document.getElementById('event-name')"
HOUR = 3_600_000


async def sign_up(page: Page, name: str) -> None:
    await page.fill("#acct-name", name)
    await page.fill("#acct-pass", PASSWORD)
    await page.click("#register")
    await page.wait_for_function(SIGNED_IN)


def no_sideways_scroll(page: Page) -> object:
    return page.evaluate(NO_SIDEWAYS_SCROLL)


async def test_a_host_creates_events_and_a_private_one_stays_unlisted(start_room, open_page
                                                                     ) -> None:
    room = await start_room(tournament_tick_s=0.0, tournament_calendar="")
    # A guest is told to sign in; there is no form to fill.
    stranger = await open_page(room, viewport=PHONE_TALL)
    await expect(stranger.locator("#event-create-signin")).to_be_visible()
    await expect(stranger.locator("#event-create")).to_have_count(0)

    page = await open_page(room)
    await sign_up(page, "Hana")
    form = page.locator("#event-create")
    await form.locator("summary").click()
    await form.get_by_label("Name").fill("Club night")
    await form.get_by_label("Arena", exact=True).check()
    await form.get_by_label("Rules").select_option("cutthroat")
    await form.get_by_label("Rated").check()
    await form.get_by_label("Private").check()
    await form.get_by_role("button", name="Create").click()
    # The server refuses a rated cutthroat; its sentence is shown, nothing is made.
    await expect(page.locator("#event-create-error")).to_have_text(
        "A rated event plays four players in two partnerships; choose a partnership preset "
        "or make the event casual.")
    await form.get_by_label("Name").fill("   ")
    await form.get_by_label("Rated").uncheck()
    await form.get_by_role("button", name="Create").click()
    await expect(page.locator("#event-create-error")).to_have_text(
        "An event needs a name of 1 to 60 characters.")
    await shot(page, "event-create-desktop")
    await form.get_by_label("Name").fill("Club night")
    await form.get_by_label("Minutes").select_option("45")
    await form.get_by_role("button", name="Create").click()
    await page.wait_for_function(ON_EVENT_PAGE)
    await expect(page.locator("#event-name")).to_have_text("Club night")
    link = page.locator("#event-private")
    await expect(link).to_contain_text("Private")
    event_id = page.url.rsplit("/", 1)[1]
    assert page.url == f"{room.http}/e/{event_id}"
    await expect(link.locator("a")).to_have_attribute("href", f"/e/{event_id}")

    await page.wait_for_function("window.eventFeed === 'open'")  # pushed, not re-read

    # A stranger's lobby and the list never show it; its link works (and is joined).
    async with httpx.AsyncClient(base_url=room.http) as web:
        listed = (await web.get("/api/tournaments")).json()["events"]
    assert listed == []
    await stranger.reload()
    await stranger.wait_for_function("window.spadesApp && window.spadesApp.room.state === 'open'")
    await expect(stranger.locator("#events-panel .empty")).to_be_visible()
    await expect(stranger.locator("#events-panel")).not_to_contain_text("Club night")
    await stranger.goto(f"{room.http}/e/{event_id}")
    await expect(stranger.locator("#event-name")).to_have_text("Club night")
    await stranger.locator("#event-join").click()
    await expect(stranger.locator("#standings tbody tr")).to_have_count(2)  # with its host
    # The host's page hears of it by the room's push (it re-reads only when the feed is down).
    await expect(page.locator("#standings tbody tr")).to_have_count(2)
    assert await page.evaluate("window.eventFeed") == "open"

    # On a phone: a public Knock-out, listed in the lobby; the form fits the width.
    phone = await open_page(room, viewport=PHONE_TALL)
    await sign_up(phone, "Ivo")
    form = phone.locator("#event-create")
    await form.locator("summary").click()
    await form.get_by_label("Knock-out").check()
    await expect(form.get_by_label("Minutes")).to_be_hidden()
    await form.get_by_label("Name").fill("Friday duel")
    await form.get_by_label("Rules").select_option("two_handed")
    await form.get_by_label("Entrants").select_option("16")
    await form.get_by_label("Best of three").check()
    assert await no_sideways_scroll(phone)
    await shot(phone, "event-create-phone")
    await form.get_by_role("button", name="Create").click()
    await phone.wait_for_function(ON_EVENT_PAGE)
    await expect(phone.locator("#event-name")).to_have_text("Friday duel")
    await expect(phone.locator("#event-private")).to_have_count(0)
    await phone.goto(room.http + "/")
    await expect(phone.locator("#events-list li")).to_have_count(1)
    await expect(phone.locator("#events-list")).to_contain_text("Friday duel")
    await expect(phone.locator("#events-list")).to_contain_text("Knock-out of 16")

    # A partnership Knock-out entered as a team: each names the other on the page.
    service: Tournaments = room.app.state.tournaments
    cup = await service.create_knockout(KnockoutSettings(
        "Pairs cup", preset="standard", size=8, starts_ms=int(time.time() * 1000) + HOUR))
    await page.goto(f"{room.http}/e/{cup.id}")
    await page.fill("#event-partner", "Ivo")
    await page.locator("#event-join").click()
    await expect(page.locator("#entries")).to_have_text("Hana (asks Ivo to partner)")
    await shot(page, "event-team-desktop")
    await page.wait_for_function("window.eventFeed === 'open'")
    await phone.goto(f"{room.http}/e/{cup.id}")
    await phone.fill("#event-partner", "Hana")
    await phone.locator("#event-join").click()
    await expect(phone.locator("#entries")).to_have_text("Hana & Ivo")
    await expect(page.locator("#entries")).to_have_text("Hana & Ivo")  # pushed
    assert await no_sideways_scroll(phone)
    await shot(phone, "event-team-phone")
