"""The private PostgreSQL (server/ops/pg_process.py): real servers from each source of
binaries, data kept across a restart on the same port; the room's role is no superuser
and needs its password; a killed node leaves no server behind; a checkout only root can
enter still runs it."""

from __future__ import annotations

import contextlib
import importlib.util
import os
import pwd
import shutil
import signal
import stat
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from server.ops.pg_process import PgProcess, find_pg_bin
from server.ops.redis_process import free_port
from tests.conftest import CI, pg_reachable_dir, require_pg
from tests.killed_node import kill_node_and_wait_for_its_server


@pytest.fixture
def base(ci: CI) -> Iterator[Path]:
    require_pg(ci)
    path = pg_reachable_dir("spades-pgproc-")
    yield path
    shutil.rmtree(path, ignore_errors=True)


def test_data_survives_a_restart_on_the_same_port(base: Path) -> None:
    proc = PgProcess(base / "data", durable=False).start()
    try:
        url = proc.url
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute("CREATE TABLE kept (n int)")
            conn.execute("INSERT INTO kept VALUES (7)")
        proc.stop()
        assert not proc.running
        proc.start()
        assert proc.url == url  # clients reconnect to the same address
        with psycopg.connect(url) as conn:
            assert conn.execute("SELECT n FROM kept").fetchone() == (7,)
        if os.geteuid() == 0:  # PostgreSQL refuses root: it runs as another user
            assert (base / "data").stat().st_uid != 0
    finally:
        proc.stop()


def test_the_pgserver_wheels_binaries_run_a_real_server(base: Path) -> None:
    spec = importlib.util.find_spec("pgserver")
    assert spec is not None and spec.submodule_search_locations  # a dependency
    bin_dir = os.path.join(spec.submodule_search_locations[0], "pginstall", "bin")
    with PgProcess(base / "wheel", durable=False, bin_dir=bin_dir) as proc, \
            psycopg.connect(proc.url) as conn:
        version = conn.execute("SHOW server_version").fetchone()
    assert version is not None and int(str(version[0]).split(".")[0]) >= 14
    assert os.path.exists(os.path.join(find_pg_bin(), "initdb"))


def _other_user() -> pwd.struct_passwd:
    """An OS user that is neither us nor the server's (root runs the server as postgres)."""
    return pwd.getpwnam("nobody")


def test_the_rooms_role_is_no_superuser_and_needs_its_password(base: Path) -> None:
    with PgProcess(base / "data", durable=False) as proc:
        with psycopg.connect(proc.url) as conn:
            row = conn.execute(
                "SELECT current_user, rolsuper, rolcreatedb, rolcreaterole, rolbypassrls,"
                " pg_get_userbyid(datdba) FROM pg_roles, pg_database"
                " WHERE rolname = current_user AND datname = current_database()").fetchone()
        assert row == ("spades", False, False, False, False, "spades")
        no_password = f"postgresql://spades@127.0.0.1:{proc.port}/spades"
        wrong = f"postgresql://spades:wrong@127.0.0.1:{proc.port}/spades"
        admin = f"postgresql://spades_admin@127.0.0.1:{proc.port}/postgres"
        for url in (no_password, wrong, admin):
            with pytest.raises(psycopg.OperationalError, match="password"):
                psycopg.connect(url, connect_timeout=30).close()
        if os.geteuid() == 0:  # another OS user, by TCP and by the private socket
            _assert_another_user_is_refused(proc)


def _assert_another_user_is_refused(proc: PgProcess) -> None:
    """``nobody`` runs psql (no password given, none prompted for) over TCP and over
    the private socket, as the room's role and as the superuser: each is refused."""
    other = _other_user()
    psql = str(Path(find_pg_bin(), "postgres").resolve().with_name("psql"))
    socket_dir = proc._socket_dir
    assert socket_dir is not None
    for host in ("127.0.0.1", str(socket_dir)):
        for role in ("spades", "spades_admin"):
            done = subprocess.run(
                [psql, "-w", "-h", host, "-p", str(proc.port), "-U", role, "-d", "postgres",
                 "-c", "SELECT 1"], capture_output=True, text=True, user=other.pw_uid,
                group=other.pw_gid, extra_groups=[], env={"PGCONNECT_TIMEOUT": "30"},
                cwd="/", timeout=120, check=False)
            assert done.returncode != 0, (host, role, done.stdout)
            assert ("password" in done.stderr or "Permission denied" in done.stderr), \
                (host, role, done.stderr)


def test_the_password_file_is_readable_by_its_owner_only(base: Path) -> None:
    with PgProcess(base / "data", durable=False) as proc:
        mode = stat.S_IMODE(proc.password_path.stat().st_mode)
        assert mode == 0o600, oct(mode)
        assert proc.password_path.read_text().strip() in proc.url


def _earlier_versions_cluster(data: Path) -> None:
    """A cluster as the earlier PgProcess made it: bootstrap superuser ``spades``, every
    local connection trusted; database ``spades`` holding a table and a sequence."""
    bin_dir = find_pg_bin()
    run_as: dict[str, object] = {}
    if os.geteuid() == 0:
        user = pwd.getpwnam("postgres")
        run_as = {"user": user.pw_uid, "group": user.pw_gid, "extra_groups": []}
        data.mkdir(mode=0o700)
        os.chown(data, user.pw_uid, user.pw_gid)
    subprocess.run([os.path.join(bin_dir, "initdb"), "-D", str(data), "-U", "spades",
                    "--auth=trust", "--locale=C", "--encoding=UTF8"], capture_output=True,
                   umask=0o077, check=True, **run_as)  # type: ignore[call-overload]
    port = free_port()
    server = subprocess.Popen(
        [os.path.join(bin_dir, "postgres"), "-D", str(data), "-p", str(port),
         "-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories="],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, **run_as)  # type: ignore[call-overload]
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                conn = psycopg.connect(f"postgresql://spades@127.0.0.1:{port}/postgres",
                                       autocommit=True)
                break
            except psycopg.OperationalError:
                assert time.monotonic() < deadline, "the old-style server did not start"
                time.sleep(0.1)
        with conn:
            conn.execute("CREATE DATABASE spades")
        with psycopg.connect(f"postgresql://spades@127.0.0.1:{port}/spades") as conn:
            conn.execute("CREATE TABLE kept (id serial PRIMARY KEY, n int)")
            conn.execute("INSERT INTO kept (n) VALUES (7)")
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(60)


def test_a_cluster_of_an_earlier_version_is_upgraded_keeping_its_data(base: Path) -> None:
    _earlier_versions_cluster(base / "data")
    with PgProcess(base / "data", durable=False) as proc, \
            psycopg.connect(proc.url) as conn:
        assert conn.execute("SELECT n FROM kept").fetchone() == (7,)
        conn.execute("INSERT INTO kept (n) VALUES (8)")  # the room's role owns it now
        conn.execute("CREATE TABLE later (n int)")  # and may migrate
        assert conn.execute("SELECT rolsuper FROM pg_roles WHERE rolname = current_user"
                            ).fetchone() == (False,)
        with pytest.raises(psycopg.OperationalError, match="password"):
            psycopg.connect(f"postgresql://spades@127.0.0.1:{proc.port}/spades",
                            connect_timeout=30).close()
    with PgProcess(base / "data", durable=False) as proc, \
            psycopg.connect(proc.url) as conn:  # and the next start is an ordinary one
        assert conn.execute("SELECT count(*) FROM kept").fetchone() == (2,)


_NODE = """
import sys, time
from server.ops.pg_process import PgProcess
proc = PgProcess(sys.argv[1], durable=False).start()
import psycopg
with psycopg.connect(proc.url) as conn:
    conn.execute("CREATE TABLE kept (n int)")
    conn.execute("INSERT INTO kept VALUES (7)")
print(proc._proc.pid, flush=True)
time.sleep(600)
"""


def test_a_node_killed_with_sigkill_leaves_no_postgres_running(base: Path) -> None:
    kill_node_and_wait_for_its_server(_NODE, base / "data", "postgres")
    with PgProcess(base / "data", durable=False) as proc, \
            psycopg.connect(proc.url) as conn:
        assert conn.execute("SELECT n FROM kept").fetchone() == (7,)
        conn.execute("INSERT INTO kept (n) VALUES (8)")  # the room's role owns it now
        conn.execute("CREATE TABLE later (n int)")  # and may migrate
        assert conn.execute("SELECT rolsuper FROM pg_roles WHERE rolname = current_user"
                            ).fetchone() == (False,)
        with pytest.raises(psycopg.OperationalError, match="password"):
            psycopg.connect(f"postgresql://spades@127.0.0.1:{proc.port}/spades",
                            connect_timeout=30).close()
    with PgProcess(base / "data", durable=False) as proc, \
            psycopg.connect(proc.url) as conn:  # and the next start is an ordinary one
        assert conn.execute("SELECT count(*) FROM kept").fetchone() == (2,)


def test_a_server_left_running_on_the_data_dir_is_stopped_by_the_next_start(
        base: Path) -> None:
    first = PgProcess(base / "data", durable=False).start()
    try:
        assert first._proc is not None
        left = first._proc
        with PgProcess(base / "data", durable=False) as second, \
                psycopg.connect(second.url) as conn:
            assert left.wait(120) == 0  # a fast shutdown, asked by the second start
            assert conn.execute("SELECT 1").fetchone() == (1,)
    finally:
        first.stop()


@pytest.mark.skipif(os.geteuid() != 0, reason="only root runs PostgreSQL as another user")
def test_a_checkout_only_root_can_enter_still_runs_postgres() -> None:
    """The clone in /root/x (mode 700): its wheel's binaries and its ./var/pg are out
    of the server user's reach; they are put where it can reach them."""
    hidden = Path(tempfile.mkdtemp(prefix="spades-hidden-"))  # 0700, root's
    spec = importlib.util.find_spec("pgserver")
    assert spec is not None and spec.submodule_search_locations
    package = Path(spec.submodule_search_locations[0])  # as a clone's .venv holds it
    for part in (package / "pginstall", package.with_name("pgserver.libs")):
        shutil.copytree(part, hidden / "site-packages" / part.relative_to(package.parent),
                        symlinks=True)
    bin_dir = hidden / "site-packages" / "pgserver" / "pginstall" / "bin"
    data = hidden / "var" / "pg"
    try:
        for _ in range(2):  # made, then found again through the link
            with PgProcess(data, durable=False, bin_dir=str(bin_dir)) \
                    as proc, psycopg.connect(proc.url, autocommit=True) as conn:
                conn.execute("CREATE TABLE IF NOT EXISTS kept (n int)")
                conn.execute("INSERT INTO kept VALUES (1)")
        assert data.is_symlink()
        with PgProcess(data, durable=False, bin_dir=str(bin_dir)) as proc, \
                psycopg.connect(proc.url) as conn:
            assert conn.execute("SELECT count(*) FROM kept").fetchone() == (2,)
    finally:
        if data.is_symlink():
            shutil.rmtree(data.resolve(), ignore_errors=True)
            with contextlib.suppress(OSError):
                data.resolve().with_name(data.resolve().name + ".log").unlink()
        shutil.rmtree(hidden, ignore_errors=True)
