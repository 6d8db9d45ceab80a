"""The daily deal over HTTP (docs/protocol.md, "The daily deal")::

    GET /api/daily                 -> 200 today: its commitments (never its seeds)
    GET /api/daily/{day}           -> 200 a day: commitments, and seeds once closed; its
                                      par only to who has finished it while it is open
                                      (404 no_day: not a day, or one not yet open)
    GET /api/daily/{day}/me        -> 200 the caller's result against the field and par
                                      (404 no_try; {"finished": false, ...} mid-way)
    GET /api/daily/{day}/board     -> 200 the accounts' totals, best first (their hands
                                      only to who has finished it while it is open)

Errors are ``{"error": {"code", "message"}}``; 503 ``no_archive`` on a node without a
database, 503 ``archive_unavailable`` when PostgreSQL is down. The caller is the
signed-in account of the session cookie, else the guest of the guest cookie.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from server import refusals as R
from server.daily.service import DailyService, today, valid_day
from server.errors import StoreError, sentence_of
from server.social.accounts import Accounts, pid_of

from .http_archive import _error
from .http_social import GUEST_COOKIE, SESSION_COOKIE

__all__ = ["DailyDeps", "daily_routes"]


@dataclass
class DailyDeps:
    daily: DailyService | None
    accounts: Accounts


class _Refused(Exception):
    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status, self.code = status, code


def _service(deps: DailyDeps) -> DailyService:
    if deps.daily is None:
        raise _Refused(503, "no_archive", R.DAILY_NO_DATABASE())
    return deps.daily


def _day(request: Request) -> str:
    day = str(request.path_params.get("day", today()))
    if not valid_day(day) or day > today():
        raise _Refused(404, "no_day", R.NO_DAY(day=repr(day[:12])))
    return day


Handler = Callable[[Request, DailyDeps], Awaitable[dict[str, Any]]]


def daily_routes(get_deps: Callable[[], DailyDeps]) -> list[Route]:
    def route(path: str, handler: Handler) -> Route:
        async def endpoint(request: Request) -> JSONResponse:
            try:
                return JSONResponse(await handler(request, get_deps()))
            except _Refused as err:
                return _error(err.status, err.code, sentence_of(err))
            except StoreError as err:
                return _error(503, err.code, sentence_of(err))
        return Route(path, endpoint)

    return [route("/api/daily", _public), route("/api/daily/{day}", _public),
            route("/api/daily/{day}/me", _mine), route("/api/daily/{day}/board", _board)]


async def _caller(request: Request, deps: DailyDeps) -> str | None:
    """The caller's pid: the session's account, else the guest cookie's, else None."""
    account = await deps.accounts.resolve(request.cookies.get(SESSION_COOKIE))
    token = request.cookies.get(GUEST_COOKIE)
    return account.pid if account is not None else (pid_of(token) if token else None)


async def _public(request: Request, deps: DailyDeps) -> dict[str, Any]:
    daily, day = _service(deps), _day(request)
    await daily.close(day)
    see = await daily.may_see_field(day, await _caller(request, deps))
    return await daily.public(day, see_field=see)


async def _mine(request: Request, deps: DailyDeps) -> dict[str, Any]:
    daily, day = _service(deps), _day(request)
    await daily.close(day)
    pid = await _caller(request, deps)
    mine = None if pid is None else await daily.store.get_try(day, pid)
    if mine is None:
        raise _Refused(404, "no_try", R.NO_TRY())
    if not mine.finished:
        return {"day": day, "finished": False, "hand": mine.hand + 1,
                "points": list(mine.points), "abandoned": list(mine.abandoned)}
    return {"finished": True, **await daily.result(day, mine)}


async def _board(request: Request, deps: DailyDeps) -> dict[str, Any]:
    daily, day = _service(deps), _day(request)
    await daily.close(day)
    see = await daily.may_see_field(day, await _caller(request, deps))
    return await daily.board(day, see_field=see)
