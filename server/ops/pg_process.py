"""A private, real PostgreSQL server run as a child process (like ``redis_process``).

The room's default run (no ``DATABASE_URL``) and the tests use this instead of an
installed service. The binaries (``initdb``, ``postgres``) come from PATH, else from
Debian's ``/usr/lib/postgresql/<version>/bin`` (the newest), else from the ``pgserver``
wheel, so a fresh machine needs nothing but the project's own dependencies.

    with PgProcess(Path("var/pg")) as pg:
        pool = await asyncpg.create_pool(pg.url)

The cluster is made by ``initdb`` on first start (user and database ``spades``, UTF-8,
locale C) and kept in ``data_dir`` across starts. The server listens on 127.0.0.1 only
(no Unix socket), trusts local connections (it is private to this machine, as the
private Redis is), and writes files readable by their owner only. PostgreSQL refuses to
run as root: under root, it runs as the ``postgres`` user if there is one, else
``nobody``, and ``data_dir`` is given to that user.

Blocking calls (``start``, ``stop``) take up to a few seconds; call them before the
event loop runs or through ``asyncio.to_thread``.
"""

from __future__ import annotations

import contextlib
import glob
import importlib.util
import os
import pwd
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path
from types import TracebackType

from .redis_process import free_port, log_tail

__all__ = ["PgNotFound", "PgProcess", "PgProcessError", "PgStartError", "find_pg_bin"]

_HOST = "127.0.0.1"
_LOGFILE = "postgres.log"
USER = DATABASE = "spades"


class PgProcessError(RuntimeError):
    """Root of this module's errors: a private PostgreSQL could not be run."""


class PgNotFound(PgProcessError):
    """No PostgreSQL binaries on PATH, under /usr/lib/postgresql, or in pgserver."""


class PgStartError(PgProcessError):
    """PostgreSQL was found but did not come up; the message holds its log's tail."""


def _has_server(directory: str) -> bool:
    return all(os.access(os.path.join(directory, name), os.X_OK)
               for name in ("initdb", "postgres", "pg_ctl"))


def find_pg_bin() -> str:
    """The directory of ``initdb`` and ``postgres``: PATH, Debian's newest, pgserver's.

    Raises PgNotFound saying what to install when there is none.
    """
    on_path = shutil.which("postgres")
    if on_path and _has_server(os.path.dirname(on_path)):
        return os.path.dirname(on_path)
    debian = sorted(glob.glob("/usr/lib/postgresql/*/bin"),
                    key=lambda p: int(p.split("/")[-2]) if p.split("/")[-2].isdigit() else 0)
    for directory in reversed(debian):
        if _has_server(directory):
            return directory
    try:
        spec = importlib.util.find_spec("pgserver")
    except (ImportError, ValueError):
        spec = None
    for location in (spec.submodule_search_locations or []) if spec else []:
        candidate = os.path.join(location, "pginstall", "bin")
        if _has_server(candidate):
            return candidate
    raise PgNotFound("no PostgreSQL found: no postgres on PATH, none under "
                     "/usr/lib/postgresql/*/bin and no pgserver package (pip install -e . "
                     "installs it; or apt-get install postgresql)")


def _run_as() -> pwd.struct_passwd | None:
    """The user to run PostgreSQL as when this process is root (else None: ourselves)."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        with contextlib.suppress(KeyError):
            return pwd.getpwnam(name)
    raise PgProcessError("running as root, and there is no 'postgres' or 'nobody' user "
                         "to run PostgreSQL as")


class PgProcess:
    """One private PostgreSQL with its cluster in ``data_dir``.

    ``port=None`` picks a free port at ``start()``. ``durable=False`` (tests) turns off
    fsync: fast, and safe against a crash of the server but not of the machine.
    ``start()`` after ``stop()`` keeps the port, so clients reconnect to the same URL.
    """

    def __init__(self, data_dir: str | os.PathLike[str], port: int | None = None, *,
                 durable: bool = True, bin_dir: str | None = None,
                 start_timeout: float = 60.0) -> None:
        self.data_dir = Path(data_dir).resolve()
        self.durable = durable
        self.bin_dir = bin_dir
        self.start_timeout = start_timeout
        self._port = port
        self._proc: subprocess.Popen[bytes] | None = None

    @property
    def port(self) -> int:
        if self._port is None or self._proc is None:
            raise PgProcessError("PostgreSQL is not started")
        return self._port

    @property
    def url(self) -> str:
        """``postgresql://spades@127.0.0.1:PORT/spades``, for asyncpg and psycopg."""
        return self.url_of(DATABASE)

    def url_of(self, database: str) -> str:
        return f"postgresql://{USER}@{_HOST}:{self.port}/{database}"

    @property
    def running(self) -> bool:
        return self._proc is not None and self._proc.poll() is None

    @property
    def log_path(self) -> Path:
        return self.data_dir.parent / f"{self.data_dir.name}.log"

    # -- life cycle ---------------------------------------------------------------

    def start(self) -> PgProcess:
        """initdb on first use, start the server, wait until it accepts a query."""
        if self.running:
            raise PgProcessError(f"PostgreSQL already running on port {self._port}")
        bin_dir = self.bin_dir or find_pg_bin()
        user = _run_as()
        if user is not None:
            _check_reachable(self.data_dir.parent, user)
        self.data_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
        self.data_dir.chmod(0o700)
        if user is not None:
            os.chown(self.data_dir, user.pw_uid, user.pw_gid)
        if not (self.data_dir / "PG_VERSION").exists():
            self._initdb(bin_dir, user)
        self._stop_stale_server()
        attempts = 1 if self._port is not None else 3
        for attempt in range(attempts):
            port = self._port or free_port()
            try:
                self._spawn(bin_dir, port, user)
                return self
            except PgStartError:
                if attempt == attempts - 1 or "already in use" not in self._log_tail():
                    raise
        raise AssertionError("unreachable")

    def stop(self, timeout: float = 20.0) -> None:
        """Fast shutdown (SIGINT: sessions end, the WAL is flushed); SIGKILL after
        ``timeout``. Safe to call twice. The port is kept for the next ``start``."""
        proc = self._proc
        if proc is None:
            return
        if proc.poll() is None:
            proc.send_signal(signal.SIGINT)
            try:
                proc.wait(timeout)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        self._proc = None

    def __enter__(self) -> PgProcess:
        return self.start()

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.stop()

    def __repr__(self) -> str:
        state = f"port={self._port}" if self.running else "stopped"
        return f"PgProcess({str(self.data_dir)!r}, {state})"

    # -- internals ----------------------------------------------------------------

    def _initdb(self, bin_dir: str, user: pwd.struct_passwd | None) -> None:
        args = [os.path.join(bin_dir, "initdb"), "-D", str(self.data_dir), "-U", USER,
                "--auth=trust", "--encoding=UTF8", "--locale=C", "--no-instructions"]
        done = subprocess.run(args, stdin=subprocess.DEVNULL, capture_output=True,
                              umask=0o077, **_as_user(user), check=False)
        if done.returncode != 0:
            raise PgStartError(f"initdb failed ({done.returncode}):\n"
                               f"{done.stderr.decode(errors='replace')[-2000:]}")

    def _spawn(self, bin_dir: str, port: int, user: pwd.struct_passwd | None) -> None:
        args = [
            os.path.join(bin_dir, "postgres"), "-D", str(self.data_dir), "-p", str(port),
            "-c", f"listen_addresses={_HOST}", "-c", "unix_socket_directories=",
            "-c", "max_connections=200", "-c", "shared_buffers=128MB",
            "-c", f"fsync={'on' if self.durable else 'off'}",
            "-c", f"synchronous_commit={'on' if self.durable else 'off'}",
            "-c", f"full_page_writes={'on' if self.durable else 'off'}",
        ]  # fmt: skip
        fd = os.open(self.log_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        if user is not None:
            os.chown(self.log_path, user.pw_uid, user.pw_gid)
        with os.fdopen(fd, "wb") as log:
            proc = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=log, stderr=log,
                                    umask=0o077, start_new_session=True, **_as_user(user))
        deadline = time.monotonic() + self.start_timeout
        while not self._ready(port, "postgres"):
            if proc.poll() is not None:
                raise PgStartError(f"postgres exited with {proc.returncode} on port {port}:\n"
                                   f"{self._log_tail()}")
            if time.monotonic() > deadline:
                proc.kill()
                proc.wait()
                raise PgStartError(f"postgres did not accept connections on port {port} "
                                   f"within {self.start_timeout} s:\n{self._log_tail()}")
            time.sleep(0.05)
        self._proc = proc
        self._port = port
        self._create_database(DATABASE)

    def create_database(self, name: str, template: str | None = None) -> str:
        """Make database ``name`` (a copy of ``template`` when given); returns its URL."""
        import psycopg
        from psycopg import sql

        with psycopg.connect(self.url_of("postgres"), autocommit=True) as conn:
            query = sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name))
            if template is not None:
                query = sql.SQL("{} TEMPLATE {}").format(query, sql.Identifier(template))
            conn.execute(query)
        return self.url_of(name)

    def _create_database(self, name: str) -> None:
        import psycopg

        with psycopg.connect(self.url_of("postgres"), autocommit=True) as conn:
            found = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s",
                                 (name,)).fetchone()
        if found is None:
            self.create_database(name)

    def _ready(self, port: int, database: str) -> bool:
        """True once the server answers a query (not only accepts TCP: during start-up
        it accepts and then says 'the database system is starting up')."""
        import psycopg

        try:
            with socket.create_connection((_HOST, port), timeout=0.5):
                pass
            with psycopg.connect(f"postgresql://{USER}@{_HOST}:{port}/{database}",
                                 connect_timeout=2) as conn:
                conn.execute("SELECT 1")
            return True
        except (OSError, psycopg.Error):
            return False

    def _stop_stale_server(self) -> None:
        """Stop a postgres left running on this cluster by an earlier owner (its
        postmaster.pid names it; /proc proves it is a postgres serving this dir)."""
        try:
            pid = int((self.data_dir / "postmaster.pid").read_text().split()[0])
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
        except (OSError, ValueError, IndexError):
            return
        if b"postgres" not in cmdline or str(self.data_dir).encode() not in cmdline:
            return
        os.kill(pid, signal.SIGINT)
        deadline = time.monotonic() + 20.0
        while Path(f"/proc/{pid}").exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        if Path(f"/proc/{pid}").exists():
            os.kill(pid, signal.SIGKILL)

    def _log_tail(self, lines: int = 20) -> str:
        return log_tail(self.log_path, lines)


def _check_reachable(directory: Path, user: pwd.struct_passwd) -> None:
    """Raise PgProcessError when ``user`` cannot reach ``directory`` (a 0700 parent such
    as pytest's temporary directories), instead of initdb's bare "Permission denied"."""
    for parent in [directory, *directory.parents]:
        if not parent.exists():
            continue
        info = parent.stat()
        if info.st_uid != user.pw_uid and not info.st_mode & 0o001:
            raise PgProcessError(
                f"PostgreSQL runs as {user.pw_name!r} (not as root), which cannot enter "
                f"{parent}; put its data directory (PG_DATA_DIR) where it can")


def _as_user(user: pwd.struct_passwd | None) -> dict[str, int]:
    return {} if user is None else {"user": user.pw_uid, "group": user.pw_gid,
                                    "extra_groups": []}
