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
(``BACKOFF_S`` doubling to ``BACKOFF_MAX_S``; back to the first after ``STEADY_S`` of
running), under the same consumer name, so it first finishes what it held when it died
(``Worker.resuming``). :meth:`WorkerSupervisor.stop` sends SIGTERM (a worker finishes
the request in hand) and SIGKILL after ``grace_s``; no worker outlives it.
"""

from __future__ import annotations

import logging
import os
import signal
import subprocess
import sys
import threading
import time

__all__ = ["WorkerSupervisor"]

log = logging.getLogger("server.analysis")

BACKOFF_S = 1.0  # the first restart's wait
BACKOFF_MAX_S = 30.0  # the longest wait between restarts of a worker that keeps dying
STEADY_S = 60.0  # a worker that ran this long died by accident: the wait starts over


class WorkerSupervisor:
    """``count`` workers reading ``redis_url`` (and ``database_url`` for archived games),
    consumer names ``{name}-w{i}``; :meth:`start` and :meth:`stop` them."""

    def __init__(self, count: int, redis_url: str, database_url: str | None, *,
                 name: str, log_format: str = "json", grace_s: float = 10.0) -> None:
        self.count = count
        self.name = name
        self.grace_s = grace_s
        self.env = {**os.environ, "REDIS_URL": redis_url, "LOG_FORMAT": log_format}
        if database_url:
            self.env["DATABASE_URL"] = database_url
        else:
            self.env.pop("DATABASE_URL", None)
        self._lock = threading.Lock()  # guards _procs against stop() racing a (re)start
        self._stopping = threading.Event()
        self._procs: dict[int, subprocess.Popen[bytes]] = {}
        self._threads: list[threading.Thread] = []

    def start(self) -> WorkerSupervisor:
        for slot in range(self.count):
            thread = threading.Thread(target=self._keep, args=(slot,), daemon=True,
                                      name=f"analysis-worker-{slot}")
            thread.start()
            self._threads.append(thread)
        return self

    @property
    def pids(self) -> list[int]:
        """The running workers' pids."""
        with self._lock:
            return [p.pid for p in self._procs.values() if p.poll() is None]

    def _spawn(self, slot: int) -> subprocess.Popen[bytes] | None:
        with self._lock:
            if self._stopping.is_set():
                return None
            name = f"{self.name}-w{slot}"
            proc = subprocess.Popen(
                [sys.executable, "-m", "server.analysis", "--name", name,
                 "--parent", str(os.getpid())],
                env=self.env, stdin=subprocess.DEVNULL, start_new_session=True)
            self._procs[slot] = proc
        print(f"Analysis worker {name} started (pid {proc.pid})", flush=True)
        return proc

    def _keep(self, slot: int) -> None:
        """Run slot ``slot``'s worker until stop(), restarting it when it exits."""
        wait = BACKOFF_S
        while not self._stopping.is_set():
            started = time.monotonic()
            try:
                proc = self._spawn(slot)
            except OSError as err:
                log.error("analysis worker %d could not start: %r", slot, err)
                proc = None
                if self._stopping.is_set():
                    return
            else:
                if proc is None:
                    return
                code = proc.wait()
                if self._stopping.is_set():
                    return
                log.warning("analysis worker %s-w%d (pid %d) exited with %d; restarting "
                            "in %.0f s", self.name, slot, proc.pid, code, wait)
            if time.monotonic() - started >= STEADY_S:
                wait = BACKOFF_S
            self._stopping.wait(wait)
            wait = min(wait * 2, BACKOFF_MAX_S)

    def stop(self) -> None:
        """Stop every worker (SIGTERM, then SIGKILL after ``grace_s``) and wait for them."""
        with self._lock:
            self._stopping.set()
            procs = list(self._procs.values())
        for proc in procs:
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + self.grace_s
        for proc in procs:
            try:
                proc.wait(max(0.0, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        for thread in self._threads:
            thread.join(5)
