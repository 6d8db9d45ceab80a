"""The screen-reader mode's table in the page's language, played as a blind player does:
Spanish on a phone (390x844), French on a laptop (1280x800). The bid and the first
tricks are typed in the move box, the table read from Chromium's accessibility tree
(ARIA snapshots of the mode's regions) and from what the live regions said; nothing of it
is in English."""

from __future__ import annotations

import re

import pytest
from playwright.async_api import Page, expect

from .conftest import BROWSER, VIEWPORTS, language_words, shot
from .sr_reading import LISTEN_JS, heard, heard_said, wait_for

pytestmark = BROWSER

# Per language: the viewport, the regions' names, and the sentences read (patterns: a
# no-break space, as French has before ":", is read as a space).
WORDS = language_words("sr_words.json")


# The seats whose badge the felt's Last trick key lies over (their classes).
KEY_OVER_SEATS = """() => {
  const key = document.querySelector(".felt .last-trick-btn").getBoundingClientRect();
  return [...document.querySelectorAll(".felt .seat")].filter((seat) => {
    const r = seat.getBoundingClientRect();
    return r.left < key.right && key.left < r.right && r.top < key.bottom && key.top < r.bottom;
  }).map((seat) => seat.className);
}"""


async def nth_said(page: Page, start: str, n: int) -> str:
    """The ``n``-th sentence (from 0) a live region said that starts with ``start``."""
    said: list[str] = []
    for _ in range(300):
        said = [text for _, text in await heard(page) if text.startswith(start)]
        if len(said) > n:
            return said[n]
        await page.wait_for_timeout(100)
    raise AssertionError(f"never heard {start!r} {n + 1} times: {said}")


async def type_move(page: Page, text: str) -> None:
    box = page.locator("#sr-move")
    await box.fill(text)
    await box.press("Enter")


@pytest.mark.parametrize("lang", ["es", "fr"])
async def test_part_of_a_hand_in_words_in_the_pages_language(room, open_page, lang: str) -> None:
    want = WORDS[lang]
    page = await open_page(room, viewport=VIEWPORTS[want["viewport"]], screenReader=True, lang=lang)
    await page.evaluate(LISTEN_JS)
    await page.fill("#guest-name", "Sam")
    await page.keyboard.press("Enter")  # the name form plays now
    # The box is named in the page's language too.
    await expect(page.get_by_role("textbox", name=re.compile(f"^{want['move']}"))).to_be_visible(
        timeout=15_000)

    move = want["move"]
    table = await wait_for(page, lambda t: want["may_bid"] in t.get(move, ""), "the bid",
                           want["table"])
    assert re.search(want["hand_text"], table[want["hand"]]), table[want["hand"]]
    await type_move(page, "3")
    await heard_said(page, want["you_bid"])

    refused = False
    for played in range(3):
        table = await wait_for(page, lambda t: re.match(want["may_play"], t.get(move, "")),
                               "your card", want["table"])
        cards = re.match(want["may_play"], table[want["move"]]).group(1).split(", ")
        assert want["trick_no"].format(played + 1) in table[want["trick"]], table[want["trick"]]
        barred = re.search(want["not_playable"], table[want["move"]])
        if barred and not refused:
            # A card the rules forbid, typed by its name: the reason is said in the
            # page's language, and nothing is played.
            await type_move(page, barred.group("card").lower())
            await expect(page.locator("#live-now")).to_contain_text(
                re.compile(re.escape(barred.group("reason")), re.I))
            refused = True
        # The card typed by its name in the page's language ("dama de picas").
        await type_move(page, cards[0].lower())
        said = await nth_said(page, want["you_play"], played)
        assert said.lower().endswith(f"{cards[0].lower()}."), said

    last = want["last"]
    table = await wait_for(page, lambda t: re.match(want["last_text"], t.get(last, "")),
                           "the last trick", want["table"])
    assert re.search(want["bid_line"], table[want["bids"]]), table[want["bids"]]
    assert re.search(want["points"], table[want["score"]]), table[want["score"]]
    assert want["ends"] in table[want["score"]], table[want["score"]]
    assert table[want["played"]].startswith(want["played_text"]), table[want["played"]]
    # The table's Last trick key, longer in these languages, covers no seat's badge.
    covered = await page.evaluate(KEY_OVER_SEATS)
    assert not covered, covered
    text = " ".join(table.values())
    assert not [word for word in want["english"] if word in text], text

    # The keys read the regions and the clock aloud, in the same language.
    await page.locator("#sr-mode").focus()
    await page.keyboard.press("?")
    await expect(page.locator("#live p").last).to_contain_text(re.compile(want["keys"]))
    await wait_for(page, lambda t: re.match(want["may_play"], t.get(move, "")), "your card",
                   want["table"])
    await page.keyboard.press("c")
    await expect(page.locator("#live p").last).to_have_text(re.compile(want["clock"]))
    sentences = " ".join(text for _, text in await heard(page))
    assert "You play" not in sentences and "You bid" not in sentences, sentences
    await page.locator("#sr-move").focus()
    await shot(page, f"i18n-screen-reader-{lang}")
    await page.get_by_role("region", name=want["played"]).scroll_into_view_if_needed()
    await shot(page, f"i18n-screen-reader-{lang}-regions")
