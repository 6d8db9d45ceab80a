"""A private, real PostgreSQL server run as a child process (like ``redis_process``).

The room's default run (no ``DATABASE_URL``) and the tests use this instead of an
installed service. The binaries (``initdb``, ``postgres``) come from PATH, else from
Debian's ``/usr/lib/postgresql/<version>/bin`` (the newest), else from the ``pgserver``
wheel, so a fresh machine needs nothing but the project's own dependencies.

    with PgProcess(Path("var/pg")) as pg:
        pool = await asyncpg.create_pool(pg.url)

The cluster is made by ``initdb`` on first start (UTF-8, locale C) and kept in
``data_dir`` across starts. The room connects as ``spades``, a role that is not a
superuser, owns the database ``spades`` and logs in with a random password kept in
``data_dir/spades.password`` (mode 0600); ``url`` carries it. The server listens on
127.0.0.1 only, where every login needs a password, and on a Unix socket in a private
folder where only ``PgProcess`` itself logs in, as the superuser (``server.ops.pg_roles``;
clusters of earlier versions, which trusted every local connection, are upgraded at
start). Its files are readable by their owner only. PostgreSQL refuses to run as root:
under root it runs as the ``postgres`` user if there is one, else ``nobody``,
``data_dir`` is given to that user, and what it cannot reach is put where it can
(``server.ops.pg_reach``).

A node killed with SIGKILL does not leave its PostgreSQL running: the server is started
through ``setpriv --pdeathsig INT``, so the kernel asks it for a fast shutdown when the
node dies, and a later ``start()`` on the same ``data_dir`` stops any server still
running there (one whose node died before that could take hold) before starting its own.

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
import subprocess
import tempfile
import time
from pathlib import Path
from types import TracebackType
from typing import Any
from urllib.parse import quote

from .pg_reach import reachable_bin_dir, reachable_data_dir
from .pg_roles import (
    ADMIN,
    HBA_MARK,
    PASSWORD_FILE,
    USER,
    hba_lines,
    read_or_make_password,
    set_up_roles,
)
from .redis_process import free_port, log_tail
from .spawn import spawn_bound

__all__ = ["PgNotFound", "PgProcess", "PgProcessError", "PgStartError", "find_pg_bin"]

_HOST = "127.0.0.1"
DATABASE = USER


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
        self._password = ""
        self._socket_dir: Path | None = None

    @property
    def port(self) -> int:
        if self._port is None or self._proc is None:
            raise PgProcessError("PostgreSQL is not started")
        return self._port

    @property
    def url(self) -> str:
        """``postgresql://spades:PASSWORD@127.0.0.1:PORT/spades``, for asyncpg and psycopg
        (it holds the password: print ``shown_url`` instead)."""
        return self.url_of(DATABASE)

    @property
    def shown_url(self) -> str:
        """``url`` without the password, for logs and the console."""
        return f"postgresql://{USER}@{_HOST}:{self.port}/{DATABASE}"

    def url_of(self, database: str) -> str:
        return (f"postgresql://{USER}:{quote(self._password, safe='')}@{_HOST}:{self.port}/"
                f"{quote(database, safe='')}")

    @property
    def password_path(self) -> Path:
        """The file holding the room role's password (mode 0600)."""
        return self.data_dir / PASSWORD_FILE

    @property
    def running(self) -> bool:
        return self._proc is not None and self._proc.poll() is None

    @property
    def log_path(self) -> Path:
        return self.data_dir.parent / f"{self.data_dir.name}.log"

    # -- life cycle ---------------------------------------------------------------

    def start(self) -> PgProcess:
        """initdb on first use, start the server, set up its roles, wait until the
        room's role can log in."""
        if self.running:
            raise PgProcessError(f"PostgreSQL already running on port {self._port}")
        bin_dir = self.bin_dir or find_pg_bin()
        user = _run_as()
        if user is not None:
            try:
                bin_dir = reachable_bin_dir(bin_dir, user)
                self.data_dir = reachable_data_dir(self.data_dir, user)
            except OSError as err:
                raise PgProcessError(str(err)) from err
        self.data_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
        self.data_dir.chmod(0o700)
        if user is not None:
            os.chown(self.data_dir, user.pw_uid, user.pw_gid)
        if not (self.data_dir / "PG_VERSION").exists():
            self._initdb(bin_dir, user)
        self._password = read_or_make_password(self.data_dir)
        self._stop_stale_server()
        hba = self.data_dir / "pg_hba.conf"
        setting_up = not hba.read_text(errors="replace").startswith(HBA_MARK)
        self._write_hba(setting_up, user)
        attempts = 1 if self._port is not None else 3
        for attempt in range(attempts):
            port = self._port or free_port()
            try:
                self._spawn(bin_dir, port, user)
                break
            except PgStartError:
                if attempt == attempts - 1 or "already in use" not in self._log_tail():
                    raise
        try:
            set_up_roles(self._admin_connect, self._password, DATABASE)
            if setting_up:
                self._write_hba(False, user)
                with self._admin_connect(ADMIN, "postgres") as conn:
                    conn.execute("SELECT pg_reload_conf()")
        except Exception:
            self.stop()
            raise
        return self

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
        if self._socket_dir is not None:
            shutil.rmtree(self._socket_dir, ignore_errors=True)
            self._socket_dir = None

    def __enter__(self) -> PgProcess:
        return self.start()

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.stop()

    def __repr__(self) -> str:
        state = f"port={self._port}" if self.running else "stopped"
        return f"PgProcess({str(self.data_dir)!r}, {state})"

    def create_database(self, name: str, template: str | None = None) -> str:
        """Make database ``name`` (a copy of ``template`` when given), owned by the
        room's role; returns its URL."""
        from psycopg import sql

        with self._admin_connect(ADMIN, "postgres") as conn:
            query = sql.SQL("CREATE DATABASE {} OWNER {}").format(
                sql.Identifier(name), sql.Identifier(USER))
            if template is not None:
                query = sql.SQL("{} TEMPLATE {}").format(query, sql.Identifier(template))
            conn.execute(query)
        return self.url_of(name)

    def drop_database(self, name: str) -> None:
        """Drop database ``name`` (its sessions are ended first), if it exists."""
        from psycopg import sql

        with self._admin_connect(ADMIN, "postgres") as conn:
            conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(
                sql.Identifier(name)))

    # -- internals ----------------------------------------------------------------

    def _initdb(self, bin_dir: str, user: pwd.struct_passwd | None) -> None:
        args = [os.path.join(bin_dir, "initdb"), "-D", str(self.data_dir), "-U", ADMIN,
                "--auth-local=trust", "--auth-host=scram-sha-256", "--encoding=UTF8",
                "--locale=C", "--no-instructions"]
        done = subprocess.run(args, stdin=subprocess.DEVNULL, capture_output=True,
                              umask=0o077, **_as_user(user), check=False)
        if done.returncode != 0:
            raise PgStartError(f"initdb failed ({done.returncode}):\n"
                               f"{done.stderr.decode(errors='replace')[-2000:]}")

    def _write_hba(self, setting_up: bool, user: pwd.struct_passwd | None) -> None:
        path = self.data_dir / "pg_hba.conf"
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as out:
            out.write(hba_lines(setting_up))
        if user is not None:
            os.chown(path, user.pw_uid, user.pw_gid)

    def _spawn(self, bin_dir: str, port: int, user: pwd.struct_passwd | None) -> None:
        if self._socket_dir is None:  # short (a socket's path has ~100 bytes) and private
            self._socket_dir = Path(tempfile.mkdtemp(prefix="spades-pg-"))
            if user is not None:
                os.chown(self._socket_dir, user.pw_uid, user.pw_gid)
        args = [
            os.path.join(bin_dir, "postgres"), "-D", str(self.data_dir), "-p", str(port),
            "-c", f"listen_addresses={_HOST}",
            "-c", f"unix_socket_directories={self._socket_dir}",
            "-c", "unix_socket_permissions=0700",
            "-c", "password_encryption=scram-sha-256",
            "-c", "max_connections=200", "-c", "shared_buffers=128MB",
            "-c", f"fsync={'on' if self.durable else 'off'}",
            "-c", f"synchronous_commit={'on' if self.durable else 'off'}",
            "-c", f"full_page_writes={'on' if self.durable else 'off'}",
        ]  # fmt: skip
        fd = os.open(self.log_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        if user is not None:
            os.chown(self.log_path, user.pw_uid, user.pw_gid)
        with os.fdopen(fd, "wb") as log:
            # SIGINT: PostgreSQL's fast shutdown, when this process dies
            proc = spawn_bound(args, "INT", stdin=subprocess.DEVNULL, stdout=log, stderr=log,
                               umask=0o077, start_new_session=True, **_as_user(user))
        deadline = time.monotonic() + self.start_timeout
        while not self._ready(proc.pid):
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

    def _ready(self, pid: int) -> bool:
        """True once the server ``pid`` says in postmaster.pid that it accepts
        connections (what ``pg_ctl`` waits for: the socket accepts earlier, and then
        answers 'the database system is starting up')."""
        try:
            lines = (self.data_dir / "postmaster.pid").read_text().splitlines()
        except OSError:
            return False
        return len(lines) > 7 and lines[0].strip() == str(pid) and lines[7].strip() == "ready"

    def _admin_connect(self, role: str, database: str) -> Any:
        """An autocommit connection as ``role`` over the private socket."""
        import psycopg

        assert self._socket_dir is not None and self._port is not None
        return psycopg.connect(host=str(self._socket_dir), port=self._port, user=role,
                               dbname=database, autocommit=True, connect_timeout=30)

    def _stop_stale_server(self) -> None:
        """Stop a postgres left running on this cluster by an earlier owner, e.g. a
        node killed before the kernel's signal could take hold (its postmaster.pid
        names it; /proc proves it is a postgres serving this dir, run by the data
        directory's owner). It gets a fast shutdown: its data is kept."""
        try:
            pid = int((self.data_dir / "postmaster.pid").read_text().split()[0])
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
            owner = Path(f"/proc/{pid}").stat().st_uid
        except (OSError, ValueError, IndexError):
            return
        if (b"postgres" not in cmdline or str(self.data_dir).encode() not in cmdline
                or owner != self.data_dir.stat().st_uid):
            return
        os.kill(pid, signal.SIGINT)
        deadline = time.monotonic() + 20.0
        while Path(f"/proc/{pid}").exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        if Path(f"/proc/{pid}").exists():
            os.kill(pid, signal.SIGKILL)

    def _log_tail(self, lines: int = 20) -> str:
        return log_tail(self.log_path, lines)


def _as_user(user: pwd.struct_passwd | None) -> dict[str, int]:
    return {} if user is None else {"user": user.pw_uid, "group": user.pw_gid,
                                    "extra_groups": []}
