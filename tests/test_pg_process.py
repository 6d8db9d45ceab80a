"""The private PostgreSQL (server/ops/pg_process.py): real servers from each source of
binaries, data kept across a restart on the same port, clear errors."""

from __future__ import annotations

import importlib.util
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from server.ops.pg_process import PgProcess, PgProcessError, find_pg_bin
from tests.conftest import CI, pg_reachable_dir, require_pg


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


@pytest.mark.skipif(os.geteuid() != 0, reason="only root runs PostgreSQL as another user")
def test_a_directory_the_server_user_cannot_reach_is_a_clear_error() -> None:
    hidden = Path(tempfile.mkdtemp(prefix="spades-hidden-"))  # 0700, root's
    try:
        with pytest.raises(PgProcessError, match="cannot enter"):
            PgProcess(hidden / "data").start()
    finally:
        shutil.rmtree(hidden, ignore_errors=True)
