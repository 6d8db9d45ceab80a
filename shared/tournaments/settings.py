"""What a host chooses for an event, validated on construction, and who enters.

A settings object that exists is a runnable event: a bad choice raises ``BadEntry``
with a sentence saying which. The rules are a named preset of ``shared.spades.rules``
(every preset and format may be played); a *rated* event moves ratings as ranked games
do, so it plays the ranked format (four players in two partnerships) only.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from shared.spades.rules import PRESETS, RuleSet

from .errors import BadEntry
from .reasons import KNOCKOUT_SIDES, NAME_LENGTH, RATED_PARTNERS

__all__ = ["ARENA_MINUTES", "KNOCKOUT_SIZES", "ArenaSettings", "Entrant", "KnockoutSettings"]

ARENA_MINUTES = (15, 30, 45, 60, 90, 120)
KNOCKOUT_SIZES = (8, 16, 32)
MAX_ARENA_PLACES = 5000


@dataclass(frozen=True, slots=True)
class Entrant:
    """A player entering an event: ``rating`` is the skill estimate (``mu``) at entry,
    ``origin`` a digest of the client address ("" unknown: nobody's address)."""

    pid: str
    name: str
    rating: float
    origin: str = ""

    def __post_init__(self) -> None:
        if not self.pid or not isinstance(self.pid, str):
            raise BadEntry("An entrant needs a player id.")
        if isinstance(self.rating, bool) or not isinstance(self.rating, int | float) \
                or not math.isfinite(self.rating):
            raise BadEntry(f"The rating of {self.name or self.pid} is not a number.")

    def to_record(self) -> list[Any]:
        return [self.pid, self.name, self.rating, self.origin]

    @classmethod
    def from_record(cls, record: list[Any]) -> Entrant:
        return cls(*record)


def _check_common(name: str, preset: str, rated: bool, starts_ms: int,
                  private: bool) -> RuleSet:
    if not isinstance(name, str) or not 1 <= len(name.strip()) <= 60:
        raise BadEntry(NAME_LENGTH())
    if not isinstance(rated, bool) or not isinstance(private, bool):
        raise BadEntry("Whether the event is rated, and whether it is private, are true "
                       "or false.")
    if not isinstance(preset, str) or preset not in PRESETS:
        raise BadEntry(f"There is no preset {preset!r}; choose one of {', '.join(PRESETS)}.")
    if not isinstance(starts_ms, int) or isinstance(starts_ms, bool) or starts_ms < 0:
        raise BadEntry("The start time must be a time (milliseconds since 1970).")
    rules = PRESETS[preset]
    if rated and not (rules.players == 4 and rules.partnerships):
        raise BadEntry(RATED_PARTNERS())
    return rules


@dataclass(frozen=True, slots=True)
class ArenaSettings:
    """An Arena: ``minutes`` long from ``starts_ms``, at most ``capacity`` players."""

    name: str
    preset: str = "quick"
    rated: bool = False
    starts_ms: int = 0
    minutes: int = 30
    capacity: int = 1000
    private: bool = False  # a club's event: not listed, reached by its link

    def __post_init__(self) -> None:
        _check_common(self.name, self.preset, self.rated, self.starts_ms, self.private)
        if self.minutes not in ARENA_MINUTES:
            raise BadEntry(f"An Arena lasts {', '.join(map(str, ARENA_MINUTES))} minutes.")
        seats = self.rules.players
        if not isinstance(self.capacity, int) or not seats <= self.capacity <= MAX_ARENA_PLACES:
            raise BadEntry(f"An Arena of this format holds {seats} to {MAX_ARENA_PLACES} "
                           "players.")

    @property
    def rules(self) -> RuleSet:
        return PRESETS[self.preset]

    @property
    def ends_ms(self) -> int:
        return self.starts_ms + self.minutes * 60_000


@dataclass(frozen=True, slots=True)
class KnockoutSettings:
    """A Knock-out of ``size`` players (8, 16 or 32), each match a game or a best of
    three. Two sides meet in a match: two-handed players, or partnerships of two."""

    name: str
    preset: str = "standard"
    rated: bool = False
    starts_ms: int = 0
    size: int = 16
    best_of: int = 1
    private: bool = False  # a club's event: not listed, reached by its link

    def __post_init__(self) -> None:
        rules = _check_common(self.name, self.preset, self.rated, self.starts_ms,
                              self.private)
        if self.size not in KNOCKOUT_SIZES:
            raise BadEntry("A Knock-out has 8, 16 or 32 entrants.")
        if self.best_of not in (1, 3):
            raise BadEntry("A Knock-out match is one game or a best of three.")
        if len(rules.teams) != 2:
            raise BadEntry(KNOCKOUT_SIDES())

    @property
    def rules(self) -> RuleSet:
        return PRESETS[self.preset]

    @property
    def team_size(self) -> int:
        """Players on one side of a match: 2 in partnership Spades, 1 two-handed."""
        return len(self.rules.teams[0])

    @property
    def wins_needed(self) -> int:
        return self.best_of // 2 + 1
