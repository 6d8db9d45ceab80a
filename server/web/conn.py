"""What the message handlers need of a socket connection (``connection.Client``).

``social_handlers`` and ``session_guard`` are called by ``connection.Client`` with
itself; they take a ``Conn`` instead of importing ``connection`` back, so the three
modules import in one direction (connection -> handlers -> conn).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from server.daily.service import DailyService
    from server.social.accounts import Account
    from server.social.hub import SocialHub
    from server.tables.actor import ChangeFn, TableActor
    from server.tables.model import Table
    from server.tables.room import Room
    from shared.protocol import ServerMessage

__all__ = ["Conn"]


class Conn(Protocol):
    """One connected socket and its session, as a handler sees it."""

    room: Room
    social: SocialHub
    account: Account | None  # the session's account, as of hello
    address: str  # the peer's address (limits and quotas count by it)
    conn_id: str
    cookie_token: str | None
    session_token: str | None
    pid: str | None
    name: str
    actor: TableActor | None
    seat: int | None  # None: watching, or at no table
    sent_rev: int
    chat_on: bool

    @property
    def daily(self) -> DailyService | None:
        """The node's daily deal (None without a database)."""

    def reply(self, message: ServerMessage, msg_id: int | None = None) -> None: ...

    def close(self, code: int, reason: str) -> None: ...

    async def snapshot_extra(self, table: Table) -> dict[str, Any]: ...

    async def enter(self, actor: TableActor, change: ChangeFn | None,
                    base: Table | None = None) -> None: ...

    def sit_change(self) -> ChangeFn: ...
