"""The room's own refusals on the pages beside the table, in the reader's language on a
390x844 phone: the archive's "no such game" on a game page (Spanish) and the daily
deal's "no deal of that day yet" on the daily page (French). The server sends each with
its catalogue id; the page says it, and no English of it is left."""

from __future__ import annotations

import pytest
from playwright.async_api import expect

from .conftest import BROWSER, PHONE_TALL, shot
from .test_i18n_events import no_sideways_scroll

pytestmark = BROWSER

NBSP = "\u00a0"
CASES = {
    # lang: (address, where the refusal shows, its sentence, its English)
    "es": ("/g/nope", "#screen", "No hay ninguna partida archivada con ese id.",
           "There is no archived game with that id."),
    "fr": ("/#/daily/2999-01-01", "[role=alert]",
           "Il n'y a pas encore de donne du jour pour le '2999-01-01'.",
           "There is no daily deal of '2999-01-01' yet."),
}


@pytest.mark.parametrize("lang", list(CASES))
async def test_a_pages_refusal_is_said_in_the_readers_language(room, open_page,
                                                                lang: str) -> None:
    address, where, sentence, english = CASES[lang]
    page = await open_page(room, viewport=PHONE_TALL, lang=lang)
    await page.goto(f"{room.http}{address}")
    shown = page.locator(where).first
    await expect(shown).to_contain_text(sentence, timeout=20_000)
    assert english not in await page.locator("body").inner_text()
    assert await page.evaluate("document.documentElement.lang") == lang
    await no_sideways_scroll(page, f"the refusal in {lang}")
    await shot(page, f"i18n-refusal-{lang}-phone")
