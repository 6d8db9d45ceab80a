"""Accounts and sessions on a real Redis: register, sign in, sign out everywhere,
expiry, rate limits, guest adoption, and the production argon2id parameters."""

from __future__ import annotations

import asyncio
import contextlib
import statistics
import time
from dataclasses import replace

import msgpack
import pytest
import redis.asyncio as redis_async
from argon2 import PasswordHasher, Type
from argon2.exceptions import VerifyMismatchError

from server.archive.db import Database
from server.social.accounts import (
    AccountPolicy,
    Accounts,
    check_name,
    check_password,
    parse_token,
    session_id,
)
from server.social.errors import (
    BadCredentials,
    InvalidName,
    InvalidPassword,
    NameTaken,
    RateLimited,
)
from server.social.signin_throttle import pair_key

from .conftest import ManualClock

PASSWORD = "correct horse battery"
ADDR = "203.0.113.7"


@pytest.mark.parametrize(("name", "ok"), [
    ("ann", True), ("Ann_99", True), ("a-b-c", True), ("x" * 20, True),
    ("ab", False), ("x" * 21, False), ("_ann", False), ("ann-", False), ("an n", False),
    ("ánn", False), ("ann<b>", False), ("Admin", False), ("guest42", False),
    ("BotFather", False), ("", False),
])
def test_names_are_checked(name: str, ok: bool) -> None:
    if ok:
        assert check_name(name) == name
    else:
        with pytest.raises(InvalidName) as err:
            check_name(name)
        assert str(err.value).endswith(".")


@pytest.mark.parametrize(("password", "ok"), [
    ("12345678", True), ("x" * 128, True), ("1234567", False), ("x" * 129, False),
    ("         ", False), ("Ann_Smith", False),
])
def test_passwords_are_checked(password: str, ok: bool) -> None:
    if ok:
        assert check_password(password, "ann_smith") == password
    else:
        with pytest.raises(InvalidPassword):
            check_password(password, "ann_smith")


async def test_register_then_sign_in_and_resolve(accounts: Accounts) -> None:
    made = await accounts.register("Ann", PASSWORD, ADDR)
    assert made.account.name == "Ann"
    assert await accounts.resolve(made.token) == made.account
    again = await accounts.sign_in("ann", PASSWORD, ADDR)  # any case signs in
    assert again.account == made.account
    assert again.token != made.token
    assert await accounts.resolve(again.token) == made.account


async def test_names_are_unique_whatever_the_case(accounts: Accounts) -> None:
    await accounts.register("Ann", PASSWORD, ADDR)
    with pytest.raises(NameTaken, match="taken"):
        await accounts.register("aNN", PASSWORD, ADDR)


async def test_two_registrations_racing_for_one_name_make_one_account(
        accounts: Accounts) -> None:
    results = await asyncio.gather(
        *(accounts.register(f"{'bob' if i % 2 else 'BOB'}", PASSWORD, f"10.0.0.{i}")
          for i in range(6)), return_exceptions=True)
    made = [r for r in results if not isinstance(r, BaseException)]
    assert len(made) == 1
    assert all(isinstance(r, NameTaken) for r in results if isinstance(r, BaseException))


async def test_wrong_password_and_unknown_name_read_the_same(accounts: Accounts) -> None:
    await accounts.register("Ann", PASSWORD, ADDR)
    with pytest.raises(BadCredentials) as wrong:
        await accounts.sign_in("Ann", "not the password", ADDR)
    with pytest.raises(BadCredentials) as unknown:
        await accounts.sign_in("Nobody", PASSWORD, ADDR)
    assert str(wrong.value) == str(unknown.value) == "That name and password do not match."
    with pytest.raises(BadCredentials):
        await accounts.sign_in(None, PASSWORD, ADDR)  # type: ignore[arg-type]


async def test_only_a_hash_of_the_token_is_stored(accounts: Accounts,
                                                  redis: redis_async.Redis,
                                                  db: Database) -> None:
    session = await accounts.register("Ann", PASSWORD, ADDR)
    pid, secret = parse_token(session.token) or ("", "")
    assert pid == session.account.pid
    assert len(secret) == 43  # 32 random bytes
    dumped = b""
    async for key in redis.scan_iter():
        dumped += key
        if await redis.type(key) == b"string":
            dumped += await redis.get(key) or b""
        elif await redis.type(key) == b"hash":
            dumped += b"".join(k + v for k, v in (await redis.hgetall(key)).items())
    assert secret.encode() not in dumped
    assert PASSWORD.encode() not in dumped
    async with db.connection("test") as conn:
        stored = await conn.fetchval("SELECT hash FROM accounts WHERE name_key = 'ann'")
    assert stored is not None and stored.startswith("$argon2id$")
    assert secret not in stored and PASSWORD not in stored


async def test_sign_out_ends_this_session_only(accounts: Accounts) -> None:
    phone = await accounts.register("Ann", PASSWORD, ADDR)
    laptop = await accounts.sign_in("Ann", PASSWORD, ADDR)
    assert await accounts.sign_out(laptop.token) == laptop.account
    assert await accounts.resolve(laptop.token) is None
    assert await accounts.resolve(phone.token) == phone.account  # another device: kept
    assert await accounts.sign_out(laptop.token) is None  # nothing left to end


async def test_sign_out_everywhere_ends_every_session_of_the_account(
        accounts: Accounts) -> None:
    phone = await accounts.register("Ann", PASSWORD, ADDR)
    laptop = await accounts.sign_in("Ann", PASSWORD, ADDR)
    other = await accounts.register("Bea", PASSWORD, ADDR)
    assert await accounts.sign_out_everywhere(laptop.token) == laptop.account
    assert await accounts.resolve(phone.token) is None
    assert await accounts.resolve(laptop.token) is None
    assert await accounts.resolve(other.token) == other.account  # others are untouched
    assert await accounts.sign_out_everywhere(laptop.token) is None  # nothing left to end
    fresh = await accounts.sign_in("Ann", PASSWORD, ADDR)  # signing in again works
    assert await accounts.resolve(fresh.token) == phone.account


async def test_sign_out_is_announced_to_every_node(accounts: Accounts,
                                                   redis_url: str) -> None:
    session = await accounts.register("Ann", PASSWORD, ADDR)
    listener = redis_async.Redis.from_url(redis_url)
    pubsub = listener.pubsub()
    try:
        await pubsub.subscribe("signed-out")
        await pubsub.get_message(timeout=1)  # the subscribe confirmation
        await accounts.sign_out(session.token)
        message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=2)
        assert message is not None
        assert msgpack.unpackb(message["data"]) == {"pid": session.account.pid,
                                                    "session": session_id(session.token)}
        again = await accounts.sign_in("Ann", PASSWORD, ADDR)
        await accounts.sign_out_everywhere(again.token)
        message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=2)
        assert message is not None
        assert msgpack.unpackb(message["data"]) == {"pid": session.account.pid,
                                                    "everywhere": True}
    finally:
        await pubsub.aclose()
        await listener.aclose()


async def test_sessions_expire(redis: redis_async.Redis, cheap_policy: AccountPolicy,
                               db: Database) -> None:
    accounts = Accounts(redis, replace(cheap_policy, session_ttl_s=1), db=db)
    session = await accounts.register("Ann", PASSWORD, ADDR)
    assert await accounts.resolve(session.token) is not None
    await asyncio.sleep(1.2)
    assert await accounts.resolve(session.token) is None


@pytest.mark.parametrize("token", [
    None, "", "nodot", "0123456789abcdef.short", "0123456789ABCDEF." + "a" * 43,
    "0123456789abcdef." + "a" * 43,  # well formed, but no such session
])
async def test_bad_tokens_resolve_to_nobody(accounts: Accounts, token: str | None) -> None:
    assert await accounts.resolve(token) is None


async def test_a_guest_who_registers_keeps_their_player_id(accounts: Accounts) -> None:
    guest_pid = "00112233445566ff"
    session = await accounts.register("Ann", PASSWORD, ADDR, adopt_pid=guest_pid)
    assert session.account.pid == guest_pid
    assert await accounts.pid_is_account(guest_pid)
    # The same guest id cannot become a second account's: that one gets a fresh id.
    second = await accounts.register("Bea", PASSWORD, ADDR, adopt_pid=guest_pid)
    assert second.account.pid != guest_pid
    assert len(second.account.pid) == 16
    assert (await accounts.by_name("ANN")) == session.account
    assert await accounts.by_name("nobody") is None


async def test_nobody_can_lock_an_account_from_other_addresses(accounts: Accounts) -> None:
    """Audit: ten wrong sign-ins from anywhere made the right password get 429 for
    900 s. Now the owner, at an address that has not been failing, always gets in."""
    await accounts.register("Ann", PASSWORD, ADDR)
    free = accounts.policy.signin.free_per_pair
    for i in range(40):  # 40 addresses, each past its free tries
        for _ in range(free + 1):
            with contextlib.suppress(BadCredentials, RateLimited):
                await accounts.sign_in("Ann", "wrong password", f"10.1.0.{i}")
    assert (await accounts.sign_in("ANN", PASSWORD, "10.2.0.1")).account.name == "Ann"


async def test_wrong_passwords_slow_their_pair_down_with_growing_waits(
        accounts: Accounts, clock: ManualClock) -> None:
    await accounts.register("Ann", PASSWORD, ADDR)
    policy = accounts.policy.signin
    for _ in range(policy.free_per_pair):  # the free tries: answered at once
        with pytest.raises(BadCredentials):
            await accounts.sign_in("Ann", "wrong password", ADDR)
    waits = []
    for _ in range(3):
        with pytest.raises(BadCredentials):
            await accounts.sign_in("Ann", "wrong password", ADDR)
        with pytest.raises(RateLimited, match="for this name from your address") as err:
            await accounts.sign_in("Ann", PASSWORD, ADDR)  # even the right one waits here
        waits.append(err.value.retry_after_s)
        clock.advance(err.value.retry_after_s)
    assert waits == [2, 4, 8]  # doubling, from delay_s
    assert (await accounts.sign_in("Ann", PASSWORD, ADDR)).account.name == "Ann"
    with pytest.raises(BadCredentials):  # the right password cleared the pair's count
        await accounts.sign_in("Ann", "wrong password", ADDR)


async def test_one_address_trying_many_names_is_slowed_down(accounts: Accounts) -> None:
    free = accounts.policy.signin.free_per_address
    for i in range(free + 1):
        with pytest.raises(BadCredentials):
            await accounts.sign_in(f"user{i}", "wrong password", ADDR)
    with pytest.raises(RateLimited, match="from your address"):
        await accounts.sign_in("someone", PASSWORD, ADDR)
    with pytest.raises(BadCredentials):  # another address is not affected
        await accounts.sign_in("someone", PASSWORD, "198.51.100.1")


async def test_the_throttle_lives_in_redis_for_every_node(accounts: Accounts,
                                                          redis: redis_async.Redis,
                                                          db: Database,
                                                          clock: ManualClock) -> None:
    await accounts.register("Ann", PASSWORD, ADDR)
    for _ in range(accounts.policy.signin.free_per_pair + 1):
        with pytest.raises(BadCredentials):
            await accounts.sign_in("Ann", "wrong password", ADDR)
    # Another node: the same stores and the same time (on the real clock a loaded
    # machine let the 2 s wait run out before the other node's try).
    other_node = Accounts(redis, accounts.policy, clock, db=db)
    with pytest.raises(RateLimited):
        await other_node.sign_in("Ann", PASSWORD, ADDR)
    assert await redis.ttl(pair_key("ann", ADDR)) > 0  # forgotten after a while


async def test_registrations_are_limited_per_address(accounts: Accounts) -> None:
    limit, _ = accounts.policy.register_per_address
    for i in range(limit):
        await accounts.register(f"user{i:03d}", PASSWORD, ADDR)
    with pytest.raises(RateLimited, match="new accounts"):
        await accounts.register("oneMore", PASSWORD, ADDR)


async def test_an_old_hash_is_upgraded_at_sign_in(redis: redis_async.Redis,
                                                  cheap_policy: AccountPolicy,
                                                  db: Database) -> None:
    await Accounts(redis, cheap_policy, db=db).register("Ann", PASSWORD, ADDR)
    stronger = replace(cheap_policy, time_cost=2, memory_kib=16)
    await Accounts(redis, stronger, db=db).sign_in("Ann", PASSWORD, ADDR)
    async with db.connection("test") as conn:
        stored = await conn.fetchval("SELECT hash FROM accounts WHERE name_key = 'ann'")
    assert "m=16,t=2" in stored
    await Accounts(redis, stronger, db=db).sign_in("Ann", PASSWORD, ADDR)


def test_production_parameters_hash_well_under_100_ms() -> None:
    policy = AccountPolicy()
    hasher = policy.hasher()
    assert (policy.time_cost, policy.memory_kib, policy.parallelism) == (2, 19_456, 1)
    stored = hasher.hash(PASSWORD)
    assert stored.startswith("$argon2id$v=19$m=19456,t=2,p=1$")
    # CPU time is what the parameters decide; wall time also counts whatever else the
    # machine runs (other test suites share these two cores), so it is only printed.
    cpu, wall = [], []
    for _ in range(5):
        start_cpu, start_wall = time.process_time(), time.perf_counter()
        hasher.verify(stored, PASSWORD)
        cpu.append(time.process_time() - start_cpu)
        wall.append(time.perf_counter() - start_wall)
    cpu_ms, wall_ms = statistics.median(cpu) * 1000, statistics.median(wall) * 1000
    print(f"argon2id m=19456 t=2 p=1: median {cpu_ms:.1f} ms CPU, {wall_ms:.1f} ms wall")
    assert cpu_ms < 70
    with pytest.raises(VerifyMismatchError):
        PasswordHasher(type=Type.ID).verify(stored, "wrong")


async def test_hashing_does_not_block_the_event_loop(redis: redis_async.Redis,
                                                     db: Database) -> None:
    accounts = Accounts(redis, AccountPolicy(), db=db)  # production cost
    ticks = 0

    async def tick() -> None:
        nonlocal ticks
        while True:
            await asyncio.sleep(0.002)
            ticks += 1

    ticker = asyncio.create_task(tick())
    try:
        await accounts.register("Ann", PASSWORD, ADDR)
        await accounts.sign_in("Ann", PASSWORD, ADDR)
    finally:
        ticker.cancel()
    assert ticks >= 10  # ~3 hashes of ~45 ms each: the loop kept running meanwhile
