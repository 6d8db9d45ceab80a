"""The room's HTML pages, each with its head in the reader's language
(server/web/page_head.py): the room itself, ``/`` (``client/web/index.html``), and the
archive's pages: ``/g/{id}`` (a finished game, move by move), ``/@/{name}`` (a player)
and ``/e/{id}`` (a tournament). These serve one HTML shell,
``client/web/pages/archive.html``; its ES modules read the id or name from the address
and ask the JSON routes (``docs/archive.md``, docs/tournaments.md), which answer 404 or
403 with a sentence the page shows. A path that cannot be a game id, an account name or
an event id is a plain 404 here.

``page_routes(account_language)`` returns Starlette routes for the app to mount before
the static files' ``Mount("/")``: ``routes = [*page_routes(...), ...]``.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable

from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Route

from .page_head import PART, WEB, AccountLanguage, LocalizedPage, no_account, page_words
from .path_keys import is_key, shown

__all__ = ["ROOM", "SHELL", "page_routes"]

ROOM = WEB / "index.html"
SHELL = WEB / "pages" / "archive.html"


# Each page's parts by the page catalogue's keys (server/i18n/audit.py reads the keys here).
_ROOM_KEYS = {"description": "head.room.description", "skip": "head.room.skip",
              "noscript": "head.room.noscript"}
_SHELL_KEYS = {"description": "head.archive.description", "skip": "head.archive.skip",
               "noscript": "head.archive.noscript", "loading": "archive.loading"}


def _words(keys: dict[str, str]) -> Callable[[str], dict[str, str]]:
    def words(lang: str) -> dict[str, str]:
        said = page_words(lang)
        return {part: said[key] for part, key in keys.items()}

    return words


_HEAD = {name: PART[name] for name in ("lang", "description", "skip", "noscript")}
_ROOM = LocalizedPage(ROOM, _HEAD, _words(_ROOM_KEYS))
_LOADING = re.compile(r'<p class="muted loading">([^<]*)</p>')
_SHELL = LocalizedPage(SHELL, {**_HEAD, "loading": _LOADING}, _words(_SHELL_KEYS))


def _shell(what: str,
           account_language: AccountLanguage) -> Callable[[Request], Awaitable[Response]]:
    async def endpoint(request: Request) -> Response:
        key = request.path_params["key"]
        if not is_key(key):
            return PlainTextResponse(f"There is no {what} {shown(key)} here.", 404)
        return await _SHELL.response(request, account_language)

    return endpoint


def page_routes(account_language: AccountLanguage = no_account) -> list[Route]:
    """The routes listed in the module docstring; ``account_language`` reads a request's
    account language (None: none)."""

    async def room(request: Request) -> Response:
        return await _ROOM.response(request, account_language)

    return [
        Route("/", room, methods=["GET", "HEAD"]),
        Route("/index.html", room, methods=["GET", "HEAD"]),
        Route("/g/{key}", _shell("game", account_language), methods=["GET", "HEAD"]),
        Route("/@/{key}", _shell("player", account_language), methods=["GET", "HEAD"]),
        Route("/e/{key}", _shell("event", account_language), methods=["GET", "HEAD"]),
    ]
