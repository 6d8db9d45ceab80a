"""How many open private and practice tables one player and one address may hold.

The audit made 2,000 practice tables from 20 sockets in 8.6 s (each kept a day) and
1,000 private tables, each reserving an invite code. ``TableQuota.admit`` runs before
a private or practice table is created:

- a player holds at most ``per_player`` open tables of each of the two kinds, an
  address at most ``per_address`` of both kinds together (several people may share an
  address, so it is larger);
- over the limit, the oldest *idle* table of theirs is closed to make room: idle means
  no person is connected at it but, perhaps, the player asking (they are leaving it
  for the new one). A practice table whose person closed the page is idle once they
  have been gone ``practice_idle_s`` (its person is never marked away: it waits for
  them), so abandoned practice tables never lock an address out. A private table
  where friends still sit is never closed; if every table is in use, the new one is
  refused with ``too_many_tables``.

Closing a table deletes its state and revokes nothing else: its invite then names no
table (``no_table``). The lists live in Redis (every node counts the same tables), one
sorted set per player and kind and one per address, scored by creation time. Casual
and ranked tables are not counted: the room makes those itself.
"""

from __future__ import annotations

from collections.abc import Iterable

from server.errors import TooManyTables
from server.ops.address_key import limit_key
from server.tables import keys
from server.tables.model import Table
from server.tables.store import Store

from .store import now_ms, redis_errors

__all__ = ["TableQuota", "address_key", "player_key"]


def player_key(pid: str, kind: str) -> str:
    return f"tq:{{{pid}}}:{kind}"


def address_key(address: str) -> str:
    return f"tq:{{addr:{limit_key(address)}}}"


def _idle(table: Table, asking: str, now: int, practice_idle_ms: int) -> bool:
    """Nobody but ``asking`` is connected at the table (or its game is over). A
    practice table's person is never marked away (the table waits for them): it is
    idle once they have had no socket there for ``practice_idle_ms``."""
    if table.status == "over":
        return True
    left = table.practice_left_ms()
    if left is not None and now - left >= practice_idle_ms:
        return True
    return all(not seat.is_person or seat.away or seat.pid == asking for seat in table.seats)


class TableQuota:
    def __init__(self, store: Store, per_player: int, per_address: int,
                 practice_idle_s: float = 120.0) -> None:
        self.store = store
        self.per_player = per_player
        self.per_address = per_address
        self.practice_idle_ms = int(practice_idle_s * 1000)

    async def admit(self, pid: str, address: str, kind: str, table_id: str) -> None:
        """Make room for ``table_id`` (about to be created): close the oldest idle
        tables over the limits; raises ``TooManyTables`` when none is idle."""
        for key, limit in ((player_key(pid, kind), self.per_player),
                           (address_key(address), self.per_address)):
            live = await self._live(key)
            while len(live) >= limit:
                now = now_ms()
                idle = next((t for t in live if _idle(t, pid, now, self.practice_idle_ms)),
                            None)
                if idle is None:
                    who = "You have" if key.startswith(f"tq:{{{pid}}}") else "Your address has"
                    raise TooManyTables(f"{who} {len(live)} open tables in use; leave one "
                                        "before opening another.")
                await self._close(idle, key)
                live.remove(idle)
        ttl = max(self.store.table_ttl_s, self.store.practice_ttl_s)
        async with redis_errors("table quota"), self.store.client.pipeline(False) as p:
            for key in (player_key(pid, kind), address_key(address)):
                p.zadd(key, {table_id: now_ms()})
                p.expire(key, ttl)
            await p.execute()

    async def _live(self, key: str) -> list[Table]:
        """The tables listed under ``key`` that still exist, oldest first (the others
        are dropped from the list)."""
        async with redis_errors("table quota"):
            listed = [_text(m) for m in await self.store.client.zrange(key, 0, -1)]
        live, gone = [], []
        for table_id in listed:
            table = await self.store.load(table_id)
            (live if table is not None else gone).append(table or table_id)
        if gone:
            async with redis_errors("table quota"):
                await self.store.client.zrem(key, *gone)
        return [t for t in live if isinstance(t, Table)]

    async def _close(self, table: Table, listed_under: str) -> None:
        async with redis_errors("table quota close"), self.store.client.pipeline(False) as p:
            p.delete(*_table_keys(table))
            p.zrem(listed_under, table.id)
            await p.execute()


def _table_keys(table: Table) -> Iterable[str]:
    yield keys.table(table.id)
    yield keys.table_events(table.id)
    yield keys.game_log(table.id, table.game_no)


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value
