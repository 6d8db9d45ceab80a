"""Ranked ratings: rate a finished game, read a rating, a history, the leaderboard.

Ratings are openskill's Plackett-Luce model (the reasons are in docs/decisions.md,
"Ranked play"). A player's rating is ``(mu, sigma)``; the number people see is
``shown_rating(mu)``, on the familiar Elo-like scale: 1500 for a new player, a whole
number, ``SCALE_PER_MU`` points per point of ``mu``. A player is *provisional* (shown
with a "?") until their first rated game (``PROVISIONAL_GAMES``).

Kept in PostgreSQL (``ratings``, ``rating_changes``; moved from Redis by
``python -m server.social.migrate_redis``). ``rate_game`` is atomic and idempotent per
game id: the players' rows are locked, the ratings and their changes written in one
transaction, and never twice for one game (a second call returns the first result,
``already_rated=True``).

A player who left is scored as losing, whatever their team did: their change is the
one their team would get for a loss; their partner, who stayed, gets the real result.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

import asyncpg
from openskill.models import PlackettLuce

from server.archive.db import Database

from .store import Clock, now_ms

__all__ = [
    "PROVISIONAL_GAMES",
    "SCALE_PER_MU",
    "SCALE_START",
    "BoardRow",
    "HistoryEntry",
    "PlayerRating",
    "RatedGame",
    "RatingChange",
    "Ratings",
    "compute_ratings",
    "shown_rating",
]

PROVISIONAL_GAMES = 1  # the "?" goes with the first rated game (docs/decisions.md)

MODEL = PlackettLuce()

SCALE_START = 1500  # a new player's shown rating, as on lichess
# Shown points per point of mu: an Elo gap of 400 (10 to 1) is the odds the model gives
# two settled partnerships whose players are 10.6 mu apart (docs/decisions.md).
SCALE_PER_MU = 40


def shown_rating(mu: float) -> int:
    """The rating people see for ``mu``: 1500 at a new player's mu, a whole number."""
    return round(SCALE_START + SCALE_PER_MU * (mu - MODEL.mu))


Teams = tuple[tuple[str, str], tuple[str, str]]


@dataclass(frozen=True, slots=True)
class PlayerRating:
    pid: str
    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    games: int = 0

    @property
    def shown(self) -> int:
        """The displayed rating (``shown_rating``)."""
        return shown_rating(self.mu)

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES


@dataclass(frozen=True, slots=True)
class RatingChange:
    """One player's change from one game, as shown to them after it."""

    pid: str
    name: str
    before: int  # displayed rating before
    after: int  # displayed rating after
    mu: float
    sigma: float
    games: int  # rated games including this one
    won: bool
    left: bool

    @property
    def delta(self) -> int:
        return self.after - self.before

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
    before: int
    after: int
    won: bool
    left: bool

    @property
    def delta(self) -> int:
        return self.after - self.before


@dataclass(frozen=True, slots=True)
class BoardRow:
    rank: int  # 1 = best
    pid: str
    name: str
    rating: int
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
    """Ratings, their changes (the histories) and the board in PostgreSQL (``db``):
    ``ratings`` one row per player, ``rating_changes`` one per player per rated game
    (whose key also says "this game was rated")."""

    def __init__(self, db: Database, clock: Clock = now_ms) -> None:
        self._db = db
        self._clock = clock

    async def rating(self, pid: str) -> PlayerRating:
        """The player's rating (a new player's default if never rated)."""
        if not self._db.configured:
            return PlayerRating(pid)
        async with self._db.connection("read rating") as conn:
            return (await _read(conn, [pid], lock=False))[pid]

    async def rate_game(self, game_id: str, teams: Sequence[Sequence[str]], winner: int | None,
                        names: Mapping[str, str], leavers: Collection[str] = ()) -> RatedGame:
        """Rate a finished ranked game once; see the module docstring.

        ``teams`` are the pids of team 0 (seats 0 and 2) and team 1 (seats 1 and 3);
        ``names`` the display names for the board; ``leavers`` those who left.
        """
        checked = _check_game(teams, winner, leavers)
        pids = [*checked[0], *checked[1]]
        async with self._db.connection("rate game") as conn, conn.transaction():
            # The players' rows locked in one order (no deadlock between two games),
            # so no other game changes them between this read and the write.
            await conn.executemany(
                "INSERT INTO ratings (pid, name, mu, sigma, games, shown) "
                "VALUES ($1, $2, $3, $4, 0, $5) ON CONFLICT (pid) DO NOTHING",
                [(pid, names.get(pid, pid), MODEL.mu, MODEL.sigma, SCALE_START)
                 for pid in sorted(pids)])
            before = await _read(conn, sorted(pids), lock=True)
            done = await conn.fetch("SELECT * FROM rating_changes WHERE game_id = $1", game_id)
            if done:
                return RatedGame(game_id, {r["pid"]: _change_of(r) for r in done},
                                 already_rated=True)
            new = compute_ratings(before, checked, winner, leavers)
            at = datetime.fromtimestamp(self._clock() / 1000, UTC)
            changes = {}
            for pid in pids:
                mu, sigma, won = new[pid]
                after = PlayerRating(pid, mu, sigma, before[pid].games + 1)
                changes[pid] = RatingChange(pid, names.get(pid, pid), before[pid].shown,
                                            after.shown, mu, sigma, after.games, won,
                                            pid in leavers)
            await conn.executemany(
                "UPDATE ratings SET name = $2, mu = $3, sigma = $4, games = $5, shown = $6 "
                "WHERE pid = $1",
                [(c.pid, c.name, c.mu, c.sigma, c.games, c.after) for c in changes.values()])
            await conn.executemany(
                "INSERT INTO rating_changes (game_id, pid, at, name, before, after, mu, sigma, "
                "games, won, left_game) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
                [(game_id, c.pid, at, c.name, c.before, c.after, c.mu, c.sigma, c.games,
                  c.won, c.left) for c in changes.values()])
        return RatedGame(game_id, changes)

    async def game_changes(self, game_id: str) -> dict[str, RatingChange]:
        """The rating changes of a rated game by pid (empty if it was not rated)."""
        async with self._db.connection("rated game") as conn:
            rows = await conn.fetch("SELECT * FROM rating_changes WHERE game_id = $1", game_id)
        return {r["pid"]: _change_of(r) for r in rows}

    async def history(self, pid: str, limit: int = 50) -> list[HistoryEntry]:
        """The player's latest rating changes, newest first."""
        async with self._db.connection("rating history") as conn:
            rows = await conn.fetch(
                "SELECT game_id, at, before, after, won, left_game FROM rating_changes "
                "WHERE pid = $1 ORDER BY at DESC LIMIT $2", pid, limit)
        return [HistoryEntry(r["game_id"], round(r["at"].timestamp() * 1000),
                             round(r["before"]), round(r["after"]), r["won"], r["left_game"])
                for r in rows]

    async def leaderboard(self, limit: int = 100) -> list[BoardRow]:
        """The best ``limit`` players by displayed rating."""
        if not self._db.configured:
            return []
        async with self._db.connection("leaderboard") as conn:
            rows = await conn.fetch(
                "SELECT pid, name, shown, games FROM ratings WHERE games > 0 "
                "ORDER BY shown DESC, pid LIMIT $1", limit)
        board: list[BoardRow] = []
        for place, r in enumerate(rows, start=1):
            shown = round(r["shown"])
            # Equal ratings as shown share a place (1, 1, 3): the first of them sets it.
            rank = board[-1].rank if board and board[-1].rating == shown else place
            board.append(BoardRow(rank, r["pid"], r["name"], shown, r["games"],
                                  r["games"] < PROVISIONAL_GAMES))
        return board

    async def rank_of(self, pid: str) -> int | None:
        """The player's place on the board (1 = best), or None if never rated: one more
        than the players whose rating as shown is higher, so equal ratings share a
        place."""
        if not self._db.configured:
            return None
        async with self._db.connection("rank") as conn:
            rank = await conn.fetchval(
                "SELECT (SELECT count(*) FROM ratings o WHERE o.games > 0 AND "
                "o.shown > r.shown) + 1 FROM ratings r WHERE r.pid = $1 AND r.games > 0",
                pid)
        return None if rank is None else int(rank)


async def _read(conn: asyncpg.Connection, pids: Sequence[str], *, lock: bool
                ) -> dict[str, PlayerRating]:
    rows = await conn.fetch("SELECT pid, mu, sigma, games FROM ratings WHERE pid = ANY($1) "
                            "ORDER BY pid" + (" FOR UPDATE" if lock else ""), list(pids))
    found = {r["pid"]: PlayerRating(r["pid"], r["mu"], r["sigma"], r["games"]) for r in rows}
    return {pid: found.get(pid, PlayerRating(pid)) for pid in pids}


def _change_of(r: asyncpg.Record) -> RatingChange:
    return RatingChange(r["pid"], r["name"], round(r["before"]), round(r["after"]), r["mu"],
                        r["sigma"], r["games"], r["won"], r["left_game"])
