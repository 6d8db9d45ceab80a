"""The pages in a real Chromium: the first three lessons with the keyboard alone (one wrong
move and its explanation included), the rules page of a private table's rules, and the
phone layout. Screenshots go to tests.conftest.SHOTS, learn-*.png."""

from __future__ import annotations

import json

import pytest
from playwright.async_api import Page, expect

from shared.course import LESSON_IDS, all_scenarios
from shared.spades import RuleSet, score_hand
from tests.conftest import SHOTS

from .conftest import Pages

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1280, "height": 800}
# "Your move:" in each language (learn.lesson.your_move_label).
MOVE = {"en": "Your move", "es": "Tu jugada", "pt-BR": "Sua jogada", "fr": "À vous"}


async def focused(page: Page, js: str) -> object:
    return await page.evaluate(f"(() => {{ const el = document.activeElement; return {js}; }})()")


async def tab_to(page: Page, selector: str, limit: int = 60) -> None:
    for _ in range(limit):
        if await focused(page, f"!!el && el.matches({json.dumps(selector)})"):
            return
        await page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


async def arrow_to(page: Page, attribute: str, value: str, limit: int = 16) -> None:
    """From the first item (Home), ArrowRight until the focused one has ``value``."""
    if await focused(page, f"el && el.dataset.{attribute}") != value:
        await page.keyboard.press("Home")
    for _ in range(limit):
        if await focused(page, f"el && el.dataset.{attribute}") == value:
            return
        await page.keyboard.press("ArrowRight")
    raise AssertionError(f"the arrows never reached {value}")


async def finish_lesson(page: Page) -> None:
    await page.wait_for_selector(".lesson-end:not([hidden])")
    assert await focused(page, "el.textContent") in ("Next lesson ›", "Replay")


async def test_the_first_three_lessons_with_the_keyboard_alone(pages: Pages) -> None:
    page = await pages.open("/learn/")
    await page.wait_for_selector(".lesson-list .lesson-link")
    assert "0 of 11 lessons done" in await page.inner_text(".course-progress")
    await tab_to(page, "a.continue")
    await page.keyboard.press("Enter")

    # 1. Teams and contracts: win the trick with the Ace.
    await page.wait_for_selector(".lesson-hand .card-btn")
    assert "Lesson 1 of 11" in await page.inner_text("h1")
    await tab_to(page, ".lesson-hand .card-btn")
    await arrow_to(page, "card", "AH")
    await page.keyboard.press("Enter")
    await finish_lesson(page)
    ending = await page.inner_text(".lesson-end")
    assert "Lesson complete" in ending and "+70" in ending and "+60" in ending
    await page.keyboard.press("Enter")

    # 2. Bidding: bid 4 on the pad; Escape skips the played-out hand.
    await page.wait_for_selector(".lesson-bids .bid-num")
    assert "Lesson 2 of 11" in await page.inner_text("h1")
    await tab_to(page, ".lesson-bids .bid-num")
    await arrow_to(page, "action", "bid 4")
    await page.keyboard.press("Enter")
    await page.keyboard.press("Escape")  # skip the 52 cards of the played-out hand
    await finish_lesson(page)
    ending = await page.inner_text(".lesson-end")
    assert "Contract: 7 bid (South 4 + North 3), 8 taken: made" in ending
    await page.keyboard.press("Enter")

    # 3. Following suit: a wrong move first, explained with the engine's reason.
    await page.wait_for_selector(".lesson-hand .card-btn")
    assert "Lesson 3 of 11" in await page.inner_text("h1")
    await tab_to(page, ".lesson-hand .card-btn")
    await arrow_to(page, "card", "3S")
    label = await focused(page, "el.getAttribute('aria-label')")
    assert label == "Three of spades, not playable: you must follow clubs"
    await page.keyboard.press("Enter")
    await page.wait_for_selector(".lesson-feedback.bad")
    assert "Not allowed: You must follow clubs." in await page.inner_text(".lesson-feedback")
    SHOTS.mkdir(parents=True, exist_ok=True)
    await page.screenshot(path=str(SHOTS / "learn-lesson-desktop.png"))
    await page.keyboard.press("Escape")  # put the message away; focus back in the hand
    assert await page.inner_text(".lesson-feedback") == ""
    await arrow_to(page, "card", "5C")
    await page.keyboard.press("Enter")
    await page.wait_for_selector(".lesson-done li")
    assert "Step 2 of 2" in await page.inner_text(".lesson-step")
    await page.wait_for_function("document.activeElement.matches('.lesson-hand .card-btn')")
    await arrow_to(page, "card", "3S")
    await page.keyboard.press("Enter")
    await finish_lesson(page)
    assert "+71" in await page.inner_text(".lesson-end")

    done = await page.evaluate("JSON.parse(localStorage.getItem('spades.learn.progress')).done")
    assert set(done) == {"teams", "bidding", "following"}
    await tab_to(page, ".lesson-end a[href='#/']")
    await page.keyboard.press("Enter")
    await page.wait_for_selector(".course-progress")
    assert "3 of 11 lessons done" in await page.inner_text(".course-progress")
    assert await page.locator(".lesson-item.done").count() == 3
    assert "Continue: Breaking spades" in await page.inner_text("a.continue")


async def test_the_rules_page_shows_a_private_table_s_rules(pages: Pages) -> None:
    table = {"name": "club", "target_score": 300, "bag_limit": 5, "jokers": True,
             "nil_value": 50}
    page = await pages.open(f"/learn/?rules={json.dumps(table)}")
    await page.wait_for_selector(".variants")
    rules = RuleSet.from_dict({**RuleSet.preset("club").to_dict(), **table})
    assert "club, with house rules" in await page.inner_text("h1")
    glance = await page.inner_text(".glance")
    assert "300 points" in glance and "every 5 cost 100" in glance and "±50" in glance
    row = page.locator(".presets-table tr[data-option='target_score'] td")
    assert await row.all_inner_texts() == ["300", "500", "250", "500", "500"]
    jokers = page.locator(".variant[data-variant='jokers'] .badge")
    assert await jokers.inner_text() == "ON HERE" or await jokers.inner_text() == "On here"
    ex = score_hand(rules, (4, "nil", 3, 4), (5, 1, 4, 3), (4, 0))
    cells = page.locator(".example-table tr[data-line='hand_total'] td")
    shown = [c.replace("−", "-").replace("+", "") for c in await cells.all_inner_texts()]
    assert shown == [str(ex[0].hand_total), str(ex[1].hand_total)]
    await page.screenshot(path=str(SHOTS / "learn-rules-desktop.png"))
    # The FAQ keeps the same rules: Blind Nil for the opening bidder only (club).
    await page.click("#learn-nav a[data-page='faq']")
    await page.wait_for_selector(".faq details")
    assert "Only the player left of the dealer" in (await page.text_content(".faq") or "")


async def test_a_lesson_fits_a_phone(pages: Pages) -> None:
    page = await pages.open("/learn/#/lesson/bidding", phone=True)
    await page.wait_for_selector(".lesson-bids .bid-num")
    width = await page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= 360
    boxes = [await b.bounding_box() for b in await page.locator(".lesson-hand .card-btn").all()]
    assert len(boxes) == 13 and all(b and b["x"] >= 0 and b["x"] + b["width"] <= 360
                                    for b in boxes)
    four = page.locator(".lesson-bids .bid-num[data-action='bid 4']")
    box = await four.bounding_box()
    assert box and box["height"] >= 40 and box["x"] + box["width"] <= 360
    await page.locator(".lesson-play").scroll_into_view_if_needed()
    await page.screenshot(path=str(SHOTS / "learn-lesson-phone.png"))
    await four.tap()
    await page.locator(".lesson-actions .btn", has_text="Skip the replies").tap()
    await page.wait_for_selector(".lesson-end:not([hidden])")
    assert await page.locator(".lesson-end .score-table").is_visible()


# The first screen of a lesson (no scrolling): how far down the hand's cards and the
# "Your move" line reach, and the intro's height.
FIRST_SCREEN_JS = """() => {
  const cards = [...document.querySelectorAll('.lesson-hand .card-btn')];
  const prompt = document.querySelector('.lesson-prompt').getBoundingClientRect();
  return {scrolled: scrollY, height: innerHeight, cards: cards.length,
          cardsBottom: Math.max(...cards.map((c) => c.getBoundingClientRect().bottom)),
          cardsTop: Math.min(...cards.map((c) => c.getBoundingClientRect().top)),
          promptBottom: prompt.bottom, promptTop: prompt.top,
          rows: new Set(cards.map((c) => Math.round(c.getBoundingClientRect().top))).size,
          pad: document.querySelector('.lesson-bids:not([hidden])')?.getBoundingClientRect()};
}"""


@pytest.mark.parametrize("lang", ["en", "es", "pt-BR", "fr"])
@pytest.mark.parametrize("size", [{"width": 390, "height": 844}, DESKTOP],
                         ids=["phone", "desktop"])
@pytest.mark.parametrize("lesson", ["following", "bidding"])
async def test_a_lesson_s_cards_to_play_are_on_its_first_screen(pages: Pages, size: dict,
                                                               lesson: str, lang: str) -> None:
    """A lesson opens with its move and the cards to play it with in view: on a phone
    the intro does not push the hand below the first screen, nor does the bid pad; the
    13 cards lie in two rows, not three. In every language, whose words are longer."""
    page = await pages.open(f"/learn/#/lesson/{lesson}", phone=size is not DESKTOP, lang=lang)
    await page.set_viewport_size(size)
    await page.wait_for_selector(".lesson-hand .card-btn")
    await page.wait_for_function("document.querySelector('.lesson-prompt').textContent"
                                 f".startsWith({json.dumps(MOVE[lang])})")
    seen = await page.evaluate(FIRST_SCREEN_JS)
    assert seen["scrolled"] == 0 and seen["cards"] >= 1, seen
    assert seen["cardsTop"] >= 0 and seen["cardsBottom"] <= seen["height"], seen
    assert seen["promptTop"] >= 0 and seen["promptBottom"] <= seen["height"], seen
    assert seen["rows"] <= 2, seen
    if lesson == "bidding":  # the pad to bid with too
        pad = seen["pad"]
        assert pad and pad["top"] >= 0 and pad["bottom"] <= seen["height"], seen
    # The intro is still there, a tap away.
    intro = page.locator(".lesson-intro summary")
    await expect(intro).to_be_visible()


async def _press(page: Page, action: str) -> None:
    if action.startswith("play "):
        await page.click(f".lesson-hand .card-btn[data-card='{action[5:]}']")
    else:
        await page.click(f".lesson-bids .bid-num[data-action='{action}']")


async def test_every_scenario_can_be_played_to_its_score_lines(pages: Pages) -> None:
    page = await pages.open("/learn/")
    for s in all_scenarios():
        await page.evaluate(f"location.hash = '#/lesson/{s.id}'")
        title = json.dumps(s.title)
        await page.wait_for_selector(f".lesson[data-busy='false'] h1:has-text({title})")
        for action in (a for step in s.steps for a in step.answer):
            await _press(page, action)
            await page.keyboard.press("Escape")  # skip the replies
            await page.wait_for_selector(".lesson[data-busy='false']")
            assert await page.inner_text(".lesson-feedback") == "", action
        await page.wait_for_selector(".lesson-end:not([hidden])")
        assert s.expected is not None
        us = s.expected[s.team]
        if "total" in us:
            assert f"Running total: {us['total']}." in await page.inner_text(".lesson-end")
    done = await page.evaluate("JSON.parse(localStorage.getItem('spades.learn.progress')).done")
    assert set(done) == set(LESSON_IDS)  # practice positions are not course progress


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
async def test_a_lesson_in_the_screen_reader_mode_by_typed_moves(pages: Pages, phone: bool) -> None:
    """Following suit, as a blind learner: the switch by Tab and Space, the position read
    from the accessibility tree, a card the rules forbid refused aloud with the reason,
    the right ones typed, each reply and the end said once each."""
    from tests.browser.sr_reading import LISTEN_JS, heard, heard_said, regions

    page = await pages.open("/learn/#/lesson/following", phone=phone)
    await page.wait_for_selector(".lesson-hand .card-btn")
    await page.evaluate(LISTEN_JS)
    await tab_to(page, "#sr-mode")
    await page.keyboard.press("Space")
    await heard_said(page, "Screen-reader mode on")
    words = page.get_by_role("region", name="The position in words")
    table = regions(await words.aria_snapshot())
    assert table["Your hand"].endswith("cards in all."), table
    assert "of clubs" in table["Trick"] and "is winning" in table["Trick"], table
    assert "South, you: bid" in table["Bids and tricks"], table
    assert "North, partner: bid" in table["Bids and tricks"], table
    assert table["Your move"].startswith("You may play: Five of clubs, King of clubs. Not "
                                         "playable, you must follow clubs: "), table
    SHOTS.mkdir(parents=True, exist_ok=True)
    size = "phone" if phone else "desktop"
    await page.screenshot(path=str(SHOTS / f"learn-screen-reader-{size}.png"))
    await tab_to(page, "#sr-move")
    await page.keyboard.type("3s")
    await page.keyboard.press("Enter")
    await expect(page.locator("#live-now")).to_contain_text("must follow clubs")
    await page.keyboard.press("Control+A")
    await page.keyboard.type("five of clubs")
    await page.keyboard.press("Enter")
    # The step is done: what it taught and the next one are said.
    await expect(page.locator("#live")).to_contain_text("Next: North led the 7♥")
    await expect(page.locator("#sr-move")).to_be_focused()  # the box is ready for the next
    await page.keyboard.type("3 s")
    await page.keyboard.press("Enter")
    await heard_said(page, "Lesson complete. The score lines are shown.")
    said = [text for region, text in await heard(page) if region == "live"]
    # One sentence per announcement: the course's region once read all it kept again.
    assert all(text.count(". ") <= 3 for text in said), said
    assert len(said) == len(set(said)), said
