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
  client's settings preset (pace "fast" by default), reduced motion unless the test is
  marked ``motion`` (``reduced_motion`` below), and every page error collected; the
  test fails if the page threw or broke the room's Content-Security-Policy (pages run
  under the CSP the room sends, so an inline style the CSP blocks fails every test that
  draws it). Contexts close after the test; if the test failed, each page's screenshot
  is kept first as ``failed-<test>-<n>.png`` and what it showed is printed.
- ``shot(page, name)``: save a screenshot as NAME.png in ``tests.conftest.SHOTS``
  (var/screenshots; docs/screenshots with SCREENSHOTS_TO_DOCS=1).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import shutil
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any, Literal

import pytest
import pytest_asyncio
from playwright.async_api import Browser, BrowserContext, ConsoleMessage, Page, async_playwright
from playwright.async_api import Error as PlaywrightError
from playwright.async_api import TimeoutError as PlaywrightTimeoutError

from client.room_client import RoomClient
from tests.conftest import CI, SHOTS
from tests.room.conftest import LocalServer, launch

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 360, "height": 740}
PHONE_TALL = {"width": 390, "height": 844}  # the phone of issue 13's findings
VIEWPORTS = {"phone": PHONE_TALL, "desktop": DESKTOP}


def language_words(name: str) -> dict[str, dict[str, Any]]:
    """A test's words per language, kept beside it as ``name`` (JSON: "viewport" names
    one of VIEWPORTS)."""
    text = (Path(__file__).parent / name).read_text(encoding="utf-8")
    words: dict[str, dict[str, Any]] = json.loads(text)
    return words


BROWSER = [pytest.mark.browser, pytest.mark.asyncio(loop_scope="session")]
# A browser test of the table in motion, as most people see it (``reduced_motion``).
MOTION = [*BROWSER, pytest.mark.motion]

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
    await no_loop_left_running()


# The periodic loops of a node (server.ops.periodic and the presence writer). The browser
# tests share one event loop: one left running after its node stopped goes on writing to
# the worker's Redis in the tests after (a stopped node's calendar made events there).
NODE_LOOPS = {"tournaments", "ranked-matcher", "presence-heartbeat", "presence-writer",
              "daily-par"}


async def no_loop_left_running() -> None:
    deadline = time.monotonic() + 30  # a stop waits 5 s for a step in flight; room to spare
    while True:
        left = [t for t in asyncio.all_tasks() if t.get_name() in NODE_LOOPS and not t.done()]
        if not left:
            return
        if time.monotonic() > deadline:
            raise AssertionError(f"a stopped node's loops still run: {left}")
        await asyncio.sleep(0.05)


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
    """JavaScript errors a page threw and CSP violations it reported; checked when the
    test ends."""


def is_csp_violation(message: ConsoleMessage) -> bool:
    """A console line in which Chromium reports something the page's CSP blocked."""
    return "Content Security Policy" in message.text


# Playwright's own wait_for_function evaluates its predicate with the page's eval, which
# the room's CSP forbids ('unsafe-eval' is not allowed). This one puts the predicate in
# the source of a function that Playwright calls through the DevTools protocol (as
# page.evaluate does, which no CSP governs) and polls it there, once a frame as
# Playwright does: the same waits work with the CSP on.
_POLL = """async (arg) => {
  const end = performance.now() + %(timeout)d;
  const test = () => { let r = (%(expression)s); return typeof r === "function" ? r(arg) : r; };
  for (;;) {
    if (test()) return true;
    if (performance.now() >= end) return false;
    // A frame, or 50 ms where frames are not drawn (a page in the background).
    await new Promise((done) => { requestAnimationFrame(done); setTimeout(done, 50); });
  }
}"""
_NAVIGATED = ("Execution context was destroyed", "Cannot find context")


async def _wait_for_function(self: Page, expression: str, *, arg: Any = None,
                             timeout: float | None = None, polling: Any = None) -> bool:
    """``Page.wait_for_function`` under a strict CSP: true once ``expression`` (an
    expression, or a function called with ``arg``) is truthy; retried across a
    navigation; ``TimeoutError`` after ``timeout`` ms (default 30 s)."""
    wait_ms = 30_000 if timeout is None else timeout
    source = _POLL % {"timeout": wait_ms, "expression": expression.strip().rstrip(";")}
    deadline = asyncio.get_running_loop().time() + wait_ms / 1000
    while True:
        try:
            left = max(0.1, deadline - asyncio.get_running_loop().time())
            if await asyncio.wait_for(self.evaluate(source, arg), left + 5):
                return True
        except PlaywrightError as err:
            if not any(text in str(err) for text in _NAVIGATED):
                raise
        except TimeoutError:
            pass  # the page did not answer in time: judged below
        if asyncio.get_running_loop().time() >= deadline:
            raise PlaywrightTimeoutError(
                f"wait_for_function: Timeout {wait_ms:.0f}ms exceeded: {expression}")
        await asyncio.sleep(0.02)  # a new document is loading: wait for its context


Page.wait_for_function = _wait_for_function  # type: ignore[assignment,method-assign]


def reduced_motion(request: pytest.FixtureRequest) -> Literal["reduce", "no-preference"]:
    """What a test's pages say of motion: "reduce" (the person asked their system for
    less: the deal does not fly and transitions end at once, as the room promises them)
    unless the test is marked ``motion``. Most browser tests are about what a page says
    and lets a person do, not how it moves; measured alone, two hands of the phases test
    spent a sixth of their CPU and a third of their time on the animations. The table's
    own tests, where a card in flight meets a click or a push, keep the full animations."""
    return "no-preference" if request.node.get_closest_marker("motion") else "reduce"


@pytest_asyncio.fixture(loop_scope="session")
async def open_page(browser: Browser, request: pytest.FixtureRequest
                    ) -> AsyncIterator[Callable[..., Awaitable[Page]]]:
    errors = PageErrors()
    contexts: list[BrowserContext] = []
    motion = reduced_motion(request)

    async def open_(room: LocalServer, phone: bool = False, path: str = "/",
                    viewport: dict[str, int] | None = None, **settings: Any) -> Page:
        size = viewport or (PHONE if phone else DESKTOP)
        context = await browser.new_context(viewport=size, has_touch=phone, is_mobile=phone,
                                            reduced_motion=motion)
        contexts.append(context)
        context.on("console", lambda message: errors.append(f"CSP: {message.text}")
                   if is_csp_violation(message) else None)
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
    if failed(request):
        await keep_what_failed(request, contexts)
    for context in contexts:
        await context.close()  # its pages' sockets close before the room stops
    assert not errors, f"the page threw or broke its CSP: {errors}"


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]
                              ) -> Iterator[pytest.TestReport]:
    """Keep each phase's report on the test (``failed`` reads the call's)."""
    report: pytest.TestReport = yield
    setattr(item, f"report_{report.when}", report)
    return report


def failed(request: pytest.FixtureRequest) -> bool:
    """Whether the test itself (not its set-up) failed."""
    report = getattr(request.node, "report_call", None)
    return report is not None and report.failed


async def keep_what_failed(request: pytest.FixtureRequest,
                           contexts: list[BrowserContext]) -> None:
    """What each page of a failed test showed: a screenshot in SHOTS
    (``failed-<test>-<n>.png``) and, in the test's output, its address, the app's state
    and the text a person read (a failure that a loaded machine makes once is read from
    the CI log, not reproduced)."""
    name = re.sub(r"[^A-Za-z0-9_.-]+", "-", request.node.name)[:80]
    pages = [page for context in contexts for page in context.pages]
    for n, page in enumerate(pages):
        with contextlib.suppress(PlaywrightError, TimeoutError):
            SHOTS.mkdir(parents=True, exist_ok=True)
            await page.screenshot(path=str(SHOTS / f"failed-{name}-{n}.png"), timeout=5_000)
            seen = await asyncio.wait_for(page.evaluate(_SEEN_JS), 5)
            print(f"page {n} at {page.url}: {seen}")


_SEEN_JS = """() => {
  const app = window.spadesApp, s = app && app.state;
  const state = s ? {table: s.table, kind: s.kind, status: s.status, seat: s.seat,
                     phase: s.view && s.view.phase, myTurn: s.myTurn} : null;
  return JSON.stringify({socket: app && app.room.state, state,
                         text: document.body.innerText.slice(0, 1500)});
}"""


async def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    if not await page.evaluate("matchMedia('(prefers-reduced-motion: reduce)').matches"):
        await page.wait_for_timeout(400)  # let a card that is still arriving land
    await page.screenshot(path=str(SHOTS / f"{name}.png"))
