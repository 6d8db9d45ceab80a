"""The headers every HTTP response of the room carries, and the guest cookie's flags.

``SecurityHeaders`` is an ASGI middleware (HTTP only; a WebSocket handshake has no page
to protect). Its Content-Security-Policy allows exactly what the client uses: its own
module scripts and style sheets, images of its own origin and ``data:`` (the favicon),
connections to its own origin (the same-origin ``ws``/``wss`` of ``/ws`` included:
CSP level 3 counts them as ``'self'``). Nothing inline, no ``eval``, no plugins, and
no page of another site may frame the room (``frame-ancestors 'none'`` and
``X-Frame-Options: DENY`` for older browsers: no clickjacking).

``cookie_flags(scope)`` is what a cookie the room sets must carry: ``Secure`` when the
request came over https (behind a proxy: its ``X-Forwarded-Proto``, believed only from
``FORWARDED_ALLOW_IPS``; uvicorn rewrites the scope's scheme).
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["CSP", "HEADERS", "SecurityHeaders", "cookie_flags", "is_https"]

CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; font-src 'self'; media-src 'self' data: blob:; "
       "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"same-origin"),
    (b"cross-origin-opener-policy", b"same-origin"),
)


def is_https(scope: Scope) -> bool:
    """True when the request came over https (or wss), as the trusted proxy said."""
    return scope.get("scheme") in ("https", "wss")


def cookie_flags(scope: Scope) -> str:
    """The flags every room cookie carries (``; Secure`` added over https)."""
    flags = "Path=/; HttpOnly; SameSite=Lax"
    return flags + "; Secure" if is_https(scope) else flags


class SecurityHeaders:
    """Add ``HEADERS`` to every HTTP response (a header the app set itself is kept)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {name.lower() for name, _ in headers}
                headers.extend(h for h in HEADERS if h[0] not in present)
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, send_with_headers)
