"""Times and dates in the reader's locale: the browser's own tag when it speaks the
page's language (an English page in a British browser writes 14:05, in an American one
02:05 PM), else the page's language (a French page in an American browser writes
14:05 and "déc."). Read through the page's own modules, in a real Chromium."""

from __future__ import annotations

import pytest

from .conftest import BROWSER

pytestmark = BROWSER

STAMP = "until 2026-12-02 14:05 UTC"
READ = """async ([stamp, lang]) => {
  const i18n = await import('/js/i18n.js');
  const times = await import('/js/net/local_times.js');
  if (lang) await i18n.loadLanguage(lang);
  return [i18n.locale(), times.localTimes(stamp), i18n.formatNumber(-1234.5)];
}"""


@pytest.mark.parametrize(("browser_locale", "page_lang", "expected"), [
    ("en-US", "", ("en-US", "until Dec 2, 02:05 PM", "\u22121,234.5")),
    ("en-GB", "", ("en-GB", "until 2 Dec, 14:05", "\u22121,234.5")),
    ("en-US", "fr", ("fr", "until 2 déc., 14:05", "\u22121\u202f234,5")),
    ("pt-PT", "pt-BR", ("pt-BR", "until 2 de dez., 14:05", "\u22121.234,5")),
])
async def test_a_moment_is_written_in_the_readers_locale(
        room, browser, browser_locale: str, page_lang: str,
        expected: tuple[str, str, str]) -> None:
    context = await browser.new_context(locale=browser_locale, timezone_id="UTC")
    try:
        page = await context.new_page()
        await page.goto(room.http)
        await page.wait_for_function("window.spadesApp && window.spadesApp.room.state === 'open'")
        got = await page.evaluate(READ, [STAMP, page_lang])
        assert tuple(got) == expected
    finally:
        await context.close()
