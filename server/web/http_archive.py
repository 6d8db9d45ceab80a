"""The archive over HTTP: a game, its text record, a player, the caller's games.

``archive_routes(deps)`` returns the routes of docs/archive.md (mounted before the
static files)::

    GET /api/games/{id}             -> 200 the game, hand by hand (404 no_game,
                                       also for a private game to a non-player)
    GET /api/games/{id}/record.txt  -> 200 text/plain attachment: the export
    GET /api/players/{name}         -> 200 rating, history, statistics, recent games
                                       (404 no_player); a private table's game is
                                       listed only to a caller who played it, and
                                       counted in the sums only for the player
    GET /api/my-games               -> 200 {games: [...]} of the caller (guest or account)

Errors are ``{"error": {"code", "message"}}``; PostgreSQL down is 503
``archive_unavailable`` (and 503 ``no_archive`` on a node run without a database).
The caller is the signed-in account of the session cookie, else the guest of the guest
cookie, as on the room's socket.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import asyncpg
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Route

from server import refusals as R
from server.archive import queries
from server.archive.api import game_json, recent_json, stats_json
from server.errors import StoreError, sentence_of
from server.settings import Settings
from server.social.accounts import Accounts, pid_of
from server.social.ratings import Ratings
from shared.archive import format_record, replay_hands
from shared.archive.export import iso_ms
from shared.i18n import wire_parts

from .analysis_gate import AnalysisGate
from .http_social import GUEST_COOKIE, SESSION_COOKIE
from .path_keys import is_key, shown

__all__ = ["ArchiveDeps", "archive_routes"]

log = logging.getLogger(__name__)

HISTORY = 100


class Refusal(Exception):
    def __init__(self, status: int, code: str, message: str,
                 headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status, self.code = status, code
        self.headers = headers or {}


@dataclass
class ArchiveDeps:
    """What the routes use; ``pool`` None: this node has no archive database.
    ``redis`` (the room's), ``allowed_origins`` and ``analysis_gate`` serve the analysis
    routes (``http_analysis``)."""

    pool: asyncpg.Pool | None
    accounts: Accounts
    ratings: Ratings
    redis: Any = None
    allowed_origins: frozenset[str] = field(default_factory=frozenset)
    analysis_gate: AnalysisGate = field(
        default_factory=lambda: AnalysisGate.from_settings(Settings()))


def _error(status: int, code: str, message: str) -> JSONResponse:
    """The archive's JSON error: ``{"error": {"code", "message"}}``, with the sentence's
    ``key`` and ``args`` beside its English when it is in the catalogue (docs/i18n.md)."""
    error: dict[str, Any] = {"code": code, "message": str(message)}
    key, args = wire_parts(message)
    if key is not None:
        error |= {"key": key, "args": args}
    return JSONResponse({"error": error}, status)


async def _caller(request: Request, deps: ArchiveDeps) -> str | None:
    """The pid of the signed-in account, else of the guest cookie, else None."""
    account = await deps.accounts.resolve(request.cookies.get(SESSION_COOKIE))
    if account is not None:
        return account.pid
    token = request.cookies.get(GUEST_COOKIE)
    return pid_of(token) if token else None


def _pool(deps: ArchiveDeps) -> asyncpg.Pool:
    if deps.pool is None:
        raise Refusal(503, "no_archive", R.NO_ARCHIVE())
    return deps.pool


async def _game(request: Request, deps: ArchiveDeps) -> queries.GameRow:
    game_id = request.path_params["id"]
    row = None
    if is_key(game_id):
        row = await queries.load_game(_pool(deps), game_id)
    if row is not None and row.record.private:
        caller = await _caller(request, deps)
        if caller is None or caller not in {s.pid for s in row.record.seats}:
            row = None  # answered as a missing game: a stranger does not learn it exists
    if row is None:
        raise Refusal(404, "no_game", R.NO_GAME())
    return row


async def _get_game(request: Request, deps: ArchiveDeps) -> Response:
    row = await _game(request, deps)
    record = row.record
    ratings = []
    if record.kind == "ranked":
        table_id, _, number = record.id.rpartition(".")
        changes = await deps.ratings.game_changes(f"{table_id}:{number}")
        ratings = [{"seat": s.seat, "before": changes[s.pid].before,
                    "after": changes[s.pid].after}
                   for s in record.seats if s.pid is not None and s.pid in changes]
    return JSONResponse(game_json(record, ratings))


async def _get_record(request: Request, deps: ArchiveDeps) -> Response:
    row = await _game(request, deps)
    # ?dealt=1: each hand's dealt cards as comments too (the game page shows them all).
    dealt = request.query_params.get("dealt") == "1"
    text = format_record(row.record, replay_hands(row.record), dealt=dealt)
    filename = f"spades-{row.record.id}.txt".replace('"', "")
    return PlainTextResponse(text, headers={
        "Content-Disposition": f'attachment; filename="{filename}"'})


async def _get_player(request: Request, deps: ArchiveDeps) -> Response:
    name = request.path_params["name"]
    account = await deps.accounts.by_name(name) if is_key(name) else None
    if account is None:
        raise Refusal(404, "no_player", R.NO_PLAYER(name=shown(name)))
    pool = _pool(deps)
    caller = await _caller(request, deps)
    rating = await deps.ratings.rating(account.pid)
    history = await deps.ratings.history(account.pid, HISTORY)
    created = await deps.accounts.created_ms(account.name)
    # Private tables' games: listed to the players who played them, counted only in
    # the player's own view of their sums (the sums are not kept per viewer).
    sums = await queries.player_sums(pool, account.pid, private=caller == account.pid)
    head, stats = stats_json(sums)
    recent = await queries.recent_games(pool, account.pid, viewer=caller)
    return JSONResponse({
        "name": account.name,
        "created": iso_ms(created) if created is not None else None,
        "rating": rating.shown, "provisional": rating.provisional,
        "rating_history": [{"at": iso_ms(h.at_ms), "rating": h.after,
                            "game": _archive_id(h.game_id)} for h in reversed(history)],
        **head, "stats": stats, "recent": [recent_json(r) for r in recent]})


def _archive_id(rated_id: str) -> str:
    """A rated game's id (``table:game``) as the archive names it (``table.game``)."""
    table_id, _, number = rated_id.rpartition(":")
    return f"{table_id}.{number}" if table_id else rated_id


async def _my_games(request: Request, deps: ArchiveDeps) -> Response:
    caller = await _caller(request, deps)
    if caller is None:
        return JSONResponse({"games": []})
    recent = await queries.recent_games(_pool(deps), caller, viewer=caller)
    return JSONResponse({"games": [recent_json(r) for r in recent]})


Handler = Callable[[Request, ArchiveDeps], Awaitable[Response]]


def json_route(path: str, handler: Handler, deps: Callable[[], ArchiveDeps],
               methods: tuple[str, ...] = ("GET",)) -> Route:
    """A route answering ``handler``'s response, or its Refusal / StoreError as the
    archive's typed JSON error."""

    async def endpoint(request: Request) -> Response:
        try:
            return await handler(request, deps())
        except Refusal as err:
            response = _error(err.status, err.code, sentence_of(err))
            response.headers.update(err.headers)
            return response
        except StoreError as err:
            return _error(503, err.code, sentence_of(err))
        except Exception:
            log.exception("archive request failed")
            return _error(500, "internal", R.INTERNAL())

    return Route(path, endpoint, methods=list(methods))


def archive_routes(deps: Callable[[], ArchiveDeps]) -> list[Route]:
    """The routes of the module docstring; ``deps()`` gives the parts per request."""

    def route(path: str, handler: Handler) -> Route:
        return json_route(path, handler, deps)

    return [
        route("/api/games/{id}", _get_game),
        route("/api/games/{id}/record.txt", _get_record),
        route("/api/players/{name}", _get_player),
        route("/api/my-games", _my_games),
    ]
