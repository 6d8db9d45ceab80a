"""The social layer over HTTP: accounts, sessions, the leaderboard, rating histories.

``social_routes(deps)`` returns Starlette routes for the app to mount with one line
(``routes = [*social_routes(deps), ...]``, before the static files' ``Mount("/")``):

    POST /api/register   {"name", "password"}  -> 201 {"name", "pid"} + session cookie
    POST /api/signin     {"name", "password"}  -> 200 {"name", "pid"} + session cookie
    POST /api/signout                          -> 200 {"signed_in": false}, this session
                                                  ends (this device), cookie cleared
    POST /api/signout/everywhere               -> 200 {"signed_in": false}, every session
                                                  of the account ends, cookie cleared
    GET  /api/me                               -> 200 who the session is (or a guest)
    POST /api/me/screen-reader {"on"}          -> 200 {"screen_reader"}: the account's
                                                  choice of the table's screen-reader mode
    POST /api/me/language {"lang"}             -> 200 {"lang"}: the account's language
                                                  (null: the browser's decides)
    GET  /api/leaderboard                      -> 200 top 100 and the caller's own place
    GET  /api/players/{name}/history           -> 200 rating and changes, 404 no_player

Bodies are JSON objects (``Content-Type: application/json``, at most 4 KiB); every
error is JSON ``{"error": code, "message": sentence}`` with a fitting status (429
carries ``Retry-After``). State-changing requests must come from the page's own origin
(the ``Origin`` header, ``origin_allowed``; the WebSocket should run the same check).

The session cookie (``SESSION_COOKIE``) is HttpOnly, SameSite=Lax, Path=/, and Secure
when the request came over https (behind a proxy, run uvicorn with
``--proxy-headers`` so the scheme and client address are the real ones). A guest who
registers keeps their guest player id (read from the guest cookie), and the guest
cookie is replaced, so the old guest token no longer names that player.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Awaitable, Callable, Collection
from dataclasses import dataclass, field
from typing import Any

from starlette.datastructures import Headers
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from server.errors import FLAG, OWN_PAGE, RoomError, StoreError, sentence_of
from server.i18n import LANGUAGES
from server.social.accounts import Account, Accounts, Session, pid_of
from server.social.chat import Chat
from server.social.errors import NoSuchPlayer, SignInRequired, SocialError
from server.social.ratings import Ratings
from server.social.reasons import KEEP_CHOICE, KEEP_LANGUAGE, NO_SUCH_PLAYER
from server.web.json_body import Refused, read_json_object
from server.web.path_keys import is_key, shown
from shared.i18n import text_parts

__all__ = ["SESSION_COOKIE", "SocialDeps", "account_language", "origin_allowed",
           "social_routes", "ws_origin_allowed"]

log = logging.getLogger(__name__)

SESSION_COOKIE = "spades_session"
GUEST_COOKIE = "spades_token"  # server.web.connection.COOKIE: the guest session token
GUEST_COOKIE_MAX_AGE = 30 * 86_400
MAX_BODY = 4096
BOARD_SIZE = 100
_DEFAULT_PORTS = {"http": "80", "https": "443"}


def _guest_pid(request: Request) -> str | None:
    token = request.cookies.get(GUEST_COOKIE)
    return pid_of(token) if token else None


@dataclass
class SocialDeps:
    """What the routes use. ``allowed_origins`` are extra origins (``scheme://host[:port]``)
    allowed besides the request's own; ``guest_pid`` reads a request's guest player id."""

    accounts: Accounts
    ratings: Ratings
    chat: Chat | None = None
    allowed_origins: frozenset[str] = field(default_factory=frozenset)
    guest_pid: Callable[[Request], str | None] = _guest_pid
    # A guest registered and kept their player id: what they did as a guest that is
    # kept elsewhere (the daily deal's try) becomes the account's.
    registered: Callable[[Account], Awaitable[None]] | None = None
    # A guest (their player id) signed in to an existing account: what they did as a
    # guest that can move (the daily deal's try) moves to it; True if anything did.
    signed_in: Callable[[str, Account], Awaitable[bool]] | None = None


def _origin_key(scheme: str, netloc: str) -> str:
    scheme = {"ws": "http", "wss": "https"}.get(scheme.lower(), scheme.lower())
    netloc = netloc.lower()
    default = _DEFAULT_PORTS.get(scheme)
    if default and netloc.endswith(f":{default}") and not netloc.endswith("]"):
        netloc = netloc[: -len(default) - 1]
    return f"{scheme}://{netloc}"


def origin_allowed(headers: Headers, scheme: str, allowed: Collection[str] = ()) -> bool:
    """True when the request's ``Origin`` is the page's own (same scheme, host and port
    as the ``Host`` it was sent to) or one of ``allowed``. No ``Origin`` is refused:
    browsers send it on every POST and WebSocket, so only a non-browser omits it, and
    such a client can set it."""
    origin = headers.get("origin")
    if not origin or origin == "null":
        return False
    if origin in allowed:
        return True
    host = headers.get("host")
    if not host:
        return False
    scheme_part, sep, netloc = origin.partition("://")
    return bool(sep) and _origin_key(scheme_part, netloc) == _origin_key(scheme, host)


def ws_origin_allowed(headers: Headers, scheme: str, allowed: Collection[str] = ()) -> bool:
    """The WebSocket's check against cross-site WebSocket hijacking: a browser always
    sends ``Origin`` on a WebSocket, so a page of another site (which would carry the
    player's cookies) is refused; a request without ``Origin`` comes from a program
    (the Python client, a bot), which holds no one else's cookies, and is let in."""
    if headers.get("origin") is None:
        return True
    return origin_allowed(headers, scheme, allowed)


def _refusal(err: RoomError) -> dict[str, object]:
    """An error's JSON answer: ``error`` (the code), ``message`` (English), and ``key``
    and ``args`` when its sentence is in the catalogue (docs/i18n.md)."""
    sentence = sentence_of(err)
    key, args = text_parts(sentence)
    body: dict[str, object] = {"error": err.code, "message": str(sentence)}
    return body if key is None else {**body, "key": key, "args": args}


def _error(err: Exception) -> JSONResponse:
    if isinstance(err, SocialError):
        headers = {}
        retry = getattr(err, "retry_after_s", None)
        if retry is not None:
            headers["Retry-After"] = str(retry)
        return JSONResponse(_refusal(err), err.status, headers)
    if isinstance(err, StoreError):
        return JSONResponse(_refusal(err), 503)
    if isinstance(err, RoomError):
        return JSONResponse(_refusal(err), 400)
    log.exception("social request failed", exc_info=err)
    return JSONResponse({"error": "internal", "message": "The server failed on this "
                         "request; nothing was changed."}, 500)


Handler = Callable[[Request, SocialDeps], Awaitable[Response]]
DepsSource = SocialDeps | Callable[[], SocialDeps]


def _endpoint(handler: Handler, source: DepsSource, *,
              changes_state: bool) -> Callable[[Request], Awaitable[Response]]:
    async def endpoint(request: Request) -> Response:
        try:
            deps = source if isinstance(source, SocialDeps) else source()
            if changes_state and not origin_allowed(request.headers, request.url.scheme,
                                                    deps.allowed_origins):
                raise Refused(403, "bad_origin", OWN_PAGE())
            return await handler(request, deps)
        except Refused as err:
            return JSONResponse(err.body(), err.status)
        except Exception as err:
            return _error(err)

    return endpoint


def _address(request: Request) -> str:
    return request.client.host if request.client else "unknown"


def social_routes(deps: DepsSource) -> list[Route]:
    """The routes listed in the module docstring. ``deps`` is a ``SocialDeps``, or a
    function returning one per request (e.g. ``lambda: app.state.social`` when the
    parts are built in the app's lifespan)."""

    def route(path: str, handler: Handler, method: str) -> Route:
        return Route(path, _endpoint(handler, deps, changes_state=method == "POST"),
                     methods=[method])

    return [
        route("/api/register", _register, "POST"),
        route("/api/signin", _signin, "POST"),
        route("/api/signout", _signout, "POST"),
        route("/api/signout/everywhere", _signout_everywhere, "POST"),
        route("/api/me", _me, "GET"),
        route("/api/me/screen-reader", _screen_reader, "POST"),
        route("/api/me/language", _language, "POST"),
        route("/api/leaderboard", _leaderboard, "GET"),
        route("/api/players/{name}/history", _history, "GET"),
    ]


def _signed_in(request: Request, deps: SocialDeps, session: Session, status: int,
               new_guest: bool = False) -> Response:
    response = JSONResponse({"name": session.account.name, "pid": session.account.pid,
                             "signed_in": True}, status)
    secure = request.url.scheme == "https"
    response.set_cookie(SESSION_COOKIE, session.token,
                        max_age=deps.accounts.policy.session_ttl_s, path="/", secure=secure,
                        httponly=True, samesite="lax")
    if new_guest:
        response.set_cookie(GUEST_COOKIE, secrets.token_urlsafe(24),
                            max_age=GUEST_COOKIE_MAX_AGE, path="/", secure=secure,
                            httponly=True, samesite="lax")
    return response


async def _register(request: Request, deps: SocialDeps) -> Response:
    body = await read_json_object(request, MAX_BODY)
    adopt = deps.guest_pid(request)
    session = await deps.accounts.register(body.get("name"), body.get("password"),
                                           _address(request), adopt_pid=adopt)
    await deps.accounts.end_guest_sockets(adopt)  # other tabs must not stay the guest
    if deps.registered is not None and session.account.pid == adopt:
        await deps.registered(session.account)
    return _signed_in(request, deps, session, 201, new_guest=adopt is not None)


async def _signin(request: Request, deps: SocialDeps) -> Response:
    body = await read_json_object(request, MAX_BODY)
    session = await deps.accounts.sign_in(body.get("name"), body.get("password"),
                                          _address(request))
    guest = deps.guest_pid(request)
    await deps.accounts.end_guest_sockets(guest)
    moved = (guest is not None and deps.signed_in is not None
             and await deps.signed_in(guest, session.account))
    # What moved is the account's now: this browser is a new guest from here on (as
    # after registering), so the old guest id holds nothing another sign-in could take.
    return _signed_in(request, deps, session, 200, new_guest=moved)


async def _signout(request: Request, deps: SocialDeps) -> Response:
    token = request.cookies.get(SESSION_COOKIE)
    if token:
        await deps.accounts.sign_out(token)
    return _signed_out(request)


async def _signout_everywhere(request: Request, deps: SocialDeps) -> Response:
    token = request.cookies.get(SESSION_COOKIE)
    if token:
        await deps.accounts.sign_out_everywhere(token)
    return _signed_out(request)


def _signed_out(request: Request) -> Response:
    """The answer to a sign-out: the session cookie cleared."""
    response = JSONResponse({"signed_in": False})
    response.delete_cookie(SESSION_COOKIE, path="/", secure=request.url.scheme == "https",
                           httponly=True, samesite="lax")
    return response


async def _current(request: Request, deps: SocialDeps) -> Account | None:
    return await deps.accounts.resolve(request.cookies.get(SESSION_COOKIE))


async def _me(request: Request, deps: SocialDeps) -> Response:
    account = await _current(request, deps)
    if account is None:
        return JSONResponse({"signed_in": False, "pid": deps.guest_pid(request)})
    ratings = deps.ratings
    rating = await ratings.rating(account.pid)
    chat_on = await deps.chat.enabled(account.pid) if deps.chat else None
    return JSONResponse({
        "signed_in": True, "name": account.name, "pid": account.pid,
        "rating": rating.shown, "provisional": rating.provisional,
        "games": rating.games, "rank": await ratings.rank_of(account.pid),
        "chat": chat_on, "screen_reader": await deps.accounts.screen_reader(account.pid),
        "lang": await deps.accounts.language(account.pid)})


async def _account_choice(request: Request, deps: SocialDeps,
                          what: str) -> tuple[Account, dict[str, Any]]:
    """The signed-in account and the body of a choice it keeps on every device (``what``
    the choice is, for the refusal a guest gets)."""
    account = await _current(request, deps)
    if account is None:
        raise SignInRequired(KEEP_LANGUAGE() if what == "language" else KEEP_CHOICE())
    return account, await read_json_object(request, MAX_BODY)


async def _screen_reader(request: Request, deps: SocialDeps) -> Response:
    account, body = await _account_choice(request, deps, "choice")
    on = body.get("on")
    if not isinstance(on, bool):
        raise Refused(400, "malformed", FLAG(key="on"))
    await deps.accounts.set_screen_reader(account.pid, on)
    return JSONResponse({"screen_reader": on})


async def _language(request: Request, deps: SocialDeps) -> Response:
    account, body = await _account_choice(request, deps, "language")
    lang = body.get("lang")
    if lang is not None and lang not in LANGUAGES:
        raise Refused(400, "no_language", f"This room speaks {', '.join(LANGUAGES)}; "
                      "'lang' is one of them, or null for the browser's language.")
    await deps.accounts.set_language(account.pid, lang)
    return JSONResponse({"lang": lang})


def account_language(deps: DepsSource) -> Callable[[Request], Awaitable[str | None]]:
    """What reads a request's account language (None: a guest, an account that never
    chose, or the account's storage out of reach), for ``GET /api/i18n/auto``."""

    async def language(request: Request) -> str | None:
        if not request.cookies.get(SESSION_COOKIE):
            return None  # a guest: nothing to look up
        try:
            source = deps if isinstance(deps, SocialDeps) else deps()
            account = await _current(request, source)
            return await source.accounts.language(account.pid) if account else None
        except (RoomError, StoreError, OSError) as err:
            log.warning("no account language for the page: %s", err)
            return None

    return language


async def _leaderboard(request: Request, deps: SocialDeps) -> Response:
    ratings = deps.ratings
    rows = await ratings.leaderboard(BOARD_SIZE)
    top = [{"rank": r.rank, "name": r.name, "rating": r.rating, "games": r.games,
            "provisional": r.provisional} for r in rows]
    you = None
    account = await _current(request, deps)
    if account is not None:
        rank = await ratings.rank_of(account.pid)
        if rank is not None:
            rating = await ratings.rating(account.pid)
            you = {"rank": rank, "name": account.name, "rating": rating.shown,
                   "games": rating.games, "provisional": rating.provisional}
    return JSONResponse({"top": top, "you": you})


async def _history(request: Request, deps: SocialDeps) -> Response:
    name = request.path_params["name"]
    account = await deps.accounts.by_name(name) if is_key(name) else None
    if account is None:
        raise NoSuchPlayer(NO_SUCH_PLAYER(name=shown(name)[1:-1]))
    rating = await deps.ratings.rating(account.pid)
    changes = await deps.ratings.history(account.pid)
    return JSONResponse({
        "name": account.name, "rating": rating.shown, "games": rating.games,
        "provisional": rating.provisional,
        "history": [{"game": h.game_id, "at": h.at_ms, "before": h.before,
                     "after": h.after, "change": h.delta, "won": h.won, "left": h.left}
                    for h in changes]})
