"""The load test's comparisons in one run (``client.loadtest --redis-cluster/--floor``).

- ``cluster``: the room on one private Redis, then the same load on a private Redis
  Cluster (three masters, three replicas, ``client.local_cluster``), with the ratios
  cluster / one Redis of the figures that matter for scaling.
- ``floor``: after the room's run, on its Redis, the same tables and sockets through
  the floor relay (``client.floor_load``), with the frame size the room measured; the
  room's node CPU per action over the relay's is the room's overhead, measured.

Each run's ``loadavg`` (``/proc/loadavg`` before and after) is in the report: the
machine is shared, and its other work moves every figure.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable, Coroutine
from dataclasses import asdict
from pathlib import Path
from typing import Any

from .floor_load import run_floor
from .local_cluster import start_cluster
from .local_room import LocalRoom

__all__ = ["compare"]

RunLoop = Callable[[Coroutine[Any, Any, Any]], Any]
COMPARED = ("actions_per_s", "p50_ms", "p99_ms", "server_cpu_ms_per_action",
            "redis_calls_per_action", "redis_commands_per_action", "redis_cpu_ms_per_action")


def _loadavg() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "?"


def _ratio(a: float | None, b: float | None) -> float | None:
    return round(a / b, 2) if a is not None and b else None


def _measured(run_loop: RunLoop, coro: Coroutine[Any, Any, Any]) -> dict[str, Any]:
    before = _loadavg()
    figures = asdict(run_loop(coro))
    figures["loadavg"] = f"{before} -> {_loadavg()}"
    return figures


def compare(kwargs: dict[str, Any], *, run: Callable[..., Coroutine[Any, Any, Any]],
            run_loop: RunLoop, nodes: int = 1, env: dict[str, str] | None = None,
            cluster: bool = False, floor: bool = False) -> dict[str, Any]:
    """Run the room (``run``: ``client.loadtest.run``) and the comparisons asked for."""
    env = env or {}
    report: dict[str, Any] = {}
    with LocalRoom(nodes=nodes, env=env) as room:
        one = _measured(run_loop, run(room.addresses, redis_url=room.redis_url,
                                      node_pids=room.node_pids, **kwargs))
        report["one_redis"] = one
        if floor:
            relay = _measured(run_loop, run_floor(
                room.redis_url, tables=kwargs["tables"], duration=kwargs["duration"],
                warmup=kwargs["warmup"], pace_ms=kwargs["pace_ms"],
                pace_jitter=kwargs["pace_jitter"],
                frame_bytes=int(one["bytes_per_play_per_seat"] or 70)))
            report["floor"] = relay
            report["room_cpu_over_floor"] = _ratio(one["server_cpu_ms_per_action"],
                                                   relay["relay_cpu_ms_per_action"])
    if cluster:
        with tempfile.TemporaryDirectory(prefix="spades-cluster-") as tmp:
            proc, url = start_cluster(Path(tmp))
            try:
                with LocalRoom(nodes=nodes, env=env, redis_url=url) as room:
                    report["cluster"] = _measured(run_loop, run(
                        room.addresses, redis_url=url, node_pids=room.node_pids, **kwargs))
            finally:
                proc.stop()
        report["cluster_over_one_redis"] = {
            key: _ratio(report["cluster"][key], one[key]) for key in COMPARED}
    return report
