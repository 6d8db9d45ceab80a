"""An Arena: a fixed time during which every free player is paired at once.

Players ``join`` (late too, until the end), ``pause`` (not paired while paused),
and ``leave`` (not paired again; points stay in the standings); joining again comes
back. A player who left a game (the autopilot finished it) is paused: an absent player
is not seated at table after table. The caller drives the event with the clock (``now``
in ms, always passed in) and its randomness:

1. ``pairings(now, rng)`` plans tables of the free players (see ``pairing``);
2. for each table it creates, ``seat(table_id, pids, now)`` records who sits where;
3. when a game ends, ``record(table_id, places, leavers, now)`` scores it (see
   ``points``) and frees its players.

Games under way at the end still count; nobody is seated after ``ends_ms``. The event
is *finished* once its end has passed and no table is playing. Every method checks
before it changes anything: a call that raises leaves the Arena as it was.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import (
    AlreadyEntered,
    AlreadyRecorded,
    BadEntry,
    EventFull,
    EventOver,
    EventStarted,
    NotEntered,
    NotFree,
    SameAddress,
)
from .pairing import pair_tables
from .points import STREAK, base_points, is_win
from .settings import ArenaSettings, Entrant

__all__ = ["Arena", "ArenaPlayer", "Standing"]

IN, PAUSED, LEFT = "in", "paused", "left"


@dataclass(slots=True)
class ArenaPlayer:
    """One entrant's place in the event: ``status`` is "in", "paused" or "left";
    ``table`` the table they play at (None: not playing); ``since_ms`` when they last
    became free; ``sheet`` the points of each game in order."""

    entrant: Entrant
    status: str = IN
    since_ms: int = 0
    table: str | None = None
    points: int = 0
    wins: int = 0
    streak: int = 0
    sheet: list[int] = field(default_factory=list)

    @property
    def on_fire(self) -> bool:
        return self.streak >= STREAK

    @property
    def is_free(self) -> bool:
        return self.status == IN and self.table is None

    def to_record(self) -> list[Any]:
        return [self.entrant.to_record(), self.status, self.since_ms, self.table,
                self.points, self.wins, self.streak, self.sheet]

    @classmethod
    def from_record(cls, record: list[Any]) -> ArenaPlayer:
        entrant, status, since, table, points, wins, streak, sheet = record
        return cls(Entrant.from_record(entrant), status, since, table, points, wins,
                   streak, list(sheet))


@dataclass(frozen=True, slots=True)
class Standing:
    """One line of the standings."""

    rank: int
    pid: str
    name: str
    points: int
    games: int
    wins: int
    on_fire: bool
    status: str
    sheet: tuple[int, ...]


class Arena:
    """The state of one Arena; see the module docstring."""

    kind = "arena"

    def __init__(self, event_id: str, settings: ArenaSettings) -> None:
        self.id = event_id
        self.settings = settings
        self.players: dict[str, ArenaPlayer] = {}
        self.tables: dict[str, tuple[str, ...]] = {}  # playing now: pids by seat
        self.recorded: set[str] = set()  # tables whose result counted

    # -- time -----------------------------------------------------------------------

    def is_started(self, now: int) -> bool:
        return now >= self.settings.starts_ms or bool(self.tables or self.recorded)

    def is_over(self, now: int) -> bool:
        """The end has passed: nobody joins or is seated any more."""
        return now >= self.settings.ends_ms

    def is_finished(self, now: int) -> bool:
        """Over, and every game counted."""
        return self.is_over(now) and not self.tables

    def phase(self, now: int) -> str:
        """"next", "running", "ending" (over, games still playing) or "finished"."""
        if self.is_finished(now):
            return "finished"
        if self.is_over(now):
            return "ending"
        return "running" if now >= self.settings.starts_ms else "next"

    # -- the host --------------------------------------------------------------------

    def edit(self, settings: ArenaSettings, now: int) -> None:
        """Change the settings before the start (``EventStarted`` after it)."""
        if self.is_started(now):
            raise EventStarted("The Arena has started: its settings can no longer change.")
        if settings.capacity < len(self.players):
            raise BadEntry(f"{len(self.players)} players have joined already: the Arena "
                           "cannot hold fewer.")
        self.settings = settings

    # -- players ---------------------------------------------------------------------

    def join(self, entrant: Entrant, now: int) -> ArenaPlayer:
        """Enter (or come back after ``leave``, or resume after ``pause``)."""
        if self.is_over(now):
            raise EventOver("The Arena is over: it can no longer be joined.")
        known = self.players.get(entrant.pid)
        if known is not None:
            if known.status == IN:
                raise AlreadyEntered("You are in this Arena already.")
            known.status, known.since_ms = IN, max(now, known.since_ms)
            return known
        if len(self.players) >= self.settings.capacity:
            raise EventFull(f"The Arena is full ({self.settings.capacity} players).")
        player = ArenaPlayer(entrant, IN, now)
        self.players[entrant.pid] = player
        return player

    def pause(self, pid: str, now: int) -> None:
        """Not paired until ``join`` again; a game under way is played to its end."""
        player = self._entered(pid)
        if player.status == LEFT:
            raise NotEntered("You have left this Arena; join it again to play.")
        player.status = PAUSED

    def leave(self, pid: str, now: int) -> None:
        """Never paired again (unless joining again); the points stay."""
        self._entered(pid).status = LEFT

    def _entered(self, pid: str) -> ArenaPlayer:
        player = self.players.get(pid)
        if player is None:
            raise NotEntered("You are not in this Arena.")
        return player

    def free(self, now: int) -> list[Entrant]:
        """The players to pair now, longest free first (none outside the running time)."""
        if self.phase(now) != "running":
            return []
        ready = [p for p in self.players.values() if p.is_free]
        ready.sort(key=lambda p: (p.since_ms, p.entrant.pid))
        return [p.entrant for p in ready]

    # -- tables ----------------------------------------------------------------------

    def pairings(self, now: int, rng: random.Random,
                 apart: Collection[frozenset[str]] = ()) -> list[tuple[Entrant, ...]]:
        """The tables to create now (pure planning: ``seat`` records each)."""
        return pair_tables(self.free(now), self.settings.rules.players, rng,
                           rated=self.settings.rated, apart=apart)

    def seat(self, table_id: str, pids: Sequence[str], now: int) -> None:
        """Record that ``pids`` (by seat) sit at ``table_id``."""
        phase = self.phase(now)
        if phase != "running":
            raise (EventOver("The Arena is over: no new table is seated.")
                   if phase != "next" else EventStarted("The Arena has not started yet."))
        seats = self.settings.rules.players
        if len(pids) != seats or len(set(pids)) != seats:
            raise BadEntry(f"A table of this Arena seats {seats} different players.")
        if table_id in self.tables or table_id in self.recorded:
            raise NotFree(f"The table {table_id} is seated already.")
        players = [self._entered(pid) for pid in pids]
        for player in players:
            if not player.is_free:
                raise NotFree(f"{player.entrant.name} is not free to be paired "
                              f"({'at a table' if player.table else player.status}).")
        if self.settings.rated:
            origins = [p.entrant.origin for p in players if p.entrant.origin]
            if len(origins) != len(set(origins)):
                raise SameAddress("Two players of one address never share a table in a "
                                  "rated event.")
        for player in players:
            player.table = table_id
        self.tables[table_id] = tuple(pids)

    def record(self, table_id: str, places: Sequence[int], leavers: Collection[str],
               now: int) -> dict[str, int]:
        """Score a finished game: ``places`` by side (1 first, ties shared), ``leavers``
        the pids the autopilot played. Returns each player's points for the game."""
        if table_id in self.recorded:
            raise AlreadyRecorded(f"The game of table {table_id} is counted already.")
        seated = self.tables.get(table_id)
        if seated is None:
            raise NotEntered(f"No game of this Arena is played at table {table_id}.")
        rules = self.settings.rules
        if len(places) != len(rules.teams) or any(
                not isinstance(p, int) or not 1 <= p <= len(places) for p in places):
            raise BadEntry(f"A result gives a place (1 to {len(rules.teams)}) for each of "
                           f"{len(rules.teams)} sides.")
        scored: dict[str, int] = {}
        for seat, pid in enumerate(seated):
            player = self.players[pid]
            place = places[rules.team_of(seat)]
            won = is_win(place, places) and pid not in leavers
            gained = 0 if pid in leavers else base_points(place, places)
            gained *= 2 if player.on_fire else 1
            player.points += gained
            player.wins += won
            player.streak = player.streak + 1 if won else 0
            player.sheet.append(gained)
            player.table = None
            player.since_ms = max(now, player.since_ms)
            if pid in leavers and player.status == IN:
                player.status = PAUSED  # not seated again until they say they are back
            scored[pid] = gained
        del self.tables[table_id]
        self.recorded.add(table_id)
        return scored

    # -- results ---------------------------------------------------------------------

    def standings(self) -> list[Standing]:
        """Everyone who joined, by points, then wins, then fewer games; players level on
        all three share a rank (1, 2, 2, 4) and are listed by name."""
        order = sorted(self.players.values(),
                       key=lambda p: (-p.points, -p.wins, len(p.sheet), p.entrant.name,
                                      p.entrant.pid))
        lines: list[Standing] = []
        for place, p in enumerate(order, start=1):
            level = bool(lines) and (lines[-1].points, lines[-1].wins, lines[-1].games) == (
                p.points, p.wins, len(p.sheet))
            lines.append(Standing(lines[-1].rank if level else place, p.entrant.pid,
                                  p.entrant.name, p.points, len(p.sheet), p.wins, p.on_fire,
                                  p.status, tuple(p.sheet)))
        return lines

    def podium(self, now: int) -> list[Standing]:
        """The first three, once the Arena is finished (empty before)."""
        return self.standings()[:3] if self.is_finished(now) else []

    def to_record(self) -> dict[str, Any]:
        s = self.settings
        return {"kind": self.kind, "id": self.id,
                "settings": [s.name, s.preset, s.rated, s.starts_ms, s.minutes, s.capacity,
                             s.private],
                "players": [p.to_record() for p in self.players.values()],
                "tables": {k: list(v) for k, v in self.tables.items()},
                "recorded": sorted(self.recorded)}

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> Arena:
        arena = cls(record["id"], ArenaSettings(*record["settings"]))
        for row in record["players"]:
            player = ArenaPlayer.from_record(row)
            arena.players[player.entrant.pid] = player
        arena.tables = {k: tuple(v) for k, v in record["tables"].items()}
        arena.recorded = set(record["recorded"])
        return arena
