"""Every Redis key of the tournaments.

| key | type | holds |
| --- | ---- | ----- |
| ``tn:{ID}`` | hash | ``rev`` (the event's version) and ``st`` (msgpack of its record) |
| ``tn:live`` | sorted set | events not finished, scored by start time (ms) |
| ``tn:done`` | sorted set | finished events, scored by the time they finished (ms) |
| ``tn:slot:{SLOT}`` | string | a calendar start claimed (its event is created once) |
| ``tn:host:{PID}`` | sorted set | the events an account created, scored by when (ms) |
| ``tn:{ID}:chat`` | stream | the event's chat: its last 50 lines (``server.social.chat``) |
| ``tn:{ID}:chat:mute:{PID}`` | set | the pids whose lines that reader of the chat muted |
| ``tn:n`` | channel | an event's id, published at each write of it (the pages' feeds) |

A line of an event's chat is published on ``tn:n`` too: msgpack, a map (its first byte
is never an id's).
"""

from __future__ import annotations

__all__ = ["CHANGED", "DONE", "LIVE", "chat_log", "chat_mutes", "event", "hosted", "slot"]

LIVE = "tn:live"
DONE = "tn:done"
CHANGED = "tn:n"


def event(event_id: str) -> str:
    return f"tn:{{{event_id}}}"


def slot(name: str) -> str:
    return f"tn:slot:{name}"


def hosted(pid: str) -> str:
    return f"tn:host:{pid}"


def chat_log(event_id: str) -> str:
    return f"tn:{{{event_id}}}:chat"


def chat_mutes(event_id: str) -> str:
    """The prefix of a reader's mutes: ``chat_mutes(id) + pid``."""
    return f"tn:{{{event_id}}}:chat:mute:"
