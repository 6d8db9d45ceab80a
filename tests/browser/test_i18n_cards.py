"""Card names, typed cards and the daily deal in the page's language, in a real Chromium:
Spanish on a phone (390x844), French on a laptop (1280x800). The card words are read
through the page's own modules (game/cards.js, game/typed_move.js); the daily deal's
lobby panel and result page are read on the page."""

from __future__ import annotations

import re

import pytest
from playwright.async_api import expect

from .conftest import BROWSER, DESKTOP, PHONE_TALL, shot

pytestmark = BROWSER

SECRET = "a-daily-secret-for-the-card-words"
PLAY = ["play QS", "play TH", "play 2C", "play BJ"]
CARDS_JS = """async ([play, pass]) => {
  const c = await import("/js/game/cards.js");
  const { typedMove } = await import("/js/game/typed_move.js");
  const move = (text, legal) => { const out = typedMove(text, legal, {AS: "R."}); return out.action || out.error; };
  return {
    names: ["QS", "AH", "TD", "JC", "LJ", "BJ"].map(c.cardName),
    the: ["QS", "AH", "8C"].map(c.theCard),
    label: c.cardLabel("AS", "R."),
    said: [c.sayAction("Ana", "play QS"), c.sayAction("?", "bid 4", true), c.sayAction("Ana", "bid nil")],
    typed: play.map(([text]) => move(text, ["play QS", "play TH", "play 2C", "play BJ"])),
    pass: move(pass, ["pass 2H QS"]),
  };
}"""

LANGUAGES = {
    "es": {
        "viewport": PHONE_TALL,
        "names": ["Dama de picas", "As de corazones", "Diez de diamantes", "Jota de tréboles",
                  "Comodín pequeño", "Comodín grande"],
        "the": ["la dama de picas", "el as de corazones", "el ocho de tréboles"],
        "label": "As de picas, no se puede jugar: r",
        "said": ["Ana juega la dama de picas", "Apuestas 4", "Ana apuesta Nil"],
        "typed": [("dama de picas", "play QS"), ("Dama de Picas", "play QS"),
                  ("la dama de picas", "play QS"), ("queen of spades", "play QS"),
                  ("10 de diamantes", "El diez de diamantes no está en tu mano."),
                  ("diez corazones", "play TH"), ("comodín grande", "play BJ"),
                  ("as de picas", "El as de picas no se puede jugar: R."),
                  ("reina", "«reina» no es una carta")],
        "pass": ("dama de picas y dos de corazones", "pass 2H QS"),
        "daily": ("Reparto del día", "−501 puntos", "No has jugado el reparto de este día."),
    },
    "fr": {
        "viewport": DESKTOP,
        "names": ["Dame de pique", "As de cœur", "Dix de carreau", "Valet de trèfle",
                  "Petit Joker", "Grand Joker"],
        "the": ["la dame de pique", "l'as de cœur", "le huit de trèfle"],
        "label": "As de pique, injouable\u00a0: r",
        "said": ["Ana joue la dame de pique", "Vous annoncez 4", "Ana annonce Nil"],
        "typed": [("dame de pique", "play QS"), ("Dame de Pique", "play QS"),
                  ("la dame de pique", "play QS"), ("queen of spades", "play QS"),
                  ("dix de cœur", "play TH"), ("10 de coeur", "play TH"),
                  ("deux de trèfle", "play 2C"), ("grand joker", "play BJ"),
                  ("roi de carreau", "Le roi de carreau n'est pas dans votre main."),
                  ("as de pique", "L'as de pique n'est pas jouable\u00a0: R.")],
        "pass": ("dame de pique et deux de cœur", "pass 2H QS"),
        "daily": ("Donne du jour", "−501 points", "Vous n'avez pas joué la donne de ce jour."),
    },
}


@pytest.mark.parametrize("lang", ["es", "fr"])
async def test_cards_and_the_daily_deal_in_the_pages_language(start_room, open_page,
                                                              lang: str) -> None:
    want = LANGUAGES[lang]
    room = await start_room(daily_secret=SECRET)
    page = await open_page(room, viewport=want["viewport"], lang=lang)
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
