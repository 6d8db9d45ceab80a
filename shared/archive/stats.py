"""Per-seat Spades statistics of one archived game, summed later per player.

The archive writes one ``SeatStats`` row per seat when it stores a game, so a player
page adds up rows (or reads their running sums) instead of replaying games. What each
count means (the player page shows them as shares and averages):

- ``hands``: hands the seat played;
- ``bids``: hands with a numeric bid; ``bid_error_sum``: the sum, over those, of
  tricks the seat took minus its bid (its average is the "average bid error");
- ``contracts_made`` / ``contracts_set``: of those hands, the side's tricks (Nil
  bidders' included) reached its contract / fell short;
- ``bags``: the sum over the seat's hands of the bags its side banked in that hand (the
  engine's ``new_bags``: tricks counted beyond a made contract, none when it was set,
  plus the Nil bidders' tricks when they do not count for the partner), before any
  penalty and whether or not bags bank (``bag_penalty``); both partners count their
  side's; the player page shows it per hand ("bags per hand");
- ``nil_tried`` / ``nil_made``, ``blind_nil_tried`` / ``blind_nil_made``: Nil and Blind
  Nil bids, and those that took no trick;
- ``top_scorer``: hands where the seat took the most tricks of its side (ties count
  for each tied seat; a solo side is one seat, so each of its hands counts).

The sides are the engine's (``seat_sides``): a solo seat is a side of its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import astuple, dataclass
from typing import Any

__all__ = ["STAT_FIELDS", "SeatStats", "seat_stats"]


@dataclass(frozen=True, slots=True)
class SeatStats:
    hands: int = 0
    bids: int = 0
    bid_error_sum: int = 0
    contracts_made: int = 0
    contracts_set: int = 0
    bags: int = 0
    nil_tried: int = 0
    nil_made: int = 0
    blind_nil_tried: int = 0
    blind_nil_made: int = 0
    top_scorer: int = 0

    def as_tuple(self) -> tuple[int, ...]:
        return astuple(self)


STAT_FIELDS = tuple(SeatStats.__dataclass_fields__)


def seat_stats(hands: Sequence[dict[str, Any]], sides: Sequence[Sequence[int]],
               n_seats: int) -> list[SeatStats]:
    """One ``SeatStats`` per seat from ``replay_hands``'s hands and the sides."""
    side_of = {seat: index for index, side in enumerate(sides) for seat in side}
    counts = [[0] * len(STAT_FIELDS) for _ in range(n_seats)]
    f = {name: i for i, name in enumerate(STAT_FIELDS)}
    for hand in hands:
        took = [0] * n_seats
        for trick in hand["tricks"]:
            took[trick["winner"]] += 1
        bids = {b["seat"]: b["bid"] for b in hand["bids"]}
        for seat in range(n_seats):
            row = counts[seat]
            side = side_of[seat]
            row[f["hands"]] += 1
            row[f["bags"]] += hand["new_bags"][side]
            bid = bids.get(seat)
            if isinstance(bid, int):
                row[f["bids"]] += 1
                row[f["bid_error_sum"]] += took[seat] - bid
                made = hand["score"][side]["took"] >= hand["score"][side]["bid"]
                row[f["contracts_made" if made else "contracts_set"]] += 1
            elif bid in ("nil", "blind_nil"):
                row[f[f"{bid}_tried"]] += 1
                row[f[f"{bid}_made"]] += took[seat] == 0
            if took[seat] == max(took[s] for s in sides[side]):
                row[f["top_scorer"]] += 1
    return [SeatStats(*row) for row in counts]
