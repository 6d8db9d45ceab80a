"""What every message rests on: the formats, the codec's errors, the error codes, the
field types and validators (table ids, tokens, display names, seats), and the two roots
``ClientMessage`` and ``ServerMessage`` whose subclasses are the protocol.
"""

from __future__ import annotations

import re
from enum import StrEnum
from typing import Annotated, ClassVar, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field
from pydantic_core import PydanticCustomError

from shared.display_names import check_display_name

from .refusals import TABLE_ID as TABLE_ID_REFUSED
from .refusals import TOKEN as TOKEN_REFUSED

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
    "archive_unavailable": "the room's database is down, or this node runs without one",
    "internal": "the server failed on this message; nothing was applied",
    "rate_limited": "too many messages or attempts; wait a moment, then try again",
    "too_many_connections": "too many connections from this address; the socket is closed",
    "too_many_tables": "you (or your address) have as many open tables as allowed",
    "room_full": "the room's storage is full: no new table can open now; try later",
    "analysis_busy": "too many analyses wait for a worker; nothing was queued, ask later",
    "daily_played": "you have played today's daily deal: one try a day",
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
    "blocked": "that player blocked you, or you blocked them",
    "bad_target": "you cannot do that to yourself",
    "too_many_follows": "you follow as many players as allowed",
    "invite_expired": "that invite expired or was already answered",
    "too_many_invites": "that player has as many invites waiting as allowed",
    "player_offline": "that player is not online: an invite would not reach them",
    "player_seated": "that player is already at your table",
    "bad_report": "the report needs a reason from the list (and a short note)",
    "sanctioned": "the operator muted your chat or banned you from ranked, for a time",
    "cooldown": "you left ranked games early lately: wait before queueing again",
    "not_entered": "an event's chat is its players' and its host's (its page's feed)",
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
        raise ValueError(TABLE_ID_REFUSED())
    return value


def _token(value: str) -> str:
    if not _TOKEN.fullmatch(value):
        raise ValueError(TOKEN_REFUSED())
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


# A seat of the largest table (six players, issue 15); each table refuses a seat past its
# own last (the room's SeatError names the table's range).
SeatNo = Annotated[int, Field(ge=0, le=5)]
BotLevel = Literal["easy", "standard", "challenge"]


class ClientMessage(_Message):
    """Root of what a client may send."""


class ServerMessage(_Message):
    """Root of what the server sends."""
