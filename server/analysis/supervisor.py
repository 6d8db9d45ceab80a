"""The analysis workers ``python -m server`` runs as its own children (``ANALYSIS_WORKERS``).

    workers = WorkerSupervisor(2, redis_url, database_url, name="host:8000").start()
    ...
    workers.stop()

Each worker is ``python -m server.analysis`` (:mod:`server.analysis.__main__`), started
once the room's Redis and PostgreSQL are up, with their URLs in its environment (never
on its command line, where ``ps`` shows passwords) and the launcher's pid as
``--parent``: a worker whose parent died (SIGKILL, a crash) stops on its own within a
few seconds. A worker runs in a session of its own, so a terminal's Ctrl-C reaches the
launcher alone, which then stops the workers before the Redis they read.

A worker that exits while the room runs is started again after a back-off
(``server.ops.supervisor``), under the same consumer name, so it first finishes what it
held when it died (``Worker.resuming``). :meth:`WorkerSupervisor.stop` sends SIGTERM (a
worker finishes the request in hand) and SIGKILL after ``grace_s``; no worker outlives it.
"""

from __future__ import annotations

import os
import subprocess
import sys

from server.ops.supervisor import Supervisor

__all__ = ["WorkerSupervisor"]


class WorkerSupervisor(Supervisor):
    """``count`` workers reading ``redis_url`` (and ``database_url`` for archived games),
    consumer names ``{name}-w{i}``; :meth:`start` and :meth:`stop` them."""

    def __init__(self, count: int, redis_url: str, database_url: str | None, *,
                 name: str, log_format: str = "json", grace_s: float = 10.0) -> None:
        super().__init__(count, name=name, grace_s=grace_s)
        self.env = {**os.environ, "REDIS_URL": redis_url, "LOG_FORMAT": log_format}
        if database_url:
            self.env["DATABASE_URL"] = database_url
        else:
            self.env.pop("DATABASE_URL", None)

    def label(self, slot: int) -> str:
        return f"Analysis worker {self.name}-w{slot}"

    def launch(self, slot: int) -> subprocess.Popen[bytes]:
        return subprocess.Popen(
            [sys.executable, "-m", "server.analysis", "--name", f"{self.name}-w{slot}",
             "--parent", str(os.getpid())],
            env=self.env, stdin=subprocess.DEVNULL, start_new_session=True)
