"""The server's catalogue for a page: ``GET /api/i18n/{lang}``.

The page renders what the server says (an ``err``'s ``key`` and ``args``) in its
reader's language with this catalogue, merged with its own labels
(``client/web/i18n/<lang>.json``, docs/i18n.md). ``lang`` is a shipped language, or
``auto``: the signed-in account's language, else the one the request's
``Accept-Language`` prefers, else English.

``i18n_routes(account_language)`` returns the route for the app to mount before the
static files; ``account_language`` reads a request's account language (None: none).
"""

from __future__ import annotations

import json
from functools import cache

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from server.i18n import LANGUAGES, catalogue

from .http_encoding import Versioned, versioned_response
from .page_head import AccountLanguage, no_account, reader_language

__all__ = ["i18n_routes"]


async def _catalogue(request: Request, account_language: AccountLanguage) -> Response:
    lang = request.path_params["lang"]
    if lang == "auto":
        lang = await reader_language(request, account_language)
    if lang not in LANGUAGES:
        return JSONResponse({"error": "no_language", "message": (
            f"This room speaks {', '.join(LANGUAGES)}; not that language.")}, 404)
    return versioned_response(request, _answer(lang), key=f"i18n:{lang}",
                              media_type="application/json",
                              headers={"vary": "accept-language, cookie"})


@cache
def _answer(lang: str) -> Versioned:
    """The catalogue's answer in ``lang``: JSON's bytes (as ``JSONResponse`` writes
    them) and their ETag, made once a language."""
    return Versioned.of(json.dumps(
        {"lang": lang, "languages": list(LANGUAGES), "messages": catalogue(lang)},
        ensure_ascii=False, allow_nan=False, indent=None, separators=(",", ":")).encode("utf-8"))


def i18n_routes(account_language: AccountLanguage = no_account) -> list[Route]:
    """The route listed in the module docstring."""

    async def endpoint(request: Request) -> Response:
        return await _catalogue(request, account_language)

    return [Route("/api/i18n/{lang}", endpoint, methods=["GET", "HEAD"])]
