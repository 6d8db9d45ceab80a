"""``python -m server`` with no configuration: a private Redis with AOF under DATA_DIR
and a private PostgreSQL under PG_DATA_DIR, both stopped on exit."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from server.ops.redis_process import free_port
from tests.conftest import CI, pg_reachable_dir, require_pg

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.slow


def test_run_without_redis_url_starts_and_stops_a_private_redis(tmp_path: Path, ci: CI) -> None:
    require_pg(ci)
    pg_base = pg_reachable_dir("spades-main-")
    pg_dir = pg_base / "pg"
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "DATABASE_URL")}
    env |= {"PORT": str(port), "DATA_DIR": str(tmp_path / "redis"),
            "PG_DATA_DIR": str(pg_dir)}
    log = tmp_path / "server.log"
    with log.open("wb") as out:
        proc = subprocess.Popen([sys.executable, "-m", "server"], cwd=ROOT, env=env,
                                stdout=out, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 120  # initdb on a busy machine can take a while
        while True:
            assert proc.poll() is None, log.read_text()
            try:
                health = httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1)
                if health.status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, log.read_text()
            time.sleep(0.1)
        assert health.json()["redis"] is True
        page = httpx.get(f"http://127.0.0.1:{port}/", timeout=5)
        assert page.status_code == 200 and "spades_token=" in page.headers["set-cookie"]
        printed = log.read_text()
        assert f"http://127.0.0.1:{port}/" in printed
        redis_pid = int((tmp_path / "redis" / "redis.pid").read_text())
        pg_pid = int((pg_dir / "postmaster.pid").read_text().split()[0])
        assert "Private PostgreSQL at postgresql://" in printed
        assert "Archive schema: applied 0001.archive" in printed
        games = httpx.get(f"http://127.0.0.1:{port}/api/my-games", timeout=5)
        assert games.status_code == 200 and games.json() == {"games": []}
        assert list((tmp_path / "redis").rglob("*.aof*"))  # AOF persistence is on
    finally:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(20) == 0, log.read_text()
    for _ in range(50):  # the private redis-server is gone too
        if not Path(f"/proc/{redis_pid}").exists():
            break
        time.sleep(0.1)
    assert not Path(f"/proc/{redis_pid}").exists()
    assert not Path(f"/proc/{pg_pid}").exists()  # PostgreSQL was stopped before the exit
    shutil.rmtree(pg_base, ignore_errors=True)
