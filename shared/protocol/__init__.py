"""The room's wire protocol: one closed set of messages each way, and their codec.

Every frame is one envelope ``{"t": type, "d": data, "id": n}``:

- ``t`` names the message type (the ``T`` of a model below); unknown types are refused.
- ``d`` is the message's fields (absent or ``{}`` when it has none). Fields whose value
  is ``null`` are left out on the wire; a missing field reads as its default.
- ``id`` is optional. A client numbers the messages it wants answered; the server's
  ``ack`` or ``err`` carries the ``id`` it answers. Server pushes carry none.

Frames are msgpack in binary WebSocket frames or JSON in text frames; the server answers
each client in the format it spoke last. ``docs/protocol.md`` shows every message.

Errors (all ``ValueError``)::

    ProtocolError              a frame the codec refuses; .code goes on the wire
    ├── MalformedMessage       not an envelope, bad JSON/msgpack, fields of the wrong shape
    ├── UnknownMessageType     ``t`` is not a message of this direction
    └── MessageTooLarge        the frame is over MAX_CLIENT_FRAME bytes

Game state travels as the engine's seat view (``SeatView.to_dict()``): whole in a
``snap``, and as a compact change (:func:`view_delta`) in each ``ev``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Annotated, Any, ClassVar, Literal

import msgpack  # type: ignore[import-untyped]
from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    field_validator,
    model_validator,
)
from pydantic_core import PydanticCustomError

from .display_names import check_display_name

__all__ = [
    "CLIENT_MESSAGES",
    "DELTA_KEYS",
    "ERROR_CODES",
    "MAX_CLIENT_FRAME",
    "SERVER_MESSAGES",
    "Ack",
    "Act",
    "Advice",
    "Back",
    "BadDisplayName",
    "ChatLine",
    "ChatOn",
    "ChooseSeat",
    "ClientMessage",
    "CreatePrivate",
    "Created",
    "Decoded",
    "Error",
    "Event",
    "Format",
    "Hello",
    "Hint",
    "Join",
    "Leave",
    "MalformedMessage",
    "MessageTooLarge",
    "MoveSeat",
    "Mute",
    "NewInvite",
    "Ping",
    "Pong",
    "Practice",
    "ProtocolError",
    "Queue",
    "Queued",
    "QuickPlay",
    "Rated",
    "Ready",
    "Reclaim",
    "Redo",
    "Rematch",
    "RemoveSeat",
    "Rename",
    "Resync",
    "Say",
    "SeatInfo",
    "ServerMessage",
    "Snapshot",
    "Spectators",
    "StartGame",
    "TableUpdate",
    "Tip",
    "Undo",
    "UnknownMessageType",
    "Watch",
    "Welcome",
    "apply_view_delta",
    "decode",
    "encode",
    "from_wire_view",
    "to_wire_view",
    "view_delta",
]

MAX_CLIENT_FRAME = 4096  # bytes; no client message needs more
MAX_ID = 2**53 - 1  # ids stay exact in JavaScript numbers

# Every ``code`` an ``err`` message may carry, with what it means for the client.
ERROR_CODES: dict[str, str] = {
    "malformed": "the frame is not a valid message; nothing happened",
    "unknown_type": "no such message type; nothing happened",
    "too_large": "the frame is too large; nothing happened",
    "invalid_action": "the action text is not an action",
    "illegal": "the rules do not allow that action now",
    "not_your_turn": "it is another seat's decision",
    "between_hands": "the table waits between hands until everyone pressed Continue",
    "stale": "the action was based on an old version; a fresh snap follows",
    "not_seated": "you have no seat where this needs one",
    "no_table": "that table does not exist or is over",
    "not_allowed": "this session may not do that",
    "unavailable": "the room cannot reach its storage; try again",
    "internal": "the server failed on this message; nothing was applied",
    "rate_limited": "too many messages or attempts; wait a moment, then try again",
    "too_many_connections": "too many connections from this address; the socket is closed",
    "too_many_tables": "you (or your address) have as many open tables as allowed",
    "room_full": "the room's storage is full: no new table can open now; try later",
    # the social layer (server/social_errors.py SOCIAL_ERROR_CODES; a test checks each is here)
    "invalid": "the request is not valid; nothing happened",
    "sign_in_required": "this needs an account: sign in or register",
    "bad_credentials": "that name and password do not match",
    "bad_name": "the name (an account's or a display name) breaks a naming rule",
    "bad_password": "the password breaks a password rule",
    "name_taken": "another account has that name",
    "no_player": "no account has that name",
    "chat_off": "chat is off for you (turn it on first)",
    "bad_chat": "the chat message is empty, too long or unknown",
    "bad_rules": "the house rules or bot level are not valid",
    "no_invite": "no private table has that code or link",
    "not_host": "only the table's host may do that",
    "seat": "that seat move is not possible now",
}


class Format(StrEnum):
    """How a frame is encoded: msgpack in binary frames, JSON in text frames."""

    MSGPACK = "msgpack"
    JSON = "json"


class ProtocolError(ValueError):
    """A frame the codec refuses. ``code`` is the wire error code; ``msg_id`` is the
    envelope id when it could be read (so the error can answer it)."""

    code: ClassVar[str] = "malformed"
    bad_frame: ClassVar[bool] = True  # counts towards closing a socket that keeps at it

    def __init__(self, message: str, msg_id: int | None = None) -> None:
        super().__init__(message)
        self.msg_id = msg_id


class MalformedMessage(ProtocolError):
    code = "malformed"


class UnknownMessageType(ProtocolError):
    code = "unknown_type"


class MessageTooLarge(ProtocolError):
    code = "too_large"


class BadDisplayName(ProtocolError):
    """A well-formed message whose display name is refused: the person's mistake, not
    a broken client, so a server answers it without counting a bad frame."""

    code = "bad_name"
    bad_frame = False


BAD_NAME = "bad_name"  # the pydantic error type of a refused display name
_TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")


def _table_id(value: str) -> str:
    if not _TABLE_ID.fullmatch(value):
        raise ValueError("a table id is 1 to 32 letters, digits, '-' or '_'")
    return value


def _token(value: str) -> str:
    if not _TOKEN.fullmatch(value):
        raise ValueError("a session token is 16 to 64 letters, digits, '-' or '_'")
    return value


TableId = Annotated[str, AfterValidator(_table_id)]
Token = Annotated[str, AfterValidator(_token)]


def clean_name(name: str, guest_label: bool = False) -> str:
    """The display name a person asked for, trimmed; raises ValueError with the reason
    (the rules: ``shared.display_names``)."""
    return check_display_name(name, guest_label)


def _name_field(value: str, guest_label: bool = False) -> str:
    """A display-name field: a refused name is a ``bad_name`` problem (decode turns it
    into ``BadDisplayName``, a typed error that does not count as a bad frame)."""
    try:
        return clean_name(value, guest_label)
    except ValueError as err:
        raise PydanticCustomError(BAD_NAME, str(err)) from None


class _Message(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)
    T: ClassVar[str]


# --- client -> server ---------------------------------------------------------------


class ClientMessage(_Message):
    """Root of what a client may send."""


class Hello(ClientMessage):
    """Open (or resume) a session. Optional: any first message implies a bare hello.

    ``token`` is the guest session token (else the cookie's, else a new one); with
    ``table`` and ``v`` the client resumes that table from version ``v``.
    """

    T = "hello"
    token: Token | None = None
    name: str | None = None
    table: TableId | None = None
    v: Annotated[int, Field(ge=0)] | None = None

    @field_validator("name")
    @classmethod
    def _name(cls, value: str | None) -> str | None:
        return None if value is None else _name_field(value, guest_label=True)


class QuickPlay(ClientMessage):
    """Sit at a casual table with an open seat, or a new one."""

    T = "quick"


class Act(ClientMessage):
    """Take a game action (``"bid 4"``, ``"play AS"``...) having seen table version ``v``."""

    T = "act"
    v: Annotated[int, Field(ge=0)]
    a: Annotated[str, Field(min_length=1, max_length=40)]


class Back(ClientMessage):
    """I am here: stop the autopilot for my seat."""

    T = "back"


class Leave(ClientMessage):
    """Give up my seat (a bot takes it)."""

    T = "leave"


class Ready(ClientMessage):
    """Between hands: I have read the hand result; start the next hand (it starts when
    every person at the table has said so, or after the between-hands limit)."""

    T = "ready"


class Reclaim(ClientMessage):
    """Take back my seat at the table I am watching, which a bot took while I was away
    (casual and private tables, while the game is on)."""

    T = "reclaim"


class Watch(ClientMessage):
    """Watch a table as a spectator (public view only)."""

    T = "watch"
    table: TableId


class Resync(ClientMessage):
    """Send me a fresh snapshot of my table."""

    T = "resync"


class Rename(ClientMessage):
    """Change my display name."""

    T = "name"
    name: str

    @field_validator("name")
    @classmethod
    def _name(cls, value: str) -> str:
        return _name_field(value)


class Rematch(ClientMessage):
    """After a game: play again with the same seats (``yes``) or not."""

    T = "rematch"
    yes: bool = True


class Ping(ClientMessage):
    T = "ping"


# -- private tables (docs/social.md) ----------------------------------------------------

Seat03 = Annotated[int, Field(ge=0, le=3)]
BotLevel = Literal["easy", "standard", "challenge"]


class CreatePrivate(ClientMessage):
    """Host a private table: ``rules`` are RuleSet fields over ``preset`` (None: the
    preset named by ``rules["name"]``, else standard), ``bots`` the level of the bots
    that take the empty seats at the start, ``watch`` whether spectators may watch, and
    ``seat`` the host's own seat, ``turn`` the seconds a person has for a turn (15, 30
    or 60; 0: no clock, only a disconnect brings the autopilot; None: the room's
    default). Answered by ``created`` (then the table's ``snap``)."""

    T = "create"
    rules: dict[str, Any] = Field(default_factory=dict)
    preset: Annotated[str, Field(max_length=40)] | None = None
    bots: BotLevel = "standard"
    watch: bool = False
    seat: Seat03 = 0
    turn: Literal[0, 15, 30, 60] | None = None


class Join(ClientMessage):
    """Join a table by ``code`` (a short code, an invite token, or a pasted invite link)
    or by ``table`` id. ``seat``: the seat wanted (None: the first empty one);
    ``watch``: only watch. Answer: the table's ``snap``, then ``ack``."""

    T = "join"
    code: Annotated[str, Field(min_length=1, max_length=300)] | None = None
    table: TableId | None = None
    seat: Seat03 | None = None
    watch: bool = False

    @model_validator(mode="after")
    def _one_target(self) -> Join:
        if (self.code is None) == (self.table is None):
            raise ValueError("give either a code (or invite link) or a table id")
        return self


class ChooseSeat(ClientMessage):
    """Sit in (or move myself to) an empty seat of a private table before the start."""

    T = "seat"
    seat: Seat03


class MoveSeat(ClientMessage):
    """Host, before the start: move the person in ``src`` to ``dst`` (swapping)."""

    T = "move"
    src: Seat03
    dst: Seat03


class RemoveSeat(ClientMessage):
    """Host, before the start: remove the person in ``seat`` (they cannot come back)."""

    T = "remove"
    seat: Seat03


class StartGame(ClientMessage):
    """Host: start now; bots of the table's level take the empty seats."""

    T = "start"


class Spectators(ClientMessage):
    """Host: allow (or refuse) spectators from now on."""

    T = "spectators"
    allow: bool


class NewInvite(ClientMessage):
    """Host: show the invite again (``renew``: a new code and link; the old ones stop
    working). Answered by ``created``."""

    T = "invite"
    renew: bool = False


# -- chat ---------------------------------------------------------------------------------


class ChatOn(ClientMessage):
    """Turn table chat on or off for me (remembered for accounts)."""

    T = "chat_on"
    on: bool


class Say(ClientMessage):
    """Send a chat message: exactly one of ``text`` (at most 200 characters once
    cleaned) or ``phrase`` (a quick phrase id: gg, nice_bid, nice_play, sorry, thanks,
    good_luck, hello, oops)."""

    T = "say"
    text: Annotated[str, Field(max_length=800)] | None = None
    phrase: Annotated[str, Field(max_length=20)] | None = None

    @model_validator(mode="after")
    def _one_body(self) -> Say:
        if (self.text is None) == (self.phrase is None):
            raise ValueError("give either a text or a quick phrase")
        return self


class Mute(ClientMessage):
    """Stop (``on``) or resume receiving the chat of ``seat`` at my table."""

    T = "mute"
    seat: Seat03
    on: bool = True


# -- ranked ---------------------------------------------------------------------------------


class Queue(ClientMessage):
    """Join (``on``) or leave the ranked queue; signed-in players only. Answered by
    ``queued`` (on) or ``ack`` (off); when matched, the ranked table's ``snap`` follows."""

    T = "queue"
    on: bool


# -- practice --------------------------------------------------------------------------------


class Practice(ClientMessage):
    """Open a practice table: me and three bots of ``level``, which act at ``pace``.

    ``preset``: the rules (default standard). ``scenario``: open from a lesson or
    practice position of ``shared.course`` by id; ``position``: open from a raw position
    ``{"deal": [[13 cards] x 4], "scores": [a, b], "bags": [a, b], "dealer": 0..3,
    "moves": ["bid 3", "play 2C", ...]}`` (all optional but ``deal``)."""

    T = "practice"
    level: BotLevel = "easy"
    pace: Literal["relaxed", "standard", "fast"] = "standard"
    preset: Annotated[str, Field(max_length=40)] | None = None
    scenario: Annotated[str, Field(min_length=1, max_length=64)] | None = None
    position: dict[str, Any] | None = None


class Tip(ClientMessage):
    """The suggested bid for my seat now, with its reason (answered by ``advice``)."""

    T = "tip"


class Hint(ClientMessage):
    """Practice (not Challenge): the suggested action now, with why (``advice``)."""

    T = "hint"


class Undo(ClientMessage):
    """Practice (not Challenge): take back my last decision and the bot moves after it."""

    T = "undo"


class Redo(ClientMessage):
    """Practice (not Challenge): play the decision I took back again."""

    T = "redo"


# --- server -> client ---------------------------------------------------------------


class ServerMessage(_Message):
    """Root of what the server sends."""


class Welcome(ServerMessage):
    """Answer to hello: the session (keep ``token``) and the table the player sits at."""

    T = "welcome"
    token: str
    pid: str
    name: str
    table: str | None = None
    signed_in: bool | None = None  # True: the session cookie is an account's
    features: list[str] | None = None  # the client message types this room knows


class SeatInfo(BaseModel):
    """Who sits in a seat: ``name`` is None while the seat is open."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)
    name: str | None = None
    bot: bool = False
    away: bool = False
    left: bool | None = None  # ranked: this player left the game (scored as losing)


class Snapshot(ServerMessage):
    """Everything a seat (or a spectator, ``seat`` None) may know about a table now.

    ``view`` is the engine's seat view in wire form (None before the game starts); ``tl``
    the whole seconds (rounded up) left for the person to act, ``fill`` those until bots
    fill the open seats,
    ``rematch`` the votes per seat after a game, ``missed`` the events since the version
    a resuming client gave, as ``[v, seat, action]`` (for the log; the snap is the state).
    """

    T = "snap"
    table: str
    kind: str
    status: str  # "filling" | "playing" | "over"
    v: int
    seat: int | None = None
    seats: list[SeatInfo]
    view: dict[str, Any] | None = None
    tl: int | None = None
    fill: int | None = None
    rematch: list[bool | None] | None = None
    missed: list[list[Any]] | None = None
    # Between hands: the whole seconds left before the next hand starts at the latest,
    # and the seats whose person pressed Continue (``ready``).
    pause: int | None = None
    ready: list[int] | None = None
    # The viewer's seat, which a bot took while they were away: they watch, and may
    # take it back with ``reclaim`` (only in this viewer's own snapshot).
    reclaim: int | None = None
    # Private tables: {"host": seat, "started", "watch", "bots", "rules"} (no pids).
    lobby: dict[str, Any] | None = None
    # Practice tables: the bots' level and pace, Undo offered, a decision to Redo.
    level: str | None = None
    pace: str | None = None
    undo: bool | None = None
    redo: bool | None = None
    # Chat, for this viewer (sent when joining, resuming or resyncing): on or off, the
    # kept messages they may see, the seats they muted.
    chat_on: bool | None = None
    chat: list[dict[str, Any]] | None = None
    muted: list[int] | None = None


class Event(ServerMessage):
    """One game action at table version ``v``: ``s`` acted, ``a`` is the action as this
    seat may see it, ``x`` the change to this seat's view (see :func:`view_delta`),
    ``tl`` the whole seconds the next person has to act (absent for a bot)."""

    T = "ev"
    v: int
    s: int
    a: str
    x: dict[str, Any] | None = None
    tl: int | None = None
    auto: bool | None = None  # True: the autopilot played this for a person's seat


class TableUpdate(ServerMessage):
    """Seats, status or rematch votes changed at version ``v`` (no game action)."""

    T = "table"
    v: int
    status: str
    seats: list[SeatInfo]
    tl: int | None = None
    fill: int | None = None
    rematch: list[bool | None] | None = None
    pause: int | None = None
    ready: list[int] | None = None
    lobby: dict[str, Any] | None = None
    undo: bool | None = None
    redo: bool | None = None


class Ack(ServerMessage):
    """The message with this envelope ``id`` was done; ``v`` is the table version after."""

    T = "ack"
    v: int | None = None


class Error(ServerMessage):
    """The message with this envelope ``id`` failed: ``code`` (see ERROR_CODES), ``msg`` a
    sentence for a person. Nothing was applied."""

    T = "err"
    code: str
    msg: str


class Pong(ServerMessage):
    T = "pong"


class Created(ServerMessage):
    """Answer to ``create`` and ``invite`` (host only): the table, the code to read
    aloud and the invite token (the link is ``<page>/#/join/<invite>``)."""

    T = "created"
    table: str
    code: str
    invite: str


class ChatLine(ServerMessage):
    """One chat message (push). ``seat`` None: a spectator's (only spectators get
    those). ``text`` is plain text: show it as text, never as markup."""

    T = "chat"
    id: str
    seat: int | None = None
    name: str
    text: str
    at: int
    phrase: str | None = None


class Queued(ServerMessage):
    """Answer to ``queue`` (on): in the ranked queue for ``waited`` seconds so far."""

    T = "queued"
    waited: int


class Rated(ServerMessage):
    """Push to each player after a ranked game: the new displayed ``rating``, its
    ``change``, whether it is still ``provisional``, rated ``games`` so far, the place
    on the board (``rank``), and whether the player ``won`` or ``left``."""

    T = "rated"
    rating: float
    change: float
    provisional: bool
    games: int
    rank: int | None = None
    won: bool = False
    left: bool = False


class Advice(ServerMessage):
    """Answer to ``tip`` and ``hint``: the suggested action ``a`` and ``why``."""

    T = "advice"
    a: str
    why: str


def _registry(root: type[_Message]) -> dict[str, type[_Message]]:
    return {cls.T: cls for cls in root.__subclasses__()}


CLIENT_MESSAGES: dict[str, type[_Message]] = _registry(ClientMessage)
SERVER_MESSAGES: dict[str, type[_Message]] = _registry(ServerMessage)


# --- codec ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Decoded:
    """One decoded frame: the message, its envelope id and the format it came in."""

    message: Any
    id: int | None
    format: Format


def encode(message: _Message, fmt: Format, msg_id: int | None = None) -> bytes | str:
    """One frame for ``message``: bytes for msgpack, str for JSON."""
    envelope: dict[str, Any] = {"t": message.T, "d": _fields(message)}
    if msg_id is not None:
        envelope["id"] = msg_id
    if fmt is Format.MSGPACK:
        packed: bytes = msgpack.packb(envelope)
        return packed
    return json.dumps(envelope, separators=(",", ":"), ensure_ascii=False)


def _fields(message: BaseModel) -> dict[str, Any]:
    # Faster than model_dump (the hot path encodes an ``ev`` per seat per action);
    # the one nesting messages use is a list of models (``seats``).
    out: dict[str, Any] = {}
    for key, value in message.__dict__.items():
        if value is None:
            continue
        if type(value) is list and value and isinstance(value[0], BaseModel):
            value = [_fields(item) for item in value]
        out[key] = value
    return out


def decode(
    frame: bytes | str,
    registry: Mapping[str, type[_Message]] = CLIENT_MESSAGES,
    max_size: int | None = MAX_CLIENT_FRAME,
) -> Decoded:
    """Parse one frame into a message of ``registry`` (default: client messages).

    Raises MessageTooLarge, MalformedMessage or UnknownMessageType, each with a sentence
    saying what was wrong and, once the envelope was read, the id it carried.
    """
    fmt = Format.MSGPACK if isinstance(frame, bytes | bytearray) else Format.JSON
    size = len(frame) if fmt is Format.MSGPACK else len(frame.encode())  # type: ignore[union-attr]
    if max_size is not None and size > max_size:
        raise MessageTooLarge(f"a message may have at most {max_size} bytes, this has {size}")
    envelope = _parse(frame, fmt)
    if not isinstance(envelope, dict):
        raise MalformedMessage('a message must be an object {"t": type, "d": data, "id": n}')
    msg_id = envelope.get("id")
    if msg_id is not None and (
        type(msg_id) is not int or not 0 <= msg_id <= MAX_ID  # bool is not an id
    ):
        raise MalformedMessage(f'"id" must be a whole number from 0 to {MAX_ID}')
    extra = set(envelope) - {"t", "d", "id"}
    if extra:
        raise MalformedMessage(f"unexpected envelope keys: {', '.join(sorted(map(str, extra)))}",
                               msg_id)
    kind = envelope.get("t")
    if not isinstance(kind, str):
        raise MalformedMessage('"t" (the message type) must be a string', msg_id)
    model = registry.get(kind)
    if model is None:
        shown = kind if len(kind) <= 20 else kind[:20] + "..."
        raise UnknownMessageType(f"unknown message type {shown!r}", msg_id)
    data = envelope.get("d")
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise MalformedMessage(f'"d" of {kind!r} must be an object', msg_id)
    try:
        message = model.model_validate(data)
    except ValidationError as err:
        if err.errors(include_url=False)[0]["type"] == BAD_NAME:
            raise BadDisplayName(_first_problem(err).partition(": ")[2].capitalize() + ".",
                                 msg_id) from None
        raise MalformedMessage(f"{kind!r}: {_first_problem(err)}", msg_id) from None
    return Decoded(message, msg_id, fmt)


def _parse(frame: bytes | str, fmt: Format) -> Any:
    try:
        if fmt is Format.MSGPACK:
            return msgpack.unpackb(frame, raw=False, strict_map_key=True)
        return json.loads(frame, parse_constant=_no_constant)
    except (ValueError, TypeError, RecursionError, msgpack.UnpackException) as err:
        what = "msgpack" if fmt is Format.MSGPACK else "JSON"
        detail = str(err)[:80] or type(err).__name__
        raise MalformedMessage(f"the frame is not valid {what}: {detail}") from None


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not a number")


def _first_problem(err: ValidationError) -> str:
    problem = err.errors(include_url=False)[0]
    where = ".".join(str(part) for part in problem["loc"])
    text = str(problem["msg"]).removeprefix("Value error, ")
    return f"{where}: {text}" if where else text


# --- seat views on the wire ------------------------------------------------------------


def to_wire_view(view: Mapping[str, Any]) -> dict[str, Any]:
    """The engine's seat view (``SeatView.to_dict()``) in its wire form, which is
    smaller: ``last_trick`` is left out (it is ``tricks[-1]``, or None), each of
    ``tricks`` is a list ``[leader, cards, winner]`` and ``unplayable`` is grouped by
    reason, ``{reason: [cards]}``."""
    wire = {key: value for key, value in view.items() if key != "last_trick"}
    grouped: dict[str, list[str]] = {}
    for card, reason in view.get("unplayable", {}).items():
        grouped.setdefault(reason, []).append(card)
    wire["unplayable"] = grouped
    wire["tricks"] = [[t["leader"], t["cards"], t["winner"]] for t in view.get("tricks", [])]
    return wire


def from_wire_view(wire: Mapping[str, Any]) -> dict[str, Any]:
    """The engine's seat view from its wire form (inverse of :func:`to_wire_view`)."""
    view = dict(wire)
    tricks = [{"leader": t[0], "cards": t[1], "winner": t[2]} for t in wire.get("tricks", [])]
    view["tricks"] = tricks
    view["last_trick"] = tricks[-1] if tricks else None
    view["unplayable"] = {card: reason for reason, cards in wire.get("unplayable", {}).items()
                          for card in cards}
    return view


# --- view deltas -----------------------------------------------------------------------


# Short names of view keys inside a delta (the hot path); other keys go as they are.
DELTA_KEYS: dict[str, str] = {
    "to_act": "n", "trick": "k", "tricks": "ks", "tricks_won": "w", "leader": "ld",
    "legal": "l", "unplayable": "u", "hand": "h", "hand_hidden": "hh", "bids": "b",
    "phase": "p", "spades_broken": "sb", "scores": "sc", "bags": "bg", "passing": "ps",
}
_LONG_KEYS = {short: long for long, short in DELTA_KEYS.items()}


def view_delta(old: Mapping[str, Any], new: Mapping[str, Any]) -> dict[str, Any]:
    """The change from one (wire) seat view to the next, for an ``ev``'s ``x``.

    A key (short name from DELTA_KEYS) maps to its new value; ``"key+"`` lists items
    appended to a list and ``"key-"`` items removed from one (the hand losing a card).
    Keys left out did not change.
    ``apply_view_delta(old, view_delta(old, new)) == new`` for any two views.
    """
    delta: dict[str, Any] = {}
    for key, value in new.items():
        before = old.get(key)
        if before == value:
            continue
        short = DELTA_KEYS.get(key, key)
        if isinstance(before, list) and isinstance(value, list):
            if len(value) > len(before) and value[: len(before)] == before:
                delta[short + "+"] = value[len(before) :]
                continue
            removed = _removed(before, value)
            if removed is not None:
                delta[short + "-"] = removed
                continue
        delta[short] = value
    for key in old.keys() - new.keys():
        delta[DELTA_KEYS.get(key, key)] = None
    return delta


def _removed(before: list[Any], after: list[Any]) -> list[Any] | None:
    """Items taken out of ``before`` (order kept) to give ``after``, if that is all."""
    if len(after) >= len(before) or 2 * len(after) < len(before):
        return None  # not a removal, or sending what is left is shorter
    removed: list[Any] = []
    j = 0
    for item in before:
        if j < len(after) and after[j] == item:
            j += 1
        else:
            removed.append(item)
    return removed if j == len(after) else None


def apply_view_delta(view: Mapping[str, Any], delta: Mapping[str, Any]) -> dict[str, Any]:
    """The view after ``delta`` (from :func:`view_delta`); ``view`` is not changed."""
    out = dict(view)
    for key, value in delta.items():
        if key.endswith("+"):
            name = _LONG_KEYS.get(key[:-1], key[:-1])
            out[name] = [*out.get(name, []), *value]
        elif key.endswith("-"):
            name = _LONG_KEYS.get(key[:-1], key[:-1])
            remaining = list(out.get(name, []))
            for item in value:
                remaining.remove(item)
            out[name] = remaining
        else:
            out[_LONG_KEYS.get(key, key)] = value
    return out
