"""The analysis of an archived game over HTTP (issue 19; docs/archive.md)::

    GET  /api/games/{id}/analysis  -> 200 {game, you, analyses: [{seat, status, ...}]}
    POST /api/games/{id}/analysis  -> 202 queued (with ``ahead``) / 200 done or failed:
                                      the caller's seat
                                      (403 not_a_player, 429 rate_limited,
                                      503 analysis_busy, 403 bad_origin)

Both answer the archive's 404 ``no_game`` (a private game to a non-player too) as the
game's route does. An archived game shows every hand face up, so every seat's analysis is shown to
whoever may see the game; only a player of the game may ask for one (their own seat).
A new request counts against the limit the socket's ``analyse`` shares
(``analysis_gate``: per player and per address an hour) and is refused while the
backlog of requests is full. The work is done by the analysis workers
(``python -m server.analysis``), whose results are kept in PostgreSQL with the game.
"""

from __future__ import annotations

from collections.abc import Callable

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from server import refusals as R
from server.analysis.archived import PostgresResults, request_archived
from server.analysis.store import AnalysisBusy, with_place
from server.errors import OWN_PAGE, sentence_of
from server.social.errors import RateLimited
from shared.archive import GameRecord

from .http_archive import ArchiveDeps, Refusal, _caller, _game, _pool, json_route
from .http_social import origin_allowed

__all__ = ["analysis_routes"]


def _you(record: GameRecord, caller: str | None) -> int | None:
    """The caller's seat in the game, or None."""
    return next((s.seat for s in record.seats if caller is not None and s.pid == caller),
                None)


async def _get(request: Request, deps: ArchiveDeps) -> Response:
    row = await _game(request, deps)
    record = row.record
    caller = await _caller(request, deps)
    you = _you(record, caller)
    analyses = await PostgresResults(_pool(deps)).all_seats(record.id)
    if deps.redis is not None:
        analyses = [await with_place(deps.redis, one) for one in analyses]
    return JSONResponse({"game": record.id, "you": you, "analyses": analyses})


async def _ask(request: Request, deps: ArchiveDeps) -> Response:
    if not origin_allowed(request.headers, request.url.scheme, deps.allowed_origins):
        raise Refusal(403, "bad_origin", OWN_PAGE())
    row = await _game(request, deps)
    record = row.record
    caller = await _caller(request, deps)
    you = _you(record, caller)
    if you is None:
        raise Refusal(403, "not_a_player", R.ANALYSIS_NOT_A_PLAYER())
    if deps.redis is None:
        raise Refusal(503, "no_archive", R.NO_ANALYSIS())
    assert caller is not None
    gate = deps.analysis_gate
    address = request.client.host if request.client else ""
    # Only a new request counts (a waiting one is resent at most hourly, when its
    # marker has gone stale); request_archived calls admit for it.
    try:
        known, _ = await request_archived(deps.redis, PostgresResults(_pool(deps)),
                                          record.id, you,
                                          gate.admit(deps.redis, caller, address),
                                          gate.backlog)
    except RateLimited as err:
        raise Refusal(429, err.code, sentence_of(err),
                      {"Retry-After": str(err.retry_after_s)}) from None
    except AnalysisBusy as err:
        raise Refusal(err.status, err.code, sentence_of(err),
                      {"Retry-After": str(err.retry_after_s)}) from None
    known = await with_place(deps.redis, known)
    return JSONResponse(known, 202 if known["status"] == "queued" else 200)


def analysis_routes(deps: Callable[[], ArchiveDeps]) -> list[Route]:
    """The routes of the module docstring; ``deps()`` gives the parts per request."""
    return [json_route("/api/games/{id}/analysis", _get, deps),
            json_route("/api/games/{id}/analysis", _ask, deps, ("POST",))]
