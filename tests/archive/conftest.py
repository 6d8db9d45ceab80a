"""Fixtures of the archive tests: a room node on the test's own Redis and archive
database, and a way to wait for a game to reach the archive.

- ``archive_server(**settings)``: ``tests.room.conftest.launch`` with ``database_url``.
- ``pool``: an asyncpg pool on the test's archive database.
- ``wait_for_json(http, path, ready)``: poll a route until ``ready(response)``.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import asyncpg
import httpx
import pytest

from tests.room.conftest import LocalServer, launch, make_client  # noqa: F401  (fixture)

__all__ = ["wait_for_json"]


@pytest.fixture
async def pool(database_url: str) -> AsyncIterator[asyncpg.Pool]:
    """An asyncpg pool on the test's archive database."""
    pool = await asyncpg.create_pool(database_url, min_size=0, max_size=4)
    try:
        yield pool
    finally:
        await pool.close()


@pytest.fixture
async def archive_server(redis_url: str, database_url: str
                         ) -> AsyncIterator[Callable[..., Awaitable[LocalServer]]]:
    started: list[LocalServer] = []

    async def start(**overrides: Any) -> LocalServer:
        local = await launch(redis_url, database_url=database_url, **overrides)
        started.append(local)
        return local

    yield start
    for local in started:
        await local.stop()


async def wait_for_json(http: httpx.AsyncClient, path: str,
                        ready: Callable[[httpx.Response], bool], timeout: float = 60.0
                        ) -> httpx.Response:
    """GET ``path`` until ``ready(response)``; fails after ``timeout`` seconds."""
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        response = await http.get(path)
        if ready(response):
            return response
        assert asyncio.get_running_loop().time() < deadline, (
            f"{path}: still {response.status_code} {response.text[:300]}")
        await asyncio.sleep(0.1)
