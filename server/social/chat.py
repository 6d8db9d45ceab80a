"""Table chat as data: who has it on, who muted whom, what was said, who gets it.

Rules (issue 6):

- Chat is off until a player turns it on; the choice is kept per player id (for an
  account, forever; for a guest, as long as a guest session lasts).
- Only players who turned chat on send or receive it. Any viewer may mute any other
  seat: that seat's messages are not delivered to them (decided here, server-side).
- Spectators never chat with players. Spectators who turned chat on talk among
  themselves (the *gallery*); players never see that, and they never see the players'.
- A message is plain text, at most ``MAX_CHARS`` characters after control and
  formatting characters are removed (and combining marks past two on one character:
  ``shared.display_names.cap_marks``), or one of ``QUICK_PHRASES``. It is never markup:
  clients must render ``text`` as text (``textContent``), never as HTML. It is stored
  as typed, not HTML-escaped, so no client ever shows ``&lt;``.
- At most ``SEND_LIMIT`` messages per player; the last ``KEPT`` messages of each
  audience are kept with the table for late joiners (``history``).

``recipients`` is the delivery rule as a pure function; ``Chat.send`` stores a message
and publishes it on the table's chat channel with its recipients worked out at send
time (``to``: seats); each node delivers it to its sockets at those seats, or, for a
gallery message, to its opted-in spectators.

A ``ChatRoom`` is the same chat among people rather than seats (an event's page: its
players and host; the caller decides who may read and post): the same preference,
text rules, quick phrases, limit and kept messages (``say_in``, ``kept_in``), mutes by
pid (``mute_in``), and each node hides from a reader what ``hidden_from`` says.
"""

from __future__ import annotations

import re
import secrets
import unicodedata
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import msgpack
import redis.asyncio as aioredis

from shared.display_names import cap_marks

from . import keys
from .errors import ChatOff, InvalidChat
from .reasons import RATE_CHAT
from .store import Clock, Limit, Limiter, now_ms, redis_errors

__all__ = [
    "KEPT",
    "MAX_CHARS",
    "QUICK_PHRASES",
    "SEND_LIMIT",
    "Chat",
    "ChatMessage",
    "ChatRoom",
    "Delivery",
    "clean_text",
    "hidden_from",
    "recipients",
]

MAX_CHARS = 200
KEPT = 50
SEND_LIMIT = Limit("chat", 5, 10.0, RATE_CHAT)
GUEST_PREF_TTL_S = 30 * 86_400  # as long as a guest's player record lives
PLAYERS, GALLERY = "p", "g"

# Quick phrases by id; clients may show them translated, the id is what travels.
QUICK_PHRASES: dict[str, str] = {
    "gg": "Good game",
    "nice_bid": "Nice bid",
    "nice_play": "Nice play",
    "sorry": "Sorry partner",
    "thanks": "Thanks partner",
    "good_luck": "Good luck",
    "hello": "Hello",
    "oops": "Oops",
}

_KEEP_FORMAT = {"\u200d"}  # zero-width joiner: holds emoji sequences together
_SPACES = re.compile(r"\s+")


@dataclass(frozen=True, slots=True)
class Delivery:
    """Who receives one message: seats (0..3) and spectators (by pid)."""

    seats: frozenset[int]
    spectators: frozenset[str]


def recipients(sender_seat: int | None, seats_opted_in: Collection[int],
               mutes: Mapping[int, Collection[int]],
               spectators: Collection[str]) -> Delivery:
    """Pure: where a message goes.

    ``sender_seat`` is the sender's seat, or None for a spectator; ``seats_opted_in``
    the seats whose players turned chat on; ``mutes`` maps a viewer's seat to the seats
    that viewer muted; ``spectators`` the spectators who turned chat on.

    A seat's message reaches every opted-in seat that has not muted it (the sender
    too, as the echo), and no spectator; nothing at all if the sender has chat off. A
    spectator's message reaches the opted-in spectators and no seat.
    """
    if sender_seat is None:
        return Delivery(frozenset(), frozenset(spectators))
    if sender_seat not in seats_opted_in:
        return Delivery(frozenset(), frozenset())
    seats = frozenset(seat for seat in seats_opted_in
                      if sender_seat not in mutes.get(seat, ()))
    return Delivery(seats, frozenset())


def clean_text(text: object) -> str:
    """The message as it will be stored: one line, control and formatting characters
    removed, spaces collapsed. Raises ``InvalidChat`` if empty or over MAX_CHARS."""
    if not isinstance(text, str):
        raise InvalidChat("A message must be text.")
    if len(text) > 4 * MAX_CHARS:
        raise InvalidChat(f"A message has at most {MAX_CHARS} characters.")
    text = unicodedata.normalize("NFC", text)
    kept = "".join(ch for ch in text
                   if ch.isspace() or ch in _KEEP_FORMAT
                   or unicodedata.category(ch) not in ("Cc", "Cf", "Cs", "Co"))
    kept = _SPACES.sub(" ", cap_marks(kept)).strip()  # no tower of stacked accents
    if not kept:
        raise InvalidChat("A message needs some text.")
    if len(kept) > MAX_CHARS:
        raise InvalidChat(f"A message has at most {MAX_CHARS} characters "
                          f"(this one has {len(kept)}).")
    return kept


@dataclass(frozen=True, slots=True)
class ChatMessage:
    """One message. ``table``: the table's id (or a ``ChatRoom``'s). ``seat`` None: from
    a spectator (a gallery message), or in a ChatRoom. ``phrase`` is
    the quick phrase id when it was one. ``to`` the seats it was delivered to."""

    id: str
    table: str
    seat: int | None
    name: str
    text: str
    at_ms: int
    phrase: str | None = None
    to: tuple[int, ...] = ()
    sender: str | None = None  # the sender's pid (for blocks); never sent to clients

    @property
    def gallery(self) -> bool:
        return self.seat is None

    def to_wire(self) -> dict[str, Any]:
        """The fields a client gets (no recipients): id, seat, name, text, at, phrase."""
        wire = {"id": self.id, "seat": self.seat, "name": self.name, "text": self.text,
                "at": self.at_ms, "phrase": self.phrase}
        return {k: v for k, v in wire.items() if v is not None}

    def to_room_wire(self) -> dict[str, Any]:
        """A ``ChatRoom``'s message as a client gets it: ``to_wire`` and the sender's
        ``pid`` (the room's people are listed by pid already; a reader mutes by it)."""
        return {**self.to_wire(), "pid": self.sender}

    def pack(self) -> bytes:
        """msgpack of the message with its table and recipients, marked ``"k": "chat"``
        (it travels on the table's notice channel, see ``social_keys.chat_channel``)."""
        packed: bytes = msgpack.packb({**self.to_wire(), "table": self.table,
                                       "to": list(self.to), "k": "chat",
                                       "p": self.sender})
        return packed

    @classmethod
    def unpack(cls, blob: bytes) -> ChatMessage:
        return cls.from_dict(msgpack.unpackb(blob))

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> ChatMessage:
        """The message from ``pack``'s data once unpacked (a node's notice handler)."""
        return cls(d["id"], d["table"], d.get("seat"), d["name"], d["text"], d["at"],
                   d.get("phrase"), tuple(d.get("to", ())), d.get("p"))


@dataclass(frozen=True, slots=True)
class ChatRoom:
    """A chat among people rather than seats (an event's): ``id`` (a message's
    ``table``), the stream of its kept messages ``log``, the ``channel`` its messages
    are published on (plain ``PUBLISH``), each reader's mutes at ``mute_prefix`` + pid
    (a set of pids), every key kept ``ttl_s`` after its last write."""

    id: str
    log: str
    channel: str
    mute_prefix: str
    ttl_s: int

    def mutes(self, pid: str) -> str:
        return f"{self.mute_prefix}{pid}"


def hidden_from(message: ChatMessage, muted: Collection[str],
                blocked: Collection[str]) -> bool:
    """Pure: whether a reader who muted ``muted`` and blocked ``blocked`` (pids) must not
    be shown ``message`` of a ``ChatRoom``."""
    return message.sender is not None and (message.sender in muted
                                           or message.sender in blocked)


class Chat:
    """Chat state in Redis: preferences, mutes, the kept messages, the send path.

    ``client`` must return bytes (``decode_responses=False``), like the room's Store.
    ``publish`` names the command a message goes out with on the table's channel: the
    one the table's own notices use (``Store.publish_command``: ``SPUBLISH`` on a
    cluster of Redis 7, where the channel is sharded).
    """

    def __init__(self, client: aioredis.Redis, clock: Clock = now_ms,
                 table_ttl_s: int = 86_400, limit: Limit = SEND_LIMIT,
                 publish: Callable[[], str] = lambda: "PUBLISH") -> None:
        self._client = client
        self._publish = publish
        self._clock = clock
        self._table_ttl_s = table_ttl_s
        self._limit = limit
        self._limiter = Limiter(client, clock)

    # -- on / off ------------------------------------------------------------------------

    async def set_enabled(self, pid: str, on: bool, *, remember: bool) -> None:
        """Turn chat on or off for a player. ``remember`` (accounts): keep it forever;
        else (guests) for ``GUEST_PREF_TTL_S``."""
        async with redis_errors("chat preference"):
            await self._client.set(keys.chat_pref(pid), "1" if on else "0",
                                   ex=None if remember else GUEST_PREF_TTL_S)

    async def enabled(self, pid: str) -> bool:
        return (await self.enabled_many([pid]))[pid]

    async def enabled_many(self, pids: Iterable[str]) -> dict[str, bool]:
        wanted = list(dict.fromkeys(pids))
        if not wanted:
            return {}
        # GETs in one pipeline, not MGET: each player's key is in its own Cluster slot
        async with redis_errors("chat preferences"), self._client.pipeline(False) as p:
            for pid in wanted:
                p.get(keys.chat_pref(pid))
            values = await p.execute()
        return {pid: value in (b"1", "1") for pid, value in zip(wanted, values, strict=True)}

    # -- mutes ---------------------------------------------------------------------------

    async def set_muted(self, table_id: str, viewer_pid: str, seat: int | None, muted: bool,
                        viewer_seat: int | None = None, seats: int = 4) -> None:
        """``viewer_pid`` stops (or resumes) receiving ``seat``'s messages at this table
        of ``seats`` seats."""
        if not isinstance(seat, int) or not 0 <= seat < seats:
            raise InvalidChat(f"Choose a seat from 0 to {seats - 1} to mute.")
        if seat == viewer_seat:
            raise InvalidChat("You cannot mute your own seat.")
        field = f"{viewer_pid}:{seat}"
        key = keys.chat_mutes(table_id)
        async with redis_errors("chat mute"):
            if muted:
                await self._client.hset(key, field, "1")
                await self._client.expire(key, self._table_ttl_s)
            else:
                await self._client.hdel(key, field)

    async def muted_by(self, table_id: str) -> dict[str, frozenset[int]]:
        """Viewer pid -> the seats that viewer muted at this table."""
        async with redis_errors("chat mutes"):
            fields = await self._client.hkeys(keys.chat_mutes(table_id))
        out: dict[str, set[int]] = {}
        for raw in fields:
            pid, _, seat = _text(raw).rpartition(":")
            out.setdefault(pid, set()).add(int(seat))
        return {pid: frozenset(seats) for pid, seats in out.items()}

    async def _seat_state(self, table_id: str, seats: Sequence[str | None]
                          ) -> tuple[set[int], dict[int, frozenset[int]]]:
        on = await self.enabled_many(pid for pid in seats if pid)
        opted = {i for i, pid in enumerate(seats) if pid and on[pid]}
        by_pid = await self.muted_by(table_id)
        mutes = {i: by_pid.get(pid, frozenset()) for i, pid in enumerate(seats) if pid}
        return opted, mutes

    # -- sending and history -----------------------------------------------------------------

    async def send(self, table_id: str, seats: Sequence[str | None], sender_pid: str,
                   name: str, *, text: str | None = None,
                   phrase: str | None = None) -> ChatMessage:
        """Store one message and publish it to the table's chat channel.

        ``seats`` are the pids by seat (None: open or a bot); a sender not among them is
        a spectator. Give ``text`` or ``phrase`` (an id of QUICK_PHRASES). Raises
        ChatOff (chat is off for the sender), InvalidChat, RateLimited.
        """
        body = _body(text, phrase)
        sender_seat = seats.index(sender_pid) if sender_pid in seats else None
        await self._may_send(sender_pid)
        to: tuple[int, ...] = ()
        if sender_seat is not None:
            opted, mutes = await self._seat_state(table_id, seats)
            to = tuple(sorted(recipients(sender_seat, opted, mutes, ()).seats))
        message = ChatMessage(secrets.token_hex(6), table_id, sender_seat, name, body,
                              self._clock(), phrase, to, sender_pid)
        log = keys.chat_log(table_id, GALLERY if sender_seat is None else PLAYERS)
        await self._keep(message, log, keys.chat_channel(table_id), self._publish(),
                         self._table_ttl_s)
        return message

    async def _may_send(self, sender_pid: str) -> None:
        """ChatOff for a sender with chat off, RateLimited past ``SEND_LIMIT`` (one
        limit per player, wherever they chat)."""
        if not await self.enabled(sender_pid):
            raise ChatOff("Chat is off for you; turn it on to send messages.")
        await self._limiter.hit(self._limit, sender_pid)

    async def _keep(self, message: ChatMessage, log: str, channel: str, publish: str,
                    ttl_s: int) -> None:
        """Keep ``message`` in the stream ``log`` (the last ``KEPT``) and publish it on
        ``channel``, in one transaction: what is published is kept."""
        blob = message.pack()
        async with redis_errors("chat send"), self._client.pipeline(transaction=True) as p:
            p.xadd(log, {"m": blob}, maxlen=KEPT, approximate=False)
            p.expire(log, ttl_s)
            p.execute_command(publish, channel, blob)
            await p.execute()

    async def _kept(self, log: str) -> list[ChatMessage]:
        async with redis_errors("chat history"):
            entries = await self._client.xrange(log)
        return [ChatMessage.unpack(_field(fields)) for _, fields in entries]

    # -- a room of people rather than seats (an event's chat) ----------------------------

    async def say_in(self, room: ChatRoom, sender_pid: str, name: str, *,
                     text: str | None = None, phrase: str | None = None) -> ChatMessage:
        """Store one message of ``room`` and publish it on the room's channel; every
        node's listener delivers it to the room's readers there, each less whom that
        reader muted or blocked (``hidden_from``). The checks and limits of ``send``."""
        body = _body(text, phrase)
        await self._may_send(sender_pid)
        message = ChatMessage(secrets.token_hex(6), room.id, None, name, body,
                              self._clock(), phrase, (), sender_pid)
        await self._keep(message, room.log, room.channel, "PUBLISH", room.ttl_s)
        return message

    async def kept_in(self, room: ChatRoom, viewer_pid: str) -> list[ChatMessage]:
        """The room's kept messages ``viewer_pid`` may see now, oldest first: none with
        chat off, less those of the players the viewer muted."""
        if not await self.enabled(viewer_pid):
            return []
        muted = await self.muted_in(room, viewer_pid)
        return [m for m in await self._kept(room.log) if m.sender not in muted]

    async def mute_in(self, room: ChatRoom, viewer_pid: str, target: str, on: bool) -> None:
        """``viewer_pid`` stops (``on``) or resumes receiving ``target``'s messages in
        ``room`` (the caller checks ``target`` is one of the room's people)."""
        if target == viewer_pid:
            raise InvalidChat("You cannot mute yourself.")
        key = room.mutes(viewer_pid)
        async with redis_errors("chat mute"):
            if on:
                await self._client.sadd(key, target)
                await self._client.expire(key, room.ttl_s)
            else:
                await self._client.srem(key, target)

    async def muted_in(self, room: ChatRoom, viewer_pid: str) -> frozenset[str]:
        """The pids ``viewer_pid`` muted in ``room``."""
        async with redis_errors("chat mutes"):
            members = await self._client.smembers(room.mutes(viewer_pid))
        return frozenset(_text(m) for m in members)

    async def history(self, table_id: str, seats: Sequence[str | None],
                      viewer_pid: str) -> list[ChatMessage]:
        """The kept messages a viewer may see now, oldest first: nothing with chat off;
        a player gets the players' messages minus the seats they mute; a spectator
        gets the gallery's."""
        if not await self.enabled(viewer_pid):
            return []
        seat = seats.index(viewer_pid) if viewer_pid in seats else None
        messages = await self._kept(keys.chat_log(table_id, GALLERY if seat is None
                                                  else PLAYERS))
        if seat is None:
            return messages
        muted = (await self.muted_by(table_id)).get(viewer_pid, frozenset())
        return [m for m in messages if m.seat not in muted]


def _body(text: str | None, phrase: str | None) -> str:
    """The text a message will carry: the quick phrase's, or ``text`` cleaned."""
    if (text is None) == (phrase is None):
        raise InvalidChat("Send either a text or a quick phrase.")
    if phrase is not None:
        if phrase not in QUICK_PHRASES:
            raise InvalidChat(f"There is no quick phrase {str(phrase)[:20]!r}.")
        return QUICK_PHRASES[phrase]
    return clean_text(text)


def _field(fields: Mapping[bytes, bytes]) -> bytes:
    return fields[b"m"]


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value
