"""The Starlette app: the WebSocket at ``/ws``, ``GET /healthz``, the browser client at ``/``.

``create_app(settings, make_node)`` needs ``settings.redis_url`` (``server.__main__``
starts a private Redis when none is configured). The app's lifespan builds the node's
parts with ``make_node`` (``server.node.Node``: this layer never builds them itself),
starts them and stops them; ``app.state`` then has ``room``, ``social`` and ``deps``.
A guest session token is set as a cookie on page loads, so the browser's WebSocket
carries it; a client may also send it in ``hello``.
"""

from __future__ import annotations

import contextlib
import logging
import secrets
from collections.abc import AsyncIterator, Callable
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Protocol

from redis.exceptions import RedisError
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket

from server.ops.drain import Drain
from server.ops.metrics import METRICS
from server.settings import Settings
from server.social.hub import SocialHub
from server.tables.room import Room
from shared.protocol import Error, Format, Hello, encode

from .client_files import ClientFiles
from .connection import COOKIE, Client
from .event_feed import event_feed_route
from .http_analysis import analysis_routes
from .http_archive import ArchiveDeps, archive_routes
from .http_daily import DailyDeps, daily_routes
from .http_friends import friends_routes
from .http_i18n import i18n_routes
from .http_learn import learn_routes
from .http_pages import page_routes
from .http_social import (
    SESSION_COOKIE,
    SocialDeps,
    account_language,
    social_routes,
    ws_origin_allowed,
)
from .http_tournaments import tournament_routes
from .learn_page import learn_page_routes
from .limits import AddressLimit
from .security_headers import SecurityHeaders, cookie_flags

__all__ = ["WEB_DIR", "NodeParts", "create_app"]

log = logging.getLogger(__name__)

WEB_DIR = Path(__file__).resolve().parents[2] / "client" / "web"
COOKIE_MAX_AGE = 30 * 86_400


class NodeParts(Protocol):
    """What the app needs of a node's parts (``server.node.Node``)."""

    room: Room
    social: SocialHub
    deps: SocialDeps
    archive_deps: ArchiveDeps
    daily_deps: DailyDeps

    async def start(self) -> None: ...

    async def stop(self) -> None: ...


def create_app(settings: Settings, make_node: Callable[[Settings], NodeParts]) -> Starlette:
    if not settings.redis_url:
        raise ValueError("create_app needs settings.redis_url")
    drain = Drain()
    addresses = AddressLimit(settings.max_conns_per_address)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        node = make_node(settings)
        await node.start()
        app.state.room, app.state.social, app.state.deps = node.room, node.social, node.deps
        app.state.archive = node.archive_deps
        app.state.daily = node.daily_deps
        app.state.tournaments = node.tournaments
        print(f"Spades Room: http://{settings.host}:{settings.port}/ "
              f"(node {node.room.node_id})", flush=True)
        try:
            yield
        finally:
            await node.stop()

    async def ws_endpoint(websocket: WebSocket) -> None:
        room: Room = websocket.app.state.room
        if not ws_origin_allowed(websocket.headers, websocket.url.scheme,
                                 settings.allowed_origins):
            METRICS.refused.inc(value="bad_origin")
            await websocket.close(1008)  # before the handshake: a 403 (another site's page)
            return
        cookie = websocket.cookies.get(COOKIE)
        token = cookie if cookie and _valid_token(cookie) else None
        address = websocket.client.host if websocket.client else ""
        if not addresses.admit(address):
            await _refuse(websocket, "too_many_connections",
                          "Too many connections from your address; close one and retry.")
            return
        try:  # the session cookie names an account; it is checked at hello (session_guard)
            session = websocket.cookies.get(SESSION_COOKIE)
            social: SocialHub = websocket.app.state.social
            await Client(websocket, room, social, token, drain, session).serve()
        finally:
            addresses.release(address)

    async def healthz(request: Request) -> JSONResponse:
        room: Room = request.app.state.room
        if drain.draining:  # a load balancer stops sending new people here
            return JSONResponse({"ok": False, "draining": True, "node": room.node_id}, 503)
        try:
            await room.store.client.ping()
        except (RedisError, OSError):
            return JSONResponse({"ok": False, "redis": False, "node": room.node_id}, 503)
        return JSONResponse({"ok": True, "redis": True, "node": room.node_id})

    async def metrics(request: Request) -> Response:
        if not metrics_allowed(request, settings.metrics_token):
            return JSONResponse({"error": "not_allowed", "message": "The metrics need the "
                                 "operator's token (METRICS_TOKEN)."}, 403)
        room: Room = request.app.state.room
        return PlainTextResponse(METRICS.render(tables=room.notices.tables),
                                 media_type="text/plain; version=0.0.4")

    routes = [
        WebSocketRoute("/ws", ws_endpoint),
        event_feed_route(lambda: app.state.tournaments, addresses, settings.allowed_origins,
                         lambda: app.state.social, lambda: app.state.deps, settings),
        Route("/healthz", healthz),
        Route("/metrics", metrics),
        *analysis_routes(lambda: app.state.archive),  # an archived game's analysis
        *daily_routes(lambda: app.state.daily),  # the daily deal
        *archive_routes(lambda: app.state.archive),  # games, players (before /api/players/..)
        *social_routes(lambda: app.state.deps),  # accounts, leaderboard
        *friends_routes(lambda: app.state.social, lambda: app.state.deps),  # issue 17
        *tournament_routes(lambda: app.state.tournaments, lambda: app.state.deps,
                           lambda: app.state.social),
        *learn_routes(),  # the course and the rules page
        *learn_page_routes(account_language(lambda: app.state.deps)),  # its head in a language
        # the server's catalogue in the reader's (or their account's) language
        *i18n_routes(account_language(lambda: app.state.deps)),
        # the room's page, /g/ID (a finished game), /@/NAME (a player), /e/ID (an event)
        *page_routes(account_language(lambda: app.state.deps)),
        Mount("/", ClientFiles(directory=WEB_DIR, html=True, check_dir=False), name="web"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan,
                    exception_handlers={404: _nothing_here, 405: _nothing_here})
    app.state.drain = drain
    app.add_middleware(GuestCookie)
    app.add_middleware(SecurityHeaders)
    return app


_NOTHING_HERE = {404: "There is nothing at this address.",
                 405: "This address does not answer that kind of request."}


async def _nothing_here(request: Request, exc: Exception) -> Response:
    """A path no route takes (a static file that is not there, a route's id decoded
    into another path): a sentence rather than Starlette's bare "Not Found"."""
    assert isinstance(exc, HTTPException)
    return PlainTextResponse(_NOTHING_HERE.get(exc.status_code, str(exc.detail)),
                             exc.status_code, headers=exc.headers)


async def _refuse(websocket: WebSocket, code: str, message: str) -> None:
    """Accept only to say why not, with a typed error, then close (1008)."""
    METRICS.refused.inc(value=code)
    await websocket.accept()
    frame = encode(Error(code=code, msg=message), Format.MSGPACK)
    assert isinstance(frame, bytes)
    await websocket.send_bytes(frame)
    await websocket.close(1008, code)


def metrics_allowed(request: Request, token: str) -> bool:
    """Who may read ``/metrics``: with ``METRICS_TOKEN`` set, a request carrying
    ``Authorization: Bearer <token>``; without it, only a program on the node's own
    machine talking to it directly (a loopback address and no proxy in between)."""
    if token:
        given = request.headers.get("authorization", "")
        return secrets.compare_digest(given.encode(), f"Bearer {token}".encode())
    host = request.client.host if request.client else ""
    direct = "x-forwarded-for" not in request.headers
    return direct and (host == "::1" or host.startswith("127."))


def _valid_token(token: str) -> bool:
    try:
        Hello(token=token)
    except ValueError:
        return False
    return True


class GuestCookie:
    """Give a page load without a session cookie a fresh guest token (HTTP only)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or _has_cookie(scope):
            await self.app(scope, receive, send)
            return
        token = secrets.token_urlsafe(24)

        async def send_with_cookie(message: Message) -> None:
            if message["type"] == "http.response.start":
                cookie = f"{COOKIE}={token}; Max-Age={COOKIE_MAX_AGE}; {cookie_flags(scope)}"
                message["headers"] = [*message.get("headers", []),
                                      (b"set-cookie", cookie.encode())]
            await send(message)

        await self.app(scope, receive, send_with_cookie)


def _has_cookie(scope: Scope) -> bool:
    for name, value in scope.get("headers", []):
        if name == b"cookie":
            jar: SimpleCookie = SimpleCookie()
            with contextlib.suppress(Exception):
                jar.load(value.decode("latin-1"))
            if COOKIE in jar:
                return True
    return False
