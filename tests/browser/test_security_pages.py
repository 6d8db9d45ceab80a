"""The room's own pages pass its Content-Security-Policy in real Chromium (no violation
on the lobby, the table, the course), and no other page can frame the room.

Every browser test's page runs under the CSP too (``open_page`` fails a test on any
violation in the console); these pages also record ``securitypolicyviolation`` events,
and wait by polling ``page.evaluate`` or with locators, which the CSP does not govern."""

from __future__ import annotations

import asyncio

from playwright.async_api import Browser, BrowserContext, ConsoleMessage, Page

from tests.browser.conftest import BROWSER
from tests.room.conftest import LocalServer

pytestmark = BROWSER

RECORD_VIOLATIONS = """(() => {
  window.__cspViolations = [];
  document.addEventListener('securitypolicyviolation',
    (e) => window.__cspViolations.push(e.violatedDirective + ' ' + e.blockedURI));
})()"""


async def until(page: Page, expression: str, timeout: float = 20.0) -> None:
    """Poll ``expression`` (page.evaluate, not eval inside the page) until it is true."""
    deadline = asyncio.get_running_loop().time() + timeout
    while not await page.evaluate(expression):
        assert asyncio.get_running_loop().time() < deadline, f"never true: {expression}"
        await asyncio.sleep(0.05)


async def strict_page(browser: Browser) -> tuple[BrowserContext, Page, list[str]]:
    """A page under the room's CSP, recording violations and CSP console messages."""
    context = await browser.new_context()
    await context.add_init_script(RECORD_VIOLATIONS)
    page = await context.new_page()
    seen: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if "Content Security Policy" in message.text or "Content-Security-Policy" in message.text:
            seen.append(message.text)

    page.on("console", on_console)
    page.on("pageerror", lambda err: seen.append(f"page error: {err}"))
    return context, page, seen


async def test_lobby_table_and_course_pass_the_csp(room: LocalServer, browser: Browser) -> None:
    context, page, seen = await strict_page(browser)
    try:
        response = await page.goto(room.http + "/")
        assert response is not None and "script-src 'self'" in (
            await response.header_value("content-security-policy") or "")  # not vacuous
        await until(page, "window.spadesApp && window.spadesApp.room.state === 'open'")
        await page.fill("#guest-name", "Csp")
        await page.click("#play-now")
        await page.locator(".table-screen").wait_for()
        await until(page, "window.spadesApp.state.view !== null")
        await page.locator(".hand .card-btn").first.wait_for()  # cards, seats, bid pad drawn
        assert await page.evaluate("window.__cspViolations") == []

        await page.goto(room.http + "/learn/")
        await page.locator(".lesson-list .lesson-link").first.wait_for()
        await page.locator(".lesson-list .lesson-link").first.click()
        await page.locator(".lesson-hand .card-btn").first.wait_for()
        assert await page.evaluate("window.__cspViolations") == []
    finally:
        await context.close()
    assert seen == []


async def test_another_page_cannot_frame_the_room(room: LocalServer, browser: Browser) -> None:
    context = await browser.new_context()
    try:
        page = await context.new_page()
        framing = f'<iframe id="f" src="{room.http}/"></iframe>'  # a page of no origin
        async with page.expect_console_message(
                lambda m: "frame-ancestors" in m.text or "X-Frame-Options" in m.text,
                timeout=15_000):
            await page.set_content(framing)
        assert await page.frame_locator("#f").locator("#screen").count() == 0
    finally:
        await context.close()
