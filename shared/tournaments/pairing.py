"""Pairing free Arena players into tables (pure; the caller hands in the randomness).

``pair_tables`` takes the players who are free, longest free first, and for each (the
*anchor*) fills a table with the free players nearest its rating; so the longest
waiter is seated first and tables are rating-near wherever the pool allows. Two rules
shape a table:

- in a rated event, two players of one address never share a table (a hard rule: a
  player without another address at hand waits);
- two players of whom one blocked the other are kept apart where the pool allows: a
  table is first sought without such a pair, and only then with one.

The seats of a table are shuffled with the caller's ``random.Random``: partners (seat
``s`` and ``s + n/2``) are random, as the Arena promises.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence

from .settings import Entrant

__all__ = ["pair_tables"]


def pair_tables(free: Sequence[Entrant], seats: int, rng: random.Random, *,
                rated: bool = False,
                apart: Collection[frozenset[str]] = ()) -> list[tuple[Entrant, ...]]:
    """The tables to seat now, each its players by seat; ``free`` in the order they
    became free (longest first). Each player is in at most one table; players left out
    wait for the next pairing. Deterministic for a given input and ``rng`` state."""
    if seats < 2:
        raise ValueError("A table has at least two seats.")
    pool = {e.pid: e for e in free}
    tables: list[tuple[Entrant, ...]] = []
    for anchor in free:
        if len(pool) < seats:
            break
        if anchor.pid not in pool:
            continue
        nearest = sorted((e for e in pool.values() if e.pid != anchor.pid),
                         key=lambda e: (abs(e.rating - anchor.rating), e.pid))
        table = (_fill(anchor, nearest, seats, rated, apart)
                 or (_fill(anchor, nearest, seats, rated, ()) if apart else None))
        if table is None:
            continue
        for player in table:
            del pool[player.pid]
        order = list(table)
        rng.shuffle(order)
        tables.append(tuple(order))
    return tables


def _fill(anchor: Entrant, nearest: list[Entrant], seats: int, rated: bool,
          apart: Collection[frozenset[str]]) -> list[Entrant] | None:
    table = [anchor]
    for other in nearest:
        if rated and other.origin and any(other.origin == p.origin for p in table):
            continue
        if apart and any(frozenset((other.pid, p.pid)) in apart for p in table):
            continue
        table.append(other)
        if len(table) == seats:
            return table
    return None
