"""Fixtures of the browser tests: Debian's Chromium driven by Playwright (async API, in the
same event loop as the room servers, which run in this process on free ports).

One Chromium serves the whole session (starting Playwright's driver and the browser costs
about two seconds), so every browser test and its async fixtures run in the session's
event loop: each test module sets ``pytestmark = BROWSER`` and the fixtures below that
start servers and clients are declared with ``loop_scope="session"`` (they are still
made and stopped per test).

- ``room``: a room server (as ``tests/room/conftest.py``'s ``start_server``) with bots at
  pace 0 and a short fill wait; ``room.http`` is the page address.
- ``start_room(**settings)``: another one with other settings (a short turn time...).
- ``make_client(address, **kw)``: a connected ``RoomClient`` (closed after the test).
- ``browser``: the session's headless Chromium (skips without one, fails under CI=true).
- ``open_page(room, phone=False, viewport=None, **settings)``: a new browser context and
  page at the room's lobby (``viewport``: another size, e.g. ``PHONE_TALL``), with the
  client's settings preset (pace "fast" by default) and every page error collected; the
  test fails if the page threw. Contexts close after the test.
- ``shot(page, name)``: save a screenshot as NAME.png in ``tests.conftest.SHOTS``
  (var/screenshots; docs/screenshots with SCREENSHOTS_TO_DOCS=1).
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
from playwright.async_api import Browser, BrowserContext, Page, async_playwright

from client.room_client import RoomClient
from tests.conftest import CI, SHOTS
from tests.room.conftest import LocalServer, launch

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 360, "height": 740}
PHONE_TALL = {"width": 390, "height": 844}  # the phone of issue 13's findings
BROWSER = [pytest.mark.browser, pytest.mark.asyncio(loop_scope="session")]

Start = Callable[..., Awaitable[LocalServer]]


def chromium_path() -> str | None:
    return os.environ.get("PLAYWRIGHT_CHROMIUM") or shutil.which("chromium")


@pytest_asyncio.fixture(scope="session", loop_scope="session")
async def browser(ci: CI) -> AsyncIterator[Browser]:
    path = chromium_path()
    if path is None:
        ci.require("chromium")
    async with async_playwright() as playwright:
        chromium = await playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS,
                                                    headless=True)
        try:
            yield chromium
        finally:
            await chromium.close()


@pytest_asyncio.fixture(loop_scope="session")
async def start_room(redis_url: str, database_url: str) -> AsyncIterator[Start]:
    """As ``tests/room/conftest.py``'s ``start_server`` (same settings and uvicorn
    configuration), in the session's loop; fast bots and a short fill wait by default."""
    started: list[LocalServer] = []

    async def start(**overrides: Any) -> LocalServer:
        local = await launch(redis_url, **{"fill_wait_s": 0.3, "bot_pace_s": 0.0,
                                           "database_url": database_url, **overrides})
        started.append(local)
        return local

    yield start
    for local in started:
        await local.stop()


@pytest_asyncio.fixture(loop_scope="session")
async def room(start_room: Start) -> LocalServer:
    return await start_room()


@pytest_asyncio.fixture(loop_scope="session")
async def make_client() -> AsyncIterator[Callable[..., Awaitable[RoomClient]]]:
    clients: list[RoomClient] = []

    async def make(addresses: list[str] | str, **kwargs: Any) -> RoomClient:
        client = RoomClient(addresses, **kwargs)
        clients.append(client)
        await client.connect()
        return client

    yield make
    for client in clients:
        await client.close()


class PageErrors(list[str]):
    """JavaScript errors a page threw; checked when the test ends."""


@pytest_asyncio.fixture(loop_scope="session")
async def open_page(browser: Browser) -> AsyncIterator[Callable[..., Awaitable[Page]]]:
    errors = PageErrors()
    contexts: list[BrowserContext] = []

    async def open_(room: LocalServer, phone: bool = False, path: str = "/",
                    viewport: dict[str, int] | None = None, **settings: Any) -> Page:
        size = viewport or (PHONE if phone else DESKTOP)
        # bypass_csp: Playwright's wait_for_function evaluates its predicate with eval,
        # which the room's CSP forbids; test_security_pages.py checks the CSP itself.
        context = await browser.new_context(viewport=size, has_touch=phone, is_mobile=phone,
                                            bypass_csp=True)
        contexts.append(context)
        preset = {"pace": "fast", **settings}
        await context.add_init_script(
            f"if (!localStorage.getItem('spades.settings')) "
            f"localStorage.setItem('spades.settings', {json.dumps(json.dumps(preset))});")
        page = await context.new_page()
        page.on("pageerror", lambda err: errors.append(str(err)))
        await page.goto(room.http + path)
        await page.wait_for_function("window.spadesApp && window.spadesApp.room.state === 'open'")
        return page

    yield open_
    for context in contexts:
        await context.close()  # its pages' sockets close before the room stops
    assert not errors, f"the page threw: {errors}"


async def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    await page.wait_for_timeout(400)  # let a card that is still arriving land
    await page.screenshot(path=str(SHOTS / f"{name}.png"))
