"""The social layer's errors: accounts, ratings, the ranked queue, chat, private tables.

Each is a ``RoomError`` (``server/errors.py``), so the WebSocket layer reports it like
any other: an ``err`` with ``code`` and ``str(err)``, a sentence for a person. Over
HTTP, ``status`` is the response status and the body is ``{"error": code, "message":
text}``.

::

    RoomError (server.errors)
    └── SocialError            .code, .status
        ├── SignInRequired     401 the action needs an account ("sign in or register")
        ├── BadCredentials     401 name and password do not match (never says which)
        ├── InvalidName        400 the account name breaks a naming rule
        ├── InvalidPassword    400 the password is too short, too long or blank
        ├── NameTaken          409 another account has that name (any case)
        ├── RateLimited        429 too many attempts; .retry_after_s says when to retry
        ├── NoSuchPlayer       404 no account of that name
        ├── ChatOff            403 the sender has chat off, or is not at the table
        ├── InvalidChat        400 empty or too long, or an unknown quick phrase
        ├── InvalidRules       400 the host's house rules or bot level are not valid
        ├── NoSuchInvite       404 no private table has that code or link
        ├── NotHost            403 only the host may do that
        ├── SeatError          409 the seat move is impossible (taken, started, removed)
        ├── InvalidPosition    400 a practice position the engine refuses
        ├── NotOffered         403 Hint/Undo/Redo/Tip not offered at this table (code
        │                          not_allowed)
        └── NotYourDecision    409 advice or Redo when it is not the player's turn
                                   (code not_your_turn)
"""

from __future__ import annotations

import math

# The base and the seat errors live in server.errors, where the table model (which
# raises them) can reach them; re-exported here, where a reader of the tree above looks.
from server.errors import InvalidRules, NotHost, SeatError, SocialError

__all__ = [
    "SOCIAL_ERROR_CODES",
    "BadCredentials",
    "ChatOff",
    "InvalidChat",
    "InvalidName",
    "InvalidPassword",
    "InvalidPosition",
    "InvalidRules",
    "NameTaken",
    "NoSuchInvite",
    "NoSuchPlayer",
    "NotHost",
    "NotOffered",
    "NotYourDecision",
    "RateLimited",
    "SeatError",
    "SignInRequired",
    "SocialError",
]



class SignInRequired(SocialError):
    code = "sign_in_required"
    status = 401


class BadCredentials(SocialError):
    code = "bad_credentials"
    status = 401


class InvalidName(SocialError):
    code = "bad_name"
    status = 400


class InvalidPassword(SocialError):
    code = "bad_password"
    status = 400


class NameTaken(SocialError):
    code = "name_taken"
    status = 409


class RateLimited(SocialError):
    """Too many attempts of one kind; retry after ``retry_after_s`` seconds."""

    code = "rate_limited"
    status = 429

    def __init__(self, message: str, retry_after_ms: int) -> None:
        super().__init__(message)
        self.retry_after_s = max(1, math.ceil(retry_after_ms / 1000))


class NoSuchPlayer(SocialError):
    code = "no_player"
    status = 404


class ChatOff(SocialError):
    code = "chat_off"
    status = 403


class InvalidChat(SocialError):
    code = "bad_chat"
    status = 400



class NoSuchInvite(SocialError):
    code = "no_invite"
    status = 404




class InvalidPosition(SocialError):
    code = "invalid"
    status = 400


class NotOffered(SocialError):
    code = "not_allowed"
    status = 403


class NotYourDecision(SocialError):
    code = "not_your_turn"
    status = 409


# The codes above, with what they mean for a client; shared.protocol.ERROR_CODES holds
# them too (tests/room_social/test_protocol_social.py checks it).
SOCIAL_ERROR_CODES: dict[str, str] = {
    "invalid": "the request is not valid; nothing happened",
    "sign_in_required": "this needs an account: sign in or register",
    "bad_credentials": "that name and password do not match",
    "bad_name": "the account name breaks a naming rule",
    "bad_password": "the password breaks a password rule",
    "name_taken": "another account has that name",
    "rate_limited": "too many attempts; wait and try again",
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
}
