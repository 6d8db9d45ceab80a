"""The lobby's lists (issue 17): open tables to join and live games to watch.

- **Open tables.** A private table's host may list it (``set_open``): it goes in the
  sorted set ``lb:{lb}:open`` (table id -> time listed). ``open_tables`` reads the
  listed tables, drops those that started, ended or expired, and gives each with its
  rules in one line (``rules_line``; ``rules_parts``: the same as catalogue ids and
  arguments, for the page to say in its reader's language), its free seats and its
  host's name. Anyone may
  then ``join`` it by table id (``is_open``) as if they had its code.
- **Watch.** ``watch_list`` gives games that move (``moves``: in play with a person
  seated; bots stop when every person has gone, so such a table is left out) and
  allow spectators: ranked games in play (the rating sweep's list ``rk:{rk}:unrated``)
  first, by the players' mean shown rating, then listed private tables that started
  with spectators allowed, then casual (quick-play) games in play, newest first. Those
  are indexed in the sorted set ``lb:{lb}:live`` (table id -> when its game started):
  ``casual_change`` tells the hub's table listener when a casual game starts moving
  (ZADD) or stops (ZREM: it ended, or its last person left), so the cost is two
  commands a game; a table that expired without ending is pruned when read. Each row
  carries the rules in a line, the players, and the game's progress (``progress``):
  the hand being played, the sides' seats and scores, the target and any hand limit;
  a ranked row also each player's shown rating. A viewer is not offered a game where
  someone sits with a block between them (either way), as for open tables.
"""

from __future__ import annotations

from typing import Any

import redis.asyncio as aioredis

from server.tables.model import CASUAL, PRIVATE, RANKED, Table
from server.tables.store import Store

from . import keys as social_keys
from .lobby_words import format_text, rules_parts, rules_texts
from .ratings import SCALE_START, Ratings
from .store import redis_errors

__all__ = ["LIVE_CASUAL", "OPEN_TABLES", "LobbyLists", "casual_change", "format_line",
           "moves", "progress", "rules_line"]

OPEN_TABLES = "lb:{lb}:open"
LIVE_CASUAL = "lb:{lb}:live"
SCAN = 60  # listed tables read per request (newest first)
SHOWN = 30


def rules_line(rules: dict[str, Any], bot_level: str | None = None) -> str:
    """"500 · Blind Nil any · bags 10/100 · Standard bots" for a table's rules (the
    English of ``rules_parts``: server/social/lobby_words.py)."""
    return " · ".join(rules_texts(rules, bot_level))


def format_line(rules: dict[str, Any]) -> str:
    """The format of a table's rules in a few words, as the rules page says it ("four
    players in two partnerships"); "" for rules that do not parse."""
    return str(format_text(rules) or "")


def moves(table: Table) -> bool:
    """Whether the table's game goes on by itself: in play, with a person seated (bots
    play only while a person is at the table; a person away still counts)."""
    return table.status == "playing" and table.has_person


def progress(table: Table) -> dict[str, Any]:
    """Where a game in play stands: ``hand`` (from 1), ``teams`` (each side's seats),
    ``scores`` (each side's), ``target`` and ``max_hands`` (None: no hand limit)."""
    game = table.game
    if game is None:
        return {}
    return {"hand": game.hand_no + 1, "teams": [list(t) for t in game.rules.teams],
            "scores": list(game.scores), "target": game.rules.target_score,
            "max_hands": game.rules.max_hands}


def casual_change(old: Table | None, new: Table) -> bool | None:
    """True when ``new`` is a casual table whose game just started moving (a new game,
    or a person back in it), False when it just stopped (it ended, or its last person
    left), else None (nothing for the live index to do)."""
    if new.kind != CASUAL:
        return None
    was = old is not None and moves(old)
    if moves(new) and (not was or old is None or old.game_no != new.game_no):
        return True
    if was and not moves(new):
        return False
    return None


class LobbyLists:
    def __init__(self, client: aioredis.Redis, store: Store, ratings: Ratings) -> None:
        self._client = client
        self._store = store
        self._ratings = ratings

    async def _mark(self, key: str, table_id: str, on: bool, now_ms: int) -> None:
        async with redis_errors(key):
            if on:
                await self._client.zadd(key, {table_id: now_ms})
            else:
                await self._client.zrem(key, table_id)

    async def set_open(self, table_id: str, on: bool, now_ms: int) -> None:
        """List (``on``) or unlist a private table still filling."""
        await self._mark(OPEN_TABLES, table_id, on, now_ms)

    async def set_live(self, table_id: str, on: bool, now_ms: int) -> None:
        """Index (``on``) or drop a casual table whose game started or ended."""
        await self._mark(LIVE_CASUAL, table_id, on, now_ms)

    async def _live_casual(self, hidden: frozenset[str]) -> list[dict[str, Any]]:
        async with redis_errors("live tables"):
            ids = [_text(i) for i in await self._client.zrevrange(LIVE_CASUAL, 0, SCAN - 1)]
        rows, gone = [], []
        for table_id in ids:
            table = await self._store.load(table_id)
            if table is None or table.kind != CASUAL or not moves(table):
                gone.append(table_id)  # expired, or its end was missed
                continue
            if not hidden.intersection(table.people):
                rows.append(_watch_row(table, CASUAL))
        if gone:
            async with redis_errors("live tables prune"):
                await self._client.zrem(LIVE_CASUAL, *gone)
        return rows

    async def is_open(self, table_id: str) -> bool:
        async with redis_errors("open table read"):
            return await self._client.zscore(OPEN_TABLES, table_id) is not None

    async def _listed(self) -> list[Table]:
        async with redis_errors("open tables"):
            ids = [_text(i) for i in await self._client.zrevrange(OPEN_TABLES, 0, SCAN - 1)]
        tables, gone = [], []
        for table_id in ids:
            table = await self._store.load(table_id)
            if table is None or table.kind != PRIVATE or table.status == "over":
                gone.append(table_id)
            else:
                tables.append(table)
        if gone:
            async with redis_errors("open tables prune"):
                await self._client.zrem(OPEN_TABLES, *gone)
        return tables

    async def open_tables(self, hidden: frozenset[str] = frozenset()) -> list[dict[str, Any]]:
        """The listed tables still filling with a free seat, less those where one of
        ``hidden`` sits (the viewer's blocks, either way: they could not sit there)."""
        rows = []
        for table in await self._listed():
            if table.status != "filling" or not table.open_seats or table.lobby is None:
                continue
            if hidden.intersection(table.people):
                continue
            host = next((s.name for s in table.lobby.seats
                         if s is not None and s.pid == table.lobby.host), None)
            rows.append({"table": table.id, "rules": rules_line(table.rules, table.bot_level),
                         "rules_parts": rules_parts(table.rules, table.bot_level),
                         "free": len(table.open_seats), "host": host})
        return rows[:SHOWN]

    async def watch_list(self, hidden: frozenset[str] = frozenset()) -> list[dict[str, Any]]:
        """The games to watch (see the module docstring), less those where one of
        ``hidden`` sits (the viewer's blocks, either way: not offered to them)."""
        ranked = []
        async with redis_errors("watch list"):
            ids = [_text(i) for i in
                   await self._client.zrevrange(social_keys.RANKED_UNRATED, 0, SCAN - 1)]
        for table_id in ids:
            table = await self._store.load(table_id)
            if (table is None or table.kind != RANKED or not moves(table)
                    or hidden.intersection(table.people)):
                continue
            shown = [(await self._ratings.rating(s.pid)).shown for s in table.seats if s.pid]
            mean = round(sum(shown) / len(shown)) if shown else SCALE_START
            ranked.append({**_watch_row(table, RANKED), "rating": mean, "ratings": shown})
        ranked.sort(key=lambda row: -float(row["rating"]))
        private = [_watch_row(t, PRIVATE) for t in await self._listed()
                   if moves(t) and t.lobby is not None and t.lobby.allow_spectators
                   and not hidden.intersection(t.people)]
        if len(ranked) + len(private) >= SHOWN:
            return [*ranked, *private][:SHOWN]
        return [*ranked, *private, *await self._live_casual(hidden)][:SHOWN]


def _watch_row(table: Table, kind: str) -> dict[str, Any]:
    """A Watch row: the table, its kind, its players, its rules and its progress
    (``rating`` and ``ratings``: ranked rows only, None otherwise)."""
    bots = table.bot_level if kind == PRIVATE else None
    return {"table": table.id, "kind": kind, "rating": None, "ratings": None,
            "players": table.shown_names(),
            "rules": rules_line(table.rules, bots), "rules_parts": rules_parts(table.rules, bots),
            **progress(table)}


def _text(raw: bytes | str) -> str:
    return raw.decode() if isinstance(raw, bytes) else raw
