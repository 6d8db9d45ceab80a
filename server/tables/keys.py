"""Every Redis key and channel the room uses, in one place.

A table's keys share the hash tag ``{ID}`` so they live in one Redis Cluster slot and
one Lua script may touch them together. The timer set is global (one sorted set every
node polls); see docs/architecture.md for what that means under Cluster.
"""

from __future__ import annotations

__all__ = [
    "ARCHIVE_QUEUE",
    "TIMERS",
    "game_log",
    "open_tables",
    "player",
    "table",
    "table_channel",
    "table_events",
    "table_id_of_channel",
]

ARCHIVE_QUEUE = "archive:q"  # stream: finished games waiting for the archive (server/archive)
TIMERS = "timers"  # sorted set: member "table|kind|seat|marker", score = due time (ms)


def table(table_id: str) -> str:
    """Hash: ``rev`` (the version, an integer) and ``st`` (the table blob)."""
    return f"t:{{{table_id}}}"


def table_events(table_id: str) -> str:
    """Stream of the table's changes, entry id ``<rev>-1``, field ``e`` = the notice."""
    return f"t:{{{table_id}}}:ev"


def game_log(table_id: str, game_no: int) -> str:
    """List of one game's actions, ``"<seat> <action>"`` in order (the table blob keeps
    the game's state without them, so a write stays small however long the game)."""
    return f"t:{{{table_id}}}:log:{game_no}"


def table_channel(table_id: str) -> str:
    """Pub/sub channel: one notice (msgpack ``{"r": rev, ...}``) per change."""
    return f"t:{{{table_id}}}:n"


def table_id_of_channel(channel: str) -> str:
    """The table id in a ``table_channel`` name."""
    return channel[3 : channel.index("}")]


def open_tables(kind: str) -> str:
    """Sorted set of tables of ``kind`` with an open seat, by creation time (ms)."""
    return f"open:{kind}"


def player(pid: str) -> str:
    """Hash: ``name`` and ``table`` (the table the player sits at) of one session."""
    return f"p:{{{pid}}}"
