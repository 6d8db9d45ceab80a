"""WCAG 2.2 AA on every page: axe-core (axe-playwright-python) runs on each page and each
phase of the table, at 1280x800 and 390x844, and finds no serious or critical violation.

A walk in three parts, each state reached the quick way and checked at both sizes: the
lobby, the course, a lesson and a rules page, the daily deal, a player page and a game
page (the archive's documents served to the page); a private table before its start, its bidding
(with the clock; then with the chat open), the Nil pass and play; practice positions
(the practice bar and a hand result; a last card that ends the game), a two-handed
practice game's draw and the settings. At each state every control shown is measured
(24 px, 44 on a phone), and at some the focus is taken round the page with Tab (no
panel hides it). Every finding of a part is listed at once when it fails. Reduced
motion is checked on a practice deal.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from axe_playwright_python.async_playwright import Axe
from playwright.async_api import Page, Route, expect

from .archived import player_document
from .conftest import BROWSER, DESKTOP, PHONE_TALL
from .play import TAP, deal_if_asked, open_private, page_state, take_turn
from .positions import last_card_position
from .targets import hidden_focus, small_targets
from .test_game_page import GAME_ID, long_game
from .test_game_page import serve as serve_game
from .test_nil_pass import SCENARIOS, lift_by_taps, scenario_deal
from .test_person_screen import nil_position, open_position
from .test_player_page import records
from .test_player_page import serve as serve_player
from .test_practice_game import WATCH_DEAL_JS

pytestmark = BROWSER

# WCAG 2.0, 2.1 and 2.2 at levels A and AA, and axe's best practices (landmarks,
# headings): a serious or critical finding of any of them fails.
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
FAILING = ("serious", "critical")
# Failing at whatever impact axe gives them: a page (the table too) with no level-one
# heading leaves a screen reader nothing to jump to first.
ALWAYS = ("page-has-heading-one",)
AXE = Axe()
SIZES = {"desktop": DESKTOP, "phone": PHONE_TALL}
# WCAG 2.2's least target (2.5.8, AA); a finger's on a phone (the house rule).
TARGET_LEAST = {"desktop": 24, "phone": 44}


FRAMES_JS = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"


@dataclasses.dataclass
class Findings:
    """The serious and critical violations found so far, one line each."""

    lines: list[str] = dataclasses.field(default_factory=list)
    checked: list[str] = dataclasses.field(default_factory=list)

    async def check(self, page: Page, where: str) -> None:
        """axe on the page as it is, at each size (the page is laid out again for each),
        then back at the first."""
        for size, viewport in SIZES.items():
            await page.set_viewport_size(viewport)
            await page.evaluate(FRAMES_JS)
            results = await AXE.run(page, options={"runOnly": {"type": "tag", "values": TAGS},
                                                   "resultTypes": ["violations"]})
            self.checked.append(f"{where} {size}")
            for violation in results.response["violations"]:
                if violation["impact"] not in FAILING and violation["id"] not in ALWAYS:
                    continue
                for node in violation["nodes"]:
                    self.lines.append(f"{where} {size}: {violation['id']} "
                                      f"({violation['impact']}) {node['target']} "
                                      f"{node['failureSummary']!r} {node['html'][:160]}")
            least = TARGET_LEAST[size]
            self.lines.extend(f"{where} {size}: target under {least}px: {small}"
                              for small in await small_targets(page, least))
        await page.set_viewport_size(DESKTOP)

    async def focus(self, page: Page, where: str) -> None:
        """Tab through the page at each size: no focused control hidden."""
        for size, viewport in SIZES.items():
            await page.set_viewport_size(viewport)
            await page.evaluate(FRAMES_JS)
            self.lines.extend(f"{where} {size}: focus hidden: {hidden}"
                              for hidden in await hidden_focus(page))
        await page.set_viewport_size(DESKTOP)


def game_over_position() -> dict[str, Any]:
    """quick rules at 240 to 200: the person's last card makes South and North's
    contract, and the game is won."""
    bids = {seat: "bid 2" for seat in range(4)}
    return last_card_position("quick", 0, bids, lambda game: game.over, scores=(240, 200))


async def practice_at(page: Page, name: str, request: dict[str, Any]) -> dict:
    """From the lobby, as ``name``: a practice table by the page's own request
    (``request``: the ``practice`` message's preset, position...), once it is shown."""
    await page.evaluate("([name, request]) => window.spadesApp.rename(name, true)"
                        ".then(() => window.spadesApp.sendForTable('practice',"
                        " {level: 'easy', pace: 'fast', ...request}))", [name, request])
    await page.wait_for_selector(".table-screen")
    await page.wait_for_function("window.spadesApp.state.view !== null")
    return await page_state(page)


async def static_pages(room, open_page, found: Findings) -> None:
    """The lobby, the course and a lesson, a rules page, the daily deal, a player and a
    game page."""
    page = await open_page(room)
    await expect(page.locator(".lobby")).to_be_visible()
    await found.check(page, "lobby")
    await page.goto(f"{room.http}/learn/")
    await page.wait_for_selector(".lesson-list .lesson-link")
    await found.check(page, "learn")
    # A lesson: its hand, bid pad, intro and keys (each a finger's size on a phone).
    await page.goto(f"{room.http}/learn/#/lesson/bidding")
    await page.wait_for_selector(".lesson[data-busy='false'] .lesson-bids .bid-num")
    await found.check(page, "lesson")
    await page.goto(f"{room.http}/learn/?preset=standard")
    await page.wait_for_selector("h1")
    await found.check(page, "rules")
    await page.goto(f"{room.http}/#/daily")
    await expect(page.locator("#daily-result, .daily")).not_to_have_count(0)
    await found.check(page, "daily")
    docs = records(3)
    await serve_player(page, docs, player_document("Ann", docs))
    await page.goto(f"{room.http}/@/Ann")
    await expect(page.locator("svg#rating-chart")).to_be_visible()
    await found.check(page, "player page")
    await serve_game(page, long_game())
    await page.goto(f"{room.http}/g/{GAME_ID}")
    await expect(page.locator("#move-slider")).to_be_visible()
    await page.keyboard.press("End")
    await found.check(page, "game page")


async def private_table(room, open_page, monkeypatch, found: Findings) -> None:
    """A private table with the Nil pass and a clock: before its start, the bidding,
    the pass, the play."""
    page = await open_page(room)
    dealer = SCENARIOS["nil"][0]
    seed = scenario_deal("nil")
    monkeypatch.setattr("server.web.social_handlers.new_deal", lambda seats=4: (seed, dealer))
    await open_private(page, "Wanda", "partners", {"nil_pass": 2}, clock=True)
    await found.check(page, "private lobby")
    await page.click("#start-private")
    await page.wait_for_function("window.spadesApp.state.myTurn === true", timeout=30_000)
    await page.locator('.bid-pad [data-bid="look"]').click()
    await expect(page.locator(".bid-pad .bid-go")).to_be_visible()
    await expect(page.locator(".turn-timer")).to_be_visible()
    await found.check(page, "bidding")
    # The chat beside (or, on a phone, above) the bid pad: every control still seen.
    await page.get_by_role("button", name=re.compile("^Chat")).click()
    await expect(page.locator("#chat-panel")).to_be_visible()
    await found.focus(page, "bidding with the chat open")
    await page.get_by_role("button", name=re.compile("^Chat")).click()
    await page.locator('.bid-pad [data-bid="bid nil"]').click()
    await page.locator(".bid-pad .bid-go").click()
    await page.wait_for_function("window.spadesApp.state.myTurn"
                                 " && window.spadesApp.state.view.phase === 'passing'",
                                 timeout=30_000)
    await expect(page.locator(".pass-step")).to_be_visible()
    await found.check(page, "nil pass")
    keys = await page.locator(".hand .card-btn").evaluate_all("bs => bs.map(b => b.dataset.key)")
    await lift_by_taps(page, keys[-2:], 2)
    await page.locator(".pass-step .pass-go").click()
    await page.wait_for_function("window.spadesApp.state.myTurn"
                                 " && window.spadesApp.state.view.phase === 'playing'",
                                 timeout=30_000)
    state = await page_state(page)
    legal = [a[5:] for a in state["legal"] if a.startswith("play ")]
    await page.locator(f'.hand .card-btn[data-card="{legal[0]}"]').first.click(
        position=TAP)
    await found.check(page, "play")


async def practice_tables(room, open_page, found: Findings) -> None:
    """A practice position to the game's end, then a two-handed practice game's draw."""
    page = await open_page(room)
    state = await open_position(page, "Pia", "quick", nil_position())
    await expect(page.locator(".practice-bar")).to_be_visible()
    await found.check(page, "practice")
    await take_turn(page, state)
    await expect(page.locator(".result-panel")).to_be_visible()
    await found.check(page, "hand result")
    await found.focus(page, "hand result")
    page = await open_page(room)
    state = await practice_at(page, "Pat", {"preset": "quick", "position": game_over_position()})
    await take_turn(page, state)
    await expect(page.locator("dialog.game-over")).to_be_visible()
    await found.check(page, "game over")
    page = await open_page(room)
    await practice_at(page, "Pru", {"preset": "two_handed"})
    await deal_if_asked(page)
    await page.wait_for_function("window.spadesApp.state.myTurn"
                                 " && window.spadesApp.state.view.phase === 'drawing'")
    await expect(page.locator(".draw-step")).to_be_visible()
    await found.check(page, "two-handed draw")
    await page.get_by_role("button", name="Settings").click()
    await expect(page.locator("dialog .settings")).to_be_visible()
    await found.check(page, "settings")


async def walk(start_room, part, *args: Any) -> None:
    """One part of the walk on a room of its own: no finding at any state it checks."""
    # A long clock: the person's turns wait for the checks however slow the machine.
    room = await start_room(turn_time_s=600.0, daily_secret="a-secret-for-the-axe-walk")
    found = Findings()
    await part(room, *args, found)
    assert found.checked, "nothing was checked"
    assert not found.lines, "\n".join(found.lines)


async def test_the_lobby_and_the_pages_pass_axe(start_room, open_page) -> None:
    await walk(start_room, static_pages, open_page)


async def test_a_private_table_s_phases_pass_axe(start_room, open_page, monkeypatch) -> None:
    await walk(start_room, private_table, open_page, monkeypatch)


async def test_practice_tables_pass_axe(start_room, open_page) -> None:
    await walk(start_room, practice_tables, open_page)


async def test_reduced_motion_deals_the_hand_without_flying_cards(room, open_page) -> None:
    # WCAG 2.3.3 and the person's system setting: nothing flies across the screen.
    page = await open_page(room)
    await page.emulate_media(reduced_motion="reduce")
    await page.fill("#guest-name", "Remy")
    await page.click("#start-practice")
    await page.wait_for_function("window.spadesApp.state.view !== null")
    await page.evaluate(WATCH_DEAL_JS)
    await page.locator("#deal-btn").click()
    # An upper bound for a loaded machine (the 5 s default ran out under a full suite).
    await expect(page.locator(".hand .card-btn")).to_have_count(13, timeout=30_000)
    seen = await page.evaluate("window.dealSeen")
    assert seen["backs"] == 0 and seen["sizes"] == [13], seen
    lift = await page.locator(".hand .card-btn").first.evaluate(
        "(card) => parseFloat(getComputedStyle(card).transitionDuration)")
    assert lift <= 0.001, lift


async def test_the_lobby_passes_axe_while_its_lists_are_still_loading(room, open_page) -> None:
    """The lobby's sections named by their headings (your games, the events, the people)
    have those headings before their lists arrive: axe found a section whose name
    pointed at a heading not drawn yet on a loaded machine."""
    page = await open_page(room)
    held: list[Route] = []
    for path in ("/api/my-games", "/api/tournaments", "/api/lobby", "/api/friends"):
        await page.route(f"**{path}", lambda route: held.append(route))  # unanswered
    await page.reload()
    await expect(page.locator(".lobby")).to_be_visible()
    found = Findings()
    await found.check(page, "lobby loading")
    assert found.lines == [], found.lines
    for route in held:
        await route.continue_()
