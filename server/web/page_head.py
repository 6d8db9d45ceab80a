"""HTML pages served with their head in the reader's language.

A page's script draws every word in the page's language, but what a reader meets before
it runs (or without it), what a screen reader's first Tab stop says and what a search
engine lists is the HTML itself: its ``lang``, title, description, ``<noscript>`` line,
skip link and bar label. ``LocalizedPage`` serves a file of ``client/web`` with those
parts written in the language of ``?lang=`` (a shipped language), else the signed-in
account's, else the one ``Accept-Language`` prefers, else English (the order
``GET /api/i18n/auto`` follows). The page's parts are found in the file by patterns
(group 1 is replaced); a file that lost one fails loudly at its first request rather
than serve English.

Three pages use it: the room's (``/``: server/web/room_pages.py), the archive's shell
(``/g/``, ``/@/``, ``/e/``: server/web/http_pages.py) and the course
(``/learn/``: server/web/learn_page.py). Their words are the page catalogue's
(``client/web/i18n/<lang>.json``, keys the page's script also uses, or ``head.*`` ones
that only this module's users name) or server sentences.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from starlette.requests import Request
from starlette.responses import HTMLResponse

from server.i18n.catalogues import LANGUAGES, negotiate

__all__ = ["PART", "WEB", "AccountLanguage", "LocalizedPage", "no_account", "page_language",
           "page_words", "reader_language"]

WEB = Path(__file__).resolve().parents[2] / "client" / "web"

AccountLanguage = Callable[[Request], Awaitable[str | None]]

# The usual parts of a page's head and body start, by the markup the pages use.
PART = {
    "lang": re.compile(r'<html lang="([^"]*)">'),
    "title": re.compile(r"<title>([^<]*)</title>"),
    "description": re.compile(r'<meta name="description" content="([^"]*)">'),
    "skip": re.compile(r'<a class="skip-link" href="#screen">([^<]*)</a>'),
    "noscript": re.compile(r'<p class="noscript">([^<]*)</p>'),
}


async def no_account(request: Request) -> str | None:
    return None


async def reader_language(request: Request, account_language: AccountLanguage) -> str:
    """The signed-in account's language, else the one ``Accept-Language`` prefers, else
    English (also ``GET /api/i18n/auto``'s)."""
    return await account_language(request) or negotiate(request.headers.get("accept-language", ""))


async def page_language(request: Request, account_language: AccountLanguage) -> str:
    """The language ``request`` reads a page in: ``?lang=`` first (module docstring)."""
    asked = request.query_params.get("lang", "")
    if asked in LANGUAGES:
        return asked
    return await reader_language(request, account_language)


@cache
def page_words(lang: str) -> dict[str, str]:
    """The page catalogue of ``lang`` over the English one (a key it lacks reads English)."""
    english = json.loads((WEB / "i18n" / "en.json").read_text(encoding="utf-8"))
    own = json.loads((WEB / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
    return {**english, **own}


@dataclass
class LocalizedPage:
    """``path`` (a file of client/web) with ``parts`` (name -> pattern) written as
    ``words(lang)`` says (name -> text; ``lang`` itself is filled in)."""

    path: Path
    parts: Mapping[str, re.Pattern[str]]
    words: Callable[[str], Mapping[str, str]]
    _pages: dict[str, str] = field(default_factory=dict, repr=False)
    _template: str | None = field(default=None, repr=False)

    def template(self) -> str:
        if self._template is None:
            text = self.path.read_text(encoding="utf-8")
            lost = [name for name, found in self.parts.items() if not found.search(text)]
            if lost:  # the file changed shape: fail loudly rather than serve the English
                raise RuntimeError(f"{self.path.name} has no {', '.join(lost)} where "
                                   "page_head.py looks for it")
            self._template = text
        return self._template

    def html(self, lang: str) -> str:
        """The page in ``lang`` (one of LANGUAGES)."""
        if lang not in self._pages:
            said = {**self.words(lang), "lang": lang}
            text = self.template()
            for name, found in self.parts.items():
                match = found.search(text)
                assert match is not None  # template() checked every part
                text = (text[:match.start(1)] + html.escape(said[name], quote=True)
                        + text[match.end(1):])
            self._pages[lang] = text
        return self._pages[lang]

    async def response(self, request: Request, account_language: AccountLanguage) -> HTMLResponse:
        lang = await page_language(request, account_language)
        # no-cache: the page is small, each reader's language differs, and a new
        # release's module names must be seen.
        return HTMLResponse(self.html(lang), headers={
            "cache-control": "no-cache", "vary": "accept-language, cookie",
            "content-language": lang})
