"""The day's deals: seeds fixed by a secret, commitments published before play.

Hand ``k`` of day ``D`` is a one-hand game (:func:`daily_rules`) whose game seed is
``HMAC-SHA256(secret, "spades-room/daily/D/k")``, first 8 bytes big-endian, top bit
cleared (a 63-bit seed). Its deal seed and cards follow from that seed exactly as for any
table (``shared.spades.deal``), and its *commitment* is the usual
``sha256(deal seed)``. The *day commitment* is the SHA-256 of the hands' commitments
joined by newlines, published when the day opens.

When the day closes the server publishes the game seeds. Anyone can then check
(:func:`verify_day`) that each seed derives the deal seed whose commitment was shown,
and that the commitments hash to the day commitment, and re-deal each hand with the
page's deal check. The secret never leaves the server, so nobody can know a day's cards
before they are dealt to them; the seeds cannot be chosen after the fact because the
day commitment was out first.
"""

from __future__ import annotations

import hashlib
import hmac
import re
from dataclasses import dataclass, replace
from typing import Any

from shared.spades import Game, RuleSet, commitment, derive_deal_seed

DAILY_HANDS = 8
_DAY = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def daily_rules() -> RuleSet:
    """Each daily hand is scored on its own: the standard rules, one hand, from 0 to 0."""
    return replace(RuleSet.preset("standard"), name="daily", max_hands=1)


def _check_day(day: str) -> str:
    if not isinstance(day, str) or not _DAY.match(day):
        raise ValueError(f"{day!r} is not a day; write it as YYYY-MM-DD.")
    return day


def _game_seed(secret: bytes, day: str, k: int) -> int:
    digest = hmac.new(secret, f"spades-room/daily/{day}/{k}".encode(), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def _day_commitment(commitments: tuple[str, ...]) -> str:
    return hashlib.sha256("\n".join(commitments).encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class DailyDeals:
    """The hands of one day. Build it with :meth:`for_day`; keep ``seeds`` secret until
    the day closes and publish ``public()`` from the start."""

    day: str
    seeds: tuple[int, ...]
    commitments: tuple[str, ...]
    day_commitment: str

    @classmethod
    def for_day(cls, secret: bytes, day: str, hands: int = DAILY_HANDS) -> DailyDeals:
        """The day's hands from the server's secret (at least 16 bytes)."""
        if not isinstance(secret, bytes) or len(secret) < 16:
            raise ValueError("The daily secret must be at least 16 bytes.")
        if not 1 <= hands <= 26:
            raise ValueError("A day has from 1 to 26 hands.")
        _check_day(day)
        seeds = tuple(_game_seed(secret, day, k) for k in range(hands))
        commitments = tuple(commitment(derive_deal_seed(s, 0)) for s in seeds)
        return cls(day, seeds, commitments, _day_commitment(commitments))

    @staticmethod
    def dealer(k: int) -> int:
        """Hand ``k``'s dealer: it goes round, so the player (South) bids first, second,
        third and fourth in turn."""
        return (k + 3) % 4

    def game(self, k: int) -> Game:
        """A fresh game of hand ``k`` (0-based), dealt, before the first action."""
        if not 0 <= k < len(self.seeds):
            raise ValueError(f"The day has hands 1 to {len(self.seeds)}; there is no hand {k + 1}.")
        return Game.new(daily_rules(), seed=self.seeds[k], dealer=self.dealer(k))

    def public(self, closed: bool = False) -> dict[str, Any]:
        """What anyone may see: the commitments always, the seeds once ``closed``."""
        out: dict[str, Any] = {
            "day": self.day,
            "hands": len(self.seeds),
            "commitments": list(self.commitments),
            "day_commitment": self.day_commitment,
        }
        if closed:
            out["seeds"] = list(self.seeds)
        return out


def verify_day(day_commitment: str, commitments: list[str], seeds: list[int]) -> list[str]:
    """Check a closed day. Returns the problems found, as sentences; empty means it holds."""
    problems: list[str] = []
    if _day_commitment(tuple(commitments)) != day_commitment:
        problems.append("The hands' commitments do not hash to the day's commitment.")
    if len(seeds) != len(commitments):
        problems.append(f"{len(seeds)} seeds were revealed for {len(commitments)} hands.")
    for k, (seed, shown) in enumerate(zip(seeds, commitments, strict=False)):
        if commitment(derive_deal_seed(seed, 0)) != shown:
            problems.append(f"Hand {k + 1}: the revealed seed does not deal the committed hand.")
    return problems
