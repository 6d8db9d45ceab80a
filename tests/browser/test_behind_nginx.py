"""The deployment's nginx (deploy/nginx.conf) in front of a room, in real Chromium: the
page of nginx's own origin (host and port) registers, signs out, signs in and plays.
The audit found every sign-in refused (403 bad_origin) and every WebSocket too, since
``Host $host`` dropped the port the Origin check compares."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

from playwright.async_api import Page, expect

from tests.browser.conftest import BROWSER, Start
from tests.browser.play import page_state, take_turn
from tests.conftest import CI
from tests.deploy.nginx import running_nginx

pytestmark = BROWSER

OpenPage = Callable[..., Awaitable[Page]]
PASSWORD = "correct horse battery"


@dataclass
class Front:
    http: str  # what open_page needs of a room: its page address


async def account_form(page: Page, name: str, button: str) -> None:
    await page.fill("#acct-name", name)
    await page.fill("#acct-pass", PASSWORD)
    await page.click(button)


async def test_sign_in_and_play_through_nginx(ci: CI, start_room: Start, open_page: OpenPage,
                                              tmp_path: Path) -> None:
    room = await start_room(turn_time_s=600.0)  # the person's turn holds the game
    with running_nginx(ci, tmp_path, [room.settings.port]) as port:
        page = await open_page(Front(f"http://127.0.0.1:{port}"))  # the socket is open
        await account_form(page, "Nginx_Ann", "#register")
        await expect(page.locator("#signed-in-as")).to_contain_text("Nginx_Ann")
        await page.click("#sign-out")
        await expect(page.locator("#acct-name")).to_be_visible()
        await account_form(page, "Nginx_Ann", "#sign-in")
        await expect(page.locator("#signed-in-as")).to_contain_text("Nginx_Ann")
        await page.click("#play-now")
        await page.wait_for_selector(".table-screen")
        await page.wait_for_function("window.spadesApp.state.view !== null", timeout=15_000)
        await page.wait_for_function("window.spadesApp.state.myTurn", timeout=15_000)
        before = await page_state(page)
        await take_turn(page, before)  # one decision of the person, through nginx
        await page.wait_for_function(f"window.spadesApp.state.v > {before['v']}")
        assert (await page_state(page))["table"] == before["table"]
