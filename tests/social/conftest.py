"""Fixtures of the social-layer tests, on the real Redis of ``tests/conftest.py``.

- ``cheap_policy``: an ``AccountPolicy`` with the cheapest argon2id parameters, so a
  test that hashes pays microseconds; one test measures the production parameters.
- ``accounts``, ``ratings``, ``chat``, ``invites``: the modules on the ``redis`` client
  and, for accounts and ratings, the test's PostgreSQL (``db``).
- ``clock``: a ``Clock`` the test moves by hand (starts at the real time, so Redis
  expiries, which run on Redis's clock, still make sense).
"""

from __future__ import annotations

import time

import pytest
import redis.asyncio as redis_async

from server.archive.db import Database
from server.social.accounts import AccountPolicy, Accounts
from server.social.chat import Chat
from server.social.invites import Invites
from server.social.ratings import Ratings


class ManualClock:
    """Milliseconds that move only when told."""

    def __init__(self) -> None:
        self.now = int(time.time() * 1000)

    def __call__(self) -> int:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += int(seconds * 1000)


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def cheap_policy() -> AccountPolicy:
    return AccountPolicy(time_cost=1, memory_kib=8, parallelism=1)


@pytest.fixture
def accounts(redis: redis_async.Redis, cheap_policy: AccountPolicy,
             clock: ManualClock, db: Database) -> Accounts:
    return Accounts(redis, cheap_policy, clock, db=db)


@pytest.fixture
def ratings(db: Database, clock: ManualClock) -> Ratings:
    return Ratings(db, clock)


@pytest.fixture
def chat(redis: redis_async.Redis, clock: ManualClock) -> Chat:
    return Chat(redis, clock)


@pytest.fixture
def invites(redis: redis_async.Redis, clock: ManualClock) -> Invites:
    return Invites(redis, clock)
