"""A game through every phase in each shipped language and the pseudo-locale, at both
sizes (1280x800 and 390x844), in a real Chromium: the lobby, the private table form's
table of two hands, its bidding, its play, the score sheet, the hand's result, the
game-over sheet and the hand review. At each step no text is clipped, off screen or
overlapping (the bounding boxes of tests/browser/text_layout.js), the page does not
scroll sideways, and (in a shipped language) no label of the page's or the server's
catalogue is left in English where the language has its own words."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.async_api import Page, expect

from server.i18n import catalogue

from .conftest import BROWSER, DESKTOP, PHONE_TALL, shot
from .play import NO_SIDEWAYS_SCROLL, page_state, play_until
from .test_i18n import layout_problems

pytestmark = BROWSER

WEB = Path(__file__).resolve().parents[2] / "client" / "web"
SIZES = {"desktop": DESKTOP, "phone": PHONE_TALL}
CASES = [(lang, size) for lang in ("es", "fr", "pt-BR", "en-XA") for size in SIZES]

# The text of every element under ``root`` a person sees (its own text, trimmed).
SHOWN_JS = """(root) => {
  const scope = document.querySelector(root) || document.body;
  const out = [];
  for (const el of scope.querySelectorAll("*")) {
    if (el.closest("[hidden], dialog:not([open]), .sr-only")) continue;
    if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
    const own = [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent)
      .join("").trim();
    if (own) out.push(own);
    for (const name of ["aria-label", "title", "placeholder"]) {
      const value = el.getAttribute(name);
      if (value) out.push(value.trim());
    }
  }
  return out;
}"""


def _forms(pattern: object) -> list[str]:
    return [str(v) for v in pattern.values()] if isinstance(pattern, dict) else [str(pattern)]


def english_only(lang: str) -> set[str]:
    """The English of every catalogue entry (the page's and the server's) the language
    says otherwise, but for a text the language uses somewhere itself ("Nil", "Club")."""
    page_en = json.loads((WEB / "i18n" / "en.json").read_text(encoding="utf-8"))
    page_own = json.loads((WEB / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
    server_en, server_own = catalogue("en"), catalogue(lang)
    english: set[str] = set()
    own: set[str] = set()
    for en, mine in ((page_en, page_own), (server_en, server_own)):
        for key, pattern in en.items():
            theirs = mine.get(key, pattern)
            own.update(_forms(theirs))
            if theirs != pattern:
                english.update(f for f in _forms(pattern) if "{" not in f)
    return {text for text in english - own if sum(c.isalpha() for c in text) >= 3}


async def check(page: Page, root: str, lang: str, english: set[str], name: str) -> None:
    """What a person sees under ``root`` reads whole and, in a shipped language, in it."""
    await page.wait_for_timeout(300)  # a panel that is still opening
    assert await page.evaluate("document.documentElement.lang") == lang
    assert await page.evaluate(NO_SIDEWAYS_SCROLL), f"{name}: the page scrolls sideways"
    problems = await layout_problems(page, root)
    assert problems == [], f"{name}: {problems}"
    if lang != "en-XA":
        left = sorted({text for text in await page.evaluate(SHOWN_JS, root) if text in english})
        assert left == [], f"{name}: English left: {left}"


@pytest.mark.timeout(600)  # two hands played card by card: about 100 s on a loaded machine
@pytest.mark.parametrize(("lang", "size"), CASES, ids=[f"{lang}-{size}" for lang, size in CASES])
async def test_a_game_through_its_phases_in_the_pages_language(room, open_page, lang: str,
                                                               size: str) -> None:
    english = english_only(lang) if lang != "en-XA" else set()
    page = await open_page(room, viewport=SIZES[size], phone=size == "phone", lang=lang)
    await check(page, ".lobby", lang, english, "lobby")
    await shot(page, f"i18n-phases-lobby-{lang}-{size}")

    # A private table of two hands: the house rules' hand limit, by the field's id.
    await page.fill("#guest-name", "Ana")
    form = page.locator("form", has=page.locator("#create-private"))
    await form.locator("summary").click()
    await form.locator("#rule-max_hands").fill("2")
    await page.click("#create-private")
    await page.wait_for_selector(".private-lobby")
    await page.click("#start-private")
    await page.wait_for_function("window.spadesApp.state.status === 'playing'")

    await play_until(page, lambda s: s["phase"] == "bidding" and s["myTurn"]
                     and not s["hidden"], timeout=120)
    await expect(page.locator(".bid-pad .bid-go")).to_be_visible()
    await check(page, ".table-screen", lang, english, "bidding")
    await shot(page, f"i18n-phases-bidding-{lang}-{size}")

    await play_until(page, lambda s: s["phase"] == "playing" and s["myTurn"]
                     and s["tricks"] >= 2, timeout=180)
    await check(page, ".table-screen", lang, english, "playing")
    await shot(page, f"i18n-phases-playing-{lang}-{size}")

    # The first hand's end: its result, the six lines for each side.
    await play_until(page, lambda s: s["history"] >= 1, timeout=240)
    result = page.locator(".result-panel")
    await expect(result).to_be_visible()
    await check(page, ".result-panel", lang, english, "hand result")
    await shot(page, f"i18n-phases-hand-end-{lang}-{size}")
    await result.locator(".result-continue").click()

    # The second hand: the score sheet from the bar (its second tool) shows the first's
    # lines, on the player's turn; then it is closed again.
    await play_until(page, lambda s: s["handNo"] == 1 and s["myTurn"] and not s["hidden"],
                     timeout=120)
    await page.locator(".table-bar nav.tools > button:nth-child(2)").click()
    sheet = page.locator("dialog[open]")
    await expect(sheet.locator("table tbody tr").first).to_be_visible()
    await check(page, "dialog[open]", lang, english, "score sheet")
    await shot(page, f"i18n-phases-score-sheet-{lang}-{size}")
    await page.keyboard.press("Escape")
    await expect(sheet).to_have_count(0)

    # The second hand ends the game: the game-over sheet, then the hand's review.
    state = await play_until(page, lambda s: bool(s["over"]), timeout=300)
    assert state["history"] == 2
    over = page.locator("dialog.game-over")
    await expect(over).to_be_visible(timeout=30_000)
    await check(page, "dialog[open]", lang, english, "game over")
    await shot(page, f"i18n-phases-game-over-{lang}-{size}")
    await over.locator("button[data-key=review]").click()
    review = page.locator("dialog[open] .review")
    await expect(review).to_be_visible()
    await expect(review.locator(".verify")).to_have_class(re.compile(r"\bok\b"), timeout=15_000)
    await page.evaluate("""() => {
      for (const el of document.querySelectorAll("dialog[open], dialog[open] *")) el.scrollTop = 0;
    }""")
    await check(page, "dialog[open]", lang, english, "review")
    await shot(page, f"i18n-phases-review-{lang}-{size}")
    assert (await page_state(page))["over"]
