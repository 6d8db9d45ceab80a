"""Telling lobby pages what changed, on every node, instead of their polling.

A socket whose page shows the lobby (no table, or ``screen`` with ``lobby``) is sent
``lobby_changed`` (docs/protocol.md) when what the lobby lists changed:

- **friends**: the presence of an account it follows changed. ``Presence`` publishes
  the accounts of each batch it writes on ``PRESENCE_CHANNEL`` (one more command in
  the batch's pipeline); each node asks PostgreSQL once per burst which of its lobby
  accounts follow any of them (``Friends.followers_among``) and tells only those.
- **watch**: a game started or stopped moving, so the Watch list changed
  (``watch_changed``), a host listed or unlisted a table, or a seat of a listed table
  was taken or left (``open_seats_changed``: the open tables and their free seats). The
  node that sees it publishes on ``WATCH_CHANNEL``; every node tells all its lobby
  sockets.

Notices that arrive within ``GATHER_S`` of each other make one push per socket, so a
burst (a node's sockets all reconnecting) is one query and one frame each. Scores of
the games listed are not pushed (a hand ends somewhere every moment in a busy room):
the page asks again every minute for those.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Coroutine, Iterable
from typing import Any, Protocol

import msgpack

from server.tables.model import PRIVATE, Table
from shared.protocol import Format, LobbyChanged, encode

from .lobby_lists import moves

__all__ = ["GATHER_S", "PRESENCE_CHANNEL", "WATCH_CHANNEL", "LobbyPush", "open_seats_changed",
           "watch_changed"]

PRESENCE_CHANNEL = "pr:n"  # msgpack {"pids": [...]}: those accounts' presence changed
WATCH_CHANNEL = "lw:n"  # a game started or stopped moving (the body says nothing more)
GATHER_S = 0.2


class LobbySocket(Protocol):
    pid: str | None
    fmt: Format

    def push(self, frame: bytes | str) -> None: ...


def watch_changed(old: Table | None, new: Table) -> bool:
    """Whether a table's change changes the Watch list: its game started or stopped
    moving (``moves``), or a new game began there."""
    was, now = old is not None and moves(old), moves(new)
    return was != now or (now and old is not None and old.game_no != new.game_no)


def open_seats_changed(old: Table | None, new: Table) -> bool:
    """Whether a private table still filling had a seat taken or left: if it is listed,
    its row in the open tables changed (its free seats, or it filled and left the list)."""
    return (new.kind == PRIVATE and old is not None and old.status == "filling"
            and len(old.open_seats) != len(new.open_seats))


def packed_pids(pids: Iterable[str]) -> bytes:
    """The body of a ``PRESENCE_CHANNEL`` notice."""
    body: bytes = msgpack.packb({"pids": sorted(pids)})
    return body


class LobbyPush:
    """One node's part. ``lobby`` gives the node's sockets that show the lobby, each
    with whether it is an account's; ``followers_among(pids, among)`` those of
    ``among`` who follow one of ``pids``; ``spawn`` runs a coroutine (``Room.spawn``)."""

    def __init__(self, lobby: Callable[[], Iterable[tuple[LobbySocket, bool]]],
                 followers_among: Callable[[list[str], list[str]], Awaitable[set[str]]],
                 spawn: Callable[[Coroutine[Any, Any, Any], str], None]) -> None:
        self._lobby = lobby
        self._followers_among = followers_among
        self._spawn = spawn
        self._pids: set[str] = set()
        self._watch = False
        self._gathering = False

    def on_presence(self, data: bytes) -> None:
        self._pids.update(msgpack.unpackb(data)["pids"])
        self._soon()

    def on_watch(self, _data: bytes) -> None:
        self._watch = True
        self._soon()

    def _soon(self) -> None:
        if not self._gathering:
            self._gathering = True
            self._spawn(self._tell(), "lobby-push")

    async def _tell(self) -> None:
        await asyncio.sleep(GATHER_S)
        pids, self._pids = self._pids, set()
        watch, self._watch = self._watch, False
        self._gathering = False
        shown = list(self._lobby())
        accounts = sorted({s.pid for s, account in shown if account and s.pid is not None})
        told = await self._followers_among(sorted(pids), accounts) if pids and accounts \
            else set()
        for sock, _ in shown:
            friends = sock.pid in told
            if friends or watch:
                sock.push(encode(LobbyChanged(friends=friends, watch=watch), sock.fmt))
