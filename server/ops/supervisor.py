"""Keep ``count`` child processes running: each restarted after a back-off when it exits.

    class Mine(Supervisor):
        def launch(self, slot: int) -> subprocess.Popen[bytes]: ...
        def label(self, slot: int) -> str: ...

    children = Mine(2, name="host:8000").start()
    ...
    children.stop()

A child that exits while the supervisor runs is started again after a back-off
(``BACKOFF_S`` doubling to ``BACKOFF_MAX_S``; back to the first after ``STEADY_S`` of
running). :meth:`Supervisor.stop` sends SIGTERM (a child finishes what it has in hand)
and SIGKILL after ``grace_s``; no child outlives it. Each slot is watched by a thread of
its own, so the caller's thread is free (``python -m server`` waits there for signals).
"""

from __future__ import annotations

import logging
import signal
import subprocess
import threading
import time
from typing import Self

__all__ = ["BACKOFF_MAX_S", "BACKOFF_S", "STEADY_S", "Supervisor"]

log = logging.getLogger("server.supervisor")

BACKOFF_S = 1.0  # the first restart's wait
BACKOFF_MAX_S = 30.0  # the longest wait between restarts of a child that keeps dying
STEADY_S = 60.0  # a child that ran this long died by accident: the wait starts over


class Supervisor:
    """``count`` children, each started by :meth:`launch`; :meth:`start` and
    :meth:`stop` them. Subclasses say how a slot's child starts and what it is called."""

    def __init__(self, count: int, *, name: str, grace_s: float = 10.0) -> None:
        self.count = count
        self.name = name
        self.grace_s = grace_s
        self._lock = threading.Lock()  # guards _procs against stop() racing a (re)start
        self._stopping = threading.Event()
        self._procs: dict[int, subprocess.Popen[bytes]] = {}
        self._threads: list[threading.Thread] = []

    def launch(self, slot: int) -> subprocess.Popen[bytes]:
        """Start slot ``slot``'s child (called with the supervisor's lock held)."""
        raise NotImplementedError

    def label(self, slot: int) -> str:
        """What the logs call slot ``slot``'s child."""
        raise NotImplementedError

    def start(self) -> Self:
        for slot in range(self.count):
            thread = threading.Thread(target=self._keep, args=(slot,), daemon=True,
                                      name=f"{self.label(slot)}-keeper")
            thread.start()
            self._threads.append(thread)
        return self

    @property
    def pids(self) -> list[int]:
        """The running children's pids."""
        with self._lock:
            return [p.pid for p in self._procs.values() if p.poll() is None]

    def _spawn(self, slot: int) -> subprocess.Popen[bytes] | None:
        with self._lock:
            if self._stopping.is_set():
                return None
            proc = self.launch(slot)
            self._procs[slot] = proc
        print(f"{self.label(slot)} started (pid {proc.pid})", flush=True)
        return proc

    def _keep(self, slot: int) -> None:
        """Run slot ``slot``'s child until stop(), restarting it when it exits."""
        wait = BACKOFF_S
        while not self._stopping.is_set():
            started = time.monotonic()
            try:
                proc = self._spawn(slot)
            except OSError as err:
                log.error("%s could not start: %r", self.label(slot), err)
                proc = None
                if self._stopping.is_set():
                    return
            else:
                if proc is None:
                    return
                code = proc.wait()
                if self._stopping.is_set():
                    return
                log.warning("%s (pid %d) exited with %d; restarting in %.0f s",
                            self.label(slot), proc.pid, code, wait)
            if time.monotonic() - started >= STEADY_S:
                wait = BACKOFF_S
            self._stopping.wait(wait)
            wait = min(wait * 2, BACKOFF_MAX_S)

    def stop(self) -> None:
        """Stop every child (SIGTERM, then SIGKILL after ``grace_s``) and wait for them."""
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
