"""The course's page, ``/learn/``, with its head in the reader's language
(server/web/page_head.py says which language and why).

The description and the ``<noscript>`` line are server sentences
(``shared/course/words.py``, ``room.po``); the title, skip link and bar label are the
page's own (``client/web/i18n/<lang>.json``, the words its script writes anyway).

``learn_page_routes(account_language)`` returns the routes for the app to mount before
the static files' ``Mount("/")``.
"""

from __future__ import annotations

import re

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from server.i18n.catalogues import written
from shared.course.words import PAGE_DESCRIPTION, PAGE_NOSCRIPT

from .page_head import PART, WEB, AccountLanguage, LocalizedPage, no_account, page_words

__all__ = ["LEARN_PAGE", "learn_page", "learn_page_routes"]

LEARN_PAGE = WEB / "learn" / "index.html"


def _words(lang: str) -> dict[str, str]:
    words = page_words(lang)
    return {
        "title": words["learn.title"].replace("{page}", words["learn.title.learn"]),
        "description": written(PAGE_DESCRIPTION(), lang),
        "skip": words["learn.skip"],
        "label": words["learn.nav.label"],
        "noscript": written(PAGE_NOSCRIPT(), lang),
    }


_PAGE = LocalizedPage(LEARN_PAGE, {
    **PART, "label": re.compile(r'<nav id="learn-nav" aria-label="([^"]*)">')}, _words)


def learn_page(lang: str) -> str:
    """``learn/index.html`` with its head in ``lang`` (one of LANGUAGES)."""
    return _PAGE.html(lang)


def learn_page_routes(account_language: AccountLanguage = no_account) -> list[Route]:
    """``GET /learn/`` (and ``/learn/index.html``): the course's page in the reader's
    language; ``account_language`` reads a request's account language (None: none)."""

    async def endpoint(request: Request) -> Response:
        return await _PAGE.response(request, account_language)

    return [Route("/learn/", endpoint, methods=["GET", "HEAD"]),
            Route("/learn/index.html", endpoint, methods=["GET", "HEAD"])]
