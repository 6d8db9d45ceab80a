"""The archive's browser pages: ``/g/{id}`` (a finished game, move by move),
``/@/{name}`` (a player) and ``/e/{id}`` (a tournament). All serve one static HTML
shell, ``client/web/pages/archive.html``; its ES modules read the id or name from the
address and ask the JSON routes (``docs/archive.md``, docs/tournaments.md), which
answer 404 or 403 with a sentence the page shows. A path that cannot be a game id, an
account name or an event id is a plain 404 here.

``page_routes()`` returns Starlette routes for the app to mount before the static files'
``Mount("/")``: ``routes = [*page_routes(), ...]``.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

from starlette.requests import Request
from starlette.responses import FileResponse, PlainTextResponse, Response
from starlette.routing import Route

from .path_keys import is_key, shown

__all__ = ["SHELL", "page_routes"]

SHELL = Path(__file__).resolve().parents[2] / "client" / "web" / "pages" / "archive.html"


def _shell(what: str) -> Callable[[Request], Awaitable[Response]]:
    async def endpoint(request: Request) -> Response:
        key = request.path_params["key"]
        if not is_key(key):
            return PlainTextResponse(f"There is no {what} {shown(key)} here.", 404)
        # no-cache: the shell is tiny, and a new release's module names must be seen.
        return FileResponse(SHELL, media_type="text/html",
                            headers={"cache-control": "no-cache"})

    return endpoint


def page_routes() -> list[Route]:
    """The routes listed in the module docstring."""
    return [
        Route("/g/{key}", _shell("game"), methods=["GET", "HEAD"]),
        Route("/@/{key}", _shell("player"), methods=["GET", "HEAD"]),
        Route("/e/{key}", _shell("event"), methods=["GET", "HEAD"]),
    ]
