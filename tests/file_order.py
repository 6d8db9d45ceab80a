"""The order the suite's files are handed to xdist workers: the longest first.

With ``--dist loadfile`` each file runs whole on one worker and a free worker takes the
next file in collection order. Collected alphabetically, a long browser file that
happens to come last runs alone while the other workers sit idle; handing out the
longest files first (the classic longest-processing-time rule) ends the workers
together. The weights are each file's seconds in a full run, kept in
``tests/file_weights.txt`` (``scripts/test_file_weights.py`` writes it from a JUnit XML
report); a file not listed weighs its number of tests times ``UNKNOWN_TEST_SECONDS``.
Tests keep their order within a file.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Protocol, TypeVar

WEIGHTS = Path(__file__).with_name("file_weights.txt")
# A new file's tests are guessed at a few seconds each (the suite's mean is about two).
UNKNOWN_TEST_SECONDS = 3.0


class _Item(Protocol):
    nodeid: str


T = TypeVar("T", bound=_Item)


def read_weights(path: Path = WEIGHTS) -> dict[str, float]:
    """``{"tests/x/test_y.py": seconds}`` from lines ``seconds path`` (``#`` comments)."""
    weights: dict[str, float] = {}
    if not path.exists():
        return weights
    for line in path.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            seconds, name = line.split(None, 1)
            weights[name] = float(seconds)
    return weights


def file_of(item: _Item) -> str:
    return item.nodeid.split("::", 1)[0]


def longest_first(items: list[T], weights: dict[str, float]) -> list[T]:
    """``items`` with whole files in decreasing weight (ties: collection order)."""
    counts = Counter(file_of(i) for i in items)
    first_seen: dict[str, int] = {}
    for n, item in enumerate(items):
        first_seen.setdefault(file_of(item), n)

    def key(item: T) -> tuple[float, int]:
        name = file_of(item)
        weight = weights.get(name, counts[name] * UNKNOWN_TEST_SECONDS)
        return (-weight, first_seen[name])

    return sorted(items, key=key)  # stable: a file's tests keep their order
