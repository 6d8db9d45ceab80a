"""Ranked ratings: rate a finished game, read a rating, a history, the leaderboard.

Ratings are openskill's Plackett-Luce model (the reasons are in docs/decisions.md,
"Ranked play"). A player's rating is ``(mu, sigma)``; the number people see is the
ordinal ``mu - 3 sigma`` (0 for a new player, rising as the system grows sure), with
one decimal. A player is *provisional* for their first ``PROVISIONAL_GAMES`` games.

``rate_game`` is atomic and idempotent per game id: the four ratings, the histories
and the board change in one script, only if no other game was rated for those players
since they were read (else it re-reads and recomputes), and never twice for one game
(a second call returns the first result, ``already_rated=True``).

A player who left is scored as losing, whatever their team did: their change is the
one their team would get for a loss; their partner, who stayed, gets the real result.

All rating keys share the tag ``{rk}`` (see ``social_keys``).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import msgpack
import redis.asyncio as aioredis
from openskill.models import PlackettLuce

from server.errors import StoreError

from . import keys
from .store import Clock, load_script, now_ms, redis_errors

__all__ = [
    "PROVISIONAL_GAMES",
    "BoardRow",
    "HistoryEntry",
    "PlayerRating",
    "RatedGame",
    "RatingChange",
    "Ratings",
    "compute_ratings",
]

PROVISIONAL_GAMES = 20  # see docs/decisions.md: where the ordering settles in simulation
HISTORY_KEPT = 100  # changes kept per player
GAME_RECORD_TTL_S = 180 * 86_400  # how long "this game was rated" is remembered
CAS_TRIES = 20

MODEL = PlackettLuce()

Teams = tuple[tuple[str, str], tuple[str, str]]


@dataclass(frozen=True, slots=True)
class PlayerRating:
    pid: str
    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    games: int = 0

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma

    @property
    def shown(self) -> float:
        """The displayed rating: the ordinal with one decimal."""
        return round(self.ordinal, 1)

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES


@dataclass(frozen=True, slots=True)
class RatingChange:
    """One player's change from one game, as shown to them after it."""

    pid: str
    name: str
    before: float  # displayed rating before
    after: float  # displayed rating after
    mu: float
    sigma: float
    games: int  # rated games including this one
    won: bool
    left: bool

    @property
    def delta(self) -> float:
        return round(self.after - self.before, 1)

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES


@dataclass(frozen=True, slots=True)
class RatedGame:
    game_id: str
    changes: dict[str, RatingChange]  # by pid
    already_rated: bool = False


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    game_id: str
    at_ms: int
    before: float
    after: float
    won: bool
    left: bool

    @property
    def delta(self) -> float:
        return round(self.after - self.before, 1)


@dataclass(frozen=True, slots=True)
class BoardRow:
    rank: int  # 1 = best
    pid: str
    name: str
    rating: float
    games: int
    provisional: bool


def _check_game(teams: Sequence[Sequence[str]], winner: int | None,
                leavers: Collection[str]) -> Teams:
    if len(teams) != 2 or any(len(team) != 2 for team in teams):
        raise ValueError("a rated game has two teams of two players")
    (a, b), (c, d) = teams
    if len({a, b, c, d}) != 4:
        raise ValueError("a player may sit only once in a rated game")
    if winner not in (0, 1, None):
        raise ValueError("winner is 0, 1 or None (a draw)")
    if not set(leavers) <= {a, b, c, d}:
        raise ValueError("a leaver must be one of the game's players")
    return (a, b), (c, d)


def compute_ratings(before: Mapping[str, PlayerRating], teams: Teams, winner: int | None,
                    leavers: Collection[str] = ()) -> dict[str, tuple[float, float, bool]]:
    """Pure: each player's new ``(mu, sigma, won)`` after one game.

    ``winner`` is the winning team (0 or 1) or None for a draw. A leaver gets the
    update of their team losing, computed from the same ratings before the game.
    """
    def rate(ranks: list[float]) -> dict[str, tuple[float, float]]:
        groups = [[MODEL.rating(mu=before[p].mu, sigma=before[p].sigma) for p in team]
                  for team in teams]
        rated = MODEL.rate(groups, ranks=ranks)
        return {pid: (r.mu, r.sigma)
                for team, new in zip(teams, rated, strict=True)
                for pid, r in zip(team, new, strict=True)}

    ranks: list[float] = [1, 1] if winner is None else ([1, 2] if winner == 0 else [2, 1])
    actual = rate(ranks)
    out: dict[str, tuple[float, float, bool]] = {}
    for index, team in enumerate(teams):
        team_lost = winner == 1 - index
        as_loss = actual if team_lost else None
        for pid in team:
            if pid not in leavers:
                out[pid] = (*actual[pid], winner == index)
                continue
            if as_loss is None:  # the team won or drew: the leaver is rated as losing
                as_loss = rate([2, 1] if index == 0 else [1, 2])
            out[pid] = (*as_loss[pid], False)
    return out


class Ratings:
    """Ratings, histories and the leaderboard in Redis (bytes or str replies)."""

    def __init__(self, client: aioredis.Redis, clock: Clock = now_ms) -> None:
        self._client = client
        self._clock = clock
        self._commit = load_script(client, "rate.lua")

    async def rating(self, pid: str) -> PlayerRating:
        """The player's rating (a new player's default if never rated)."""
        return (await self._ratings([pid]))[pid]

    async def _ratings(self, pids: Sequence[str]) -> dict[str, PlayerRating]:
        async with redis_errors("read ratings"), self._client.pipeline(transaction=False) as p:
            for pid in pids:
                p.hmget(keys.rating(pid), ["mu", "sigma", "games"])
            rows = await p.execute()
        out = {}
        for pid, (mu, sigma, games) in zip(pids, rows, strict=True):
            out[pid] = (PlayerRating(pid) if mu is None else
                        PlayerRating(pid, float(mu), float(sigma), int(games or 0)))
        return out

    async def rate_game(self, game_id: str, teams: Sequence[Sequence[str]], winner: int | None,
                        names: Mapping[str, str], leavers: Collection[str] = ()) -> RatedGame:
        """Rate a finished ranked game once; see the module docstring.

        ``teams`` are the pids of team 0 (seats 0 and 2) and team 1 (seats 1 and 3);
        ``names`` the display names for the board; ``leavers`` those who left.
        """
        checked = _check_game(teams, winner, leavers)
        pids = [*checked[0], *checked[1]]
        for _ in range(CAS_TRIES):
            before = await self._ratings(pids)
            new = compute_ratings(before, checked, winner, leavers)
            at = self._clock()
            changes = {}
            for pid in pids:
                mu, sigma, won = new[pid]
                after = PlayerRating(pid, mu, sigma, before[pid].games + 1)
                changes[pid] = RatingChange(pid, names.get(pid, pid), before[pid].shown,
                                            after.shown, mu, sigma, after.games, won,
                                            pid in leavers)
            result = await self._write(game_id, before, changes, at)
            if result is not None:
                return result
        raise StoreError("Ratings are too busy to record this game; try again.")

    async def _write(self, game_id: str, before: Mapping[str, PlayerRating],
                     changes: Mapping[str, RatingChange], at: int) -> RatedGame | None:
        record = msgpack.packb({pid: _pack_change(c) for pid, c in changes.items()})
        args: list[Any] = [record, HISTORY_KEPT, GAME_RECORD_TTL_S, len(changes)]
        histories = []
        for pid, change in changes.items():
            ordinal = change.mu - 3 * change.sigma
            args.extend((pid, before[pid].games, change.mu, change.sigma, change.games,
                         ordinal, change.name))
            histories.append(msgpack.packb(
                {"g": game_id, "t": at, "b": change.before, "a": change.after,
                 "w": change.won, "l": change.left}))
        args.extend(histories)
        script_keys = [keys.rated_game(game_id), keys.RATED_BOARD, keys.RATED_NAMES,
                       *(keys.rating(pid) for pid in changes),
                       *(keys.rating_history(pid) for pid in changes)]
        async with redis_errors("rate game"):
            reply = await self._commit(keys=script_keys, args=args)
        status = int(reply[0])
        if status == -1:
            return None
        if status == 0:
            stored = msgpack.unpackb(reply[1])
            return RatedGame(game_id, {pid: _unpack_change(pid, c) for pid, c in stored.items()},
                             already_rated=True)
        return RatedGame(game_id, dict(changes))

    async def game_changes(self, game_id: str) -> dict[str, RatingChange]:
        """The rating changes of a rated game by pid (empty if it was not rated)."""
        async with redis_errors("rated game"):
            stored = await self._client.get(keys.rated_game(game_id))
        if stored is None:
            return {}
        return {_text(pid): _unpack_change(pid, c) for pid, c in msgpack.unpackb(stored).items()}

    async def history(self, pid: str, limit: int = 50) -> list[HistoryEntry]:
        """The player's latest rating changes, newest first."""
        async with redis_errors("rating history"):
            rows = await self._client.lrange(keys.rating_history(pid), 0, max(0, limit - 1))
        out = []
        for row in rows:
            h = msgpack.unpackb(row)
            out.append(HistoryEntry(h["g"], h["t"], h["b"], h["a"], h["w"], h["l"]))
        return out

    async def leaderboard(self, limit: int = 100) -> list[BoardRow]:
        """The best ``limit`` players by displayed rating."""
        async with redis_errors("leaderboard"):
            top = await self._client.zrevrange(keys.RATED_BOARD, 0, limit - 1, withscores=True)
        pids = [_text(pid) for pid, _ in top]
        if not pids:
            return []
        async with redis_errors("leaderboard names"):
            names = await self._client.hmget(keys.RATED_NAMES, pids)
        ratings = await self._ratings(pids)
        return [BoardRow(rank, pid, _text(name) if name is not None else pid,
                         round(score, 1), ratings[pid].games, ratings[pid].provisional)
                for rank, ((_, score), pid, name) in enumerate(zip(top, pids, names,
                                                                   strict=True), start=1)]

    async def rank_of(self, pid: str) -> int | None:
        """The player's place on the board (1 = best), or None if never rated."""
        async with redis_errors("rank"):
            rank = await self._client.zrevrank(keys.RATED_BOARD, pid)
        return None if rank is None else int(rank) + 1


def _pack_change(c: RatingChange) -> dict[str, Any]:
    return {"n": c.name, "b": c.before, "a": c.after, "mu": c.mu, "s": c.sigma,
            "g": c.games, "w": c.won, "l": c.left}


def _unpack_change(pid: str | bytes, c: dict[str, Any]) -> RatingChange:
    return RatingChange(_text(pid), c["n"], c["b"], c["a"], c["mu"], c["s"], c["g"], c["w"],
                        c["l"])


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value
