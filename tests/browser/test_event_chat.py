"""An event's chat through its page: the host, on a desktop, turns chat on and posts a
line; a guest on a phone reads the event's chat without a box to write in until they
join, then posts a quick phrase that reaches the host's page (the host could mute them
as soon as they joined); axe finds nothing serious
and no key is under a finger's size. When the event ends, both pages keep its lines
and lose the box to write in, and say why. One room."""

from __future__ import annotations

from playwright.async_api import Page, expect

from server.tournaments.service import Tournaments
from shared.tournaments import Arena

from .conftest import BROWSER, PHONE_TALL, shot
from .play import NO_SIDEWAYS_SCROLL
from .test_event_create import sign_up
from .test_event_host_plays import create
from .test_i18n_events import starts_at
from .test_wcag import Findings

pytestmark = BROWSER


async def chat_on(page: Page) -> None:
    chat = page.locator("#event-chat")
    await chat.get_by_role("button", name="Turn chat on").click()
    await expect(chat.get_by_role("button", name="Turn chat off")).to_be_visible()


async def test_a_line_posted_through_the_event_page(start_room, open_page) -> None:
    room = await start_room(tournament_tick_s=0.0, tournament_calendar="")
    page = await open_page(room)
    await sign_up(page, "Hana")
    await create(page, "Arena", "Chatty arena")
    chat = page.locator("#event-chat")
    await expect(chat.get_by_role("heading", name="Event chat")).to_be_visible()
    await chat_on(page)
    await chat.get_by_role("textbox", name="Message").fill("Welcome, all <b>")
    await chat.get_by_role("button", name="Send").click()
    await expect(chat.locator(".chat-log li")).to_have_text(["Hana: Welcome, all <b>"])
    await expect(chat.get_by_role("textbox", name="Message")).to_have_value("")
    await shot(page, "event-chat-desktop")
    findings = Findings()  # axe and the targets' size, at both sizes
    await findings.check(page, "event chat")
    await findings.focus(page, "event chat")
    assert findings.lines == []

    # A guest on a phone: reads (a public event), has nothing to write with until in it.
    phone = await open_page(room, viewport=PHONE_TALL)
    await phone.goto(page.url)
    guest_chat = phone.locator("#event-chat")
    await chat_on(phone)
    await expect(guest_chat.locator(".chat-log li")).to_have_text(["Hana: Welcome, all <b>"])
    await expect(guest_chat.get_by_role("textbox", name="Message")).to_have_count(0)
    await phone.locator("#event-join").click()
    await expect(guest_chat.get_by_role("textbox", name="Message")).to_be_visible()
    # Every player of the event may be muted, before they have said a word: the
    # guest is on the host's list as soon as they join.
    await expect(chat.locator(".mutes label")).to_have_count(1)
    await expect(chat.locator(".chat-log li")).to_have_count(1)
    await guest_chat.get_by_role("button", name="Good luck").click()
    await expect(guest_chat.locator(".chat-log li")).to_have_count(2)
    await expect(chat.locator(".chat-log li").nth(1)).to_contain_text("Good luck")
    # The host mutes the guest: the guest's line is gone from the host's page.
    await chat.locator(".mutes input").check()
    await expect(chat.locator(".chat-log li")).to_have_count(1)
    await shot(phone, "event-chat-phone")
    assert await phone.evaluate(NO_SIDEWAYS_SCROLL)

    # The event ends (its time has passed, no table is playing: the page's Arena was to
    # start later, and nobody is seated before a start): on both pages the
    # lines stay, the box to write in and the quick phrases go, and the panel says why.
    service: Tournaments = room.app.state.tournaments
    event_id = page.url.rsplit("/", 1)[1]
    event = await service.event(event_id)
    assert isinstance(event, Arena)
    await starts_at(service, event_id,
                    service.clock() - (event.settings.minutes + 1) * 60_000)
    await service.tick(sweep=True)
    for reader in (chat, guest_chat):
        await expect(reader.get_by_text("The event is over: its chat is closed.")).to_be_visible()
        await expect(reader.get_by_role("textbox", name="Message")).to_have_count(0)
        await expect(reader.get_by_role("button", name="Good luck")).to_have_count(0)
    await expect(guest_chat.locator(".chat-log li")).to_have_count(2)
    # Nobody was seated (two players, no table): the podium says no game was played
    # rather than heading an empty list.
    await expect(phone.locator("#podium #no-games")).to_have_text(
        "No game was played in this event.")
    await shot(phone, "event-chat-over-phone")
    assert await phone.evaluate(NO_SIDEWAYS_SCROLL)
