"""An event's chat on its page's feed, ``/ws/events/{id}`` (docs/tournaments.md,
"The event's chat"; docs/protocol.md).

The table chat's code (``server.social.chat``: the preference, the text rules, quick
phrases, the send limit, the kept lines, mutes) in a ``ChatRoom`` of the event's
people: every player entered in it and its host post; a public event's page may read
it (with chat on), a private event's is its people's alone. A line is published on
the event's channel, ``tn:n``, so the page of the event on every node hears it
(``server.tournaments.feeds``), and each socket shows its reader the lines of nobody
it muted or (an account) blocked, live and in the kept lines sent at the start.

The page sends the envelope of ``/ws`` in JSON text frames: ``chat_on``, ``say`` and
``mute`` (with ``pid``); each is answered ``ack`` or ``err`` with the frame's id. The
socket's state is sent as ``chat_state``; each line shown as ``chat``. A finished
event's chat is read-only: ``say`` is refused ``event_over``, reading and muting go on.
"""

from __future__ import annotations

import json
import time
from typing import Any

from starlette.websockets import WebSocket

from server.errors import RoomError, sentence_of
from server.social.accounts import Account
from server.social.chat import ChatMessage, ChatRoom, hidden_from
from server.social.errors import InvalidChat
from server.social.hub import SocialHub
from server.tournaments import keys
from server.tournaments.service import Tournaments
from server.tournaments.store import Event
from server.tournaments.views import names, phase_of
from shared.protocol import Ack, ChatOn, Error, Format, Mute, ProtocolError, Say, decode, encode
from shared.tournaments import EventOver, NotEntered
from shared.tournaments.reasons import CHAT_CLOSED, CHAT_MUTE, CHAT_POST, CHAT_READ

from .limits import MessageRate

__all__ = ["EVENT_CHAT_TTL_S", "EventChatSocket", "event_room"]

EVENT_CHAT_TTL_S = 40 * 86_400  # an event may be created 30 days ahead of its start
REQUESTS = {m.T: m for m in (ChatOn, Say, Mute)}


def event_room(event_id: str) -> ChatRoom:
    return ChatRoom(event_id, keys.chat_log(event_id), keys.CHANGED,
                    keys.chat_mutes(event_id), EVENT_CHAT_TTL_S)


class EventChatSocket:
    """One page's side of its event's chat: who reads (``pid``, None: a page with
    neither cookie), whether they may read and post, their mutes and blocks."""

    def __init__(self, websocket: WebSocket, event_id: str, service: Tournaments,
                 social: SocialHub, account: Account | None, pid: str | None,
                 rate: MessageRate, max_bad: int) -> None:
        self.websocket = websocket
        self.room = event_room(event_id)
        self.service = service
        self.social = social
        self.account = account
        self.pid = pid
        self.rate = rate
        self.max_bad = max_bad
        self.bad = 0
        self.host = False
        self.person = False  # entered in the event, or its host: reads and posts
        self.public = False
        self.over = False  # the event is finished: its chat is read, never written
        self.on = False
        self.muted: frozenset[str] = frozenset()
        self._holding = False  # this page holds its account's blocks on the node

    @property
    def reads(self) -> bool:
        return self.on and (self.person or self.public)

    @property
    def blocked(self) -> frozenset[str]:
        return self.social.blocked.get(self.pid or "", frozenset())

    async def start(self, event: Event) -> None:
        """Read who this is to the event, hold their blocks, send ``chat_state``."""
        if self.pid is not None:
            if self.account is not None:
                self.host = await self.service.store.hosts(self.pid, event.id)
                await self.social.hold_blocks(self.pid)
                self._holding = True
            self.on = await self.social.chat.enabled(self.pid)
            self.muted = await self.social.chat.muted_in(self.room, self.pid)
        self.see(event)
        await self.send_state()

    def stop(self) -> None:
        if self._holding and self.pid is not None:
            self._holding = False
            self.social.release_blocks(self.pid)

    @property
    def posts(self) -> bool:
        return self.person and not self.over

    def see(self, event: Event) -> bool:
        """Take the event as it is now; True when what this reader may do changed."""
        before = (self.person, self.public, self.over)
        self.person = self.pid is not None and (self.host or self.pid in names(event))
        self.public = not event.settings.private
        self.over = phase_of(event, self.service.clock()) == "finished"
        return (self.person, self.public, self.over) != before

    async def send_state(self) -> None:
        lines = []
        if self.pid is not None and self.reads:
            lines = [m.to_room_wire() for m in await self.social.chat.kept_in(self.room, self.pid)
                     if not hidden_from(m, self.muted, self.blocked)]
        await self._send({"t": "chat_state", "d": {
            "on": self.on, "read": self.person or self.public, "post": self.posts,
            "lines": lines, "muted": sorted(self.muted)}})

    async def heard(self, lines: list[bytes]) -> None:
        """Lines of the event's chat from any node: those this reader is shown."""
        if not self.reads:
            return
        for blob in lines:
            message = ChatMessage.unpack(blob)
            if not hidden_from(message, self.muted, self.blocked):
                await self._send({"t": "chat", "d": message.to_room_wire()})

    async def request(self, frame: str | bytes) -> bool:
        """Answer one frame of the page; False when the socket must close (1008)."""
        msg_id = None
        try:
            decoded = decode(frame, REQUESTS)
            msg_id = decoded.id
            if not self.rate.take(time.monotonic()):
                if self.rate.exhausted:
                    return False
                await self._reply(Error(code="rate_limited", msg="Too many messages at once: "
                                        "wait a moment, then try again."), msg_id)
                return True
            await self._answer(decoded.message)
            await self._reply(Ack(), msg_id)
        except ProtocolError as err:
            self.bad += 1
            await self._reply(Error(code=err.code, msg=str(err)), err.msg_id)
            return self.bad < self.max_bad
        except (RoomError, NotEntered, EventOver) as err:
            await self._reply(Error.of(err.code, sentence_of(err)), msg_id)
        return True

    async def _answer(self, message: Any) -> None:
        chat = self.social.chat
        if self.pid is None:
            raise NotEntered(CHAT_POST())
        event = await self.service.event(self.room.id)
        if event is not None and self.see(event):
            await self.send_state()
        if isinstance(message, ChatOn):
            if not (self.person or self.public):
                raise NotEntered(CHAT_READ())
            await chat.set_enabled(self.pid, message.on, remember=self.account is not None)
            self.on = message.on
            await self.send_state()  # the kept lines, now that chat is on
            return
        if not self.person or event is None:
            raise NotEntered(CHAT_POST())
        people = names(event)
        if isinstance(message, Mute):  # a finished event's lines may still be muted
            if message.pid is None or not (message.pid in people or await
                                           self.service.store.hosts(message.pid, event.id)):
                raise InvalidChat(CHAT_MUTE())
            await chat.mute_in(self.room, self.pid, message.pid, message.on)
            self.muted = await chat.muted_in(self.room, self.pid)
            return
        if self.over:  # what was said stays to be read; nothing more is said
            raise EventOver(CHAT_CLOSED())
        await self.social.sanctions.check(self.pid, "mute")  # the operator's, on every node
        name = people.get(self.pid) or (self.account.name if self.account else "?")
        await chat.say_in(self.room, self.pid, name, text=message.text, phrase=message.phrase)

    async def _reply(self, message: Ack | Error, msg_id: int | None) -> None:
        frame = encode(message, Format.JSON, msg_id)
        await self.websocket.send_text(frame if isinstance(frame, str) else frame.decode())

    async def _send(self, frame: dict[str, Any]) -> None:
        await self.websocket.send_text(json.dumps(frame, separators=(",", ":")))


