"""``WORKERS=N``: N node processes on one port, each a full node of the room.

    nodes = NodeWorkers(2, env, host="127.0.0.1", port=0).start()
    nodes.port  # the port they share (0 asks for a free one)
    ...
    nodes.stop()

Each worker is ``python -m server`` with ``WORKERS=1``, ``REUSE_PORT=1`` (it binds the
port with ``SO_REUSEPORT``: the kernel spreads new connections over the workers) and the
launcher's Redis and PostgreSQL in its environment (``env``), so a table's players may be
on different workers exactly as they may be on different nodes behind nginx. The
launcher keeps the port bound (``shared_port``, never listening) so that ``PORT=0``
names one port for all and a restarted worker finds it free of strangers.

A worker that dies is started again (``server.ops.supervisor``); its players reconnect
to the port and land on a live worker, which reads their tables from Redis (the node
kill guarantee: docs/architecture.md). Workers are started through ``spawn_bound``: if
the launcher is killed they get SIGTERM, drain and exit. They run in sessions of their
own, so a terminal's Ctrl-C reaches the launcher alone, which then stops them.
"""

from __future__ import annotations

import socket
import subprocess
import sys
from collections.abc import Mapping

from server.ops.spawn import spawn_bound
from server.ops.supervisor import Supervisor

__all__ = ["NodeWorkers", "shared_port"]


def shared_port(host: str, port: int) -> socket.socket:
    """A socket bound to ``host:port`` with ``SO_REUSEPORT`` (not listening: the launcher
    reserves the port with it; a worker listens on one of its own)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    return sock


class NodeWorkers(Supervisor):
    """``count`` node processes on ``host:port`` run with ``env`` (the launcher's
    settings, with the Redis and PostgreSQL it resolved), named ``{host name}:{port}-n{i}``
    in the logs. The port is reserved here, at construction (``OSError`` if it is taken)."""

    def __init__(self, count: int, env: Mapping[str, str], *, host: str, port: int,
                 grace_s: float = 15.0) -> None:
        self._reserved = shared_port(host, port)
        self.port: int = self._reserved.getsockname()[1]
        super().__init__(count, name=f"{socket.gethostname()}:{self.port}", grace_s=grace_s)
        self.env = {**env, "PORT": str(self.port), "WORKERS": "1", "REUSE_PORT": "1",
                    "ANALYSIS_WORKERS": "0"}

    def label(self, slot: int) -> str:
        return f"Node worker {self.name}-n{slot}"

    def launch(self, slot: int) -> subprocess.Popen[bytes]:
        return spawn_bound([sys.executable, "-m", "server"], "TERM", env=self.env,
                           stdin=subprocess.DEVNULL, start_new_session=True)

    def stop(self) -> None:
        super().stop()
        self._reserved.close()
