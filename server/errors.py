"""The room's errors: each reaches the client as an ``err`` with ``code`` and a sentence.

::

    RoomError                  root; .code is the wire code (shared.protocol.ERROR_CODES)
    ├── NotSeated              the message needs a seat the player does not have
    ├── NoTable                no such table (or it expired)
    ├── StaleVersion           the action was based on an old version (a snap follows)
    ├── GameNotOn              the game has not started, or is over
    ├── BetweenHands           the table waits between hands for everyone's Continue
    ├── TableFull              no open seat (quick play then tries another table)
    ├── TimerStale             a timer whose table moved on (dropped, never sent)
    ├── NotAllowed             the session may not do that
    ├── StoreError             Redis failed; wraps the Redis error, never leaks it
    └── SocialError            the social layer's root (its tree: server/social/errors.py);
                               InvalidRules, NotHost and SeatError are here too, as the
                               table model (server/tables) raises them

The engine's own errors (``shared.spades.SpadesError``) are mapped by ``error_code``.
"""

from __future__ import annotations

from redis.exceptions import OutOfMemoryError, RedisClusterException, RedisError

from shared.i18n import Template
from shared.spades import IllegalAction, InvalidAction, NotYourTurn, SpadesError

__all__ = [
    "REDIS_ERRORS",
    "BetweenHands",
    "GameNotOn",
    "InvalidRules",
    "NoTable",
    "NotAllowed",
    "NotHost",
    "NotSeated",
    "RoomError",
    "RoomFull",
    "SeatError",
    "SocialError",
    "StaleVersion",
    "StoreError",
    "TableFull",
    "TimerStale",
    "TooManyTables",
    "error_code",
    "is_redis_failure",
    "sentence_of",
    "storage_error",
]

# What a Redis call raises when Redis cannot be used: redis-py's errors (its cluster
# client's own RedisClusterException is not a RedisError) and socket errors. One more
# failure is a RuntimeError: see ``is_redis_failure``.
REDIS_ERRORS = (RedisError, RedisClusterException, OSError)


class RoomError(Exception):
    """Root of the errors the room reports to a client; ``str()`` is for a person."""

    code = "internal"


class NotSeated(RoomError):
    code = "not_seated"


class NoTable(RoomError):
    code = "no_table"


class StaleVersion(RoomError):
    code = "stale"


class GameNotOn(RoomError):
    code = "illegal"


class BetweenHands(RoomError):
    """A game action while the table waits between hands for everyone's Continue."""

    code = "between_hands"


class TableFull(RoomError):
    code = "no_table"


class TimerStale(RoomError):
    code = "internal"


class NotAllowed(RoomError):
    code = "not_allowed"


class StoreError(RoomError):
    """Redis could not be used (down, timed out, answered nonsense)."""

    code = "unavailable"


class RoomFull(StoreError):
    """Redis is at its ``maxmemory`` and refuses writes (``noeviction``): new tables are
    refused; games in progress go on as long as their own writes fit."""

    code = "room_full"


class TooManyTables(RoomError):
    """The player (or their address) holds as many open tables as allowed, none idle."""

    code = "too_many_tables"


class SocialError(RoomError):
    """Root of the social layer's errors; ``str()`` is for a person."""

    code = "invalid"
    status = 400

class InvalidRules(SocialError):
    code = "bad_rules"
    status = 400

class NotHost(SocialError):
    code = "not_host"
    status = 403

class SeatError(SocialError):
    code = "seat"
    status = 409


# The sentences of the table errors every player meets, as catalogue entries (the page
# says them in its reader's language: docs/i18n.md).
NO_SEAT_HERE = Template("room.no_seat_here", "You have no seat at this table.")
NOT_AT_A_TABLE = Template("room.not_at_a_table", "You are not at a table.")
NO_SEAT_ANYWHERE = Template("room.no_seat_anywhere", "You have no seat at a table.")
NO_SEAT_TO_RECLAIM = Template("room.no_seat_to_reclaim",
                              "You have no seat to take back at this table.")
NO_SUCH_TABLE = Template("room.no_such_table",
                         "There is no such table (it may have ended long ago).")
ALREADY_ACTED = Template("room.already_acted", "You already acted at that version.")
MOVED_ON = Template("room.moved_on", "The table moved on (version {now}, yours {yours}).")
WAIT_CONTINUE = Template("room.wait_continue",
                         "The next hand starts when everyone has pressed Continue.")
NOT_STARTED = Template("room.not_started", "The game has not started yet.")
BOT_FINISHED = Template("room.bot_finished", "That game is over; a bot finished it for you.")
NO_SEAT_FOR_YOU = Template("room.no_seat_for_you", "That table has no seat for you.")
NO_OPEN_SEAT = Template("room.no_open_seat", "That table has no open seat.")
REMATCH_AT_END = Template("room.rematch_at_end", "A rematch is offered when the game is over.")
NO_RANKED_REMATCH = Template("room.no_ranked_rematch",
                             "Ranked games have no rematch: join the ranked queue again.")
# The room's storage, and a socket sending too fast.
ROOM_FULL = Template("room.full", "The room is full right now: no new table can open. Try "
                     "again later; games already going on are not affected.")
NO_STORAGE = Template("room.no_storage", "The room cannot reach its storage right now; "
                      "try again.")
TOO_MANY_MESSAGES = Template("room.too_many_messages",
                             "Too many messages at once: wait a moment, then try again.")
# An HTTP request the room cannot read (server/web: its body, a field, its origin).
BODY_TYPE = Template("http.body_type", "Send the request body as application/json.")
BODY_TOO_LARGE = Template("http.body_too_large", "A request body has at most {max} bytes.")
BODY_LOST = Template("http.body_lost", "The request body did not arrive.")
BODY_NOT_JSON = Template("http.body_not_json", "The request body is not valid JSON.")
BODY_NOT_OBJECT = Template("http.body_not_object", "The request body must be a JSON object.")
FLAG = Template("http.flag", "'{key}' must be true or false.")
SEAT_NUMBER = Template("http.seat_number", "'seat' must be a seat number.")
INVITE_ID = Template("http.invite_id", "Give the invite's id.")
OWN_PAGE = Template("http.own_page", "This request must come from the room's own page.")


def sentence_of(err: Exception) -> str:
    """The sentence an error was raised with, as it was given (a ``shared.i18n.Text``
    keeps its catalogue id), else ``str(err)``."""
    first = err.args[0] if err.args else None
    return first if isinstance(first, str) else str(err)


def is_redis_failure(err: BaseException) -> bool:
    """Whether ``err``, raised by a Redis call, means Redis could not be used (the
    caller wraps it with ``storage_error`` and logs one line, never a traceback):
    ``REDIS_ERRORS``, or the RuntimeError uvloop raises for a write to a connection the
    server closed ("unable to perform operation on <TCPTransport closed=True ...>; the
    handler is closed"), which redis-py lets through when a master dies."""
    if isinstance(err, REDIS_ERRORS):
        return True
    return isinstance(err, RuntimeError) and "Transport closed" in str(err)


def storage_error(err: Exception) -> StoreError:
    """The room's error for a failed Redis call: ``RoomFull`` for Redis's OOM reply."""
    if isinstance(err, OutOfMemoryError) or str(err).startswith("OOM"):
        return RoomFull(ROOM_FULL())
    return StoreError(NO_STORAGE())


def error_code(err: Exception) -> str:
    """The wire code for an error a client's message caused."""
    if isinstance(err, RoomError):
        return err.code
    if isinstance(err, NotYourTurn):
        return "not_your_turn"
    if isinstance(err, IllegalAction):
        return "illegal"
    if isinstance(err, InvalidAction | SpadesError):
        return "invalid_action"
    return "internal"
