"""Private tables: the host's rules, the seating before the start, and the invites.

Pure part (no I/O): ``host_rules`` validates the host's preset and house options into a
``RuleSet``; ``Lobby`` is the seating of a private table with every host action as a
method that returns a new ``Lobby`` or raises a typed error saying why not. The room
keeps a ``Lobby`` inside its table state (``to_dict``/``from_dict``), so seat changes go
through the table's own compare-and-set, version and notices.

Redis part: ``Invites`` makes and resolves a table's invite: a link token of 192
random bits (only its SHA-256 is stored, under the table's own invite key too) and a
6-character code from an alphabet with no look-alikes (31^6, about 8.9e8 codes) to
read aloud. Looking a code up is limited per address (``CODE_LIMITS``), so codes
cannot be found by guessing: with 10,000 live tables one address finds one with odds
of about 1 in 1,500 per hour of trying.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

import msgpack
import redis.asyncio as aioredis

from shared.spades import PRESETS, RuleSet

from . import social_keys as keys
from .social_errors import InvalidRules, NoSuchInvite, NotHost, SeatError
from .social_store import Clock, Limit, Limiter, now_ms, redis_errors

__all__ = [
    "BOT_LEVELS",
    "CODE_ALPHABET",
    "CODE_LIMITS",
    "Invite",
    "Invites",
    "Lobby",
    "Sitter",
    "host_rules",
    "normalize_code",
]

# The levels of shared.bots.players.LEVELS (a test keeps the two equal).
BOT_LEVELS = ("easy", "standard", "challenge")
# The turn times a host may choose (seconds): fast, standard, relaxed, and no clock (0).
TURN_TIMES = (15, 30, 60, 0)
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L
CODE_LENGTH = 6
INVITE_TTL_S = 86_400  # as long as an idle table lives; ``refresh`` extends it
CODE_LIMITS = (
    Limit("join-code-min", 10, 60.0, "Too many table codes tried from your address."),
    Limit("join-code-hour", 60, 3600.0, "Too many table codes tried from your address."),
)
_CODE = re.compile(f"[{CODE_ALPHABET}]{{{CODE_LENGTH}}}")
_TOKEN = re.compile(r"[A-Za-z0-9_-]{32}")
_LINK = re.compile(r"#/join/([A-Za-z0-9_-]+)")


def host_rules(preset: object, options: object = None) -> RuleSet:
    """The rules a host asked for: a preset name and house options over it (any field
    of ``RuleSet``), validated by ``RuleSet.from_dict``. Raises ``InvalidRules`` with
    the engine's sentence.

    ``preset`` None: the preset named by ``options["name"]`` if it is one (the browser
    sends a whole rule dict named after the preset it started from), else standard.
    """
    if options is None:
        options = {}
    if not isinstance(options, Mapping):
        raise InvalidRules("House options must be a mapping of option names to values.")
    if preset is None:
        named = options.get("name")
        preset = named if isinstance(named, str) and named in PRESETS else "standard"
    if not isinstance(preset, str) or preset not in PRESETS:
        raise InvalidRules(f"Choose one of the rule sets {', '.join(PRESETS)}.")
    if any(not isinstance(name, str) for name in options):
        raise InvalidRules("House option names must be text.")
    merged = {**PRESETS[preset].to_dict(), **options}
    try:
        return RuleSet.from_dict(merged)
    except (ValueError, TypeError) as err:
        raise InvalidRules(str(err)) from None


@dataclass(frozen=True, slots=True)
class Sitter:
    """A person in a seat of a private table."""

    pid: str
    name: str


Seats = tuple[Sitter | None, Sitter | None, Sitter | None, Sitter | None]


@dataclass(frozen=True, slots=True)
class Lobby:
    """The seating of a private table, from creation to the start and after it.

    Before the start, people choose seats (partners sit opposite: 0+2, 1+3), the host
    moves and removes people, and starts whenever they like: ``bot_seats`` are then
    filled with bots of ``bot_level``. After the start the seating is fixed (leavers
    are handled as at casual tables); only the host role can pass on, so a host who
    leaves does not end the table. ``turn_s`` is the host's turn time (seconds a
    person has before the autopilot plays their turn; 0: no clock, only a disconnect
    brings the autopilot; None: the room's default).
    """

    host: str
    rules: dict[str, Any]
    bot_level: str = "standard"
    allow_spectators: bool = False
    seats: Seats = (None, None, None, None)
    removed: frozenset[str] = field(default_factory=frozenset)
    started: bool = False
    turn_s: int | None = None

    @classmethod
    def create(cls, host: Sitter, preset: str | None,
               options: Mapping[str, Any] | None = None,
               bot_level: str = "standard", allow_spectators: bool = False,
               seat: int = 0, turn_s: int | None = None) -> Lobby:
        """A new table with the host in ``seat``; raises InvalidRules, SeatError."""
        rules = host_rules(preset, options)
        if bot_level not in BOT_LEVELS:
            raise InvalidRules(f"Choose a bot level: {', '.join(BOT_LEVELS)}.")
        if turn_s is not None and turn_s not in TURN_TIMES:
            raise InvalidRules("Choose a turn time: " + ", ".join(
                f"{s} s" if s else "no clock" for s in TURN_TIMES) + ".")
        _check_seat(seat)
        seats: list[Sitter | None] = [None] * 4
        seats[seat] = host
        return cls(host.pid, rules.to_dict(), bot_level, bool(allow_spectators), _four(seats),
                   turn_s=turn_s)

    # -- reading -------------------------------------------------------------------------

    def seat_of(self, pid: str) -> int | None:
        for index, sitter in enumerate(self.seats):
            if sitter is not None and sitter.pid == pid:
                return index
        return None

    @property
    def bot_seats(self) -> list[int]:
        """The empty seats (bots take them at the start)."""
        return [i for i, sitter in enumerate(self.seats) if sitter is None]

    def may_watch(self, pid: str) -> bool:
        """Whether ``pid`` may watch (public view only) without a seat."""
        return self.allow_spectators and pid not in self.removed

    # -- anyone --------------------------------------------------------------------------

    def choose_seat(self, who: Sitter, seat: int) -> Lobby:
        """Sit down in (or move oneself to) the empty ``seat`` before the start."""
        _check_seat(seat)
        self._before_start("choose a seat")
        if who.pid in self.removed:
            raise SeatError("The host removed you from this table.")
        taken = self.seats[seat]
        if taken is not None and taken.pid != who.pid:
            raise SeatError(f"Seat {seat} is taken; choose an empty seat.")
        seats = [None if s is not None and s.pid == who.pid else s for s in self.seats]
        seats[seat] = who
        return replace(self, seats=_four(seats))

    def leave(self, pid: str) -> Lobby | None:
        """``pid`` leaves. Before the start the seat empties; after it the seat stays
        (the room gives it to a bot). A leaving host passes the role to the first
        person seated; None when nobody is left before the start (drop the table)."""
        seat = self.seat_of(pid)
        lobby = self
        if seat is not None and not self.started:
            seats = list(self.seats)
            seats[seat] = None
            lobby = replace(self, seats=_four(seats))
        if pid != self.host:
            return lobby
        heirs = [s.pid for s in lobby.seats if s is not None and s.pid != pid]
        if not heirs:
            return None if not self.started else lobby
        return replace(lobby, host=heirs[0])

    # -- the host ------------------------------------------------------------------------

    def move(self, by: str, from_seat: int, to_seat: int) -> Lobby:
        """Host: move the person in ``from_seat`` to ``to_seat`` (swapping with whoever
        sits there), before the start."""
        self._host_only(by, "move players")
        _check_seat(from_seat)
        _check_seat(to_seat)
        self._before_start("move players")
        if self.seats[from_seat] is None:
            raise SeatError(f"Seat {from_seat} is empty; there is nobody to move.")
        seats = list(self.seats)
        seats[from_seat], seats[to_seat] = seats[to_seat], seats[from_seat]
        return replace(self, seats=_four(seats))

    def remove(self, by: str, seat: int) -> Lobby:
        """Host: remove the person in ``seat`` before the start; they cannot come back
        to this table (nor watch it)."""
        self._host_only(by, "remove players")
        _check_seat(seat)
        self._before_start("remove players")
        sitter = self.seats[seat]
        if sitter is None:
            raise SeatError(f"Seat {seat} is empty; there is nobody to remove.")
        if sitter.pid == self.host:
            raise SeatError("The host cannot remove themselves; leave the table instead.")
        seats = list(self.seats)
        seats[seat] = None
        return replace(self, seats=_four(seats), removed=self.removed | {sitter.pid})

    def set_spectators(self, by: str, allow: bool) -> Lobby:
        """Host: allow or refuse spectators (public view only) from now on."""
        self._host_only(by, "change who may watch")
        return replace(self, allow_spectators=bool(allow))

    def start(self, by: str) -> Lobby:
        """Host: start now; ``bot_seats`` get bots. Possible with only the host seated."""
        self._host_only(by, "start the game")
        self._before_start("start it again")
        return replace(self, started=True)

    def _host_only(self, by: str, what: str) -> None:
        if by != self.host:
            raise NotHost(f"Only the host may {what}.")

    def _before_start(self, what: str) -> None:
        if self.started:
            raise SeatError(f"The game has started; you cannot {what} now.")

    # -- storage -------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {"host": self.host, "rules": self.rules, "bots": self.bot_level,
                "watch": self.allow_spectators,
                "seats": [None if s is None else [s.pid, s.name] for s in self.seats],
                "removed": sorted(self.removed), "started": self.started,
                "turn": self.turn_s}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Lobby:
        seats = [None if s is None else Sitter(s[0], s[1]) for s in d["seats"]]
        return cls(d["host"], dict(d["rules"]), d["bots"], d["watch"], _four(seats),
                   frozenset(d["removed"]), d["started"], d.get("turn"))


def _check_seat(seat: object) -> None:
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat <= 3:
        raise SeatError("A seat is a number from 0 to 3.")


def _four(seats: list[Sitter | None]) -> Seats:
    a, b, c, d = seats
    return a, b, c, d


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
            await self._limiter.hit(limit, address)
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
