"""``python -m client.loadtest --sweep 250,375,500,750``: one run per table count, one
row each, so a run shows the curve (how the tail grows as a node fills up), not a point.

Each size gets a fresh room (its own node and Redis, as a single run), so no size
inherits the last one's tables or heap. A row puts the end-to-end figures (from an
``act`` sent to every seat's ``ev``, measured by the generator) beside the node's own
(``loadtest_node``: the act frame read to the last seat's frame written, the loop's
lag, GC pauses) and what the machine was doing (``load``: the 1-minute load average;
the CPU waits of the node and of the generator, from the kernel's run delays).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = ["COLUMNS", "parse_sizes", "row", "table"]

# (heading, figure): the figure's key in the flattened result (loadtest.flat).
COLUMNS: tuple[tuple[str, str], ...] = (
    ("tables", "tables"), ("players", "players"), ("load", "load_1m"),
    ("actions/s", "actions_per_s"), ("p50 ms", "p50_ms"), ("p99 ms", "p99_ms"),
    ("max ms", "max_ms"), ("node p50", "node_p50_ms"), ("node p99", "node_p99_ms"),
    ("node max", "node_max_ms"), ("redis write p99", "redis_write_p99_ms"),
    ("lag p99", "loop_lag_p99_ms"),
    ("lag max", "loop_lag_max_ms"), ("own lag p99", "loop_lag_own_p99_ms"),
    ("own lag max", "loop_lag_own_max_ms"), ("gc ms/s", "gc_pause_ms_per_s"),
    ("gc max", "gc_pause_max_ms"), ("gc CPU max", "gc_cpu_max_ms"),
    ("node CPU ms/act", "server_cpu_ms_per_action"),
    ("node wait ms/s", "server_cpu_wait_ms_per_s"),
    ("gen wait ms/s", "loadgen_cpu_wait_ms_per_s"), ("errors", "errors"),
)


def parse_sizes(text: str) -> list[int]:
    """``"250,375,500"`` -> [250, 375, 500]; a clear error for anything else."""
    try:
        sizes = [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise ValueError(f"--sweep takes table counts separated by commas, not {text!r}") from None
    if not sizes or any(n < 1 for n in sizes):
        raise ValueError("--sweep needs at least one table count, each 1 or more")
    return sizes


def _cell(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:,.1f}" if abs(value) >= 100 else f"{value:.2f}"
    if isinstance(value, int):
        return f"{value:,}"
    return str(value)


def row(figures: dict[str, Any]) -> str:
    """One Markdown table row of ``figures`` (a flattened result)."""
    return "| " + " | ".join(_cell(figures.get(key)) for _, key in COLUMNS) + " |"


def table(rows: Sequence[dict[str, Any]]) -> str:
    """The heading and the rows, as a Markdown table (docs/benchmarks.md's form)."""
    head = "| " + " | ".join(name for name, _ in COLUMNS) + " |"
    rule = "| " + " | ".join("---" for _ in COLUMNS) + " |"
    return "\n".join([head, rule, *(row(r) for r in rows)])
