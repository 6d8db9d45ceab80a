"""A player's daily result against the field and against par.

The *percentile* of a total is the share of the field it beats, counting a tie as half
a win (the usual "mid-rank" rule of duplicate bridge), so the best of 3 distinct totals
is at 83.3 and a field of one identical result puts everyone at 50.
"""

from __future__ import annotations

from dataclasses import dataclass

from shared.numbers import signed


def median(values: list[int]) -> float:
    """The median; the mean of the two middle values for an even count."""
    if not values:
        raise ValueError("The median of no values is undefined.")
    ordered = sorted(values)
    mid = len(ordered) // 2
    if len(ordered) % 2:
        return float(ordered[mid])
    return (ordered[mid - 1] + ordered[mid]) / 2


def percentile(total: int, field: list[int]) -> float:
    """Where ``total`` stands among ``field`` (which includes it or not: both are fine,
    as long as every result counts once), from 0 to 100, ties counting half."""
    if not field:
        return 100.0
    below = sum(1 for t in field if t < total)
    ties = sum(1 for t in field if t == total)
    return round(100.0 * (below + ties / 2) / len(field), 1)


@dataclass(frozen=True, slots=True)
class HandLine:
    """One hand of the day as the result page shows it."""

    hand: int  # 1-based
    you: int
    field_median: float | None  # None when nobody else has played it yet
    par: int | None  # None until the day's par is computed

    def text(self) -> str:
        parts = [f"hand {self.hand}: you scored {signed(self.you)}"]
        if self.field_median is not None:
            median = self.field_median
            digits = None if median == int(median) else 1
            parts.append(f"the field's median {signed(median, digits)}")
        if self.par is not None:
            parts.append(f"par {signed(self.par)}")
        return ", ".join(parts)


def hand_lines(you: list[int], field: list[list[int]] | list[list[int | None]],
               par: list[int] | None) -> list[HandLine]:
    """Hand-by-hand lines: ``you`` by hand, ``field`` a list of other players' hand
    lists (each as long as ``you``; None where that player was dealt another instance
    of the hand, which is not compared), ``par`` the bots' scores by hand or None."""
    lines = []
    for k, points in enumerate(you):
        others = [p for row in field if len(row) > k and (p := row[k]) is not None]
        lines.append(HandLine(k + 1, points, median(others) if others else None,
                              par[k] if par is not None else None))
    return lines


@dataclass(frozen=True, slots=True)
class FieldSummary:
    """The day's totals: how many played, the quartiles, and a histogram."""

    players: int
    low: int
    q1: float
    median: float
    q3: float
    high: int
    buckets: tuple[tuple[int, int], ...]  # (lower edge, count), bucket width ``width``
    width: int


def summarize(totals: list[int], width: int = 50) -> FieldSummary:
    """The distribution of the day's totals, in buckets of ``width`` points."""
    if not totals:
        raise ValueError("Nobody has played the day yet.")
    if width < 1:
        raise ValueError("The bucket width must be at least 1.")
    ordered = sorted(totals)
    half = len(ordered) // 2
    lower, upper = ordered[:half], ordered[(len(ordered) + 1) // 2:]
    counts: dict[int, int] = {}
    for t in ordered:
        edge = (t // width) * width
        counts[edge] = counts.get(edge, 0) + 1
    return FieldSummary(
        players=len(ordered), low=ordered[0], high=ordered[-1],
        q1=median(lower) if lower else float(ordered[0]), median=median(ordered),
        q3=median(upper) if upper else float(ordered[-1]),
        buckets=tuple(sorted(counts.items())), width=width,
    )
