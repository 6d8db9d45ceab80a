"""The PostgreSQL side of the room: the schema's migrations and the connection pool.

The schema is versioned SQL under ``migrations/`` (``NNNN.name.sql``), applied by yoyo
(yoyo-migrations, which records what it applied in its own tables): ``migrate(url)``
applies the pending ones and is what ``python -m server`` runs at start, before the
event loop, on every node (yoyo takes a lock, so nodes starting together apply each
migration once). The room's own queries use asyncpg (``connect``).

Every PostgreSQL failure the room meets comes out as ``ArchiveUnavailable`` (a
``StoreError``: the client is told the archive is unavailable, never the driver's
message), so a caller tells "no such game" (None) from "could not ask".
"""

from __future__ import annotations

import contextlib
import importlib.resources
import logging
from collections.abc import AsyncIterator

import asyncpg

from server.errors import StoreError
from server.refusals import DATABASE_DOWN, NO_DATABASE

__all__ = ["ArchiveUnavailable", "Database", "connect", "guarded", "migrate",
           "migrations_dir"]

log = logging.getLogger(__name__)


class ArchiveUnavailable(StoreError):
    """PostgreSQL could not be reached or failed; nothing of the request was done."""

    code = "archive_unavailable"


def migrations_dir() -> str:
    return str(importlib.resources.files(__package__).joinpath("migrations"))


def _yoyo_url(url: str) -> str:
    # yoyo's psycopg (3) backend; asyncpg takes the plain postgresql:// form.
    scheme, sep, rest = url.partition("://")
    if not sep or scheme not in ("postgres", "postgresql"):
        raise ValueError(  # i18n: the operator's setting, read at the node's start
            "DATABASE_URL must be a postgresql://user@host:port/database URL")
    return f"postgresql+psycopg://{rest}"


def migrate(url: str) -> list[str]:
    """Apply the pending migrations to the database at ``url``; returns their ids.
    Blocking (psycopg): call it before the event loop runs or in a thread."""
    from yoyo import get_backend, read_migrations

    backend = get_backend(_yoyo_url(url))
    try:
        migrations = read_migrations(migrations_dir())
        with backend.lock():
            pending = backend.to_apply(migrations)
            backend.apply_migrations(pending)
        return [m.id for m in pending]
    finally:
        with contextlib.suppress(Exception):
            backend.connection.close()


async def connect(url: str, min_size: int = 1, max_size: int = 10) -> asyncpg.Pool:
    """A pool on ``url``. Connections are made when needed: a pool made while
    PostgreSQL is down works once it is back (raises ArchiveUnavailable only for a
    malformed URL)."""
    try:
        pool = asyncpg.create_pool(url, min_size=0, max_size=max_size,
                                   command_timeout=30, timeout=5)
        await pool  # with min_size 0 this opens nothing
    except (asyncpg.PostgresError, OSError, ValueError) as err:
        raise ArchiveUnavailable(  # i18n: the operator's setting, read at the node's start
            f"The archive's database URL is not usable: {err}") from err
    return pool


@contextlib.asynccontextmanager
async def guarded(what: str) -> AsyncIterator[None]:
    """Turn a PostgreSQL or network failure into ArchiveUnavailable (logged once)."""
    try:
        yield
    except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError, TimeoutError) as err:
        log.warning("postgres failed during %s: %r", what, err)
        raise ArchiveUnavailable(DATABASE_DOWN()) from err


class Database:
    """A node's PostgreSQL: ``url`` (None: a node run without one), the pool made by
    ``open``. Built before the event loop runs and opened at the node's start, so the
    parts that use it (accounts, ratings, the archive) can hold it from the start."""

    def __init__(self, url: str | None) -> None:
        self.url = url
        self.pool: asyncpg.Pool | None = None

    @property
    def configured(self) -> bool:
        return self.url is not None

    async def open(self) -> None:
        if self.url is not None and self.pool is None:
            self.pool = await connect(self.url)

    async def close(self) -> None:
        if self.pool is not None:
            pool, self.pool = self.pool, None
            await pool.close()

    @contextlib.asynccontextmanager
    async def connection(self, what: str) -> AsyncIterator[asyncpg.Connection]:
        """A pooled connection; failures come out as ArchiveUnavailable."""
        if self.pool is None:
            raise ArchiveUnavailable(NO_DATABASE())
        async with guarded(what), self.pool.acquire() as conn:
            yield conn
