"""A private Redis Cluster for tools (the load test's ``--redis-cluster``): three
masters and three replicas on loopback, run as the program
``python -m server.ops.redis_cluster`` (the client imports nothing from ``server``).

    proc, url = start_cluster(Path(tmp))    # url: redis+cluster://127.0.0.1:p1,...
    ...
    proc.stop()
"""

from __future__ import annotations

import re
import subprocess
import sys
import time
from pathlib import Path

from .local_room import ROOT, LocalRoomError, Process

__all__ = ["start_cluster"]

_URL_LINE = re.compile(r"Redis Cluster at (redis\+cluster://\S+)")


def start_cluster(tmp: Path, timeout: float = 60.0) -> tuple[Process, str]:
    """Start the cluster under ``tmp``; returns its process and its URL."""
    log_path = tmp / "cluster.log"
    with log_path.open("wb") as out:
        proc = subprocess.Popen([sys.executable, "-m", "server.ops.redis_cluster",
                                 str(tmp / "cluster")], cwd=ROOT, stdout=out,
                                stderr=subprocess.STDOUT)
    cluster = Process("cluster", proc, log_path, 0)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not cluster.alive():
            raise LocalRoomError(f"the cluster exited at start-up:\n{cluster.log_tail()}")
        found = _URL_LINE.search(cluster.log_tail(50))
        if found:
            return cluster, found.group(1)
        time.sleep(0.1)
    cluster.stop()
    raise LocalRoomError(f"the cluster did not come up:\n{cluster.log_tail()}")
