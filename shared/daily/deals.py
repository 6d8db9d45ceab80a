"""The day's deals: a pool of committed deals per hand, one drawn per player by a secret.

Hand ``k`` of day ``D`` (``k`` from 0) has ``N`` *instances* (``INSTANCES``), independent
deals: instance ``i`` is a one-hand game (:func:`daily_rules`) whose game seed is
``HMAC-SHA256(secret, "spades-room/daily/D/k/i")``, first 8 bytes big-endian, top bit
cleared (a 63-bit seed), dealt by ``dealer(k)`` whatever the instance. Its deal seed
and cards follow from that seed exactly as for any table (``shared.spades.deal``), and
its *commitment* is the usual ``sha256(deal seed)``. The day's commitments are listed
hand by hand, instance by instance (hand ``k`` instance ``i`` at ``k * N + i``), and the
*day commitment* is the SHA-256 of that list joined by newlines, published with the list
when the day opens.

Which instance a player is dealt is drawn per hand from the secret and the *player key*
(the account's pid, or the guest's pid): ``HMAC-SHA256(draw key, "k/key")``, first 8
bytes big-endian, modulo ``N``, where the draw key is ``HMAC-SHA256(secret,
"spades-room/daily-draw/D")``. The draw key is never published (not even when the day
closes), so one key's instances say nothing about another's; a second session of one
key is dealt the same instances. The bots of a daily table take their sampling salt
from the same draw key (:meth:`DailyDeals.bot_salt`): they vary their close choices per
player, never by a clock.

When the day closes the server publishes every instance's game seed. Anyone can then
check (:func:`verify_day`) that each seed derives the deal seed whose commitment was
shown, that the commitments hash to the day commitment, and re-deal each instance with
the page's deal check. The secret never leaves the server, so nobody can know a day's
cards before they are dealt to them; the seeds cannot be chosen after the fact because
the day commitment was out first.
"""

from __future__ import annotations

import hashlib
import hmac
import re
from dataclasses import dataclass, field, replace
from typing import Any

from shared.spades import Game, RuleSet, commitment, derive_deal_seed

DAILY_HANDS = 8
# Sixteen deals per hand: a scout's session sees one of them (1 in 16 that it is the
# one another player gets), the par of all of them costs 16 times one day's par (about
# two minutes of one core, off the hot path), and a field of a few hundred players still
# leaves tens per instance to compare a hand with. A power of two: the draw is exact.
INSTANCES = 16
_DAY = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_SCENARIO = re.compile(r"^daily:(\d{4}-\d{2}-\d{2}):(\d{1,2})$")


def daily_rules() -> RuleSet:
    """Each daily hand is scored on its own: the standard rules, one hand, from 0 to 0."""
    return replace(RuleSet.preset("standard"), name="daily", max_hands=1)


def daily_scenario(day: str, hand: int) -> str:
    """The scenario name a daily table carries (hand from 0; the name counts from 1)."""
    return f"daily:{day}:{hand + 1}"


def daily_hand_of(scenario: str | None) -> tuple[str, int] | None:
    """(day, hand from 0) of a daily table's scenario name (``daily_scenario``'s), else
    None (not a daily table)."""
    found = _SCENARIO.match(scenario or "")
    return (found.group(1), int(found.group(2)) - 1) if found else None


def daily_day_of(scenario: str | None) -> str | None:
    """The day of a daily table's scenario name, else None (not a daily table)."""
    which = daily_hand_of(scenario)
    return None if which is None else which[0]


def is_sealed(day: str, today: str) -> bool:
    """Whether a daily hand of ``day`` must still hide the other hands: while ``day`` is
    open (it is ``today``, or later). ``today`` is the caller's (UTC) date."""
    return day >= today


def _check_day(day: str) -> str:
    if not isinstance(day, str) or not _DAY.match(day):
        raise ValueError(f"{day!r} is not a day; write it as YYYY-MM-DD.")
    return day


def _hmac(key: bytes, message: str) -> bytes:
    return hmac.new(key, message.encode(), hashlib.sha256).digest()


def _game_seed(secret: bytes, day: str, k: int, i: int) -> int:
    return int.from_bytes(_hmac(secret, f"spades-room/daily/{day}/{k}/{i}")[:8], "big") >> 1


def _day_commitment(commitments: tuple[str, ...]) -> str:
    return hashlib.sha256("\n".join(commitments).encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class BoardDeal:
    """The deal one player gets for one hand of the day: which instance, its game seed,
    the dealer and the commitment that was published for it."""

    hand: int  # 0-based
    instance: int  # 0-based
    seed: int
    dealer: int
    commitment: str


@dataclass(frozen=True, slots=True)
class DailyDeals:
    """The deals of one day. Build it with :meth:`for_day`; keep ``seeds`` and the draw
    secret until the day closes (the draw key for ever) and publish ``public()``."""

    day: str
    hands: int
    instances: int
    seeds: tuple[int, ...]  # hand k, instance i at k * instances + i
    commitments: tuple[str, ...]  # in the same order
    day_commitment: str
    draw_key: bytes = field(repr=False)

    @classmethod
    def for_day(cls, secret: bytes, day: str, hands: int = DAILY_HANDS,
                instances: int = INSTANCES) -> DailyDeals:
        """The day's deals from the server's secret (at least 16 bytes)."""
        if not isinstance(secret, bytes) or len(secret) < 16:
            raise ValueError("The daily secret must be at least 16 bytes.")
        if not 1 <= hands <= 26:
            raise ValueError("A day has from 1 to 26 hands.")
        if not 1 <= instances <= 64:
            raise ValueError("A hand has from 1 to 64 instances.")
        _check_day(day)
        seeds = tuple(_game_seed(secret, day, k, i)
                      for k in range(hands) for i in range(instances))
        commitments = tuple(commitment(derive_deal_seed(s, 0)) for s in seeds)
        return cls(day, hands, instances, seeds, commitments, _day_commitment(commitments),
                   _hmac(secret, f"spades-room/daily-draw/{day}"))

    @staticmethod
    def dealer(k: int) -> int:
        """Hand ``k``'s dealer: it goes round, so the player (South) bids first, second,
        third and fourth in turn."""
        return (k + 3) % 4

    def _check_hand(self, k: int) -> None:
        if not 0 <= k < self.hands:
            raise ValueError(f"The day has hands 1 to {self.hands}; there is no hand {k + 1}.")

    def instance(self, k: int, player_key: str) -> int:
        """The instance of hand ``k`` that ``player_key`` is dealt (see the module)."""
        self._check_hand(k)
        if not isinstance(player_key, str) or not player_key:
            raise ValueError("A daily deal is drawn for a player; the player key is empty.")
        word = int.from_bytes(_hmac(self.draw_key, f"{k}/{player_key}")[:8], "big")
        return word % self.instances

    def deal_for(self, k: int, player_key: str) -> BoardDeal:
        """Hand ``k`` as ``player_key`` is dealt it: its instance, seed and dealer."""
        i = self.instance(k, player_key)
        at = k * self.instances + i
        return BoardDeal(k, i, self.seeds[at], self.dealer(k), self.commitments[at])

    def bot_salt(self, k: int, player_key: str) -> str:
        """The salt of the bots' sampling at ``player_key``'s table of hand ``k``: the
        same for every session of the key, unknowable to anyone else."""
        self._check_hand(k)
        return _hmac(self.draw_key, f"bots/{k}/{player_key}").hex()[:16]

    def game(self, k: int, instance: int = 0) -> Game:
        """A fresh game of hand ``k``'s ``instance`` (both 0-based), dealt."""
        self._check_hand(k)
        if not 0 <= instance < self.instances:
            raise ValueError(f"Hand {k + 1} has instances 1 to {self.instances}; there is "
                             f"no instance {instance + 1}.")
        return Game.new(daily_rules(), seed=self.seeds[k * self.instances + instance],
                        dealer=self.dealer(k))

    def public(self, closed: bool = False) -> dict[str, Any]:
        """What anyone may see: the commitments always, the seeds once ``closed``."""
        out: dict[str, Any] = {
            "day": self.day,
            "hands": self.hands,
            "instances": self.instances,
            "commitments": list(self.commitments),
            "day_commitment": self.day_commitment,
        }
        if closed:
            out["seeds"] = list(self.seeds)
        return out


def verify_day(day_commitment: str, commitments: list[str], seeds: list[int],
               instances: int = INSTANCES) -> list[str]:
    """Check a closed day: every instance of every hand (lists in the order of
    ``DailyDeals.commitments``). Returns the problems found, as sentences; empty means
    it holds."""
    problems: list[str] = []
    if _day_commitment(tuple(commitments)) != day_commitment:
        problems.append("The deals' commitments do not hash to the day's commitment.")
    if len(seeds) != len(commitments):
        problems.append(f"{len(seeds)} seeds were revealed for {len(commitments)} deals.")
    if instances < 1 or len(commitments) % instances:
        problems.append(f"{len(commitments)} commitments are not {instances} per hand.")
        instances = 1
    for at, (seed, shown) in enumerate(zip(seeds, commitments, strict=False)):
        if commitment(derive_deal_seed(seed, 0)) != shown:
            k, i = divmod(at, instances)
            problems.append(f"Hand {k + 1}, deal {i + 1}: the revealed seed does not "
                            "deal the committed hand.")
    return problems
