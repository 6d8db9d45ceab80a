"""The Tip at a bid in the page's language, in a real Chromium: Spanish on a phone
(390x844), French on a laptop (1280x800). The server sends the Tip's reason as
catalogue ids (a list of parts, ``tip.*``); the page says each part and the list in its
language, and writes the draw's tricks as numbers of its locale."""

from __future__ import annotations

import re

import pytest
from playwright.async_api import expect

from .conftest import BROWSER, DESKTOP, PHONE_TALL, shot
from .play import deal_if_asked, play_until

pytestmark = BROWSER

# A Tip's list of parts and a draw's Hint, said by the page's own adviceWhy, and an
# analysis mark's reason by reasonSentence.
SAID_JS = """async () => {
  const { adviceWhy } = await import("/js/ui/practice.js");
  const { reasonSentence } = await import("/js/game/review_marks.js");
  const list = ["tip.list", { first: ["tip.sure", { count: 2, cards: "♠A ♠K" }],
    rest: ["tip.list", { first: ["tip.void_trump", { suit: "C" }],
      rest: ["tip.long_tricks", { count: 3, spades: 6, long: ["tip.count_3", {}] }] }] }];
  return {
    list: adviceWhy({ why: "English", key: list[0], args: list[1] }),
    draw: adviceWhy({ why: "English", key: "advice.draw_keep",
      args: { card: "♠Q", adds: 0.7, mean: 0.4 } }),
    mark: reasonSentence({ reason: "English", reason_key: "advice.mark_cover", reason_args: {
      best: "♥A", often: ["advice.mark_tenths", { count: 8 }], mine: "♥4",
      then: ["advice.mark_never", {}], worth: ["advice.mark_worth",
        { points: ["advice.mark_points", { count: 40 }], mine: "♥4" }] } }),
  };
}"""

WANT = {
    "es": {"viewport": PHONE_TALL, "tip": "Consejo: ", "label": "Consejo: la apuesta sugerida",
           "list": "♠A ♠K ganan seguro, sin tréboles, puedes fallar, 6 picas: tres bazas "
                   "de largo",
           "draw": "quédate ♠Q: suma 0,7 bazas a tu apuesta (una carta sin ver, 0,4 de media)",
           "mark": "♥A habría cubierto el Nil de tu compañero: con ella el Nil se cumple "
                   "cerca de 8 veces de cada 10, tras tu ♥4 casi nunca. Vale cerca de 40 "
                   "puntos más que ♥4, de media."},
    "fr": {"viewport": DESKTOP, "tip": "Conseil\u00a0: ",
           "label": "Conseil\u00a0: l'annonce suggérée",
           "list": "♠A ♠K maîtresses, chicane à trèfle, vous pouvez couper, 6 piques\u00a0: "
                   "trois plis de longueur",
           "draw": "gardez ♠Q\u00a0: elle ajoute 0,7 à votre compte de plis (une carte "
                   "inconnue\u00a0: 0,4 en moyenne)",
           "mark": "♥A aurait couvert le Nil de votre partenaire\u00a0: avec elle le Nil "
                   "tient environ 8 fois sur 10, après votre ♥4 presque jamais. Cela vaut "
                   "environ 40 points de plus que ♥4, en moyenne."},
}
# Words of the Tip's English reasons that no translation uses.
ENGLISH = r"\b(sure|winners?|likely|void|trump|spades|long|tricks?|watch|duck|see|your|only)\b"


@pytest.mark.parametrize("lang", ["es", "fr"])
async def test_the_tip_at_a_bid_in_the_pages_language(room, open_page, lang: str) -> None:
    want = WANT[lang]
    page = await open_page(room, viewport=want["viewport"], lang=lang)
    said = await page.evaluate(SAID_JS)
    assert said == {name: want[name] for name in ("list", "draw", "mark")}

    await page.fill("#guest-name", "Tia")
    await page.locator("#start-practice").click()
    await page.wait_for_function("window.spadesApp.state.kind === 'practice'")
    await deal_if_asked(page)
    await play_until(page, lambda s: s["myTurn"] and s["phase"] == "bidding")
    await page.get_by_role("button", name=want["label"]).click()
    line = page.locator(".tip-line")
    await expect(line).to_contain_text(" — ")
    text = await line.text_content() or ""
    assert text.startswith(want["tip"]), text
    reason = text.split(" — ", 1)[1]
    assert reason and not re.search(ENGLISH, reason), reason
    await shot(page, f"i18n-tip-{lang}")
