"""The social messages (docs/social.md): private tables (create, join, seats, start,
spectators, invites), chat, and the ranked queue; the server's ``created``, chat lines,
``queued`` and ``rated``.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, model_validator

from .base import BotLevel, ClientMessage, SeatNo, ServerMessage, TableId
from .refusals import CODE_OR_TABLE, TEXT_OR_PHRASE

# -- private tables ------------------------------------------------------------------


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
    seat: SeatNo = 0
    turn: Literal[0, 15, 30, 60] | None = None


class Join(ClientMessage):
    """Join a table by ``code`` (a short code, an invite token, or a pasted invite link)
    or by ``table`` id. ``seat``: the seat wanted (None: the first empty one);
    ``watch``: only watch. Answer: the table's ``snap``, then ``ack``."""

    T = "join"
    code: Annotated[str, Field(min_length=1, max_length=300)] | None = None
    table: TableId | None = None
    seat: SeatNo | None = None
    watch: bool = False

    @model_validator(mode="after")
    def _one_target(self) -> Join:
        if (self.code is None) == (self.table is None):
            raise ValueError(CODE_OR_TABLE())
        return self


class ChooseSeat(ClientMessage):
    """Sit in (or move myself to) an empty seat of a private table before the start."""

    T = "seat"
    seat: SeatNo


class MoveSeat(ClientMessage):
    """Host, before the start: move the person in ``src`` to ``dst`` (swapping)."""

    T = "move"
    src: SeatNo
    dst: SeatNo


class RemoveSeat(ClientMessage):
    """Host, before the start: remove the person in ``seat`` (they cannot come back)."""

    T = "remove"
    seat: SeatNo


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
            raise ValueError(TEXT_OR_PHRASE())
        return self


class Mute(ClientMessage):
    """Stop (``on``) or resume receiving the chat of ``seat`` at my table, or, on an
    event's page's feed, of the player ``pid`` (the event lists its players by pid)."""

    T = "mute"
    seat: SeatNo | None = None
    pid: Annotated[str, Field(min_length=1, max_length=64)] | None = None
    on: bool = True


# -- ranked ---------------------------------------------------------------------------------


class Queue(ClientMessage):
    """Join (``on``) or leave the ranked queue; signed-in players only. Answered by
    ``queued`` (on) or ``ack`` (off); when matched, the ranked table's ``snap`` follows."""

    T = "queue"
    on: bool


# --- server -> client ---------------------------------------------------------------


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
    rating: int
    change: int
    provisional: bool
    games: int
    rank: int | None = None
    won: bool = False
    left: bool = False


class Invited(ServerMessage):
    """Push (issue 17): the host ``from_name`` invites me to the private table ``table``.
    Join: ``POST /api/invites/answer {"id", "join": true}`` returns the table's code to
    ``join`` with; Decline: the same with ``"join": false``. Ignoring it costs nothing:
    it expires at ``expires`` (ms since the epoch)."""

    T = "invited"
    id: str
    from_name: str
    table: str
    expires: int
    rules: str = ""  # the table's rules in one line ("Cutthroat · 500 · bags 10/100 ...")
    format: str = ""  # "four players in two partnerships", "three players, each on their own"
    seated: list[str] = Field(default_factory=list)  # the names of the people seated
    # ``rules`` and ``format`` as catalogue ids and arguments ([id, args]; a rule set's
    # name no catalogue has as its text), for the page to say in its reader's language
    # (docs/i18n.md); empty / None from an older room.
    rules_parts: list[list[Any] | str] = Field(default_factory=list)
    format_part: list[Any] | None = None


class LobbyChanged(ServerMessage):
    """Push to a socket whose page shows the lobby: what it lists changed; ask again.
    ``friends``: a followed player's presence (``GET /api/friends``); ``watch``: the
    games to watch (``GET /api/lobby``)."""

    T = "lobby_changed"
    friends: bool = False
    watch: bool = False


class InviteAnswer(ServerMessage):
    """Push to the host who invited ``name`` by name: their ``answer`` to the invite
    ``id`` ("declined"; a Join shows as the seat filling)."""

    T = "invite_answer"
    id: str
    name: str
    answer: Literal["declined"]
