"""An event's page's live feed: ``/ws/events/{id}`` (docs/http.md, docs/protocol.md).

The page opens it and is sent the event at once, then after every change, on any node
(``server.tournaments.feeds``): text frames ``{"t": "event", "event": ...}``, the body
of ``GET /api/tournaments/{id}``. It sends nothing; a frame from it closes the feed
(1003). Another site's page is refused at the handshake (403), as on ``/ws``; an
address's feeds count among its connections (``AddressLimit``, 1008 past the limit);
no such event closes it at once with 4404. A private event's feed is its link's: who
has the id may follow it, as its page.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Collection

from starlette.routing import WebSocketRoute
from starlette.websockets import WebSocket

from server.tournaments.feeds import Follower
from server.tournaments.service import Tournaments

from .http_social import ws_origin_allowed
from .limits import AddressLimit

__all__ = ["event_feed_route"]

NO_EVENT = 4404
NOT_LISTENING = 1003


def event_feed_route(get_service: Callable[[], Tournaments], addresses: AddressLimit,
                     allowed_origins: Collection[str]) -> WebSocketRoute:
    async def feed(websocket: WebSocket) -> None:
        if not ws_origin_allowed(websocket.headers, websocket.url.scheme, allowed_origins):
            await websocket.close(1008)  # before the handshake: a 403
            return
        address = websocket.client.host if websocket.client else ""
        if not addresses.admit(address):
            await websocket.close(1008)
            return
        event_id = websocket.path_params["id"]
        feeds = get_service().feeds
        follower = feeds.follow(event_id)  # before the first read: no change is missed
        try:
            first = await feeds.frame(event_id)
            await websocket.accept()
            if first is None:
                await websocket.close(NO_EVENT, "There is no such event.")
                return
            await websocket.send_text(first)
            await _serve(websocket, follower)
        finally:
            feeds.unfollow(event_id, follower)
            addresses.release(address)

    return WebSocketRoute("/ws/events/{id}", feed)


async def _serve(websocket: WebSocket, follower: Follower) -> None:
    """Send each new frame until the page goes (or speaks)."""
    heard = asyncio.ensure_future(websocket.receive())
    try:
        while True:
            frame = asyncio.ensure_future(follower.next())
            await asyncio.wait([heard, frame], return_when=asyncio.FIRST_COMPLETED)
            if heard.done():
                frame.cancel()
                if heard.result()["type"] != "websocket.disconnect":
                    await websocket.close(NOT_LISTENING, "This feed sends; it does not listen.")
                return
            await websocket.send_text(frame.result())
    finally:
        heard.cancel()
        with contextlib.suppress(BaseException):
            await heard
