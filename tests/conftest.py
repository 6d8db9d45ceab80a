"""Fixtures every test may use. Areas add their own in ``tests/<area>/conftest.py``.

- ``redis_server``: one private, real redis-server for the whole session (port
  picked free, data in a temp dir, AOF off for speed). Tests of persistence or
  crashes start their own ``server.redis_process.RedisProcess`` instead.
- ``redis_url``: that server's URL, emptied (FLUSHALL) before the test.
- ``redis``: a ``redis.asyncio.Redis`` client on ``redis_url`` (bytes replies),
  closed after the test.
- ``pg_server``: one private, real PostgreSQL for the whole session (fsync off), with
  a template database holding the archive's schema; ``database_url``: a fresh database
  made from that template for the test (so every test starts empty); ``db``: a
  ``server.archive.db.Database`` opened on it. Without
  PostgreSQL binaries the tests that need it skip, or fail with ``CI=true``.
- ``ci``: ``ci.require("chromium")`` when a program a test needs is missing: with
  ``CI=true`` the test fails (CI must run everything), elsewhere it skips.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import signal
import tempfile
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import NoReturn

import pytest
import redis as redis_sync
import redis.asyncio as redis_async
import uvicorn

from server.archive.db import Database, migrate
from server.ops.pg_process import PgNotFound, PgProcess, find_pg_bin
from server.ops.redis_process import RedisProcess

from .file_order import longest_first, read_weights

# Where browser tests save their screenshots: a folder outside git by default, so a run
# leaves the checkout as it found it; SCREENSHOTS_TO_DOCS=1 refreshes the ones the docs
# show (docs/screenshots), to be looked at and committed by hand.
_TO_DOCS = os.environ.get("SCREENSHOTS_TO_DOCS") == "1"
SHOTS = Path(__file__).resolve().parents[1] / ("docs" if _TO_DOCS else "var") / "screenshots"


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Hand the longest files to the workers first (tests/file_order.py says why)."""
    items[:] = longest_first(items, read_weights())


class _InProcessServer(uvicorn.Server):
    """uvicorn that leaves the signal handlers alone: it takes SIGTERM and SIGINT while
    it serves in the main thread and puts back what it found when it stops, so two
    servers stopped in the order they started (a node that goes away mid-test) left the
    first one's SIGTERM handler installed: the test process, and every process it forked
    after (the tournament's workers), then ignored SIGTERM."""

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        yield


async def serve(config: uvicorn.Config) -> tuple[uvicorn.Server, asyncio.Task[None]]:
    """Start uvicorn with ``config`` in the running loop; returns once it listens (a
    server that stops at start-up raises its error). It handles no signal."""
    server = _InProcessServer(config)
    task = asyncio.create_task(server.serve())
    while not server.started:
        if task.done():
            task.result()
            raise RuntimeError("the server stopped at start-up")
        await asyncio.sleep(0.01)
    return server, task


class CI:
    """What a test does when the environment lacks something it needs."""

    @property
    def enabled(self) -> bool:
        """True on CI (``CI=true``), where nothing may be skipped for lack of a program."""
        return os.environ.get("CI", "").lower() == "true"

    def require(self, what: str) -> NoReturn:
        """Stop the test because ``what`` is missing: fail on CI, skip elsewhere.

        Call it after checking, e.g.
        ``if shutil.which("nginx") is None: ci.require("nginx")``.
        """
        message = f"{what} is not available (bash scripts/test.sh installs it when run as root)"
        if self.enabled:
            pytest.fail(f"{message}; CI=true, so this is a failure", pytrace=False)
        pytest.skip(message)


@pytest.fixture(scope="session")
def ci() -> CI:
    return CI()


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisProcess]:
    with RedisProcess(tmp_path_factory.mktemp("redis"), aof=False) as proc:
        yield proc


@pytest.fixture
def redis_url(redis_server: RedisProcess) -> str:
    client = redis_sync.Redis.from_url(redis_server.url)
    try:
        client.flushall()
    finally:
        client.close()
    return redis_server.url


@pytest.fixture
async def redis(redis_url: str) -> AsyncIterator[redis_async.Redis]:
    client = redis_async.Redis.from_url(redis_url)
    try:
        yield client
    finally:
        await client.aclose()


TEMPLATE_DB = "archive_template"


def pg_reachable_dir(prefix: str) -> Path:
    """A new directory a private PostgreSQL may keep its cluster in (remove it after).
    Not under tmp_path: pytest's directories are 0700, and PostgreSQL, which refuses to
    run as root, runs as another user when the tests run as root (server.ops.pg_process)."""
    base = Path(tempfile.mkdtemp(prefix=prefix))
    base.chmod(0o755)
    return base


def require_pg(ci: CI) -> None:
    """Skip (fail with CI=true) when there are no PostgreSQL binaries."""
    try:
        find_pg_bin()
    except PgNotFound:
        ci.require("PostgreSQL (apt-get install postgresql, or the pgserver wheel)")


@pytest.fixture(scope="session")
def pg_server(ci: CI) -> Iterator[PgProcess]:
    require_pg(ci)

    base = pg_reachable_dir("spades-pg-")
    proc = PgProcess(base / "data", durable=False).start()
    try:
        migrate(proc.create_database(TEMPLATE_DB))
        yield proc
    finally:
        proc.stop()
        shutil.rmtree(base, ignore_errors=True)


_databases = iter(range(1, 1_000_000))


@pytest.fixture
def database_url(pg_server: PgProcess) -> Iterator[str]:
    """A new, empty archive database (the schema applied) for this test, dropped after
    it (a whole suite would otherwise leave hundreds of them on the disk)."""
    name = f"test_{next(_databases)}"
    yield pg_server.create_database(name, template=TEMPLATE_DB)
    pg_server.drop_database(name)


@pytest.fixture
async def db(database_url: str) -> AsyncIterator[Database]:
    """The test's database opened as a node opens it (accounts, ratings, archive)."""
    database = Database(database_url)
    await database.open()
    try:
        yield database
    finally:
        await database.close()


@pytest.fixture(autouse=True)
def _signal_handlers_left_as_found() -> Iterator[None]:
    """Fail a test that leaves SIGTERM or SIGINT handled otherwise than it found them:
    a test process that ignores SIGTERM passes that on to every process it forks after
    (the tournament's workers were waited on forever). uvicorn serving in the process
    would take both; ``serve`` keeps it from doing so."""
    found = {sig: signal.getsignal(sig) for sig in (signal.SIGTERM, signal.SIGINT)}
    yield
    changed = [sig.name for sig, handler in found.items() if signal.getsignal(sig) != handler]
    for sig, handler in found.items():
        signal.signal(sig, handler)
    assert not changed, f"the test left {', '.join(changed)} handled otherwise"


@pytest.fixture(autouse=True)
def _collect_garbage_after_each_test() -> Iterator[None]:
    """Collect reference cycles at the end of every test, so that a resource a test
    left open (an unclosed Redis connection, a socket) warns inside that test and fails
    it by name, instead of at the interpreter's exit, where pytest can only fail the
    whole run without saying which test it was.

    What is still alive after it (session fixtures, imported modules) is then frozen:
    the next test's collection walks only what that test made. Without the freeze every
    test paid a full collection of the whole process, about 0.1 s each, a sixth of the
    suite's time."""
    yield
    import gc

    gc.collect()
    gc.freeze()
