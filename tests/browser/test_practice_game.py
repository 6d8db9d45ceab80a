"""The practice game of the course's quick game, through the page: the quick 250 first
(the standard 500 one tap away), Easy first, Blind Nil off unless switched on for the next
game, a Deal button that deals the cards one at a time, a Hint in words; and the lobby's
Rules links showing the rules of the game beside them."""

from __future__ import annotations

import json
import re
from urllib.parse import parse_qs, urlsplit

from playwright.async_api import Page, expect

from .conftest import MOTION, PHONE_TALL
from .play import page_state, take_turn
from .positions import last_card_position
from .test_person_screen import open_position

pytestmark = MOTION

# Counts what the deal shows: each card back that flies out, each hand size drawn, and
# how many cards the hand showed when the bid pad first appeared.
WATCH_DEAL_JS = """() => {
  window.dealSeen = {backs: 0, sizes: [], padWithCards: [], hintWithCards: []};
  const pad = document.querySelector('.bid-pad');
  const hint = [...document.querySelectorAll('.practice-bar button')]
    .find((b) => b.textContent === 'Hint');
  const count = () => {
    const n = document.querySelectorAll('.hand .card-btn').length;
    const sizes = window.dealSeen.sizes;
    if (sizes[sizes.length - 1] !== n) sizes.push(n);
    const shown = window.dealSeen.padWithCards;
    if (!pad.hidden && !shown.length) shown.push(n);
    const offered = window.dealSeen.hintWithCards;
    if (!hint.disabled && !offered.length) offered.push(n);
  };
  new MutationObserver((records) => {
    for (const r of records) window.dealSeen.backs += r.addedNodes.length;
  }).observe(document.querySelector('.deal-layer'), {childList: true});
  new MutationObserver(count).observe(document.querySelector('.hand'),
                                      {childList: true, subtree: true});
  new MutationObserver(count).observe(pad, {attributes: true});
  new MutationObserver(count).observe(hint, {attributes: true});
}"""


def rules_of(href: str) -> dict:
    """The rules a /learn/ link shows: ``{"preset": name}`` or the rules it carries."""
    query = parse_qs(urlsplit(href).query)
    if "rules" in query:
        rules: dict = json.loads(query["rules"][0])
        return rules
    return {"preset": query["preset"][0]}


async def start_practice(page: Page) -> None:
    await page.locator("#start-practice").click()
    await page.wait_for_function("window.spadesApp.state.kind === 'practice'"
                                 " && window.spadesApp.state.view !== null")


async def test_practice_starts_the_quick_game_with_deal_and_hint(room, open_page) -> None:
    page = await open_page(room)
    # Play now's Rules are the quick game's, as are Practice's by default.
    assert rules_of(await page.locator("#play-now-rules").get_attribute("href") or "") \
        == {"preset": "quick"}
    panel = page.locator("form[aria-labelledby='practice-title']")
    await expect(panel.get_by_label("Quick · to 250")).to_be_checked()
    await expect(panel.get_by_label("Easy")).to_be_checked()
    await expect(panel.locator("#practice-blind-nil")).not_to_be_checked()
    assert rules_of(await panel.locator("#practice-rules").get_attribute("href") or "") \
        == {"preset": "quick"}
    await start_practice(page)
    await expect(page.locator(".title-btn")).to_contain_text("Practice · to 250 · Easy")
    # Nothing is dealt before Deal: no cards, no bid pad, no Hint; the person bids first.
    deal = page.locator("#deal-btn")
    await expect(deal).to_be_visible()
    await expect(page.locator(".hand .card-btn")).to_have_count(0)
    await expect(page.locator(".bid-pad")).to_be_hidden()
    await expect(page.locator(".practice-bar").get_by_role("button", name="Hint")).to_be_disabled()
    state = await page_state(page)
    assert state["myTurn"] and state["phase"] == "bidding" and not state["hidden"]
    assert not any("blind" in action for action in state["legal"])
    await expect(page.locator(".practice-bar").get_by_role("button", name="Undo")).to_be_disabled()
    await page.evaluate(WATCH_DEAL_JS)
    await deal.click()
    await expect(page.locator(".hand .card-btn")).to_have_count(13)
    await expect(page.locator(".bid-pad")).to_be_visible()
    await expect(deal).to_be_hidden()
    seen = await page.evaluate("window.dealSeen")
    # The pad came once the hand was whole: never beside a hand still being dealt.
    assert seen["padWithCards"] == [13], seen
    # ... and so did the Hint (it named a bid for a hand still being dealt).
    assert seen["hintWithCards"] == [13], seen
    # 52 backs flew out one at a time, and this hand grew to 13, never shrinking. (How
    # many sizes a frame sees depends on the machine: a late timer deals every card due
    # at once; the pace itself is test_deal_pace's, on Playwright's clock.)
    assert seen["backs"] == 52, seen
    assert seen["sizes"] == sorted(seen["sizes"]) and seen["sizes"][-1] == 13, seen
    # The Hint suggests the bid in words, with why (a reason may open with a number:
    # "5 spades: two long tricks").
    bar = page.locator(".practice-bar")
    await bar.get_by_role("button", name="Hint").click()
    await expect(bar.locator(".hint-line")).to_have_text(
        re.compile(r"^Hint: bid (Nil|\d+) — \S+ \S+.*[a-z]{3,}"))
    # A reload does not deal again.
    await page.reload()
    await page.wait_for_function("window.spadesApp && window.spadesApp.state.view !== null")
    await expect(page.locator(".hand .card-btn")).to_have_count(13)
    await expect(page.locator("#deal-btn")).to_be_hidden()


async def test_standard_500_and_blind_nil_are_a_tap_away_on_a_phone(room, open_page) -> None:
    page = await open_page(room, viewport=PHONE_TALL, phone=True, pace="relaxed")
    panel = page.locator("form[aria-labelledby='practice-title']")
    await panel.get_by_text("Standard · to 500").tap()
    await panel.get_by_text("Blind Nil in practice").tap()
    await expect(panel.locator("#practice-blind-nil")).to_be_checked()
    shown = rules_of(await panel.locator("#practice-rules").get_attribute("href") or "")
    assert (shown["target_score"], shown["blind_nil"], shown["blind_nil_margin"]) \
        == (500, "trailing", 100)
    for link in (panel.locator("#practice-rules"), page.locator("#play-now-rules")):
        box = await link.bounding_box()
        assert box and box["height"] >= 44, box  # a finger's height
    # Another format has no game length to choose.
    await panel.get_by_text("Three players").tap()
    await expect(panel.locator("#practice-game")).to_be_hidden()
    assert rules_of(await panel.locator("#practice-rules").get_attribute("href") or "")[
        "players"] == 3
    await panel.get_by_text("Four, in partnerships").tap()
    await expect(panel.locator("#practice-game")).to_be_visible()
    await start_practice(page)
    await expect(page.locator(".title-btn")).to_contain_text("to 500")
    rules = await page.evaluate("window.spadesApp.state.view.rules")
    assert (rules["target_score"], rules["blind_nil"]) == (500, "trailing")
    # A tap on the table beside the Deal button deals too (a finger that misses the
    # button is not lost), and a second one shows the whole hand.
    await expect(page.locator("#deal-btn")).to_be_visible()
    await page.locator(".felt").tap(position={"x": 20, "y": 20})
    await expect(page.locator("#deal-btn")).to_be_hidden()
    await page.locator(".felt").tap(position={"x": 20, "y": 20})
    await expect(page.locator(".hand .card-btn")).to_have_count(13)
    await expect(page.locator(".bid-pad")).to_be_visible()
    # The same switch is in the settings, for the next game.
    await page.get_by_role("button", name="Settings").tap()
    switch = page.locator("#settings-blind-nil")
    await expect(switch).to_be_checked()
    await switch.tap()
    assert await page.evaluate(
        "JSON.parse(localStorage.getItem('spades.settings')).practiceBlindNil") is False


async def test_blind_nil_switched_on_in_the_settings_holds_from_the_next_game(
        room, open_page) -> None:
    """At a practice game's end, New game starts a fresh one with the settings as they
    are now: Blind Nil switched on during the game is offered from the next."""
    page = await open_page(room)
    await open_position(page, "Nia", "quick", last_card_position(
        "quick", 0, dict.fromkeys(range(4), "bid 3"), lambda game: game.over,
        scores=(240, 0)))
    first = await page_state(page)
    assert (await page.evaluate("window.spadesApp.state.view.rules.blind_nil")) == "off"
    await page.get_by_role("button", name="Settings").click()
    await page.locator("#settings-blind-nil").check()
    await page.keyboard.press("Escape")
    await take_turn(page, first)
    sheet = page.locator("dialog.game-over")
    await expect(sheet).to_be_visible()
    await expect(sheet.get_by_role("button", name="Rematch")).to_have_count(0)
    await sheet.get_by_role("button", name="New game").click()
    await page.wait_for_function(f"window.spadesApp.state.table !== {json.dumps(first['table'])}"
                                 " && window.spadesApp.state.view !== null")
    rules = await page.evaluate("window.spadesApp.state.view.rules")
    assert (rules["name"], rules["blind_nil"]) == ("quick", "trailing")
    await expect(page.locator("#deal-btn")).to_be_visible()
