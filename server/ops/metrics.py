"""The node's numbers, in Prometheus's text format at ``GET /metrics``.

``METRICS`` is the process's one registry (as with any Prometheus client library):
the code that sees an event counts it (``METRICS.actions.inc()``), and ``render()``
writes every metric, plus the figures read at scrape time (the tables this node
serves, the process's memory, CPU and open files from ``/proc``).

No dependency: counters, gauges and histograms are a few lines each.
"""

from __future__ import annotations

import bisect
import os
import time
from collections.abc import Callable, Iterable
from pathlib import Path

__all__ = ["FINE_BUCKETS", "METRICS", "Counter", "Gauge", "Histogram", "Metrics"]

LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
# Finer, for the node's share of an action, the loop's lag and GC pauses: the load
# benchmark reads p50/p99 from them (server/ops/loop_lag.py, node_time.py).
FINE_BUCKETS = (0.0005, 0.001, 0.002, 0.003, 0.005, 0.0075, 0.01, 0.015, 0.02, 0.03, 0.04,
                0.06, 0.08, 0.1, 0.15, 0.2, 0.3, 0.5, 1.0, 2.5)


class Counter:
    """A number that only goes up, optionally split by one label."""

    def __init__(self, name: str, help_text: str, label: str | None = None) -> None:
        self.name, self.help, self.label = name, help_text, label
        self.values: dict[str, float] = {}

    def inc(self, amount: float = 1.0, value: str = "") -> None:
        self.values[value] = self.values.get(value, 0.0) + amount

    def get(self, value: str = "") -> float:
        return self.values.get(value, 0.0)

    def lines(self) -> Iterable[str]:
        yield f"# HELP {self.name} {self.help}"
        yield f"# TYPE {self.name} counter"
        if not self.values:
            if self.label is None:
                yield f"{self.name} 0"
            return
        for value, number in sorted(self.values.items()):
            where = f'{{{self.label}="{_escape(value)}"}}' if self.label else ""
            yield f"{self.name}{where} {_num(number)}"


class Gauge:
    """A number that goes up and down."""

    def __init__(self, name: str, help_text: str) -> None:
        self.name, self.help = name, help_text
        self.value = 0.0

    def inc(self, amount: float = 1.0) -> None:
        self.value += amount

    def dec(self, amount: float = 1.0) -> None:
        self.value -= amount

    def lines(self) -> Iterable[str]:
        yield f"# HELP {self.name} {self.help}"
        yield f"# TYPE {self.name} gauge"
        yield f"{self.name} {_num(self.value)}"


class Histogram:
    """Observations counted in cumulative buckets (seconds), with their sum."""

    def __init__(self, name: str, help_text: str,
                 buckets: tuple[float, ...] = LATENCY_BUCKETS) -> None:
        self.name, self.help, self.buckets = name, help_text, buckets
        self.counts = [0] * (len(buckets) + 1)  # the last one is +Inf
        self.sum = 0.0

    def observe(self, seconds: float) -> None:
        self.counts[bisect.bisect_left(self.buckets, seconds)] += 1
        self.sum += seconds

    @property
    def count(self) -> int:
        return sum(self.counts)

    def lines(self) -> Iterable[str]:
        yield f"# HELP {self.name} {self.help}"
        yield f"# TYPE {self.name} histogram"
        running = 0
        for bound, count in zip((*self.buckets, float("inf")), self.counts, strict=True):
            running += count
            edge = "+Inf" if bound == float("inf") else repr(bound)
            yield f'{self.name}_bucket{{le="{edge}"}} {running}'
        yield f"{self.name}_sum {_num(self.sum)}"
        yield f"{self.name}_count {running}"


class Metrics:
    """Every metric of the room node."""

    def __init__(self) -> None:
        self.connections = Gauge("spades_connections", "Open WebSocket connections.")
        self.connections_total = Counter("spades_connections_total",
                                         "WebSocket connections accepted.")
        self.refused = Counter("spades_connections_refused_total",
                               "Connections refused, by reason.", "reason")
        self.closed = Counter("spades_closes_total",
                              "Connections the server closed, by close code.", "code")
        self.actions = Counter("spades_actions_total", "Game actions applied for clients.")
        self.action_seconds = Histogram(
            "spades_action_seconds",
            "From a client's act read off its socket to its ack queued (seconds).")
        self.action_node_seconds = Histogram(
            "spades_action_node_seconds",
            "From a client's act read off its socket to the last seat's frame of it "
            "handed to its socket (seconds).", FINE_BUCKETS)
        self.redis_write_seconds = Histogram(
            "spades_redis_write_seconds",
            "A table write's round trip as the node sees it: the script sent to Redis "
            "until the awaiting action resumes with its reply (seconds).", FINE_BUCKETS)
        self.loop_lag_seconds = Histogram(
            "spades_loop_lag_seconds",
            "How much later than asked the event loop ran a periodic timer (seconds).",
            FINE_BUCKETS)
        self.loop_lag_own_seconds = Histogram(
            "spades_loop_lag_own_seconds",
            "The loop's lag less the time the node waited for a CPU meanwhile (seconds).",
            FINE_BUCKETS)
        self.gc_pause_seconds = Histogram(
            "spades_gc_pause_seconds", "Pauses of the cyclic garbage collector (seconds).",
            FINE_BUCKETS)
        self.gc_pause_cpu_seconds = Histogram(
            "spades_gc_pause_cpu_seconds",
            "CPU time of each pause of the cyclic garbage collector (seconds).", FINE_BUCKETS)
        self.gc_collections = Counter("spades_gc_collections_total",
                                      "Cyclic garbage collections, by generation.",
                                      "generation")
        self.gc_probes = Counter("spades_gc_probes_total",
                                 "Forked probes of what a full collection would free, by "
                                 "what they found (garbage: the node collected; clean: it "
                                 "did not; failed).", "result")
        self.errors = Counter("spades_client_errors_total",
                              "err answers sent to clients, by code.", "code")
        self.redis_errors = Counter("spades_redis_errors_total",
                                    "Redis calls that failed (raised StoreError).")
        self._started = time.time()

    def render(self, tables: int) -> str:
        """The text exposition; ``tables``: tables this node serves now."""
        lines: list[str] = []
        for metric in (self.connections, self.connections_total, self.refused, self.closed,
                       self.actions, self.action_seconds, self.action_node_seconds,
                       self.redis_write_seconds, self.loop_lag_seconds, self.loop_lag_own_seconds,
                       self.gc_pause_seconds, self.gc_pause_cpu_seconds, self.gc_collections,
                       self.gc_probes, self.errors, self.redis_errors):
            lines.extend(metric.lines())
        tables_gauge = Gauge("spades_tables", "Tables this node has sockets at.")
        tables_gauge.value = tables
        lines.extend(tables_gauge.lines())
        for name, kind, help_text, read in _PROCESS:
            value = read()
            if value is not None:
                lines += [f"# HELP {name} {help_text}", f"# TYPE {name} {kind}",
                          f"{name} {_num(value)}"]
        lines += ["# HELP process_start_time_seconds Start time (Unix seconds).",
                  "# TYPE process_start_time_seconds gauge",
                  f"process_start_time_seconds {_num(self._started)}"]
        return "\n".join(lines) + "\n"


def _rss() -> float | None:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024.0
    except OSError:
        pass
    return None


def _cpu() -> float | None:
    times = os.times()
    return times.user + times.system


def _fds() -> float | None:
    try:
        return float(len(os.listdir("/proc/self/fd")))
    except OSError:
        return None


_PROCESS: tuple[tuple[str, str, str, Callable[[], float | None]], ...] = (
    ("process_resident_memory_bytes", "gauge", "Resident memory (bytes).", _rss),
    ("process_cpu_seconds_total", "counter", "User and system CPU time (seconds).", _cpu),
    ("process_open_fds", "gauge", "Open file descriptors.", _fds),
)


def _num(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else repr(float(value))


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")


METRICS = Metrics()
