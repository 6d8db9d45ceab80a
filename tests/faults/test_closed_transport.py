"""A connection whose socket the server closed, under uvloop (what the nodes run on).

When a master dies, uvloop closes a pooled connection's transport on its own; redis-py
still holds the connection, and its next command raises ``RuntimeError("unable to
perform operation on <TCPTransport closed=True ...>; the handler is closed")``, not a
``RedisError``. The room's wrappers must take it for what it is, a Redis failure:
``StoreError`` and one warning line, never a traceback of an unknown error. (redis-py
8.2 and newer find the closed transport themselves and raise ``ConnectionError``; the
pub/sub links write to their sockets directly and still meet uvloop's ``RuntimeError``.)

The closed transport is made the way uvloop leaves it (``abort()``: closed at once, the
reader not told), on a real Redis and a real uvloop loop.
"""

from __future__ import annotations

import logging

import pytest
import redis.asyncio as aioredis
import uvloop
from redis.exceptions import ConnectionError as RedisConnectionError

from server.errors import StoreError, is_redis_failure
from server.social.store import redis_errors
from server.tables.store import Store


async def close_transports_under(client: aioredis.Redis) -> None:
    """Close the transport of every idle pooled connection, as uvloop does after a
    reset, leaving redis-py to find out at its next write."""
    await client.ping()
    pool = client.connection_pool
    idle = list(pool._available_connections)  # type: ignore[attr-defined]
    assert idle
    for connection in idle:
        connection._writer.transport.abort()


def test_a_closed_transport_is_a_redis_failure_in_the_social_wrapper(
    redis_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    async def scenario() -> BaseException:
        client = aioredis.Redis.from_url(redis_url)
        try:
            await close_transports_under(client)
            with pytest.raises(StoreError) as wrapped:
                async with redis_errors("queue read"):
                    await client.get("anything")
            return wrapped.value.__cause__ or wrapped.value
        finally:
            await client.aclose()

    with caplog.at_level(logging.WARNING):
        cause = uvloop.run(scenario())
    assert isinstance(cause, RuntimeError | RedisConnectionError) and is_redis_failure(cause)
    warned = [r for r in caplog.records if "redis failed during queue read" in r.getMessage()]
    assert warned and not any(r.exc_info for r in caplog.records)


def test_a_closed_transport_is_a_store_error_in_the_table_store(
    redis_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    async def scenario() -> None:
        store = Store.from_url(redis_url)
        try:
            await close_transports_under(store.client)
            with pytest.raises(StoreError):
                await store.timer_due("T|turn|0|1")
        finally:
            await store.close()

    with caplog.at_level(logging.WARNING):
        uvloop.run(scenario())
    assert any("redis failed during" in r.getMessage() for r in caplog.records)
    assert not any(r.exc_info for r in caplog.records)


def test_only_a_closed_transport_is_taken_for_a_redis_failure() -> None:
    closed = RuntimeError("unable to perform operation on <TCPTransport closed=True "
                          "reading=False 0x55d13ba580e0>; the handler is closed")
    assert is_redis_failure(closed)
    assert not is_redis_failure(RuntimeError("Event loop is closed"))
    assert not is_redis_failure(ValueError("TCPTransport closed"))
