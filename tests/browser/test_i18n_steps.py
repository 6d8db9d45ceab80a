"""The two-handed draw, the Nil pass and the practice bar in the page's language, in a
real Chromium: Spanish on a phone (390x844), French on a laptop (1280x800). The draw and
pass panels are drawn by the page's own modules for a view made here (the words, the
keys' names, the counts); the practice bar is a real practice table, its Hint asked at
a bid and at a card (its reason then in the page's language too)."""

from __future__ import annotations

import re

import pytest
from playwright.async_api import expect

from .conftest import BROWSER, VIEWPORTS, language_words, shot
from .play import deal_if_asked, play_until

pytestmark = BROWSER

STEPS_JS = """async () => {
  const { DrawStep } = await import("/js/ui/draw_step.js");
  const { PassStep } = await import("/js/ui/pass_step.js");
  const { adviceText } = await import("/js/ui/practice.js");
  const draw = new DrawStep({ onAct: () => {} });
  const drawing = { phase: "drawing", hand_no: 1, hand: ["2C", "3C", "4C"],
    draw: { card: "QS", stock: 20 } };
  draw.render(drawing, true);
  const pass = new PassStep({ onPass: () => {} });
  const names = (seat) => ["Ana", "Bea", "Cleo", "Dov"][seat];
  const view = { phase: "passing", hand_no: 1, to_act: 0, legal: ["pass 2H QS"],
    bids: ["nil", 3, 4, 2], passing: { due: [{ from: 0, to: 2, count: 2 }], got: [] } };
  pass.render(view, 0, ["QS"], names);
  const lifting = pass.el.innerText;
  pass.render(view, 0, ["QS", "2H"], names);
  return {
    draw: draw.el.innerText, keep: draw.buttons[0].getAttribute("aria-label"),
    lifting, ready: pass.button.getAttribute("aria-label"),
    advice: ["look", "keep", "pass 2h qs", "play as", "bid nil"].map(adviceText),
  };
}"""

# Per language: the viewport and what the panels, the advice and the bar say.
WORDS = language_words("step_words.json")
# Words of the Hint's English reasons, none of which the translations use.
ENGLISH = r"\b(the|your|play|lead|trick|partner|win|with|low|high|under)\b"


@pytest.mark.parametrize("lang", ["es", "fr"])
async def test_the_draw_the_pass_and_the_practice_bar_in_the_pages_language(room, open_page,
                                                                             lang: str) -> None:
    want = WORDS[lang]
    page = await open_page(room, viewport=VIEWPORTS[want["viewport"]], lang=lang)
    got = await page.evaluate(STEPS_JS)
    for words in want["draw"]:
        assert words in got["draw"], got["draw"]
    assert got["keep"] == want["keep"]
    for words in want["lifting"]:
        assert words in got["lifting"].replace("\n", " "), got["lifting"]
    assert got["ready"] == want["ready"]
    assert got["advice"] == want["advice"]

    # A practice table (Easy, the lobby's first level): the bar's note, keys and Hint in
    # the page's language.
    await page.fill("#guest-name", "Tia")
    await page.locator("#start-practice").click()
    await page.wait_for_function("window.spadesApp.state.kind === 'practice'")
    await deal_if_asked(page)
    await play_until(page, lambda s: s["myTurn"] and s["phase"] in ("bidding", "playing"))
    bar = page.locator(".practice-bar")
    await expect(bar.locator(".practice-note")).to_have_text(want["note"])
    for name in want["buttons"]:
        await expect(bar.get_by_role("button", name=name)).to_be_visible()
    await bar.get_by_role("button", name=want["buttons"][0]).click()
    await expect(bar.locator(".hint-line b")).to_have_text(re.compile(want["hint"]))
    # At a card, the reason too is in the page's language (the server sends its id).
    await play_until(page, lambda s: s["myTurn"] and s["phase"] == "playing")
    await bar.get_by_role("button", name=want["buttons"][0]).click()
    line = bar.locator(".hint-line")
    await expect(line).to_have_text(re.compile(want["hint_play"]))
    reason = (await line.text_content() or "").split(" — ", 1)[1]
    assert not re.search(ENGLISH, reason), reason
    await shot(page, f"i18n-practice-{lang}")
