"""Fixtures of the learn tests: the learn routes in a tiny Starlette app (no Redis).

- ``learn_app``: ``server.http_learn.learn_routes()``, the catalogue (``i18n_routes``)
  and the static ``client/web`` files, as the room mounts them.
- ``http``: an ``httpx.AsyncClient`` on that app through the ASGI transport.
- ``learn_server``: the same app on uvicorn on a free port (``.url``), for the browser.
- ``browser``: a headless Debian Chromium via Playwright (``ci.require`` without one).
- ``pages``: opens pages of that server in new browser contexts (``Pages.open``) and
  fails the test on a page error or a broken CSP.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import httpx
import pytest
import uvicorn
from playwright.async_api import Browser, BrowserContext, Page, async_playwright
from starlette.applications import Starlette
from starlette.routing import Mount
from starlette.staticfiles import StaticFiles

from server.ops.redis_process import free_port
from server.web.http_i18n import i18n_routes
from server.web.http_learn import learn_routes
from server.web.learn_page import learn_page_routes
from tests.browser.conftest import is_csp_violation, reduced_motion
from tests.conftest import CI, serve

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "client" / "web"
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 360, "height": 740}
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def make_app() -> Starlette:
    # The catalogue too: the pages name cards in its words (js/game/cards.js).
    return Starlette(routes=[*learn_routes(), *learn_page_routes(), *i18n_routes(),
                             Mount("/", StaticFiles(directory=WEB, html=True), name="web")])


@pytest.fixture
def learn_app() -> Starlette:
    return make_app()


@pytest.fixture
async def http(learn_app: Starlette) -> AsyncIterator[httpx.AsyncClient]:
    transport = httpx.ASGITransport(app=learn_app)
    async with httpx.AsyncClient(transport=transport, base_url="http://learn.test") as client:
        yield client


@dataclass
class LearnServer:
    url: str
    server: uvicorn.Server


@pytest.fixture
async def learn_server() -> AsyncIterator[LearnServer]:
    port = free_port()
    config = uvicorn.Config(make_app(), host="127.0.0.1", port=port, log_level="warning",
                            lifespan="off")
    server, task = await serve(config)
    try:
        yield LearnServer(f"http://127.0.0.1:{port}", server)
    finally:
        server.should_exit = True
        await asyncio.wait_for(task, 10)


@pytest.fixture
async def browser(ci: CI) -> AsyncIterator[Browser]:
    path = os.environ.get("PLAYWRIGHT_CHROMIUM") or shutil.which("chromium")
    if path is None:
        ci.require("chromium")
    async with async_playwright() as playwright:
        chromium = await playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS,
                                                    headless=True)
        try:
            yield chromium
        finally:
            await chromium.close()


class Pages:
    def __init__(self, browser: Browser, server: LearnServer,
                 motion: Literal["reduce", "no-preference"]) -> None:
        self.browser, self.server, self.motion = browser, server, motion
        self.contexts: list[BrowserContext] = []
        self.errors: list[str] = []

    async def open(self, path: str, phone: bool = False, *, lang: str | None = None,
                   size: dict[str, int] | None = None) -> Page:
        """``path`` in a new context: a 360x740 phone or 1280x800 (else ``size``), the
        fast pace, reduced motion unless the test is marked ``motion``, and the language
        ``lang`` when given (the settings' ``lang``)."""
        viewport = size or (PHONE if phone else DESKTOP)
        context = await self.browser.new_context(viewport=viewport, has_touch=phone,
                                                 is_mobile=phone, reduced_motion=self.motion)
        self.contexts.append(context)
        context.on("console", lambda message: self.errors.append(f"CSP: {message.text}")
                   if is_csp_violation(message) else None)
        settings = json.dumps({"pace": "fast", **({"lang": lang} if lang else {})})
        await context.add_init_script(
            f"localStorage.setItem('spades.settings', {json.dumps(settings)});")
        page = await context.new_page()
        page.on("pageerror", lambda err: self.errors.append(str(err)))
        await page.goto(self.server.url + path)
        return page


@pytest.fixture
async def pages(browser: Browser, learn_server: LearnServer,
                request: pytest.FixtureRequest) -> AsyncIterator[Pages]:
    opened = Pages(browser, learn_server, reduced_motion(request))
    yield opened
    for context in opened.contexts:
        await context.close()
    assert not opened.errors, f"the page threw or broke its CSP: {opened.errors}"
