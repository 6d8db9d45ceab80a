"""The course's page head in the reader's language (server/web/learn_page.py): its
``lang``, title, description, ``<noscript>`` line, skip link and bar label, chosen by
``?lang=``, else Accept-Language, else English (the account's language comes before
Accept-Language: tests/social/test_account_language.py), and what a Chromium without
JavaScript shows of it."""

from __future__ import annotations

import json
from html.parser import HTMLParser

import httpx
import pytest
from playwright.async_api import Browser

from server.i18n.catalogues import LANGUAGES, catalogue
from server.web.learn_page import LEARN_PAGE
from shared.course.words import PAGE_DESCRIPTION, PAGE_NOSCRIPT

from .conftest import DESKTOP, PHONE, WEB, LearnServer, Pages


class Head(HTMLParser):
    """The parts of the page the route writes, as a reader (or a search engine) gets them."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.found: dict[str, str] = {}
        self._in: str | None = None
        self.feed(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "html":
            self.found["lang"] = a["lang"]
        elif tag == "meta" and a.get("name") == "description":
            self.found["description"] = a["content"]
        elif tag == "nav" and a.get("id") == "learn-nav":
            self.found["label"] = a["aria-label"]
        elif tag == "title" or (tag == "a" and a.get("class") == "skip-link") or (
                tag == "p" and a.get("class") == "noscript"):
            self._in = {"title": "title", "a": "skip", "p": "noscript"}[tag]

    def handle_data(self, data: str) -> None:
        if self._in:
            self.found[self._in] = data
            self._in = None


def page_words(lang: str) -> dict[str, str]:
    english = json.loads((WEB / "i18n" / "en.json").read_text(encoding="utf-8"))
    return {**english, **json.loads((WEB / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))}


def expected(lang: str) -> dict[str, str]:
    words, server = page_words(lang), catalogue(lang)
    return {"lang": lang, "description": str(server["course.page.description"]),
            "noscript": str(server["course.page.noscript"]), "skip": words["learn.skip"],
            "label": words["learn.nav.label"],
            "title": words["learn.title"].replace("{page}", words["learn.title.learn"])}


async def head(http: httpx.AsyncClient, path: str = "/learn/", **headers: str) -> dict[str, str]:
    response = await http.get(path, headers=headers)
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("text/html")
    found = Head(response.text).found
    assert response.headers["content-language"] == found["lang"]
    assert "accept-language" in response.headers["vary"]
    return found


def test_the_static_english_is_the_catalogues() -> None:
    """index.html as a plain static server would send it says what the route's English
    says (the sentences' English is the code's: they cannot drift apart)."""
    static = Head(LEARN_PAGE.read_text(encoding="utf-8")).found
    assert static == expected("en")
    assert static["description"] == PAGE_DESCRIPTION() and static["noscript"] == PAGE_NOSCRIPT()


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_each_language_by_its_accept_language(http: httpx.AsyncClient, lang: str) -> None:
    accept = {"en": "en-US,en;q=0.9", "es": "es-MX,es;q=0.8", "fr": "fr-CA,fr;q=0.9",
              "pt-BR": "pt-BR,pt;q=0.9,en;q=0.5"}[lang]
    found = await head(http, **{"accept-language": accept})
    assert found == expected(lang)
    if lang != "en":  # written in the language, not left in English
        english = expected("en")
        assert all(found[k] != english[k] for k in ("description", "noscript", "skip", "title"))
    if lang == "fr":  # a no-break space before the colon
        assert "Spades\u00a0: " in found["description"]


async def test_the_address_language_comes_first_then_the_browsers_then_english(
        http: httpx.AsyncClient) -> None:
    spanish = {"accept-language": "es-ES,es;q=0.9"}
    assert (await head(http, "/learn/?lang=pt-BR", **spanish)) == expected("pt-BR")
    assert (await head(http, "/learn/index.html?lang=fr&preset=quick", **spanish)) == expected("fr")
    # A language the room does not ship, in the address or the browser: the next choice.
    assert (await head(http, "/learn/?lang=de", **spanish)) == expected("es")
    assert (await head(http, "/learn/", **{"accept-language": "de-DE,ja;q=0.5"})) == expected("en")
    assert (await head(http, "/learn/")) == expected("en")
    # The page's other files are the static ones still.
    css = await http.get("/learn/learn.css")
    assert css.status_code == 200 and css.headers["content-type"].startswith("text/css")


@pytest.mark.parametrize(("lang", "size"), [("es", PHONE), ("fr", DESKTOP)])
async def test_without_javascript_the_reader_sees_their_language(
        browser: Browser, learn_server: LearnServer, lang: str, size: dict[str, int]) -> None:
    """Chromium with JavaScript off and the reader's browser language: the page shows the
    <noscript> line in that language, and its head says it."""
    locale = {"es": "es-ES", "fr": "fr-FR"}[lang]
    context = await browser.new_context(viewport=size, java_script_enabled=False, locale=locale)
    try:
        page = await context.new_page()
        await page.goto(f"{learn_server.url}/learn/")
        want = expected(lang)
        assert await page.locator(".noscript").inner_text() == want["noscript"]
        assert await page.title() == want["title"]
        assert await page.get_attribute("html", "lang") == lang
        assert await page.get_attribute("meta[name=description]", "content") == want["description"]
        box = await page.locator(".noscript").bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= size["width"]
    finally:
        await context.close()


async def test_the_address_language_draws_the_page_in_it(pages: Pages) -> None:
    """With JavaScript, ?lang= is the page's language as well as its head's: the course
    list in French in a browser whose settings name none."""
    page = await pages.open("/learn/?lang=fr")
    await page.wait_for_function("document.documentElement.lang === 'fr'")
    heading = page.locator("section.course h1")
    await heading.wait_for()
    assert await heading.inner_text() == page_words("fr")["learn.course.heading"]
    assert await page.title() == expected("fr")["title"]
