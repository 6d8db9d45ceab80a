"""An event's chat through its page: the host, on a desktop, turns chat on and posts a
line; a guest on a phone reads the event's chat without a box to write in until they
join, then posts a quick phrase that reaches the host's page (the host could mute them
as soon as they joined); axe finds nothing serious
and no key is under a finger's size. One room."""

from __future__ import annotations

from playwright.async_api import Page, expect

from .conftest import BROWSER, PHONE_TALL, shot
from .play import NO_SIDEWAYS_SCROLL
from .test_event_create import sign_up
from .test_event_host_plays import create
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
