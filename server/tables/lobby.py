"""A private table's seating before the start, and the host's rules (pure, no I/O).

``host_rules`` validates the host's preset and house options into a ``RuleSet``;
``Lobby`` is the seating of a private table with every host action as a method that
returns a new ``Lobby`` or raises a typed error saying why not. The room keeps a
``Lobby`` inside its table state (``to_dict``/``from_dict``), so seat changes go
through the table's own compare-and-set, version and notices. The invites that lead
to a private table (codes and links, in Redis) are ``server.social.invites``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from server import refusals as R
from server.errors import InvalidRules, NotHost, SeatError, sentence_of
from shared.spades import PRESETS, RuleSet

__all__ = [
    "BOT_LEVELS",
    "Lobby",
    "Sitter",
    "host_rules",
]

# The levels of shared.bots.players.LEVELS (a test keeps the two equal).
BOT_LEVELS = ("easy", "standard", "challenge")
# The turn times a host may choose (seconds): fast, standard, relaxed, and no clock (0).
TURN_TIMES = (15, 30, 60, 0)
# People a table remembers as admitted to watch (it keeps them in its blob).
MAX_ADMITTED = 200


def host_rules(preset: object, options: object = None) -> RuleSet:
    """The rules a host asked for: a preset name and house options over it (any field
    of ``RuleSet``), validated by ``RuleSet.from_dict``. Raises ``InvalidRules`` with
    the engine's sentence.

    ``preset`` None: the preset named by ``options["name"]`` if it is one (the browser
    sends a whole rule dict named after the preset it started from), else standard.
    """
    if options is None:
        options = {}
    if not isinstance(options, Mapping):
        raise InvalidRules(R.OPTIONS_NOT_MAPPING())
    if preset is None:
        named = options.get("name")
        preset = named if isinstance(named, str) and named in PRESETS else "standard"
    if not isinstance(preset, str) or preset not in PRESETS:
        raise InvalidRules(R.CHOOSE_PRESET(names=", ".join(PRESETS)))
    if any(not isinstance(name, str) for name in options):
        raise InvalidRules(R.OPTION_NAMES_TEXT())
    merged = {**PRESETS[preset].to_dict(), **options}
    try:
        return RuleSet.from_dict(merged)
    except (ValueError, TypeError) as err:
        raise InvalidRules(sentence_of(err)) from None  # a catalogued refusal keeps its id


@dataclass(frozen=True, slots=True)
class Sitter:
    """A person in a seat of a private table."""

    pid: str
    name: str
    guest: bool = False  # playing without an account


Seats = tuple[Sitter | None, ...]  # one per seat of the rules (RuleSet.seats), clockwise


@dataclass(frozen=True, slots=True)
class Lobby:
    """The seating of a private table, from creation to the start and after it.

    The table has ``RuleSet.seats`` seats (2, 3, 4 or 6: the host's format). Before the
    start, people choose seats (partners sit opposite: ``RuleSet.teams``), the host
    moves and removes people, and starts whenever they like: ``bot_seats`` are then
    filled with bots of ``bot_level``. After the start the seating is fixed (leavers
    are handled as at casual tables); only the host role can pass on, so a host who
    leaves does not end the table. ``turn_s`` is the host's turn time (seconds a
    person has before the autopilot plays their turn; 0: no clock, only a disconnect
    brings the autopilot; None: the room's default).

    ``admitted`` are the people who may watch once the host allows spectators: all who
    ever held a seat here, and those who came with the invite (code or link) or found
    the table listed by its host. The table's id alone admits nobody: an archived
    game's id carries it.
    """

    host: str
    rules: dict[str, Any]
    bot_level: str = "standard"
    allow_spectators: bool = False
    seats: Seats = (None, None, None, None)  # Lobby.create sizes it from the rules
    removed: frozenset[str] = field(default_factory=frozenset)
    started: bool = False
    turn_s: int | None = None
    admitted: frozenset[str] = field(default_factory=frozenset)

    @classmethod
    def create(cls, host: Sitter, preset: str | None,
               options: Mapping[str, Any] | None = None,
               bot_level: str = "standard", allow_spectators: bool = False,
               seat: int = 0, turn_s: int | None = None) -> Lobby:
        """A new table with the host in ``seat``; raises InvalidRules, SeatError."""
        rules = host_rules(preset, options)
        if bot_level not in BOT_LEVELS:
            raise InvalidRules(R.CHOOSE_LEVEL(levels=", ".join(BOT_LEVELS)))
        if turn_s is not None and turn_s not in TURN_TIMES:
            raise InvalidRules(R.CHOOSE_TURN(seconds=", ".join(str(s) for s in TURN_TIMES if s)))
        seats: list[Sitter | None] = [None] * rules.seats
        _check_seat(seat, seats)
        seats[seat] = host
        return cls(host.pid, rules.to_dict(), bot_level, bool(allow_spectators), tuple(seats),
                   turn_s=turn_s, admitted=frozenset({host.pid}))

    # -- reading -------------------------------------------------------------------------

    def seat_of(self, pid: str) -> int | None:
        for index, sitter in enumerate(self.seats):
            if sitter is not None and sitter.pid == pid:
                return index
        return None

    @property
    def bot_seats(self) -> list[int]:
        """The empty seats (bots take them at the start)."""
        return [i for i, sitter in enumerate(self.seats) if sitter is None]

    def may_watch(self, pid: str) -> bool:
        """Whether ``pid`` may watch (public view only) without a seat: the host allows
        spectators and ``pid`` is admitted (and was not removed)."""
        return self.allow_spectators and pid in self.admitted and pid not in self.removed

    def admit(self, pid: str) -> Lobby:
        """``pid`` came with the invite (or by the host's listing): they may watch
        from now on whenever the host allows spectators. Raises SeatError when the host
        removed them or the table has admitted as many people as it keeps."""
        if pid in self.removed:
            raise SeatError(R.REMOVED())
        if pid in self.admitted:
            return self
        if len(self.admitted) >= MAX_ADMITTED:
            raise SeatError(R.SPECTATORS_FULL())
        return replace(self, admitted=self.admitted | {pid})

    # -- anyone --------------------------------------------------------------------------

    def choose_seat(self, who: Sitter, seat: int) -> Lobby:
        """Sit down in (or move oneself to) the empty ``seat`` before the start."""
        _check_seat(seat, self.seats)
        self._before_start("choose_seat")
        if who.pid in self.removed:
            raise SeatError(R.REMOVED())
        taken = self.seats[seat]
        if taken is not None and taken.pid != who.pid:
            raise SeatError(R.SEAT_TAKEN(seat=seat))
        seats = [None if s is not None and s.pid == who.pid else s for s in self.seats]
        seats[seat] = who
        return replace(self, seats=tuple(seats), admitted=self.admitted | {who.pid})

    def leave(self, pid: str) -> Lobby | None:
        """``pid`` leaves. Before the start the seat empties; after it the seat stays
        (the room gives it to a bot). A leaving host passes the role to the first
        person seated; None when nobody is left before the start (drop the table)."""
        seat = self.seat_of(pid)
        lobby = self
        if seat is not None and not self.started:
            seats = list(self.seats)
            seats[seat] = None
            lobby = replace(self, seats=tuple(seats))
        if pid != self.host:
            return lobby
        heirs = [s.pid for s in lobby.seats if s is not None and s.pid != pid]
        if not heirs:
            return None if not self.started else lobby
        return replace(lobby, host=heirs[0])

    # -- the host ------------------------------------------------------------------------

    def move(self, by: str, from_seat: int, to_seat: int) -> Lobby:
        """Host: move the person in ``from_seat`` to ``to_seat`` (swapping with whoever
        sits there), before the start."""
        self._host_only(by, "move")
        _check_seat(from_seat, self.seats)
        _check_seat(to_seat, self.seats)
        self._before_start("move")
        if self.seats[from_seat] is None:
            raise SeatError(R.NOBODY_TO_MOVE(seat=from_seat))
        seats = list(self.seats)
        seats[from_seat], seats[to_seat] = seats[to_seat], seats[from_seat]
        return replace(self, seats=tuple(seats))

    def remove(self, by: str, seat: int) -> Lobby:
        """Host: remove the person in ``seat`` before the start; they cannot come back
        to this table (nor watch it)."""
        self._host_only(by, "remove")
        _check_seat(seat, self.seats)
        self._before_start("remove")
        sitter = self.seats[seat]
        if sitter is None:
            raise SeatError(R.NOBODY_TO_REMOVE(seat=seat))
        if sitter.pid == self.host:
            raise SeatError(R.HOST_STAYS())
        seats = list(self.seats)
        seats[seat] = None
        return replace(self, seats=tuple(seats), removed=self.removed | {sitter.pid})

    def set_spectators(self, by: str, allow: bool) -> Lobby:
        """Host: allow or refuse spectators (public view only) from now on."""
        self._host_only(by, "watchers")
        return replace(self, allow_spectators=bool(allow))

    def start(self, by: str) -> Lobby:
        """Host: start now; ``bot_seats`` get bots. Possible with only the host seated."""
        self._host_only(by, "start")
        self._before_start("restart")
        return replace(self, started=True)

    def _host_only(self, by: str, what: str) -> None:
        # ``what``: a lobby act's id (server.refusals.LOBBY_ACTS), said in each language
        if by != self.host:
            raise NotHost(R.HOST_ONLY(what=what))

    def _before_start(self, what: str) -> None:
        if self.started:
            raise SeatError(R.STARTED(what=what))

    # -- storage -------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {"host": self.host, "rules": self.rules, "bots": self.bot_level,
                "watch": self.allow_spectators,
                "seats": [None if s is None else [s.pid, s.name, s.guest] for s in self.seats],
                "removed": sorted(self.removed), "started": self.started,
                "turn": self.turn_s, "admitted": sorted(self.admitted)}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Lobby:
        seats = [None if s is None else Sitter(*s) for s in d["seats"]]  # 2 or 3 fields
        # A table stored before ``admitted`` admits its host and the people seated.
        admitted = frozenset(d.get("admitted", ())) | {d["host"]} | {
            s.pid for s in seats if s is not None}
        return cls(d["host"], dict(d["rules"]), d["bots"], d["watch"], tuple(seats),
                   frozenset(d["removed"]), d["started"], d.get("turn"), admitted)


def _check_seat(seat: object, seats: Seats | list[Sitter | None]) -> None:
    """``seat`` must be one of the table's seats (0 to ``len(seats) - 1``)."""
    last = len(seats) - 1
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat <= last:
        raise SeatError(R.SEAT_RANGE(last=last))
