"""The nodes' own latency figures for the load benchmark, read from their ``/metrics``.

The node keeps histograms of its share of each action (``spades_action_node_seconds``:
the act frame read to the last seat's frame written), of the table write's round trip
inside it (``spades_redis_write_seconds``: Redis, the network, and the node's loop
picking the reply up), of its event loop's lag
(``spades_loop_lag_seconds``, and ``_own_seconds``: less the waits for a CPU) and of
its GC pauses (``spades_gc_pause_seconds``, and ``_cpu_seconds``: the CPU they took):
``server/ops``. ``scrape(urls)`` reads them from every node at once; ``figures(before,
after, seconds)`` turns two scrapes, taken at the ends of the measured window, into the
figures the benchmark prints beside its own end-to-end ones. A percentile comes from
the buckets (linear within the bucket it falls in), so it is as exact as the buckets
are fine (server/ops/metrics.py ``FINE_BUCKETS``); ``..._max_ms`` is the upper bound of
the highest bucket anything fell in.
"""

from __future__ import annotations

import asyncio
import re
import urllib.error
import urllib.request
from collections.abc import Sequence

__all__ = ["HISTOGRAMS", "Scrape", "figures", "metrics_url", "quantile", "scrape"]

# The node's histograms this reads, and the prefix of their figures.
HISTOGRAMS = {"spades_action_node_seconds": "node", "spades_redis_write_seconds": "redis_write",
              "spades_loop_lag_seconds": "loop_lag",
              "spades_loop_lag_own_seconds": "loop_lag_own",
              "spades_gc_pause_seconds": "gc_pause", "spades_gc_pause_cpu_seconds": "gc_cpu"}
_BUCKET = re.compile(r'^(\w+)_bucket\{le="([^"]+)"\} (\S+)$')
_SUM = re.compile(r"^(\w+)_sum (\S+)$")

# name -> (cumulative counts by upper bound, sum); summed over the nodes.
Scrape = dict[str, tuple[dict[float, float], float]]


def metrics_url(ws_address: str) -> str:
    """The ``/metrics`` address of the node serving ``ws://host:port/ws``."""
    return re.sub(r"^ws(s?)://([^/]+)/.*$", r"http\1://\2/metrics", ws_address)


def _read(url: str) -> str | None:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return str(response.read().decode())
    except (urllib.error.URLError, OSError, ValueError):
        return None  # not a node (nginx refuses /metrics), or it is gone


def parse(text: str) -> Scrape:
    """The histograms of ``HISTOGRAMS`` in one exposition."""
    out: Scrape = {}
    for line in text.splitlines():
        bucket = _BUCKET.match(line)
        if bucket and bucket.group(1) in HISTOGRAMS:
            counts, total = out.get(bucket.group(1), ({}, 0.0))
            counts[float(bucket.group(2))] = float(bucket.group(3))
            out[bucket.group(1)] = (counts, total)
            continue
        summed = _SUM.match(line)
        if summed and summed.group(1) in HISTOGRAMS:
            counts, _ = out.get(summed.group(1), ({}, 0.0))
            out[summed.group(1)] = (counts, float(summed.group(2)))
    return out


async def scrape(urls: Sequence[str]) -> Scrape | None:
    """Every node's histograms, summed; None when a node's ``/metrics`` cannot be read."""
    texts = await asyncio.gather(*(asyncio.to_thread(_read, url) for url in urls))
    if not urls or any(text is None for text in texts):
        return None
    total: Scrape = {}
    for text in texts:
        assert text is not None
        for name, (counts, summed) in parse(text).items():
            have, have_sum = total.get(name, ({}, 0.0))
            merged = {bound: have.get(bound, 0.0) + n for bound, n in counts.items()}
            total[name] = (merged, have_sum + summed)
    return total


def quantile(counts: dict[float, float], q: float) -> float | None:
    """The ``q`` quantile of cumulative bucket ``counts`` (None without observations);
    in the highest, unbounded bucket it is that bucket's lower bound."""
    bounds = sorted(counts)
    if not bounds or counts[bounds[-1]] <= 0:
        return None
    rank = q * counts[bounds[-1]]
    lower, below = 0.0, 0.0
    for bound in bounds:
        if counts[bound] >= rank and counts[bound] > below:
            if bound == float("inf"):
                return lower
            return lower + (bound - lower) * (rank - below) / (counts[bound] - below)
        lower, below = bound, counts[bound]
    return lower


def _top(counts: dict[float, float]) -> float | None:
    """The upper bound of the highest bucket anything fell in."""
    previous = 0.0
    top = None
    for bound in sorted(counts):
        if counts[bound] > previous:
            top = bound
        previous = counts[bound]
    if top == float("inf"):  # above the highest bound: say that bound (JSON has no inf)
        top = max(b for b in counts if b != float("inf"))
    return top


def figures(before: Scrape | None, after: Scrape | None,
            seconds: float) -> dict[str, float | int | None]:
    """The window's figures: for the node time and the loop lag ``_p50_ms``,
    ``_p99_ms``, ``_max_ms`` and ``_count``; for GC pauses the same and
    ``gc_pause_ms_per_s`` / ``gc_cpu_ms_per_s`` (the time, and the CPU time,
    collections held the loop, per second of the window)."""
    if before is None or after is None:
        return {}
    out: dict[str, float | int | None] = {}
    for name, prefix in HISTOGRAMS.items():
        counts_after, sum_after = after.get(name, ({}, 0.0))
        counts_before, sum_before = before.get(name, ({}, 0.0))
        counts = {b: n - counts_before.get(b, 0.0) for b, n in counts_after.items()}
        p50, p99, top = quantile(counts, 0.5), quantile(counts, 0.99), _top(counts)
        out[f"{prefix}_p50_ms"] = None if p50 is None else round(p50 * 1000, 2)
        out[f"{prefix}_p99_ms"] = None if p99 is None else round(p99 * 1000, 2)
        out[f"{prefix}_max_ms"] = None if top is None else round(top * 1000, 1)
        out[f"{prefix}_count"] = int(counts.get(float("inf"), 0.0))
        if prefix in ("gc_pause", "gc_cpu") and seconds > 0:
            out[f"{prefix}_ms_per_s"] = round((sum_after - sum_before) * 1000 / seconds, 2)
    return out
