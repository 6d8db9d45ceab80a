"""Run a room on this machine for tools (the load test): nodes as child processes, one
private Redis, optionally Debian's nginx in front of them.

Everything binds 127.0.0.1. The first node is started without ``REDIS_URL`` (nor
``DATABASE_URL``: it starts a private PostgreSQL too, for the archive), so it
starts its own private ``redis-server`` (AOF on) under a temporary data dir and
prints its URL; further nodes use that URL. ``stop()`` stops nginx and the nodes
(the first node stops its Redis). With ``WORKERS=N`` in ``env`` each node is a launcher
of N worker processes on its port: ``node_pids`` are then the workers.

    with LocalRoom(nodes=2, nginx=True) as room:
        print(room.addresses, room.redis_url, room.node_pids)

This module runs ``python -m server`` and ``nginx`` as programs; it imports nothing
from ``server`` (the client never depends on the server's code).
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType

__all__ = ["LocalRoom", "LocalRoomError", "cpu_s", "free_port", "loopback_nginx_conf", "rss_mb"]

ROOT = Path(__file__).resolve().parent.parent
_REDIS_LINE = re.compile(r"Private redis-server at (redis://\S+?),")
_PG_LINE = re.compile(r"Private PostgreSQL at (postgresql://\S+?),")


class LocalRoomError(RuntimeError):
    """A node, Redis or nginx did not come up; the message holds its log's tail."""


def free_port() -> int:
    """A TCP port on 127.0.0.1 that was free a moment ago."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def rss_mb(pid: int) -> float:
    """Resident memory of a process in MiB (0.0 once it is gone)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def cpu_s(pid: int) -> float:
    """CPU time (user + system, seconds) a process has used so far (0.0 once gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def node_workers(pid: int) -> list[int]:
    """The ``python -m server`` children of process ``pid`` (a node run with
    ``WORKERS``), oldest first; [] for a node that serves the room itself."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            argv = (entry / "cmdline").read_bytes().split(b"\0")
        except (OSError, IndexError, ValueError):
            continue
        if ppid == pid and argv[-3:] == [b"-m", b"server", b""]:
            found.append(int(entry.name))
    return sorted(found)


def find_nginx() -> str | None:
    """Debian's nginx (``/usr/sbin`` is not always on a user's PATH), or None."""
    return shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists()
                                     else None)


def loopback_nginx_conf(tmp: Path, listen: int, upstreams: list[int]) -> Path:
    """deploy/nginx.conf with its upstreams and listen port moved to loopback ports
    (the same rewrite as tests/deploy, so tools run the deployed config)."""
    text = (ROOT / "deploy" / "nginx.conf").read_text()
    servers = "".join(
        f"        server 127.0.0.1:{port} max_fails=1 fail_timeout=5s;\n" for port in upstreams
    )
    start = text.index("        server room1:8000")
    end = text.index("        keepalive")
    text = text[:start] + servers + text[end:]
    text = text.replace("listen 8080;", f"listen 127.0.0.1:{listen};")
    text = text.replace("/tmp/nginx-spades", str(tmp / "nginx"))
    conf = tmp / "nginx.conf"
    conf.write_text(text)
    return conf


@dataclass
class Process:
    """One child process with its log file."""

    name: str
    proc: subprocess.Popen[bytes]
    log_path: Path
    port: int

    def log_tail(self, lines: int = 30) -> str:
        try:
            text = self.log_path.read_text(errors="replace")
        except OSError:
            return ""
        return "\n".join(text.splitlines()[-lines:])

    def alive(self) -> bool:
        return self.proc.poll() is None

    def stop(self, timeout: float = 15.0) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)


@dataclass
class LocalRoom:
    """``nodes`` room processes on one private Redis; with ``nginx``, nginx in front
    (the addresses are then nginx's only). ``env``: extra settings for every node.
    ``redis_url``: a Redis (or cluster) the nodes use instead of a private one."""

    nodes: int = 1
    nginx: bool = False
    env: dict[str, str] = field(default_factory=dict)
    start_timeout: float = 90.0  # the first node runs initdb for its private PostgreSQL
    node_procs: list[Process] = field(default_factory=list, init=False)
    nginx_proc: Process | None = field(default=None, init=False)
    redis_url: str = ""
    database_url: str = field(default="", init=False)
    _tmp: tempfile.TemporaryDirectory[str] | None = field(default=None, init=False)

    @property
    def addresses(self) -> list[str]:
        if self.nginx_proc is not None:
            return [f"ws://127.0.0.1:{self.nginx_proc.port}/ws"]
        return [f"ws://127.0.0.1:{p.port}/ws" for p in self.node_procs]

    @property
    def metrics_urls(self) -> list[str]:
        """Each node's own ``/metrics`` (never through nginx, which refuses it); none
        when a node runs ``WORKERS``: its port answers from any of them."""
        if int(self.env.get("WORKERS", "1")) > 1:
            return []
        return [f"http://127.0.0.1:{p.port}/metrics" for p in self.node_procs]

    @property
    def node_pids(self) -> list[int]:
        """The processes that serve the room: each node, or its ``WORKERS``. A node
        without workers is its own process even while it has a child of the same
        command line (the garbage probe forks one for a moment), so its children are
        looked for only when it runs ``WORKERS``."""
        if int(self.env.get("WORKERS", "1")) <= 1:
            return [p.proc.pid for p in self.node_procs]
        return [pid for p in self.node_procs for pid in node_workers(p.proc.pid) or [p.proc.pid]]

    def __enter__(self) -> LocalRoom:
        try:
            self.start()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.stop()

    def start(self) -> None:
        if self.nginx and find_nginx() is None:
            raise LocalRoomError("nginx is not installed (apt-get install nginx)")
        self._tmp = tempfile.TemporaryDirectory(prefix="spades-room-")
        tmp = Path(self._tmp.name)
        tmp.chmod(0o755)  # the private PostgreSQL runs as another user under root
        for index in range(self.nodes):
            self.node_procs.append(self._start_node(tmp, index))
        if self.nginx:
            self.nginx_proc = self._start_nginx(tmp)

    def stop(self) -> None:
        if self.nginx_proc is not None:
            self.nginx_proc.stop()
        for proc in reversed(self.node_procs):  # the first node owns Redis: last
            proc.stop()
        if self._tmp is not None:
            self._tmp.cleanup()
            self._tmp = None

    @property
    def _workers(self) -> int:
        """How many ``python -m server`` children each node runs (0: none, it serves)."""
        workers = int(self.env.get("WORKERS", "1"))
        return workers if workers > 1 else 0

    def _start_node(self, tmp: Path, index: int) -> Process:
        port = free_port()
        # Scripted players: every seat is taken at once (no fill wait), they all come
        # from 127.0.0.1 and may act faster than people (no per-address or rate limit).
        env = {**os.environ, "HOST": "127.0.0.1", "PORT": str(port),
               "DATA_DIR": str(tmp / "redis"), "PG_DATA_DIR": str(tmp / "pg"),
               "FILL_WAIT_S": "60",
               "MAX_CONNS_PER_ADDRESS": "0", "MSG_RATE_PER_S": "0", **self.env}
        if self.redis_url:
            env["REDIS_URL"] = self.redis_url
        else:
            env.pop("REDIS_URL", None)
        if self.database_url:
            env["DATABASE_URL"] = self.database_url
        else:  # the first node starts the private PostgreSQL too
            env.pop("DATABASE_URL", None)
        log_path = tmp / f"node{index}.log"
        with log_path.open("wb") as out:
            proc = subprocess.Popen([sys.executable, "-m", "server"], cwd=ROOT, env=env,
                                    stdout=out, stderr=subprocess.STDOUT)
        node = Process(f"node{index}", proc, log_path, port)
        deadline = time.monotonic() + self.start_timeout
        while time.monotonic() < deadline:
            if not node.alive():
                raise LocalRoomError(f"{node.name} exited at start-up:\n{node.log_tail()}")
            if not self.redis_url:
                found = _REDIS_LINE.search(node.log_tail(200))
                if found:
                    self.redis_url = found.group(1)
            if not self.database_url:
                found = _PG_LINE.search(node.log_tail(200))
                if found:
                    self.database_url = _with_password(found.group(1), tmp / "pg")
            if (self.redis_url and _http_ok(f"http://127.0.0.1:{port}/healthz")
                    and len(node_workers(proc.pid)) == self._workers):
                return node
            time.sleep(0.05)
        node.kill()
        raise LocalRoomError(f"{node.name} did not come up:\n{node.log_tail()}")

    def _start_nginx(self, tmp: Path) -> Process:
        nginx = find_nginx()
        assert nginx is not None
        port = free_port()
        conf = loopback_nginx_conf(tmp, port, [p.port for p in self.node_procs])
        log_path = tmp / "nginx.log"
        with log_path.open("wb") as out:
            proc = subprocess.Popen([nginx, "-c", str(conf), "-e", "stderr", "-g", "daemon off;"],
                                    stdout=out, stderr=subprocess.STDOUT)
        front = Process("nginx", proc, log_path, port)
        deadline = time.monotonic() + self.start_timeout
        while time.monotonic() < deadline:
            if not front.alive():
                raise LocalRoomError(f"nginx exited at start-up:\n{front.log_tail()}")
            if _http_ok(f"http://127.0.0.1:{port}/healthz"):
                return front
            time.sleep(0.05)
        front.kill()
        raise LocalRoomError(f"nginx did not come up:\n{front.log_tail()}")


def _with_password(shown: str, pg_dir: Path) -> str:
    """The private PostgreSQL's URL as its log shows it (no password) with the room
    role's password from its data directory (``spades.password``, 0600): a second node
    logs in with it."""
    password = (pg_dir / "spades.password").read_text().strip()
    scheme, rest = shown.split("://", 1)
    user, host = rest.split("@", 1)
    return f"{scheme}://{user}:{urllib.parse.quote(password, safe='')}@{host}"


def _http_ok(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=1) as response:
            return bool(response.status == 200)
    except (urllib.error.URLError, OSError, ValueError):
        return False
