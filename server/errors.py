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
        return RoomFull("The room is full right now: no new table can open. Try again "
                        "later; games already going on are not affected.")
    return StoreError("The room cannot reach its storage right now; try again.")


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
