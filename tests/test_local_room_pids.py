"""``LocalRoom.node_pids``: the processes whose CPU the load tools charge to the room.

A node forks a child with its own command line for a moment (the garbage probe of
``server.ops.gc_governor``); taken for a node's ``WORKERS``, such a child once stood in
for the node itself in a benchmark, which then read a CPU of zero for that node.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from client.local_room import LocalRoom, Process, node_workers

# A stand-in ``server`` package whose ``python -m server`` forks a child (same argv, as
# the probe's fork) and waits: a node that is its own process, with such a child.
FORKING_MAIN = """
import os, sys, time
if os.fork() == 0:
    time.sleep(60)
    os._exit(0)
print("forked", flush=True)
time.sleep(60)
"""


def test_a_node_without_workers_is_its_own_process_while_it_has_a_forked_child(
        tmp_path: Path) -> None:
    (tmp_path / "server").mkdir()
    (tmp_path / "server" / "__init__.py").write_text("")
    (tmp_path / "server" / "__main__.py").write_text(FORKING_MAIN)
    proc = subprocess.Popen([sys.executable, "-m", "server"], cwd=tmp_path,
                            stdout=subprocess.PIPE, start_new_session=True)
    try:
        assert proc.stdout is not None and proc.stdout.readline() == b"forked\n"
        deadline = time.monotonic() + 30
        while not node_workers(proc.pid):  # the child has its argv once it runs
            assert time.monotonic() < deadline, "the forked child never showed"
            time.sleep(0.05)
        room = LocalRoom(nodes=1)
        room.node_procs.append(Process("node1", proc, tmp_path / "node1.log", 0))
        assert room.node_pids == [proc.pid]
        workers = LocalRoom(nodes=1, env={"WORKERS": "2"})
        workers.node_procs.append(Process("node1", proc, tmp_path / "node1.log", 0))
        assert workers.node_pids == node_workers(proc.pid) != [proc.pid]
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(10)
        if proc.stdout is not None:
            proc.stdout.close()
