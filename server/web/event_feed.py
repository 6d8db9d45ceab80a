"""An event's page's live feed: ``/ws/events/{id}`` (docs/http.md, docs/protocol.md).

The page opens it and is sent the event at once, then after every change, on any node
(``server.tournaments.feeds``): text frames ``{"t": "event", "event": ...}``, the body
of ``GET /api/tournaments/{id}``. Then the event's chat (``event_chat``): its state
for this page's player (the session's account, else the guest cookie's), each line
they are shown, and the answers to the chat's requests, the only frames the page
sends (a bad frame is refused; five close the feed, 1008; so does one past the
message rate's debt). Another site's page is refused at the handshake (403), as on
``/ws``; an address's feeds count among its connections (``AddressLimit``, 1008 past
the limit); no such event closes it at once with 4404. A private event's feed is its
link's: who has the id may follow the event, as its page; its chat is its people's.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable, Collection

from starlette.routing import WebSocketRoute
from starlette.websockets import WebSocket

from server.settings import Settings
from server.social.hub import SocialHub
from server.tournaments.feeds import Follower
from server.tournaments.service import Tournaments

from .event_chat import EventChatSocket
from .http_social import SESSION_COOKIE, SocialDeps, ws_origin_allowed
from .limits import AddressLimit, MessageRate

__all__ = ["event_feed_route"]

NO_EVENT = 4404
POLICY = 1008


def event_feed_route(get_service: Callable[[], Tournaments], addresses: AddressLimit,
                     allowed_origins: Collection[str], get_social: Callable[[], SocialHub],
                     get_deps: Callable[[], SocialDeps],
                     settings: Settings) -> WebSocketRoute:
    async def feed(websocket: WebSocket) -> None:
        if not ws_origin_allowed(websocket.headers, websocket.url.scheme, allowed_origins):
            await websocket.close(1008)  # before the handshake: a 403
            return
        address = websocket.client.host if websocket.client else ""
        if not addresses.admit(address):
            await websocket.close(1008)
            return
        event_id = websocket.path_params["id"]
        service = get_service()
        feeds = service.feeds
        follower = feeds.follow(event_id)  # before the first read: no change is missed
        chat: EventChatSocket | None = None
        try:
            first = await feeds.frame(event_id)
            await websocket.accept()
            if first is None:
                await websocket.close(NO_EVENT, "There is no such event.")
                return
            frame, event = first
            await websocket.send_text(frame)
            deps = get_deps()
            account = await deps.accounts.resolve(websocket.cookies.get(SESSION_COOKIE))
            pid = account.pid if account is not None else deps.guest_pid(websocket)  # type: ignore[arg-type]
            chat = EventChatSocket(websocket, event_id, service, get_social(), account, pid,
                                   MessageRate(settings.msg_rate_per_s, settings.msg_burst,
                                               time.monotonic()),
                                   settings.max_bad_messages)
            await chat.start(event)
            await _serve(websocket, follower, chat)
        finally:
            if chat is not None:
                chat.stop()
            feeds.unfollow(event_id, follower)
            addresses.release(address)

    return WebSocketRoute("/ws/events/{id}", feed)


async def _serve(websocket: WebSocket, follower: Follower, chat: EventChatSocket) -> None:
    """Send each new frame and chat line, and answer the page's requests, until the
    page goes."""
    heard = asyncio.ensure_future(websocket.receive())
    news = asyncio.ensure_future(follower.next())
    try:
        while True:
            await asyncio.wait([heard, news], return_when=asyncio.FIRST_COMPLETED)
            if heard.done():
                said = heard.result()
                if said["type"] == "websocket.disconnect":
                    return
                frame = said.get("text") if said.get("text") is not None else said.get("bytes")
                if not await chat.request(frame or ""):
                    await websocket.close(POLICY, "Too many bad or hasty messages.")
                    return
                heard = asyncio.ensure_future(websocket.receive())
            if news.done():
                frame, event, lines = news.result()
                if frame is not None:
                    await websocket.send_text(frame)
                if event is not None and chat.see(event):
                    await chat.send_state()  # entered (or out) now: may read, may post
                await chat.heard(lines)
                news = asyncio.ensure_future(follower.next())
    finally:
        for task in (heard, news):
            task.cancel()
            with contextlib.suppress(BaseException):
                await task
