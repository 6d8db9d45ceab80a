"""Casual quick-play pools (issue 17): the popular rule sets, each its own pool of
casual tables (seated and bot-filled like the default one). ``POOLS`` names every rule
set a pool may use; the setting ``QUICK_POOLS`` (``Settings.quick_pools``) says which
the room offers. A ``quick`` without a pool uses ``CASUAL_PRESET`` as before.

Each pool's tables with open seats are indexed under ``open_tables("casual.<pool>")``;
a table that started stays there until the next quick play of that pool finds it full
and drops it (the actor closes only the kind's own index).
"""

from __future__ import annotations

from dataclasses import replace

from shared.spades.rules import RuleSet

__all__ = ["POOLS", "pool_index", "pool_rules"]

POOLS: dict[str, RuleSet] = {
    "quick": RuleSet.preset("quick"),  # to 250, no Blind Nil
    "standard": RuleSet.preset("standard"),  # to 500
    "jokers": replace(RuleSet.preset("standard"), name="jokers", jokers=True),
    "whiz": replace(RuleSet.preset("standard"), name="whiz", bidding="whiz"),
}


def pool_rules(pool: str) -> RuleSet:
    return POOLS[pool]


def pool_index(pool: str | None) -> str | None:
    """The open-tables index kind of ``pool`` (None: the default casual index)."""
    return None if pool is None else f"casual.{pool}"
