"""The server's catalogue for a page: ``GET /api/i18n/{lang}``.

The page renders what the server says (an ``err``'s ``key`` and ``args``) in its
reader's language with this catalogue, merged with its own labels
(``client/web/i18n/<lang>.json``, docs/i18n.md). ``lang`` is a shipped language, or
``auto``: the one the request's ``Accept-Language`` prefers, else English.

``i18n_routes()`` returns the route for the app to mount before the static files.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from server.i18n import LANGUAGES, catalogue, negotiate

__all__ = ["i18n_routes"]


async def _catalogue(request: Request) -> Response:
    lang = request.path_params["lang"]
    if lang == "auto":
        lang = negotiate(request.headers.get("accept-language", ""))
    if lang not in LANGUAGES:
        return JSONResponse({"error": "no_language", "message": (
            f"This room speaks {', '.join(LANGUAGES)}; not that language.")}, 404)
    return JSONResponse({"lang": lang, "languages": list(LANGUAGES),
                         "messages": catalogue(lang)},
                        headers={"cache-control": "no-cache", "vary": "accept-language"})


def i18n_routes() -> list[Route]:
    """The route listed in the module docstring."""
    return [Route("/api/i18n/{lang}", _catalogue, methods=["GET", "HEAD"])]
