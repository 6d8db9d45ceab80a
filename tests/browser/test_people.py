"""The lobby's people (issue 17) in the page: follow by name, a friend shown online with
what they do, and an invite by name arriving as a notice whose Join seats the page."""

from __future__ import annotations

import re

import httpx
from playwright.async_api import expect

from shared.protocol import CreatePrivate
from tests.room_social.conftest import PASSWORD, SocialClient, register
from tests.room_social.test_friends import call, until

from .conftest import BROWSER
from .play import page_state

pytestmark = BROWSER

SIGNED_IN = "window.spadesApp.room.signedIn === true && window.spadesApp.room.state === 'open'"


async def test_follow_see_a_friend_online_and_join_by_an_invite(room, open_page) -> None:
    page = await open_page(room)
    await page.fill("#acct-name", "Vic")
    await page.fill("#acct-pass", PASSWORD)
    await page.click("#register")
    await expect(page.locator("#signed-in-as")).to_contain_text("Vic")
    await page.wait_for_function(SIGNED_IN)
    wes = await register(room, "Wes")
    assert (await call(room, wes, "/api/follow", {"name": "Vic"})).status_code == 200
    friend = SocialClient(room.ws, headers={"Cookie": f"spades_session={wes}"})
    await friend.connect()
    try:
        await friend.wait_for(lambda c: c.pid is not None)
        await page.fill("#people-name", "Wes")
        await page.click("#follow-go")
        row = page.locator("#friends-list li[data-name='Wes']")
        await expect(row).to_contain_text("in the lobby")
        # Vic hosts no table: an invite could not work, so none is offered.
        await expect(row.get_by_role("button", name="Invite")).to_have_count(0)
        await page.fill("#people-name", "Wes")  # the panel was redrawn after the follow
        await page.click("#people-panel details.report summary")
        await page.select_option("#report-reason", "name")
        await page.fill("#report-note", "rude name")
        await page.click("#report-go")
        await expect(page.locator("#toast")).to_contain_text("Report sent")
        reports = await room.social.reports.open_reports()
        assert [(r.reason, r.note) for r in reports] == [("name", "rude name")]
        await friend.request(CreatePrivate())
        async with httpx.AsyncClient(base_url=room.http, cookies={"spades_session": wes}) as web:
            sent = await web.post("/api/invite", json={"name": "Vic"},
                                  headers={"Origin": room.http})
        assert sent.status_code == 200, sent.text
        await expect(page.locator(".invite-notice")).to_contain_text("Wes invites you")
        # The notice says which table: its format and rules, who sits, the time left.
        await expect(page.locator("#invite-rules")).to_have_text(
            "four players in two partnerships · 500 · Blind Nil any · bags 10/100 · Standard bots")
        await expect(page.locator("#invite-seated")).to_have_text("Seated: Wes")
        await expect(page.locator("#invite-left")).to_have_text(re.compile(r"^[12]:\d\d$"))
        await page.click("#invite-join")
        await page.wait_for_selector(".private-lobby")
        state = await page_state(page)
        assert state["table"] == friend.table and state["seat"] is not None

    finally:
        await friend.close()


async def test_news_redrawing_the_people_panel_keeps_what_the_person_was_typing(
        room, open_page) -> None:
    """A friend coming online redraws the panel; the name typed, the report form open
    with its reason and note, and the focus in the note all stay, so Send reports."""
    page = await open_page(room)
    await page.fill("#acct-name", "Ula")
    await page.fill("#acct-pass", PASSWORD)
    await page.click("#register")
    await page.wait_for_function(SIGNED_IN)
    tom = await register(room, "Tom")
    assert (await call(room, tom, "/api/follow", {"name": "Ula"})).status_code == 200
    await page.fill("#people-name", "Tom")
    await page.click("#follow-go")
    row = page.locator("#friends-list li[data-name='Tom']")
    await expect(row).to_contain_text("offline")
    await page.fill("#people-name", "Tom")
    await page.click("#people-panel details.report summary")
    await page.select_option("#report-reason", "name")
    await page.fill("#report-note", "rude na")
    friend = SocialClient(room.ws, headers={"Cookie": f"spades_session={tom}"})
    await friend.connect()
    try:
        await expect(row).to_contain_text("in the lobby")  # the panel was drawn again
        await page.keyboard.type("me")  # the caret is still at the note's end
        await expect(page.locator("#people-name")).to_have_value("Tom")
        await expect(page.locator("#people-panel details.report")).to_have_attribute("open", "")
        await expect(page.locator("#report-reason")).to_have_value("name")
        await expect(page.locator("#report-note")).to_have_value("rude name")
        await page.click("#report-go")
        await expect(page.locator("#toast")).to_contain_text("Report sent")
    finally:
        await friend.close()


async def test_a_host_lists_the_table_and_invites_by_name_from_the_page(room, open_page) -> None:
    xan = await register(room, "Xan")
    guest = SocialClient(room.ws, headers={"Cookie": f"spades_session={xan}"})
    await guest.connect()
    try:
        await guest.wait_for(lambda c: c.pid is not None)
        page = await open_page(room)
        await page.fill("#acct-name", "Yara")
        await page.fill("#acct-pass", PASSWORD)
        await page.click("#register")
        await expect(page.locator("#signed-in-as")).to_contain_text("Yara")
        await page.wait_for_function(SIGNED_IN)  # the socket came back as the account
        await page.click("#create-private")
        await page.wait_for_selector(".private-lobby #invite-name")
        # An invite that could not reach anyone is refused in words.
        await register(room, "Zoe")  # an account with no page open
        await page.fill("#invite-name", "Zoe")
        await page.click("#invite-name-go")
        await expect(page.locator("#toast")).to_contain_text(
            "Zoe is not online: an invite would not reach them.")
        await page.fill("#invite-name", "Xan")
        await page.click("#invite-name-go")
        await guest.wait_for(lambda c: bool(c.invited))
        assert guest.invited[0].from_name == "Yara"
        sent = page.locator("#invites-sent li[data-name='Xan']")
        await expect(sent).to_have_text("Xan: waiting for an answer")
        # The host hears a Decline at once, and an invite that runs out unanswered.
        declined = await call(room, xan, "/api/invites/answer",
                              {"id": guest.invited[0].id, "join": False})
        assert declined.status_code == 200
        await expect(sent).to_have_text("Xan: declined")
        await expect(page.locator("#toast")).to_contain_text("Xan declined your invite.")
        room.social.name_invites.ttl_s = 1  # the next invite runs out in a second
        await page.fill("#invite-name", "Xan")
        await page.click("#invite-name-go")
        await guest.wait_for(lambda c: len(c.invited) == 2)
        await expect(sent.nth(1)).to_have_text("Xan: expired, unanswered")
        await page.click("#list-table")
        table = (await page_state(page))["table"]
        async with httpx.AsyncClient(base_url=room.http) as web:
            async def listed() -> bool:
                shown = (await web.get("/api/lobby")).json()["open"]
                return [t["table"] for t in shown] == [table]
            await until(listed)
    finally:
        await guest.close()
