"""Invites to private tables (Redis): a link token and a code that lead to a table.

``Invites`` makes and resolves a table's invite: a link token of 192 random bits (only
its SHA-256 is stored, under the table's own invite key too) and a 6-character code
from an alphabet with no look-alikes (31^6, about 8.9e8 codes) to read aloud. Looking
a code up is limited per address (``CODE_LIMITS``), so codes cannot be found by
guessing: with 10,000 live tables one address finds one with odds of about 1 in 1,500
per hour of trying. The private table itself (its lobby) is ``server.tables.lobby``.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from dataclasses import dataclass

import msgpack
import redis.asyncio as aioredis

from server.ops.address_key import limit_key

from . import keys
from .errors import NoSuchInvite
from .reasons import RATE_JOIN_CODE
from .store import Clock, Limit, Limiter, now_ms, redis_errors

__all__ = ["CODE_ALPHABET", "CODE_LIMITS", "Invite", "Invites", "normalize_code"]

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L
CODE_LENGTH = 6
INVITE_TTL_S = 86_400  # as long as an idle table lives; ``refresh`` extends it
CODE_LIMITS = (
    Limit("join-code-min", 10, 60.0, RATE_JOIN_CODE),
    Limit("join-code-hour", 60, 3600.0, RATE_JOIN_CODE),
)
_CODE = re.compile(f"[{CODE_ALPHABET}]{{{CODE_LENGTH}}}")
_TOKEN = re.compile(r"[A-Za-z0-9_-]{32}")
_LINK = re.compile(r"#/join/([A-Za-z0-9_-]+)")


# -- invites (Redis) ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Invite:
    """What the host shares: ``token`` goes in the link, ``code`` is read aloud.

    Redis keeps only the token's SHA-256 (``token_hash``), so an invite read back
    (``Invites.of_table``) has ``token`` "": the host is shown ``link_part`` (the
    code, which works in a link too) unless they ask for a new link.
    """

    table: str
    token: str
    code: str
    token_hash: str = ""

    def __post_init__(self) -> None:
        if not self.token_hash:
            object.__setattr__(self, "token_hash", _token_hash(self.token))

    @property
    def link_part(self) -> str:
        """What goes after ``#/join/`` in the link: the token when known, else the code."""
        return self.token or self.code


def normalize_code(text: str) -> str | None:
    """A code as typed ("ab3 d7k", "AB3-D7K") in stored form, or None if it cannot be one."""
    if not isinstance(text, str) or len(text) > 20:
        return None
    code = re.sub(r"[\s-]", "", text).upper()
    return code if _CODE.fullmatch(code) else None


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Invites:
    """Invite links and codes of private tables (``client`` returns bytes)."""

    def __init__(self, client: aioredis.Redis, clock: Clock = now_ms,
                 ttl_s: int = INVITE_TTL_S,
                 code_limits: tuple[Limit, ...] = CODE_LIMITS) -> None:
        self._client = client
        self._ttl_s = ttl_s
        self._limits = code_limits
        self._limiter = Limiter(client, clock)

    async def create(self, table_id: str) -> Invite:
        """A fresh invite for ``table_id``: a new code and token; the table's previous
        invite, if any, stops working."""
        previous = await self.of_table(table_id)
        if previous is not None:
            await self.revoke(previous)
        token = secrets.token_urlsafe(24)
        async with redis_errors("invite"):
            for _ in range(20):
                code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
                if await self._client.set(keys.invite_code(code), table_id, nx=True,
                                          ex=self._ttl_s):
                    break
            else:  # pragma: no cover - needs ~10^8 live codes
                raise NoSuchInvite("No free table code right now; try again.")
            invite = Invite(table_id, token, code)
            await self._client.set(keys.invite_token(_token_hash(token)), table_id,
                                   ex=self._ttl_s)
            await self._client.set(keys.table_invite(table_id),
                                   msgpack.packb([invite.token_hash, code]), ex=self._ttl_s)
        return invite

    async def of_table(self, table_id: str) -> Invite | None:
        """The table's live invite (to show the host again: its ``token`` is "", only
        the hash is kept), or None."""
        async with redis_errors("invite read"):
            blob = await self._client.get(keys.table_invite(table_id))
        if blob is None:
            return None
        token_hash, code = msgpack.unpackb(blob)
        return Invite(table_id, "", code, token_hash)

    async def by_code(self, typed: str, address: str) -> str:
        """The table id of a code, counting the attempt against ``address``'s limits.
        Raises RateLimited (too many attempts) or NoSuchInvite."""
        for limit in self._limits:
            await self._limiter.hit(limit, limit_key(address))
        code = normalize_code(typed)
        if code is None:
            raise NoSuchInvite(f"A table code is {CODE_LENGTH} letters and digits.")
        async with redis_errors("invite by code"):
            table_id = await self._client.get(keys.invite_code(code))
        if table_id is None:
            raise NoSuchInvite("No table has that code; check it with the host.")
        return _text(table_id)

    async def resolve(self, text: str, address: str) -> str:
        """The table id for what a person typed or pasted: a code, an invite token, or
        a link holding either (``.../#/join/<token or code>``). Codes count against
        ``address``'s limits; tokens (192 bits) need none. Raises NoSuchInvite,
        RateLimited."""
        if not isinstance(text, str) or len(text) > 300:
            raise NoSuchInvite("That is not a table code or an invite link.")
        link = _LINK.search(text)
        value = link.group(1) if link else text.strip()
        if _TOKEN.fullmatch(value):
            return await self.by_token(value)
        return await self.by_code(value, address)

    async def by_token(self, token: str) -> str:
        """The table id of an invite link's token. Raises NoSuchInvite."""
        if not isinstance(token, str) or not _TOKEN.fullmatch(token):
            raise NoSuchInvite("That invite link is not valid.")
        async with redis_errors("invite by token"):
            table_id = await self._client.get(keys.invite_token(_token_hash(token)))
        if table_id is None:
            raise NoSuchInvite("That invite link has expired or was replaced.")
        return _text(table_id)

    async def refresh(self, invite: Invite) -> None:
        """Keep the invite alive as long as its table (call when the table is used)."""
        async with redis_errors("invite refresh"), self._client.pipeline(False) as p:
            p.expire(keys.invite_code(invite.code), self._ttl_s)
            p.expire(keys.invite_token(invite.token_hash), self._ttl_s)
            p.expire(keys.table_invite(invite.table), self._ttl_s)
            await p.execute()

    async def revoke(self, invite: Invite) -> None:
        """End the invite: its link and code stop working (e.g. to issue a new one)."""
        async with redis_errors("invite revoke"), self._client.pipeline(False) as p:
            p.delete(keys.invite_code(invite.code))
            p.delete(keys.invite_token(invite.token_hash))
            p.delete(keys.table_invite(invite.table))
            await p.execute()


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value
