"""The player page /@/NAME for a signed-in visitor (issue 17): the completion rate, and
Follow / Unfollow, Block / Unblock and Report through the room's real routes, their
refusals shown in words; a guest and the player themself get no actions."""

from __future__ import annotations

import json

from playwright.async_api import Page, Route, expect

from tests.room_social.conftest import PASSWORD, register
from tests.room_social.test_friends import call

from .conftest import BROWSER

pytestmark = BROWSER

SIGNED_IN = "window.spadesApp.room.signedIn === true && window.spadesApp.room.state === 'open'"


async def sign_up(page: Page, name: str) -> None:
    await page.fill("#acct-name", name)
    await page.fill("#acct-pass", PASSWORD)
    await page.click("#register")
    await expect(page.locator("#signed-in-as")).to_contain_text(name)
    await page.wait_for_function(SIGNED_IN)


async def send_report(page: Page, prefix: str, reason: str, note: str) -> None:
    """Open, fill and send the report form whose fields are ``#<prefix>-report-*``
    (the callers check the sentence it answers)."""
    reason_box = page.locator(f"#{prefix}-report-reason")
    await reason_box.locator("xpath=ancestor::details/summary").click()
    await page.select_option(f"#{prefix}-report-reason", reason)
    await page.fill(f"#{prefix}-report-note", note)
    await page.click(f"#{prefix}-report-go")


async def test_a_visitor_follows_blocks_and_reports_from_the_player_page(room, open_page) -> None:
    wes = await register(room, "Wes")
    page = await open_page(room)
    await sign_up(page, "Una")

    # The archive's own document, with a completion the page must show as a rate (a
    # new account has none yet, which the page shows as "–").
    async def with_completion(route: Route) -> None:
        real = await route.fetch()
        doc = await real.json()
        assert doc["name"] == "Wes"
        doc["completion"] = 0.8
        await route.fulfill(response=real, body=json.dumps(doc))

    await page.route("**/api/players/Wes", with_completion)
    await page.goto(f"{room.http}/@/Wes")
    await expect(page.locator("#player-completion")).to_have_text("80% of games finished")
    follow = page.locator("#player-follow")
    block = page.locator("#player-block")
    status = page.locator("#player-action-status")
    await expect(follow).to_have_text("Follow")
    await follow.click()
    await expect(status).to_have_text("Following Wes.")
    await expect(follow).to_have_text("Unfollow")
    # Wes follows back: the page, reloaded, knows Una follows Wes.
    assert (await call(room, wes, "/api/follow", {"name": "Una"})).status_code == 200
    await page.reload()
    await expect(page.locator("#player-follow")).to_have_text("Unfollow")
    await follow.click()
    await expect(status).to_have_text("You no longer follow Wes.")
    await follow.click()
    await expect(status).to_have_text("You and Wes are friends.")
    # A block ends the follows; following a blocked player is refused, in words.
    await block.click()
    await expect(status).to_have_text("Blocked Wes.")
    await expect(block).to_have_text("Unblock")
    await expect(follow).to_have_text("Follow")
    await follow.click()
    await expect(status).to_have_text("You cannot follow this player.")
    una = await room.social.accounts.by_name("Una")
    graph = await room.social.friends.graph(una.pid)
    assert not graph.following and len(graph.blocked) == 1
    await block.click()
    await expect(status).to_have_text("Unblocked Wes.")
    assert not (await room.social.friends.graph(una.pid)).blocked
    # A report with a reason and a line (no shared table: no table or game kept).
    await send_report(page, "player", "stalling", "waits out every turn")
    await expect(status).to_have_text("Report sent. Thank you.")
    reports = await room.social.reports.open_reports()
    assert [(r.reason, r.note, r.table_id, r.game_id) for r in reports] == [
        ("stalling", "waits out every turn", None, None)]
    # A note over the route's limit is refused in the route's words.
    await page.locator("#player-report-note").evaluate("box => box.removeAttribute('maxlength')")
    await page.fill("#player-report-note", "x" * 201)
    await page.click("#player-report-go")
    await expect(status).to_have_text("The note is one line of at most 200 characters.")


async def test_a_guest_and_the_player_themself_see_no_actions(room, open_page) -> None:
    await register(room, "Zed")
    page = await open_page(room)
    await page.goto(f"{room.http}/@/Zed")
    await expect(page.locator("#screen")).to_have_attribute("data-actions", "none")
    await expect(page.locator("#player-name")).to_have_text("Zed")
    await page.goto(f"{room.http}/")
    await sign_up(page, "Ola")
    await page.goto(f"{room.http}/@/Ola")
    await expect(page.locator("#screen")).to_have_attribute("data-actions", "none")
    await expect(page.locator("#player-name")).to_have_text("Ola")
    await page.goto(f"{room.http}/@/Zed")
    await expect(page.locator("#screen")).to_have_attribute("data-actions", "shown")
    await expect(page.locator("#player-actions")).to_be_visible()
