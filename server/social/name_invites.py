"""Invites by name (issue 17): a private table's host invites an account; the invitee's
sockets on every node get an ``invited`` notice with Join and Decline. Live data in
Redis, expiring after ``ttl_s`` (ignoring an invite costs nothing: it just expires).

An invite is one key ``ni:{<invitee pid>}:<id>`` (msgpack ``{"t": table, "c": the
table's code, "f": host's name, "h": host's pid}``) with a TTL; the notice goes out on
channel ``ni:n`` as msgpack ``{"to", "id", "from", "table", "expires", "rules",
"format", "seated"}`` (what the invitee is shown of the table) and every node hands it
to its sockets of ``to``. ``take(pid, id)`` ends an invite (Join or Decline) and
returns it, once; the table's code it returns is what the invitee joins with.
``declined(invite, name)`` tells the host, on the same channel: ``{"to": host pid,
"id", "name", "answer": "declined"}``.

An invitee holds at most ``PER_INVITEE`` live invites (a sorted set
``ni:{<pid>}:live`` of their ids by expiry, checked and written with the invite in one
script, ``name_invite_send.lua``): the next host gets ``too_many_invites`` until one is
answered or expires. Without the bound, hosts could flood one account's screen.
"""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass
from typing import Any

import msgpack
import redis.asyncio as aioredis

from .errors import SocialError
from .reasons import INVITE_EXPIRED, NO_SUCH_INVITE, TOO_MANY_INVITES
from .store import load_script, redis_errors

__all__ = ["CHANNEL", "PER_INVITEE", "InviteExpired", "NameInvite", "NameInvites",
           "PlayerOffline", "PlayerSeated", "TooManyInvites"]

CHANNEL = "ni:n"
PER_INVITEE = 20  # live invites one account may hold at once (older ones still expire)


class InviteExpired(SocialError):
    """No live invite of that id for this account (declined, used or expired)."""

    code = "invite_expired"
    status = 404


class PlayerOffline(SocialError):
    """The invitee has no socket open anywhere: the notice would reach nobody."""

    code = "player_offline"
    status = 409


class PlayerSeated(SocialError):
    """The invitee already sits at the host's table."""

    code = "player_seated"
    status = 409


class TooManyInvites(SocialError):
    """The invitee already holds ``PER_INVITEE`` live invites."""

    code = "too_many_invites"
    status = 429


@dataclass(frozen=True, slots=True)
class NameInvite:
    id: str
    table: str
    code: str
    host: str  # the inviting host's name
    expires_ms: int
    host_pid: str = ""


def _key(pid: str, invite_id: str) -> str:
    return f"ni:{{{pid}}}:{invite_id}"


def _live_key(pid: str) -> str:
    return f"ni:{{{pid}}}:live"  # an invite id is never "live" (token_urlsafe(9): 12 chars)


class NameInvites:
    def __init__(self, client: aioredis.Redis, ttl_s: int = 120,
                 per_invitee: int = PER_INVITEE) -> None:
        self._client = client
        self.ttl_s = ttl_s
        self.per_invitee = per_invitee
        self._send = load_script(client, "name_invite_send.lua")

    async def send(self, to_pid: str, table: str, code: str, host: str, host_pid: str = "",
                   shown: dict[str, Any] | None = None) -> NameInvite:
        """Record an invite for ``to_pid`` and tell every node; ``shown``: what the
        notice says of the table (``rules``, ``format``, ``seated``). Raises
        TooManyInvites when ``to_pid`` already holds ``per_invitee`` live invites."""
        invite = NameInvite(secrets.token_urlsafe(9), table, code, host,
                            int(time.time() * 1000) + self.ttl_s * 1000, host_pid)
        record = msgpack.packb({"t": table, "c": code, "f": host, "h": host_pid})
        notice = msgpack.packb({**(shown or {}), "to": to_pid, "id": invite.id,
                                "from": host, "table": table, "expires": invite.expires_ms})
        async with redis_errors("invite by name"):
            recorded = await self._send(
                keys=[_key(to_pid, invite.id), _live_key(to_pid)],
                args=[record, invite.id, self.ttl_s * 1000, self.per_invitee])
            if recorded:
                await self._client.publish(CHANNEL, notice)
        if not recorded:
            raise TooManyInvites(TOO_MANY_INVITES(count=self.per_invitee))
        return invite

    async def take(self, pid: str, invite_id: str) -> NameInvite:
        """End ``pid``'s invite ``invite_id`` and return it (``InviteExpired`` if it is
        not live: a second Join or Decline, or too late)."""
        if not (0 < len(invite_id) <= 20 and invite_id.isascii()) or invite_id == "live":
            raise InviteExpired(NO_SUCH_INVITE())
        async with redis_errors("invite take"), self._client.pipeline(True) as p:
            p.getdel(_key(pid, invite_id))
            p.zrem(_live_key(pid), invite_id)
            raw, _ = await p.execute()
        if raw is None:
            raise InviteExpired(INVITE_EXPIRED())
        record = msgpack.unpackb(raw)
        return NameInvite(invite_id, record["t"], record["c"], record["f"], 0,
                          record.get("h", ""))

    async def declined(self, invite: NameInvite, name: str) -> None:
        """Tell the host of ``invite`` (on every node) that ``name`` declined it."""
        if not invite.host_pid:
            return  # an invite recorded before hosts were kept: nobody to tell
        async with redis_errors("invite answer"):
            await self._client.publish(CHANNEL, msgpack.packb(
                {"to": invite.host_pid, "id": invite.id, "name": name, "answer": "declined"}))
