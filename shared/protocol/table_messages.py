"""The messages of sitting at a table and playing (docs/protocol.md, "Table"): the
session (``hello``/``welcome``), quick play, game actions, leaving and coming back,
watching, resyncs, names, rematches and pings; the snapshot, event and table-update
pushes, ``ack``, ``err`` and ``pong``.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from shared.i18n import wire_parts

from .base import ClientMessage, ServerMessage, TableId, Token, _name_field

# --- client -> server ---------------------------------------------------------------


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
    """Sit at a casual table with an open seat, or a new one. ``pool``: one of the
    room's quick-play pools (a popular rule set: quick, standard, jokers, whiz; the
    room's setting says which); None: the room's casual rules."""

    T = "quick"
    pool: Annotated[str, Field(max_length=20)] | None = None


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


class MoreTime(ClientMessage):
    """My own turn clock runs ten times longer (``on``), or as everyone's: a screen-reader
    player's choice, at casual and private tables."""

    T = "more_time"
    on: bool


class Reclaim(ClientMessage):
    """Take back my seat at the table I am watching, which a bot took while I was away
    (casual and private tables, while the game is on)."""

    T = "reclaim"


class Watch(ClientMessage):
    """Watch a table as a spectator (public view only)."""

    T = "watch"
    table: TableId


class Screen(ClientMessage):
    """The page shows the lobby (``lobby`` true) or this socket's table again (false);
    the seat or the watching stays as it is. Friends see the player as in the lobby
    meanwhile, not as playing or watching."""

    T = "screen"
    lobby: bool


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


# --- server -> client ---------------------------------------------------------------


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
    guest: bool | None = None  # a person playing as a guest (no account): not a name's owner
    rating: int | None = None  # ranked: the player's shown rating when the game began


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
    # Practice tables: the bots' level and pace, Undo offered, a decision of the
    # person's in this game to take back, a decision to Redo.
    level: str | None = None
    pace: str | None = None
    undo: bool | None = None
    undoable: bool | None = None
    redo: bool | None = None
    # A daily hand's table: {"day", "hand" (from 1), "hands"}, as ``daily_hand`` said.
    daily: dict[str, Any] | None = None
    # The game's id in the archive (``<table>.<game number>``, docs/archive.md) once a
    # game is dealt, at tables whose games are kept (not practice): its page is /g/ID.
    game: str | None = None
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
    undoable: bool | None = None
    redo: bool | None = None


class Ack(ServerMessage):
    """The message with this envelope ``id`` was done; ``v`` is the table version after."""

    T = "ack"
    v: int | None = None


class Error(ServerMessage):
    """The message with this envelope ``id`` failed: ``code`` (see ERROR_CODES), ``msg`` a
    sentence for a person, in English. Nothing was applied.

    ``key`` and ``args``: the sentence's catalogue id and arguments when it has one (the
    page renders it in its reader's language, docs/i18n.md). :meth:`of` fills them."""

    T = "err"
    code: str
    msg: str
    key: str | None = None
    args: dict[str, Any] | None = None

    @classmethod
    def of(cls, code: str, sentence: str) -> Error:
        """The ``err`` for ``sentence`` (a ``shared.i18n.Text`` keeps its id; an argument
        that is a sentence too travels as ``[key, args]``)."""
        key, args = wire_parts(sentence)
        return cls(code=code, msg=str(sentence), key=key, args=args)


class Pong(ServerMessage):
    T = "pong"
