"""The course's page, ``/learn/``, with its head in the reader's language.

The page's script draws every word in the page's language, but what a reader sees
before it runs (or without it) and what a search engine lists is the HTML itself: its
``lang``, title, description, the ``<noscript>`` line, the skip link and the bar's
label. This route serves ``client/web/learn/index.html`` with those written in the
language of ``?lang=`` (a shipped language), else the signed-in account's, else the one
``Accept-Language`` prefers, else English, the order ``GET /api/i18n/auto`` follows.
The description and the ``<noscript>`` line are server sentences
(``shared/course/words.py``, ``room.po``); the title, skip link and label are the
page's own (``client/web/i18n/<lang>.json``, the words its script writes anyway).

``learn_page_routes(account_language)`` returns the routes for the app to mount before
the static files' ``Mount("/")``.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Awaitable, Callable
from functools import cache
from pathlib import Path

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Route

from server.i18n.catalogues import LANGUAGES, negotiate, written
from shared.course.words import PAGE_DESCRIPTION, PAGE_NOSCRIPT

__all__ = ["LEARN_PAGE", "learn_page", "learn_page_routes", "page_language"]

WEB = Path(__file__).resolve().parents[2] / "client" / "web"
LEARN_PAGE = WEB / "learn" / "index.html"

AccountLanguage = Callable[[Request], Awaitable[str | None]]

# Each part of the head the route writes: the pattern that finds its English in
# index.html (group 1 is replaced) and what it becomes.
_PARTS = {
    "lang": re.compile(r'<html lang="([^"]*)">'),
    "title": re.compile(r"<title>([^<]*)</title>"),
    "description": re.compile(r'<meta name="description" content="([^"]*)">'),
    "skip": re.compile(r'<a class="skip-link" href="#screen">([^<]*)</a>'),
    "label": re.compile(r'<nav id="learn-nav" aria-label="([^"]*)">'),
    "noscript": re.compile(r'<p class="noscript">([^<]*)</p>'),
}


async def _no_account(request: Request) -> str | None:
    return None


async def page_language(request: Request, account_language: AccountLanguage) -> str:
    """The language ``request`` reads the course in (module docstring)."""
    asked = request.query_params.get("lang", "")
    if asked in LANGUAGES:
        return asked
    return await account_language(request) or negotiate(request.headers.get("accept-language", ""))


@cache
def _template() -> str:
    text = LEARN_PAGE.read_text(encoding="utf-8")
    lost = [name for name, found in _PARTS.items() if not found.search(text)]
    if lost:  # index.html changed shape: fail loudly rather than serve the English
        raise RuntimeError(f"learn/index.html has no {', '.join(lost)} where learn_page.py "
                           "looks for it")
    return text


@cache
def _page_words(lang: str) -> dict[str, str]:
    english: dict[str, str] = json.loads((WEB / "i18n" / "en.json").read_text(encoding="utf-8"))
    own: dict[str, str] = json.loads((WEB / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
    return {**english, **own}


@cache
def learn_page(lang: str) -> str:
    """``learn/index.html`` with its head in ``lang`` (one of LANGUAGES)."""
    words = _page_words(lang)
    said = {
        "lang": lang,
        "title": words["learn.title"].replace("{page}", words["learn.title.learn"]),
        "description": written(PAGE_DESCRIPTION(), lang),
        "skip": words["learn.skip"],
        "label": words["learn.nav.label"],
        "noscript": written(PAGE_NOSCRIPT(), lang),
    }
    text = _template()
    for name, found in _PARTS.items():
        match = found.search(text)
        assert match is not None  # _template() checked every part
        text = text[:match.start(1)] + html.escape(said[name], quote=True) + text[match.end(1):]
    return text


def learn_page_routes(account_language: AccountLanguage = _no_account) -> list[Route]:
    """``GET /learn/`` (and ``/learn/index.html``): the course's page in the reader's
    language; ``account_language`` reads a request's account language (None: none)."""

    async def endpoint(request: Request) -> Response:
        lang = await page_language(request, account_language)
        # no-cache: the page is small and each reader's language differs.
        return HTMLResponse(learn_page(lang), headers={
            "cache-control": "no-cache", "vary": "accept-language, cookie",
            "content-language": lang})

    return [Route("/learn/", endpoint, methods=["GET", "HEAD"]),
            Route("/learn/index.html", endpoint, methods=["GET", "HEAD"])]
