"""Fixtures of the browser tests: Debian's Chromium driven by Playwright (async API, in the
same event loop as the room server, which runs in this process on a free port).

- ``room``: a room server (``tests/room/conftest.py``'s ``start_server``) with bots at
  pace 0 and a short fill wait; ``room.http`` is the page address.
- ``start_room(**settings)``: another one with other settings (a short turn time...).
- ``browser``: a headless Chromium (skips without one, fails under CI=true).
- ``open_page(room, phone=False, **settings)``: a new browser context and page at the
  room's lobby, with the client's settings preset (pace "fast" by default) and every
  page error collected; the test fails if the page threw.
- ``shot(page, name)``: save a screenshot to docs/screenshots/NAME.png.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.async_api import Browser, Page, async_playwright

from tests.conftest import CI
from tests.room.conftest import LocalServer, make_client, start_server

__all__ = ["make_client", "start_server"]  # re-exported: pytest finds the fixtures here

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "docs" / "screenshots"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 360, "height": 740}

pytestmark = pytest.mark.browser


def chromium_path() -> str | None:
    return os.environ.get("PLAYWRIGHT_CHROMIUM") or shutil.which("chromium")


@pytest.fixture
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


@pytest.fixture
async def start_room(start_server: Callable[..., Awaitable[LocalServer]]
                     ) -> Callable[..., Awaitable[LocalServer]]:
    async def start(**settings: Any) -> LocalServer:
        return await start_server(**{"fill_wait_s": 0.3, "bot_pace_s": 0.0, **settings})

    return start


@pytest.fixture
async def room(start_room: Callable[..., Awaitable[LocalServer]]) -> LocalServer:
    return await start_room()


class PageErrors(list[str]):
    """JavaScript errors a page threw; checked when the test ends."""


@pytest.fixture
async def open_page(browser: Browser) -> AsyncIterator[Callable[..., Awaitable[Page]]]:
    errors = PageErrors()

    async def open_(room: LocalServer, phone: bool = False, path: str = "/",
                    **settings: Any) -> Page:
        context = await browser.new_context(viewport=PHONE if phone else DESKTOP,
                                            has_touch=phone, is_mobile=phone)
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
    assert not errors, f"the page threw: {errors}"


async def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    await page.wait_for_timeout(400)  # let a card that is still arriving land
    await page.screenshot(path=str(SHOTS / f"{name}.png"))
