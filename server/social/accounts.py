"""Accounts and sessions: register, sign in, sign out (here or everywhere), resolve.

An account is a name, an argon2id password hash and a stable player id (``pid``), the
same kind of id a guest has (``pid_of``), kept in PostgreSQL (``accounts``; the
``Database`` of ``server.archive.db``): what must last. Sessions, sign-in throttles and
registration limits are live and stay in Redis. A guest who registers
passes their guest pid as ``adopt_pid`` and keeps it, so the seat they hold at a table
stays theirs. A pid belongs to at most one account; once it does, the room must stop
accepting the old guest token for it (``pid_is_account``).

A session token is ``"<pid>.<secret>"``: the secret is 256 random bits; Redis keeps
only its SHA-256, under the account's own hash tag. Sessions expire after
``session_ttl_s`` (counted from sign-in). ``sign_out`` ends one session (one device);
``sign_out_everywhere`` bumps the account's session generation, which kills every
session of the account at once, on every node. Notices on ``SIGNED_OUT_CHANNEL`` let
nodes close sockets: msgpack ``{"pid", "session": session_id(token)}`` (the sockets of
that session), ``{"pid", "everywhere": true}`` (all the account's sockets, told why),
``{"pid", "guests": true}`` (only that player's guest sockets: on register and
sign-in, so other tabs come back as the account).

Password hashing runs in a worker thread, at most ``HASH_SLOTS`` at a time, so a burst
of sign-ins neither blocks the event loop nor takes all memory (19 MiB per hash).
Wrong passwords slow down their (name, address) pair and their address, never the
account (``signin_throttle``); registrations are limited per address.
"""

from __future__ import annotations

import asyncio
import hashlib
import re
import secrets
from dataclasses import dataclass, field
from datetime import UTC, datetime

import msgpack
import redis.asyncio as aioredis
from argon2 import PasswordHasher, Type
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from server.archive.db import Database
from server.ops.address_key import limit_key

from . import keys, reasons
from .errors import (
    BadCredentials,
    InvalidName,
    InvalidPassword,
    NameTaken,
)
from .reasons import RATE_REGISTER
from .signin_throttle import SigninThrottle, ThrottlePolicy
from .store import Clock, Limit, Limiter, now_ms, redis_errors

__all__ = [
    "SIGNED_OUT_CHANNEL",
    "SIGNED_OUT_EVERYWHERE",
    "Account",
    "AccountPolicy",
    "Accounts",
    "Session",
    "check_name",
    "check_password",
    "name_key",
    "pid_of",
    "session_id",
]

SIGNED_OUT_CHANNEL = "signed-out"
# The close reason of a socket whose account was signed out on every device (the page
# says so: the person did not sign out here).
SIGNED_OUT_EVERYWHERE = "signed out everywhere"
HASH_SLOTS = 2  # concurrent argon2 hashes per process (the machine has 2 cores)

_NAME = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9_-]*[A-Za-z0-9])?")
_PID = re.compile(r"[0-9a-f]{16}")
_SECRET = re.compile(r"[A-Za-z0-9_-]{43}")
# Names that would pass for the room speaking, or for a guest or bot.
_RESERVED = ("admin", "moderator", "system", "server", "spades", "guest", "bot", "dealer")

NAME_MIN, NAME_MAX = 3, 20
PASSWORD_MIN, PASSWORD_MAX = 8, 128


@dataclass(frozen=True, slots=True)
class AccountPolicy:
    """The tunable parts. Defaults are production: argon2id with OWASP's 19 MiB,
    2 passes, 1 lane (measured ~45 ms per hash on the 2-core dev machine; see
    docs/social.md). Tests pass a cheap policy (``time_cost=1, memory_kib=8``)."""

    time_cost: int = 2
    memory_kib: int = 19_456
    parallelism: int = 1
    session_ttl_s: int = 30 * 86_400
    signin: ThrottlePolicy = field(default_factory=ThrottlePolicy)  # slow down, never lock
    register_per_address: tuple[int, float] = (10, 3600.0)

    def hasher(self) -> PasswordHasher:
        return PasswordHasher(time_cost=self.time_cost, memory_cost=self.memory_kib,
                              parallelism=self.parallelism, type=Type.ID)


@dataclass(frozen=True, slots=True)
class Account:
    """Who a session belongs to: the name as registered and the stable player id."""

    name: str
    pid: str


@dataclass(frozen=True, slots=True)
class Session:
    """A signed-in session. ``token`` is the cookie value; it is shown only here."""

    token: str
    account: Account
    expires_ms: int


def name_key(name: str) -> str:
    """The name as the uniqueness index sees it (ASCII names, so lower() suffices)."""
    return name.lower()


def check_name(name: object) -> str:
    """``name`` if it is a valid account name; else ``InvalidName`` saying why."""
    if not isinstance(name, str):
        raise InvalidName(reasons.NAME_TEXT())
    if not NAME_MIN <= len(name) <= NAME_MAX:
        raise InvalidName(reasons.NAME_LENGTH(min=NAME_MIN, max=NAME_MAX))
    if not _NAME.fullmatch(name):
        raise InvalidName(reasons.NAME_CHARACTERS())
    folded = name_key(name)
    if any(folded.startswith(word) for word in _RESERVED):
        raise InvalidName(reasons.NAME_RESERVED())
    return name


def check_password(password: object, name: str = "") -> str:
    """``password`` if acceptable; else ``InvalidPassword`` saying why."""
    if not isinstance(password, str):
        raise InvalidPassword(reasons.PASSWORD_TEXT())
    if len(password) < PASSWORD_MIN:
        raise InvalidPassword(reasons.PASSWORD_SHORT(count=PASSWORD_MIN))
    if len(password) > PASSWORD_MAX:
        raise InvalidPassword(reasons.PASSWORD_LONG(count=PASSWORD_MAX))
    if not password.strip():
        raise InvalidPassword(reasons.PASSWORD_BLANK())
    if name and password.lower() == name.lower():
        raise InvalidPassword(reasons.PASSWORD_IS_NAME())
    return password


def _token_hash(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def session_id(token: str | None) -> str | None:
    """What names one session in a sign-out notice (the hash of its secret, never the
    secret), or None for no well-formed token."""
    parsed = parse_token(token) if token else None
    return _token_hash(parsed[1]) if parsed else None


def parse_token(token: str) -> tuple[str, str] | None:
    """(pid, secret) of a well-formed session token, else None."""
    pid, dot, secret = token.partition(".")
    if not dot or not _PID.fullmatch(pid) or not _SECRET.fullmatch(secret):
        return None
    return pid, secret


def pid_of(token: str) -> str:
    """The player id of a guest's session token (the token itself is never stored or
    shown); an account's pid is made to look the same."""
    return hashlib.sha256(token.encode()).hexdigest()[:16]


class Accounts:
    """Accounts in PostgreSQL (``db``), sessions in Redis (``client`` may return bytes
    or str). A node without a database (``db.url`` None) has no accounts: sign-in and
    registration answer that the database is unavailable."""

    def __init__(self, client: aioredis.Redis, policy: AccountPolicy | None = None,
                 clock: Clock = now_ms, *, db: Database) -> None:
        self.policy = policy or AccountPolicy()
        self._client = client
        self._db = db
        self._clock = clock
        self._hasher = self.policy.hasher()
        self._slots = asyncio.Semaphore(HASH_SLOTS)
        self._limiter = Limiter(client, clock)
        # Verifying an unknown name against this costs as much as a real check, so
        # the time of a wrong answer does not tell which names exist.
        self._decoy = self._hasher.hash(secrets.token_urlsafe(16))
        p = self.policy
        self.throttle = SigninThrottle(client, p.signin, clock)
        self.register_limit = Limit("register-addr", *p.register_per_address, RATE_REGISTER)

    # -- hashing off the event loop ------------------------------------------------------

    async def _hash(self, password: str) -> str:
        async with self._slots:
            return await asyncio.to_thread(self._hasher.hash, password)

    async def _verify(self, stored: str, password: str) -> bool:
        def verify() -> bool:
            try:
                return self._hasher.verify(stored, password)
            except (VerifyMismatchError, VerificationError, InvalidHashError):
                return False

        async with self._slots:
            return await asyncio.to_thread(verify)

    # -- register, sign in, sign out -----------------------------------------------------

    async def register(self, name: object, password: object, address: str,
                       adopt_pid: str | None = None) -> Session:
        """Create an account and sign it in. With ``adopt_pid`` (the guest's own pid)
        the account keeps that player id, unless another account already has it.

        Raises InvalidName, InvalidPassword, NameTaken, RateLimited.
        """
        valid_name = check_name(name)
        valid_password = check_password(password, valid_name)
        await self._limiter.hit(self.register_limit, limit_key(address))
        folded = name_key(valid_name)
        async with self._db.connection("register") as conn:
            taken = await conn.fetchval("SELECT 1 FROM accounts WHERE name_key = $1", folded)
        if taken:
            raise NameTaken(reasons.NAME_TAKEN(name=valid_name))
        stored = await self._hash(valid_password)
        adopt = adopt_pid if adopt_pid and _PID.fullmatch(adopt_pid) else None
        created = datetime.fromtimestamp(self._clock() / 1000, UTC)
        pid = None
        for candidate in (adopt, secrets.token_hex(8)):
            if candidate is None:
                continue
            # the adopted pid unless an account has it; the name unless taken meanwhile
            async with self._db.connection("register") as conn:
                pid = await conn.fetchval(
                    "INSERT INTO accounts (pid, name, name_key, hash, created) "
                    "VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING pid",
                    candidate, valid_name, folded, stored, created)
                if pid is None and await conn.fetchval(
                        "SELECT 1 FROM accounts WHERE name_key = $1", folded):
                    raise NameTaken(reasons.NAME_TAKEN(name=valid_name))
            if pid is not None:
                break
        if pid is None:
            raise NameTaken(reasons.NAME_TAKEN(name=valid_name))
        return await self._open_session(Account(valid_name, pid))

    async def sign_in(self, name: object, password: object, address: str) -> Session:
        """A new session for the account, if the password is right.

        Raises BadCredentials (never saying whether the name exists), RateLimited.
        """
        if not isinstance(name, str) or not isinstance(password, str):
            raise BadCredentials(reasons.GIVE_NAME_AND_PASSWORD())
        folded = name_key(name)[:NAME_MAX + 1]
        await self.throttle.check(folded, address)
        async with self._db.connection("sign in") as conn:
            row = await conn.fetchrow("SELECT name, pid, hash FROM accounts "
                                      "WHERE name_key = $1", folded)
        if row is None or len(password) > PASSWORD_MAX:
            await self._verify(self._decoy, password[:PASSWORD_MAX])
            await self.throttle.failed(folded, address)
            raise BadCredentials(reasons.NO_MATCH())
        stored: str = row["hash"]
        if not await self._verify(stored, password):
            await self.throttle.failed(folded, address)
            raise BadCredentials(reasons.NO_MATCH())
        await self.throttle.succeeded(folded, address)
        if self._hasher.check_needs_rehash(stored):
            rehashed = await self._hash(password)
            async with self._db.connection("rehash") as conn:
                await conn.execute("UPDATE accounts SET hash = $2 WHERE name_key = $1",
                                   folded, rehashed)
        return await self._open_session(Account(row["name"], row["pid"]))

    async def sign_out(self, token: str) -> Account | None:
        """End this session only (the device it was signed in on); the account's other
        sessions go on. Its sockets, on every node, close (notice ``{"pid",
        "session"}``). Returns the account, or None if the token was not a live
        session (nothing to do)."""
        account = await self.resolve(token)
        if account is None:
            return None
        pid, secret = parse_token(token) or ("", "")  # resolve() checked the form
        async with redis_errors("sign out"):
            await self._client.delete(keys.session(pid, _token_hash(secret)))
            await self._client.publish(SIGNED_OUT_CHANNEL, msgpack.packb(
                {"pid": account.pid, "session": session_id(token)}))
        return account

    async def sign_out_everywhere(self, token: str) -> Account | None:
        """End every session of the token's account (all devices) at once: its
        sockets on every node close and are told why (notice ``{"pid",
        "everywhere": true}``). Returns the account, or None if the token was not a
        live session."""
        account = await self.resolve(token)
        if account is None:
            return None
        pid, secret = parse_token(token) or ("", "")
        async with redis_errors("sign out"), self._client.pipeline(transaction=True) as pipe:
            pipe.incr(keys.session_generation(account.pid))
            pipe.delete(keys.session(pid, _token_hash(secret)))
            await pipe.execute()
        async with redis_errors("sign out notice"):
            await self._client.publish(SIGNED_OUT_CHANNEL, msgpack.packb(
                {"pid": account.pid, "everywhere": True}))
        return account

    async def end_guest_sockets(self, pid: str | None) -> None:
        """The guest ``pid`` registered or signed in: their guest sockets, on every
        node, close (4001) and come back as the account (notice ``{"pid", "guests"}``)."""
        if pid and _PID.fullmatch(pid):
            async with redis_errors("guest sockets notice"):
                await self._client.publish(SIGNED_OUT_CHANNEL,
                                           msgpack.packb({"pid": pid, "guests": True}))

    async def resolve(self, token: str | None) -> Account | None:
        """The account of a live session token, else None (unknown, expired, signed out,
        malformed). This is the check the WebSocket runs on connect."""
        parsed = parse_token(token) if token else None
        if parsed is None:
            return None
        pid, secret = parsed
        async with redis_errors("resolve session"):
            blob, generation = await self._client.mget(
                keys.session(pid, _token_hash(secret)), keys.session_generation(pid))
        if blob is None:
            return None
        record = msgpack.unpackb(blob)
        if record["g"] != int(generation or 0):
            return None
        return Account(record["n"], pid)

    async def _open_session(self, account: Account) -> Session:
        secret = secrets.token_urlsafe(32)
        ttl = self.policy.session_ttl_s
        gen_key = keys.session_generation(account.pid)
        # A sign-out between the read and the write bumps the generation: the new
        # session, written with the old one, is then dead on arrival, as it should be.
        async with redis_errors("open session"):
            generation = int(await self._client.get(gen_key) or 0)
            await self._client.set(keys.session(account.pid, _token_hash(secret)),
                                   msgpack.packb({"n": account.name, "g": generation}), ex=ttl)
        return Session(f"{account.pid}.{secret}", account, self._clock() + ttl * 1000)

    # -- lookups -------------------------------------------------------------------------

    async def screen_reader(self, pid: str) -> bool | None:
        """The account's screen-reader mode choice; None: never made (the browser's holds)."""
        async with redis_errors("screen-reader choice"):
            value = await self._client.get(keys.screen_reader_pref(pid))
        return None if value is None else value in (b"1", "1")

    async def set_screen_reader(self, pid: str, on: bool) -> None:
        async with redis_errors("screen-reader choice"):
            await self._client.set(keys.screen_reader_pref(pid), "1" if on else "0")

    async def language(self, pid: str) -> str | None:
        """The account's language (a shipped language's tag); None: never chosen (the
        browser's Accept-Language decides), or a node without its database."""
        if not self._db.configured:
            return None
        async with self._db.connection("account language") as conn:
            lang: str | None = await conn.fetchval("SELECT lang FROM accounts WHERE pid = $1",
                                                   pid)
        return lang

    async def set_language(self, pid: str, lang: str | None) -> None:
        """Keep ``lang`` (the caller checked it is shipped) for the account; None clears it."""
        async with self._db.connection("account language") as conn:
            await conn.execute("UPDATE accounts SET lang = $2 WHERE pid = $1", pid, lang)

    async def by_name(self, name: str) -> Account | None:
        """The account of ``name`` (any case), or None."""
        if not isinstance(name, str) or len(name) > NAME_MAX:
            return None
        if not self._db.configured:
            return None
        async with self._db.connection("account by name") as conn:
            row = await conn.fetchrow("SELECT name, pid FROM accounts WHERE name_key = $1",
                                      name_key(name))
        return None if row is None else Account(row["name"], row["pid"])

    async def is_registered(self, name: str) -> bool:
        """Whether ``name`` (a display name, spaces trimmed, any case) is an account's: a
        guest may not carry it, so a name at a table is a registered player's only when
        that player is signed in."""
        name = name.strip()
        return bool(_NAME.fullmatch(name)) and await self.by_name(name) is not None

    async def created_ms(self, name: str) -> int | None:
        """When the account ``name`` (any case) was registered (ms), or None."""
        if not isinstance(name, str) or len(name) > NAME_MAX:
            return None
        async with self._db.connection("account created") as conn:
            created = await conn.fetchval("SELECT created FROM accounts WHERE name_key = $1",
                                          name_key(name))
        return None if created is None else round(created.timestamp() * 1000)

    async def names_of(self, pids: list[str]) -> dict[str, str]:
        """The account name of each pid in ``pids`` that is an account's (guests left
        out); the archive records which seats were accounts'."""
        wanted = [p for p in dict.fromkeys(pids) if _PID.fullmatch(p)]
        if not wanted:
            return {}
        async with self._db.connection("account names") as conn:
            rows = await conn.fetch("SELECT pid, name FROM accounts WHERE pid = ANY($1)",
                                    wanted)
        return {row["pid"]: row["name"] for row in rows}

    async def pid_is_account(self, pid: str) -> bool:
        """True when ``pid`` belongs to an account: a guest token for it must then be
        refused (the account's sessions are the only way in)."""
        if not self._db.configured:
            return False  # a node without its database has no accounts
        async with self._db.connection("pid lookup") as conn:
            return bool(await conn.fetchval("SELECT 1 FROM accounts WHERE pid = $1", pid))

    async def clear_limits(self, name: str, address: str) -> None:
        """Forget sign-in failures (an operator's tool; tests use it too)."""
        await self.throttle.clear(name_key(name), address)

