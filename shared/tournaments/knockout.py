"""A Knock-out: 8, 16 or 32 players, seeded by rating, a bracket of matches.

Entries are made before the start: in partnership Spades a fixed team of two entered
together (or made by two players each asking for the other: ``ask``), or a single
player to be teamed at random; in the two-handed game one player. ``start(now, rng)``
forms the random teams (a single left without a partner is withdrawn), seeds the sides
by rating (a team's rating is its members' mean) into the usual bracket order (1 meets
the last seed, 2 the one before, and so on, so the top seeds meet last) and gives the
top seeds a bye when the sides do not fill the bracket.

Each match is one game or a best of three to the event's rules. The caller seats a
ready match (``seat(match, table_id)``; side A in seats 0 and 2, side B in 1 and 3)
and records each game (``record(table_id, winner, leavers)``): the winner of the
match moves to its place in the next round. A side with a leaver (played by the
autopilot) loses the game whatever the score; a drawn game, or one both sides left,
counts for neither and the match plays another. A call that raises leaves the event
as it was.
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
from .settings import Entrant, KnockoutSettings

__all__ = ["Knockout", "Match", "Side", "bracket_order"]


@dataclass(frozen=True, slots=True)
class Side:
    """One side of the bracket: its seed (1 is the highest rated) and its players."""

    seed: int
    members: tuple[Entrant, ...]

    @property
    def rating(self) -> float:
        return sum(m.rating for m in self.members) / len(self.members)

    @property
    def name(self) -> str:
        return " & ".join(m.name for m in self.members)


@dataclass(slots=True)
class Match:
    """A match of ``round`` (1 is the first); ``a`` and ``b`` are seeds (None: not
    known yet, or a bye). ``games`` the tables played, ``playing`` the one under way."""

    round: int
    slot: int
    a: int | None = None
    b: int | None = None
    wins: list[int] = field(default_factory=lambda: [0, 0])
    games: list[str] = field(default_factory=list)
    playing: str | None = None
    winner: int | None = None

    @property
    def key(self) -> str:
        return f"r{self.round}m{self.slot}"

    def to_record(self) -> list[Any]:
        return [self.round, self.slot, self.a, self.b, self.wins, self.games,
                self.playing, self.winner]

    @classmethod
    def from_record(cls, record: list[Any]) -> Match:
        rnd, slot, a, b, wins, games, playing, winner = record
        return cls(rnd, slot, a, b, list(wins), list(games), playing, winner)


def bracket_order(size: int) -> list[int]:
    """The seeds by bracket position for a bracket of ``size`` (a power of two): for 8,
    ``[1, 8, 4, 5, 2, 7, 3, 6]``; neighbours in pairs meet in the first round."""
    if size < 2 or size & (size - 1):
        raise ValueError("A bracket has a power of two of places.")
    order = [1, 2]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [s for seed in order for s in (seed, total - seed)]
    return order


class Knockout:
    """The state of one Knock-out; see the module docstring."""

    kind = "knockout"

    def __init__(self, event_id: str, settings: KnockoutSettings) -> None:
        self.id = event_id
        self.settings = settings
        self.entries: list[tuple[Entrant, ...]] = []
        # A single's wish for a partner (``ask``): its pid -> (the partner's pid and name)
        self.asks: dict[str, tuple[str, str]] = {}
        self.sides: dict[int, Side] = {}  # by seed, once started
        self.withdrawn: list[Entrant] = []
        self.matches: dict[str, Match] = {}

    # -- before the start ----------------------------------------------------------

    @property
    def is_started(self) -> bool:
        return bool(self.sides)

    @property
    def entered(self) -> list[Entrant]:
        return [m for entry in self.entries for m in entry]

    def edit(self, settings: KnockoutSettings, now: int) -> None:
        if self.is_started or now >= self.settings.starts_ms:
            raise EventStarted("The Knock-out has started: its settings can no longer "
                               "change.")
        if settings.size < len(self.entered) or settings.team_size != self.settings.team_size:
            raise BadEntry("The entries made do not fit those settings.")
        self.settings = settings

    def enter(self, members: Sequence[Entrant], now: int) -> None:
        """Enter one player, or (partnership Spades) a team of two together."""
        self._open_to_entries()
        team = self.settings.team_size
        if not 1 <= len(members) <= team:
            raise BadEntry("Enter alone or as a team of two." if team == 2
                           else "Enter alone: the two-handed game has no partners.")
        pids = [m.pid for m in members]
        if len(set(pids)) != len(pids):
            raise BadEntry("A team is two different players.")
        known = {m.pid for m in self.entered}
        if known & set(pids):
            raise AlreadyEntered("You are in this Knock-out already.")
        self._admit(members)
        self.entries.append(tuple(members))

    def ask(self, member: Entrant, partner: str, partner_name: str, now: int) -> bool:
        """``member`` enters with the partner of pid ``partner``, by the consent of both:
        when that partner asked for ``member`` already the two become a team (at the
        partner's place in the entries) and this returns True; otherwise ``member`` is
        entered alone (or stays so), asking for ``partner``, and this returns False. An
        ask left unanswered at the start leaves a single, teamed at random."""
        self._open_to_entries()
        if self.settings.team_size != 2:
            raise BadEntry("Enter alone: the two-handed game has no partners.")
        if partner == member.pid:
            raise BadEntry("A team is two different players.")
        mine = self._entry_of(member.pid)
        if mine is not None and len(self.entries[mine]) == 2:
            raise AlreadyEntered("You are in this Knock-out already, in a team.")
        theirs = self._entry_of(partner)
        if theirs is not None and len(self.entries[theirs]) == 2:
            raise AlreadyEntered(f"{partner_name} is in a team already.")
        if mine is None:
            self._admit([member])
        if theirs is not None and self.asks.get(partner, ("",))[0] == member.pid:
            self.entries[theirs] = (self.entries[theirs][0], member)
            if mine is not None:
                del self.entries[mine]
            del self.asks[partner]
            self.asks.pop(member.pid, None)
            return True
        if mine is None:
            self.entries.append((member,))
        self.asks[member.pid] = (partner, partner_name)
        return False

    def _open_to_entries(self) -> None:
        if self.is_finished:
            raise EventOver("The Knock-out is over.")
        if self.is_started:
            raise EventStarted("The Knock-out has started: entries are closed.")

    def _admit(self, members: Sequence[Entrant]) -> None:
        """Refuse ``members`` (not entered yet) when no place is left for them, or when
        a rated event has a player of their address already."""
        if len(self.entered) + len(members) > self.settings.size:
            raise EventFull(f"The Knock-out is full ({self.settings.size} players).")
        if self.settings.rated:
            # Any two entrants may meet (or be teamed at random): one address, one entry.
            seen = [m.origin for m in self.entered if m.origin]
            mine = [m.origin for m in members if m.origin]
            if len(set(mine)) != len(mine) or set(mine) & set(seen):
                raise SameAddress("A rated event takes one player of an address.")

    def _entry_of(self, pid: str) -> int | None:
        return next((k for k, entry in enumerate(self.entries)
                     if any(m.pid == pid for m in entry)), None)

    def withdraw(self, pid: str, now: int) -> None:
        """Take an entry (the player's whole team) out before the start."""
        if self.is_started:
            raise EventStarted("The Knock-out has started: play or leave your game.")
        k = self._entry_of(pid)
        if k is None:
            raise NotEntered("You are not in this Knock-out.")
        for member in self.entries.pop(k):
            self.asks.pop(member.pid, None)

    def start(self, now: int, rng: random.Random) -> None:
        """Form the teams, seed, draw the bracket and pass the byes on."""
        if self.is_started:
            raise EventStarted("The Knock-out has started already.")
        team = self.settings.team_size
        whole = [e for e in self.entries if len(e) == team]
        singles = [e[0] for e in self.entries if len(e) < team]
        rng.shuffle(singles)
        if len(singles) % team:
            self.withdrawn = [singles.pop()]
        whole += [tuple(singles[k:k + team]) for k in range(0, len(singles), team)]
        if len(whole) < 2:
            raise BadEntry("A Knock-out needs at least two sides to start.")
        self.asks = {}  # every single is teamed now: no wish is left to answer
        ranked = sorted(whole, key=lambda e: (-sum(m.rating for m in e) / len(e),
                                              [m.pid for m in e]))
        self.sides = {seed: Side(seed, members)
                      for seed, members in enumerate(ranked, start=1)}
        places = 2
        while places < len(ranked):
            places *= 2
        order = bracket_order(places)
        rounds = places.bit_length() - 1
        for rnd in range(1, rounds + 1):
            for slot in range(places >> rnd):
                match = Match(rnd, slot)
                self.matches[match.key] = match
        for slot in range(places // 2):
            a, b = order[2 * slot], order[2 * slot + 1]
            match = self.matches[f"r1m{slot}"]
            match.a = a if a in self.sides else None
            match.b = b if b in self.sides else None
            if match.b is None and match.a is not None:
                self._decide(match, match.a)  # a bye

    # -- play ------------------------------------------------------------------------

    @property
    def rounds(self) -> int:
        return max((m.round for m in self.matches.values()), default=0)

    @property
    def final(self) -> Match | None:
        return self.matches.get(f"r{self.rounds}m0") if self.matches else None

    @property
    def is_finished(self) -> bool:
        final = self.final
        return final is not None and final.winner is not None

    def ready(self) -> list[Match]:
        """The matches to seat a game of now, first round first."""
        return [m for m in self.matches.values()
                if m.a is not None and m.b is not None and m.winner is None
                and m.playing is None]

    def seat_pids(self, key: str) -> tuple[str, ...]:
        """The players of a match by seat: side A in the even seats, side B the odd."""
        match = self._match(key)
        if match.a is None or match.b is None:
            raise NotFree(f"The match {key} does not have both sides yet.")
        a, b = self.sides[match.a].members, self.sides[match.b].members
        return tuple(pid for pair in zip(a, b, strict=True) for pid in (pair[0].pid,
                                                                        pair[1].pid))

    def seat(self, key: str, table_id: str) -> None:
        """Record that the match's next game is played at ``table_id``."""
        match = self._match(key)
        if match.winner is not None:
            raise NotFree(f"The match {key} is decided.")
        if match.playing is not None:
            raise NotFree(f"The match {key} is being played at table {match.playing}.")
        self.seat_pids(key)  # both sides known
        if any(table_id in m.games or table_id == m.playing
               for m in self.matches.values()):
            raise NotFree(f"The table {table_id} is seated already.")
        match.playing = table_id

    def record(self, table_id: str, winner: int | None,
               leavers: Collection[str] = ()) -> Match:
        """Count the game at ``table_id``: ``winner`` the winning side (0 for A, 1 for
        B, None a draw); a side with a leaver loses it. Returns the match."""
        if winner not in (0, 1, None):
            raise BadEntry("A game's winner is side 0, side 1 or none (a draw).")
        for match in self.matches.values():
            if table_id in match.games:
                raise AlreadyRecorded(f"The game of table {table_id} is counted already.")
            if match.playing == table_id:
                break
        else:
            raise NotEntered(f"No match of this Knock-out is played at table {table_id}.")
        assert match.a is not None and match.b is not None
        left = [any(m.pid in leavers for m in self.sides[s].members)
                for s in (match.a, match.b)]
        if left[0] != left[1]:
            winner = 1 if left[0] else 0
        elif left[0]:
            winner = None
        match.games.append(table_id)
        match.playing = None
        if winner is not None:
            match.wins[winner] += 1
            if match.wins[winner] >= self.settings.wins_needed:
                self._decide(match, match.a if winner == 0 else match.b)
        return match

    def _decide(self, match: Match, seed: int) -> None:
        match.winner = seed
        after = self.matches.get(f"r{match.round + 1}m{match.slot // 2}")
        if after is None:
            return
        if match.slot % 2 == 0:
            after.a = seed
        else:
            after.b = seed

    def _match(self, key: str) -> Match:
        match = self.matches.get(key)
        if match is None:
            raise NotEntered(f"This Knock-out has no match {key}.")
        return match

    # -- results ---------------------------------------------------------------------

    def podium(self) -> list[list[Side]]:
        """Once finished: [[champion], [runner-up], [the semi-final losers]]."""
        final = self.final
        if final is None or final.winner is None:
            return []
        assert final.a is not None and final.b is not None
        loser = final.b if final.winner == final.a else final.a
        podium = [[self.sides[final.winner]], [self.sides[loser]]]
        semis = [m for m in self.matches.values() if m.round == self.rounds - 1]
        thirds = [self.sides[s] for m in semis for s in (m.a, m.b)
                  if s is not None and s != m.winner]
        return [*podium, thirds] if thirds else podium

    def places(self) -> list[tuple[Side, int, int]]:
        """Once finished, every side with its place and the games it won: the
        champion 1, the runner-up 2, a side out in round ``r`` of ``R`` shares place
        ``2 ** (R - r) + 1`` (the semi-final losers 3, the quarter-final's 5, ...)."""
        final = self.final
        if final is None or final.winner is None:
            return []
        out: dict[int, int] = {final.winner: self.rounds + 1}  # seed -> round it fell in
        won: dict[int, int] = dict.fromkeys(self.sides, 0)
        for match in self.matches.values():
            for index, seed in enumerate((match.a, match.b)):
                if seed is None:
                    continue
                won[seed] += match.wins[index]
                if match.winner is not None and seed != match.winner:
                    out[seed] = match.round
        rounds = self.rounds
        lines = [(self.sides[seed], 1 if fell > rounds else 2 ** (rounds - fell) + 1,
                  won[seed]) for seed, fell in out.items()]
        return sorted(lines, key=lambda line: (line[1], line[0].seed))

    def to_record(self) -> dict[str, Any]:
        s = self.settings
        return {"kind": self.kind, "id": self.id,
                "settings": [s.name, s.preset, s.rated, s.starts_ms, s.size, s.best_of,
                             s.private],
                "entries": [[m.to_record() for m in e] for e in self.entries],
                "asks": [[pid, *wish] for pid, wish in self.asks.items()],
                "sides": [[side.seed, [m.to_record() for m in side.members]]
                          for side in self.sides.values()],
                "withdrawn": [m.to_record() for m in self.withdrawn],
                "matches": [m.to_record() for m in self.matches.values()]}

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> Knockout:
        event = cls(record["id"], KnockoutSettings(*record["settings"]))
        event.entries = [tuple(Entrant.from_record(m) for m in e) for e in record["entries"]]
        event.asks = {pid: (partner, name) for pid, partner, name in record.get("asks", [])}
        event.sides = {seed: Side(seed, tuple(Entrant.from_record(m) for m in members))
                       for seed, members in record["sides"]}
        event.withdrawn = [Entrant.from_record(m) for m in record["withdrawn"]]
        for row in record["matches"]:
            match = Match.from_record(row)
            event.matches[match.key] = match
        return event
