"""Card names, typed cards and the daily deal in the page's language, in a real Chromium:
Spanish on a phone (390x844), French on a laptop (1280x800). The card words are read
through the page's own modules (game/cards.js, game/typed_move.js); the daily deal's
lobby panel and result page are read on the page."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.async_api import expect

from .conftest import BROWSER, DESKTOP, PHONE_TALL, shot

pytestmark = BROWSER

SECRET = "a-daily-secret-for-the-card-words"
PLAY = ["play QS", "play TH", "play 2C", "play BJ"]
CARDS_JS = """async ([play, pass]) => {
  const c = await import("/js/game/cards.js");
  const { typedMove } = await import("/js/game/typed_move.js");
  const move = (text, legal) => {
    const out = typedMove(text, legal, {AS: "R."});
    return out.action || out.error;
  };
  return {
    names: ["QS", "AH", "TD", "JC", "LJ", "BJ"].map(c.cardName),
    the: ["QS", "AH", "8C"].map(c.theCard),
    label: c.cardLabel("AS", "R."),
    said: [c.sayAction("Ana", "play QS"), c.sayAction("?", "bid 4", true),
           c.sayAction("Ana", "bid nil")],
    typed: play.map(([text]) => move(text, ["play QS", "play TH", "play 2C", "play BJ"])),
    pass: move(pass, ["pass 2H QS"]),
  };
}"""

# Per language: the viewport, and what the page says (names, the card in a sentence, a
# card's label, actions said, typed text and its move or refusal's start, the daily deal).
LANGUAGES = json.loads((Path(__file__).parent / "card_words.json").read_text(encoding="utf-8"))
VIEWPORTS = {"phone": PHONE_TALL, "desktop": DESKTOP}


@pytest.mark.parametrize("lang", ["es", "fr"])
async def test_cards_and_the_daily_deal_in_the_pages_language(start_room, open_page,
                                                              lang: str) -> None:
    want = LANGUAGES[lang]
    room = await start_room(daily_secret=SECRET)
    page = await open_page(room, viewport=VIEWPORTS[want["viewport"]], lang=lang)
    got = await page.evaluate(CARDS_JS, [want["typed"], want["pass"][0]])
    assert got["names"] == want["names"]
    assert got["the"] == want["the"]
    assert got["label"] == want["label"]
    assert got["said"] == want["said"]
    wrong = [(text, expected, out) for (text, expected), out in zip(want["typed"], got["typed"],
                                                                    strict=True)
             if not out.startswith(expected)]
    assert not wrong, wrong
    assert got["pass"] == want["pass"][1]

    title, rule, not_played = want["daily"]
    panel = page.locator("#daily-panel")
    await expect(panel.locator("#daily-title")).to_have_text(title)
    await expect(panel.locator("#daily-rule")).to_contain_text(rule)
    await page.evaluate("location.hash = '#/daily'")
    await expect(page.locator("#daily-page-title")).to_have_text(re.compile(f"^{title} · "))
    await expect(page.locator("#daily-result")).to_contain_text(not_played)
    await expect(page.locator("#daily-commitments h2")).not_to_have_text("The deals' commitments")
    await shot(page, f"i18n-daily-{lang}")
