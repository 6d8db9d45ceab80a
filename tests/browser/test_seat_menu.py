"""A seat's menu at the table (issue 17): a signed-in player opens another person's seat
badge and follows, reports (the report keeps the table and the game id) and blocks;
a guest never carries an account's name, is tagged "guest" at the seat, and is
reported by seat (never followed); a bot's seat and one's own have no menu."""

from __future__ import annotations

import httpx
from playwright.async_api import expect

from shared.protocol import Created, CreatePrivate, Join
from tests.room_social.conftest import SocialClient, register

from .conftest import BROWSER
from .play import page_state
from .test_player_actions import send_report, sign_up

pytestmark = BROWSER


async def test_a_seat_menu_follows_reports_and_blocks_by_seat(room, open_page) -> None:
    wes = await register(room, "Wes")
    await register(room, "Una")  # an account a guest at the table will be named after
    host = SocialClient(room.ws, headers={"Cookie": f"spades_session={wes}"})
    guest = SocialClient(room.ws, name="Una")
    await host.connect()
    await guest.connect()
    try:
        await host.wait_for(lambda c: c.pid is not None)
        await guest.wait_for(lambda c: c.pid is not None)
        created = await host.request(CreatePrivate())
        assert isinstance(created, Created)
        await guest.request(Join(code=created.code))
        page = await open_page(room)
        await sign_up(page, "Vic")
        await room.social.presence.flushed()  # Vic is online: the invite reaches him
        async with httpx.AsyncClient(base_url=room.http, cookies={"spades_session": wes}) as web:
            sent = await web.post("/api/invite", json={"name": "Vic"},
                                  headers={"Origin": room.http})
        assert sent.status_code == 200, sent.text
        await page.click("#invite-join")
        await page.wait_for_selector(".private-lobby")
        state = await page_state(page)
        assert state["table"] == host.table
        # One's own seat and the open seats have no menu; the two people's seats do.
        await expect(page.locator(".seat-menu-btn")).to_have_count(2)
        # A seat without a menu shows no stray text where the menu's button would be.
        await expect(page.locator(".seat", has_text="null")).to_have_count(0)
        await page.click(".seat-menu-btn[aria-label^='Wes:']")
        status = page.locator("#seat-menu-status")
        await page.click("#seat-follow")
        await expect(status).to_have_text("Following Wes.")
        await send_report(page, "seat", "abuse", "rude at the table")
        await expect(status).to_have_text("Report sent. Thank you.")
        reports = await room.social.reports.open_reports()
        assert [(r.reason, r.note, r.table_id) for r in reports] == [
            ("abuse", "rude at the table", host.table)]
        assert reports[0].game_id is not None and reports[0].game_id.startswith(host.table)
        await page.click("#seat-block")
        await expect(status).to_have_text("Blocked Wes.")
        vic = await room.social.accounts.by_name("Vic")
        wes_account = await room.social.accounts.by_name("Wes")
        graph = await room.social.friends.graph(vic.pid)
        assert graph.blocked == {wes_account.pid} and not graph.following
        await page.keyboard.press("Escape")
        # The guest who asked to be called Una (an account's name) was given a guest
        # name instead; their seat says "guest", and its menu reports, never follows.
        assert guest.name is not None and guest.name != "Una"
        guest_seat = page.locator(f".seat[aria-label*=': {guest.name}, guest']")
        await expect(guest_seat.locator(".tag.guest")).to_have_text("guest")
        await expect(page.locator(".private-lobby .tag.guest")).to_have_count(1)  # its list
        await expect(page.locator(".seat[aria-label*=': Wes, person']")).to_have_count(1)
        await expect(page.locator(".seat[aria-label*=': Wes,'] .tag.guest")).to_have_count(0)
        await page.click(f".seat-menu-btn[aria-label='{guest.name} (guest): report']")
        await expect(page.locator("#seat-guest-note")).to_contain_text("without an account")
        await expect(page.locator("#seat-follow")).to_have_count(0)
        await page.select_option("#seat-report-reason", "name")
        await page.click("#seat-report-go")
        await expect(page.locator("#seat-menu-status")).to_have_text("Report sent. Thank you.")
        filed = [r for r in await room.social.reports.open_reports() if r.guest_name]
        assert [(r.reported, r.guest_name, r.table_id) for r in filed] == [
            (guest.pid, guest.name, host.table)]
        assert not (await room.social.friends.graph(vic.pid)).following
    finally:
        await host.close()
        await guest.close()
