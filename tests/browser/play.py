"""Driving the table through the page as a person does: clicks on what is on screen.

The page's state is read from ``window.spadesApp.state`` (the client's TableState) only to
decide what to do next; every action goes through the UI.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import time
from collections.abc import Awaitable, Callable
from typing import Any

from playwright.async_api import Locator, Page
from playwright.async_api import TimeoutError as PlaywrightTimeoutError

# Where a test taps a card in the hand: a point no other card covers however the hand
# moves. On a phone the lower row covers all but the top 44 px of an upper-row card, and
# a lifted card rises 20 px (with a 0.15 s transition), so it covers that strip from 24 px
# down: a tap at 24 px could be pressed on one card and released on the lifted card
# rising over it, which is no click at all.
TAP = {"x": 6, "y": 12}

STATE_JS = """() => {
  const s = window.spadesApp.state;
  const v = s.view;
  return {table: s.table, seat: s.seat, status: s.status, v: s.v, myTurn: s.myTurn,
          phase: v && v.phase, legal: v ? v.legal : [], hidden: v ? v.hand_hidden : false,
          handNo: v ? v.hand_no : null, tricks: v ? v.tricks.length : 0,
          unplayable: v ? v.unplayable : {}, over: v ? v.over : false,
          history: v ? v.history.length : 0};
}"""


async def page_state(page: Page) -> dict:
    state: dict = await page.evaluate(STATE_JS)
    return state


async def quick_play(page: Page, name: str) -> dict:
    """From the lobby: type a name, press Play now, wait until the game is dealt."""
    await page.fill("#guest-name", name)
    await page.click("#play-now")
    await page.wait_for_selector(".table-screen")
    await page.wait_for_function("window.spadesApp.state.view !== null", timeout=15_000)
    return await page_state(page)


async def host_private(page: Page, name: str, fmt: str, options: dict[str, Any], clock: bool,
                       preset: str | None = None, bots: str | None = None) -> None:
    """From the lobby: host a private table (as ``open_private``) and start it; bots
    take the other seats."""
    await open_private(page, name, fmt, options, clock, preset, bots)
    await page.click("#start-private")
    await page.wait_for_function("window.spadesApp.state.status === 'playing'")


async def open_private(page: Page, name: str, fmt: str, options: dict[str, Any], clock: bool,
                       preset: str | None = None, bots: str | None = None) -> None:
    """From the lobby: host a private table through the form (the format, the partnership
    preset, house ``options`` typed, chosen or ticked in the editor, the bots' level,
    a 60 s clock or none); the page shows the table before its start."""
    await page.fill("#guest-name", name)
    form = page.locator("form", has=page.locator("#create-private"))
    await form.locator(f'#private-format input[value="{fmt}"]').check()
    if preset:
        await form.locator("#preset").select_option(preset)
    if bots:
        await form.locator(f'input[name="bots"][value="{bots}"]').check()
    if options:
        await form.locator("summary").click()
    for option, value in options.items():
        field = form.locator(f"#rule-{option}")
        if isinstance(value, bool):
            await field.set_checked(value)
        elif isinstance(value, str):
            await field.select_option(value)
        else:
            await field.fill(str(value))
    # Relaxed 60 s: the longest clock, so a person's turn is theirs, not the autopilot's.
    await form.locator("#private-turn").get_by_label(
        re.compile("Relaxed" if clock else "No clock")).check()
    await page.click("#create-private")
    await page.wait_for_selector(".private-lobby")


# What the page holds when a card it calls legal is not in the hand: the state's view
# and the hand's buttons, and the table screen's deal flags (which cut the hand short).
HAND_PROBE_JS = """() => {
  const s = window.spadesApp.state, v = s.view, screen = window.spadesApp.screen || {};
  return {v: s.v, seat: s.seat, myTurn: s.myTurn, phase: v && v.phase, tricks: v && v.tricks.length,
          hand: v && v.hand, legal: v && v.legal,
          buttons: [...document.querySelectorAll('.hand .card-btn')].map((b) => b.dataset.card),
          dealing: !!screen.dealing, dealtCount: screen.dealtCount, dealWaits: !!screen.dealWaits,
          pendingDeal: !!screen.pendingDeal,
          dealButton: !!document.querySelector('#deal-btn:not([hidden])')};
}"""


async def click_card(page: Page, code: str, *, moved_on_ok: bool = False) -> bool:
    """Click the visible strip of a card in the hand (cards overlap on small screens).
    Twin cards (the six-player game's two decks) share a code: the first one is taken,
    so a second click plays the card the first lifted. A card that never shows fails
    with what the page held (a hand and a state that disagree are a bug to find);
    with ``moved_on_ok``, a card the page no longer offers (the clock played the turn
    while a loaded machine was slow to click) returns False instead."""
    card = page.locator(f'.hand .card-btn[data-card="{code}"]').first
    try:
        await card.wait_for(state="attached", timeout=30_000)
    except PlaywrightTimeoutError:
        await _moved_on_or_fail(page, code, f"{code} is not in the hand after 30 s",
                                moved_on_ok)
        return False
    await card.click(position=TAP)
    return True


async def _moved_on_or_fail(page: Page, code: str, what: str, moved_on_ok: bool = True
                            ) -> None:
    """Returns when ``moved_on_ok`` and the page no longer offers ``code`` at this seat's
    turn (the table moved on); else fails with ``what`` and what the page held."""
    probe = await page.evaluate(HAND_PROBE_JS)
    if moved_on_ok and not (probe["myTurn"] and f"play {code}" in (probe["legal"] or [])):
        return
    raise AssertionError(f"{what}; the page: {probe}") from None


async def deal_if_asked(page: Page) -> None:
    """A fresh practice game waits for its Deal button: press it, as a person does
    first, and wait until the whole hand is shown."""
    deal = page.locator("#deal-btn")
    if await deal.is_visible():
        # A person whose tap did not take (the table moved under it on a loaded
        # machine, once in about ten loaded runs) taps again; the button stays until a
        # tap deals.
        for _ in range(3):
            with contextlib.suppress(PlaywrightTimeoutError):
                await deal.click(timeout=10_000)
            with contextlib.suppress(PlaywrightTimeoutError):
                await deal.wait_for(state="hidden", timeout=10_000)
                break
        # An upper bound for a loaded machine: the deal lasts a few seconds of animation
        # frames, which came 30 s late at a load average of 14 on two cores.
        try:
            await page.wait_for_function("document.querySelectorAll('.hand .card-btn').length"
                                         " === window.spadesApp.state.view.hand.length",
                                         timeout=90_000)
        except PlaywrightTimeoutError:
            probe = await page.evaluate(HAND_PROBE_JS)
            raise AssertionError(f"the dealt hand is not shown after 90 s; the page: {probe}"
                                 ) from None


async def _shows(locator: Locator, timeout_ms: float = 10_000) -> bool:
    """Whether ``locator`` is visible within ``timeout_ms`` (an upper bound)."""
    try:
        await locator.wait_for(state="visible", timeout=timeout_ms)
    except PlaywrightTimeoutError:
        return False
    return True


async def take_turn(page: Page, state: dict) -> None:
    """Do one decision with the mouse: a bid from the pad, or lift then play a card
    (a practice game's Deal first)."""
    await deal_if_asked(page)
    if state["phase"] == "bidding":
        if state["hidden"]:
            await page.click('.bid-pad [data-bid="look"]')
            return
        # The pad is drawn a moment after the turn comes; but a retry while the last bid
        # is still on its way (a loaded machine's slow answer) finds its button hidden
        # for good: then leave it to play_until to look again.
        go = page.locator(".bid-pad .bid-go")
        if not await _shows(go):
            return
        numbers = page.locator(".bid-pad .bid-num:not([disabled])")
        choice = numbers.nth(min(2, await numbers.count() - 1))
        await choice.click()
        if await _shows(go):  # else the table moved on under the click: look again
            # Hidden under the click (the clock bid for a slow machine): look again.
            with contextlib.suppress(PlaywrightTimeoutError):
                await go.click(timeout=10_000)
        return
    legal = [a[5:] for a in state["legal"] if a.startswith("play ")]
    if legal:
        # ``state`` may be old by now: a turn the clock already played is looked at again.
        if not await click_card(page, legal[0], moved_on_ok=True):
            return
        try:
            await page.wait_for_selector(f'.hand .card-btn.lifted[data-card="{legal[0]}"]')
        except PlaywrightTimeoutError:
            await _moved_on_or_fail(page, legal[0], f"{legal[0]} was not lifted by a tap")
            return
        await click_card(page, legal[0], moved_on_ok=True)


async def play_until(page: Page, done: Callable[[dict], bool | Awaitable[bool]],
                     timeout: float = 60.0,
                     turn: Callable[[Page, dict], Awaitable[None]] = take_turn) -> dict:
    """Take this player's turns through the page until ``done(state)``."""
    deadline = time.monotonic() + timeout
    last_v, last_at = -1, 0.0
    while True:
        state = await page_state(page)
        result = done(state)
        if not isinstance(result, bool):
            result = await result
        if result:
            return state
        if time.monotonic() > deadline:
            raise TimeoutError(f"play_until timed out at {state}")
        # Act once per version; try again if the table has not moved for a while (long
        # enough that a loaded machine's slow answer is not taken for a lost click).
        if state["myTurn"] and (state["v"] != last_v or time.monotonic() - last_at > 10):
            last_v, last_at = state["v"], time.monotonic()
            await turn(page, state)
        await asyncio.sleep(0.05)


async def held_down(page: Page, target: Locator) -> None:
    """The mouse pressed on the middle of ``target`` and held there (until the test's
    ``page.mouse.up()``): a press a push's redraw must not swallow. The box is
    measured again if a redraw replaced the element between finding it and measuring
    it (``bounding_box`` then has no box to give)."""
    deadline = time.monotonic() + 30
    box = None
    while box is None:
        await target.wait_for(state="visible", timeout=30_000)
        box = await target.bounding_box()
        if box is None:
            assert time.monotonic() < deadline, "the target never stayed drawn long enough to press"
            await asyncio.sleep(0.05)
    await page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    await page.mouse.down()


# Does the page fit its layout width? (clientWidth: a phone context's innerWidth widens to
# the page's overflow, so a check against it could never fail.)
NO_SIDEWAYS_SCROLL = ("document.documentElement.scrollWidth"
                      " <= document.documentElement.clientWidth + 1")

# Is the element's box on screen, and does a tap at its centre reach it? No element that
# ``cover`` selects (a panel, the seat badges) may overlap its box either.
UNCOVERED_JS = """([selector, cover]) => {
  const el = document.querySelector(selector);
  if (!el) return `no ${selector}`;
  const r = el.getBoundingClientRect();
  if (r.width === 0 || r.height === 0) return `${selector} is not shown`;
  const width = document.documentElement.clientWidth;
  if (r.left < 0 || r.top < 0 || r.right > width || r.bottom > innerHeight) {
    return `${selector} is off screen: ${JSON.stringify(r)}`;
  }
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  if (!hit || !el.contains(hit)) {
    return `${selector} is covered by ${hit && hit.outerHTML.slice(0, 80)}`;
  }
  for (const other of cover ? document.querySelectorAll(cover) : []) {
    const p = other.getBoundingClientRect();
    if (p.left < r.right && r.left < p.right && p.top < r.bottom && r.top < p.bottom) {
      return `${cover} (${other.className}) overlaps ${selector}`;
    }
  }
  return "ok";
}"""


async def uncovered(page: Page, selector: str, cover: str | None = None) -> str:
    """"ok", or why a person could not see and tap ``selector`` (see UNCOVERED_JS)."""
    answer: str = await page.evaluate(UNCOVERED_JS, [selector, cover])
    return answer


async def uncovered_when_settled(page: Page, selector: str, cover: str | None = None,
                                 within_s: float = 5.0) -> str:
    """``uncovered`` once the layout has settled: "ok" as soon as it holds, else the last
    answer after ``within_s``. A panel just shown can be measured before a loaded
    browser has laid out what its opening changes (a frame no person sees)."""
    deadline = asyncio.get_running_loop().time() + within_s
    while True:
        answer = await uncovered(page, selector, cover)
        if answer == "ok" or asyncio.get_running_loop().time() > deadline:
            return answer
        await asyncio.sleep(0.1)


# Every time a seat badge's class changes, which badges show the gold turn ring as painted
# (the computed box-shadow, so a ring still fading out counts) against whose turn it is:
# the ring must move in the frame the turn (and its countdown) moves.
RING_WATCH_JS = """() => {
  const watch = window.ringWatch = {checks: 0, misses: []};
  new MutationObserver((records) => {
    if (!records.some((r) => r.target.classList && r.target.classList.contains('seat'))) return;
    const view = window.spadesApp.state.view;
    if (!view) return;
    const seats = [...document.querySelectorAll('.felt .seat')];
    const ringed = seats.flatMap((el, i) =>
      getComputedStyle(el).boxShadow.includes('242, 193, 78') ? [i] : []);
    const turn = view.over || view.to_act === null ? [] : [view.to_act];
    watch.checks += 1;
    if (ringed.join() !== turn.join()) watch.misses.push({ringed, turn, phase: view.phase});
  }).observe(document.querySelector('.felt'), {subtree: true, attributes: true,
                                               attributeFilter: ['class']});
}"""


async def watch_the_ring(page: Page) -> None:
    """Start checking the turn ring against the turn (see RING_WATCH_JS)."""
    await page.evaluate(RING_WATCH_JS)


async def ring_watched(page: Page) -> dict:
    """{checks, misses}: how often the ring was checked, and when it was not on the
    seat whose turn it was."""
    watched: dict = await page.evaluate("() => window.ringWatch")
    return watched
