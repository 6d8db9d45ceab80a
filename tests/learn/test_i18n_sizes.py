"""The rules page and a lesson in the languages and sizes test_i18n_rules_course.py does not
open them in (Spanish at 1280x800, French on a 390x844 phone, Brazilian Portuguese at
both), and in the pseudo-locale (every string 40% longer) at both: the document says its
language, no text is clipped, off screen or overlapping (the bounding boxes of
tests/browser/text_layout.js), the page does not scroll sideways, no English heading or
label is left, and the lesson is played through the page (a refused card, then the move
the step asks for)."""

from __future__ import annotations

import pytest
from playwright.async_api import Page

from tests.browser.play import NO_SIDEWAYS_SCROLL
from tests.browser.test_i18n import LAYOUT_JS
from tests.conftest import SHOTS

from .conftest import Pages
from .test_i18n_rules_course import (
    DESKTOP,
    LESSON_ENGLISH,
    PHONE,
    RULES_ENGLISH,
    english_left,
)

pytestmark = pytest.mark.browser

SIZES = {"desktop": DESKTOP, "phone": PHONE}
CASES = [("es", "desktop"), ("fr", "phone"), ("pt-BR", "desktop"), ("pt-BR", "phone"),
         ("en-XA", "desktop"), ("en-XA", "phone")]
IDS = [f"{lang}-{size}" for lang, size in CASES]


async def readable(page: Page, lang: str, name: str) -> None:
    """The page in ``lang``, every text whole. A table that scrolls on purpose (the
    presets side by side, a region of its own) is not a clipped text."""
    assert await page.evaluate("document.documentElement.lang") == lang
    assert await page.evaluate(NO_SIDEWAYS_SCROLL), f"{name}: the page scrolls sideways"
    problems = [p for root in ("main", ".learn-bar") for p in await page.evaluate(LAYOUT_JS, root)
                if "div.table-scroll" not in p]
    assert problems == [], f"{name}: {problems}"
    SHOTS.mkdir(parents=True, exist_ok=True)
    await page.screenshot(path=str(SHOTS / f"{name}.png"))


async def opened(pages: Pages, path: str, lang: str, size: str, ready: str) -> Page:
    """``path`` in ``lang`` at ``size``, once ``ready`` is shown."""
    page = await pages.open(path, size == "phone", lang=lang, size=SIZES[size])
    await page.wait_for_selector(ready)
    return page


@pytest.mark.parametrize(("lang", "size"), CASES, ids=IDS)
async def test_the_rules_page_reads_whole(pages: Pages, lang: str, size: str) -> None:
    page = await opened(pages, "/learn/?preset=quick#/rules", lang, size, "#rules-variants")
    await page.wait_for_selector(".rules-page h1:not(:empty)")
    await readable(page, lang, f"learn-i18n-rules-{lang}-{size}")
    if lang != "en-XA":
        assert english_left(await page.inner_text("main"), RULES_ENGLISH) == []


@pytest.mark.parametrize(("lang", "size"), CASES, ids=IDS)
async def test_a_lesson_reads_whole_and_is_played(pages: Pages, lang: str, size: str) -> None:
    page = await opened(pages, "/learn/#/lesson/following", lang, size, ".lesson-hand .card-btn")
    await readable(page, lang, f"learn-i18n-lesson-{lang}-{size}")
    # The move and the cards to play it with on the first screen in a shipped language;
    # the pseudo-locale's 40% longer labels push the hand below it on a phone (the lesson
    # scrolls to it), so there it only has to be whole across.
    box = await page.locator('.lesson-hand .card-btn[data-card="5C"]').bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= SIZES[size]["width"]
    if lang != "en-XA":
        assert box["y"] + box["height"] <= SIZES[size]["height"], box
    step = await page.inner_text(".lesson-step")
    await page.click('.lesson-hand .card-btn[data-card="3S"]')  # not following suit
    await page.wait_for_selector(".lesson-feedback.bad")
    await page.click('.lesson-hand .card-btn[data-card="5C"]')
    await page.wait_for_function("(step) => document.querySelector('.lesson-step')"
                                 ".textContent !== step", arg=step)
    await page.wait_for_selector(".lesson-done")
    await readable(page, lang, f"learn-i18n-lesson-done-{lang}-{size}")
    if lang != "en-XA":
        assert english_left(await page.inner_text(".lesson"), LESSON_ENGLISH) == []
