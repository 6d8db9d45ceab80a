"""The social layer on one node: its parts, its players' sockets, and its background work.

``SocialHub`` is built by the node (``server.node``, one per node) on the node's
``Room``, which tells it of every table change and chat notice, and holds:

- the parts of docs/social.md on the room's Redis client and the node's PostgreSQL
  (``db``: accounts and ratings): ``accounts``, ``ratings``, ``chat``, ``invites``,
  ``matchmaker`` (the node hands the HTTP routes theirs);
- the node's sockets by player id (``register``/``unregister``), so a notice about a
  player (signed out, matched) reaches their sockets here;
- the ranked matcher: every ``match_every_s`` each node runs ``Matchmaker.match()``
  (safe on every node at once), creates a ranked table for each group it claimed and
  announces it; it also keeps the queue entries of its own live sockets alive
  (heartbeats), so a browser need not send them;
- chat delivery: a chat notice on a table's channel goes to this node's sockets at the
  seats it names, or, from a spectator, to the node's spectators with chat on;
- rating at the end of a ranked game (idempotent: every node that sees the end may
  call it) and the ``rated`` push to each player's sockets on this node.
"""

from __future__ import annotations

import itertools
import logging
import time
from typing import TYPE_CHECKING, Any, Protocol

import msgpack

from server.archive.db import Database
from server.errors import RoomError, is_redis_failure
from server.ops.periodic import Periodic
from server.tables.actor import new_deal, now_ms
from server.tables.model import RANKED, Table
from server.tables.seating import create_ranked
from shared.protocol import (
    ChatLine,
    Format,
    InviteAnswer,
    Invited,
    Rated,
    ServerMessage,
    encode,
)

from . import keys as social_keys
from .accounts import (
    SIGNED_OUT_CHANNEL,
    SIGNED_OUT_EVERYWHERE,
    AccountPolicy,
    Accounts,
    session_id,
)
from .chat import Chat, ChatMessage
from .friends import BLOCKS_CHANNEL, Friends
from .invites import Invites
from .leavers import Leavers
from .lobby_lists import LobbyLists, casual_change
from .lobby_push import (
    PRESENCE_CHANNEL,
    WATCH_CHANNEL,
    LobbyPush,
    open_seats_changed,
    watch_changed,
)
from .matchmaking import Match, Matchmaker
from .name_invites import CHANNEL as NAME_INVITE_CHANNEL
from .name_invites import NameInvites
from .presence import LOBBY, Presence
from .ratings import RatingChange, Ratings
from .reports import Reports, Sanctions
from .store import redis_errors
from .table_quota import TableQuota

if TYPE_CHECKING:
    from server.tables.room import Room

__all__ = ["HEARTBEAT_S", "SocialHub", "SocialSocket"]

log = logging.getLogger(__name__)

SWEEP_BATCH = 200  # unrated ranked tables looked at per sweep (oldest first)
HEARTBEAT_S = 20.0  # queue heartbeats for this node's queued sockets (stale after 60 s)


class SocialSocket(Protocol):
    """What the hub needs of a connection (``connection.Client``)."""

    pid: str | None
    seat: int | None
    fmt: Format
    chat_on: bool
    session_token: str | None  # the session cookie the socket was opened with

    def push(self, frame: bytes | str) -> None: ...

    def close(self, code: int, reason: str) -> None: ...

    async def go_to_table(self, table_id: str) -> None: ...


class SocialHub:
    def __init__(self, room: Room, db: Database) -> None:
        self.room = room
        settings = room.settings
        client = room.store.client
        self.accounts = Accounts(client, AccountPolicy(session_ttl_s=settings.session_ttl_s),
                                 db=db)
        self.ratings = Ratings(db)
        self.chat = Chat(client, table_ttl_s=settings.table_ttl_s,
                         publish=lambda: room.store.publish_command)
        self.invites = Invites(client)
        self.friends = Friends(db, client)
        self.matchmaker = Matchmaker(client, self.ratings, apart_of=self.friends.pairs_among)
        self.quota = TableQuota(room.store, settings.tables_per_player,
                                settings.tables_per_address, settings.practice_idle_s)
        self.name_invites = NameInvites(client)
        self.sanctions = Sanctions(client, db)
        self.reports = Reports(client, db)
        self.leavers = Leavers(db)
        self.lists = LobbyLists(client, room.store, self.ratings)
        self.presence = Presence(client, room.node_id, settings.presence_ttl_s)
        self.lobby_push = LobbyPush(self._lobby_sockets, self.friends.followers_among,
                                    lambda coro, name: room.spawn(coro, name=name))
        self.clients: dict[str, set[SocialSocket]] = {}
        # The accounts each account with a socket here blocked (their chat is hidden
        # from it); loaded at its first socket, reloaded on a BLOCKS_CHANNEL notice.
        self.blocked: dict[str, frozenset[str]] = {}
        # The number of the latest read of each account's blocks: two reads can be in
        # flight (a first socket's and a notice's) and end in either order, and only the
        # latest begun may be kept, or an older, emptier read would undo a new block.
        self._blocks_read: dict[str, int] = {}
        self._tickets = itertools.count(1)
        # Accounts whose blocks are kept here though they have no socket here (an event
        # page's chat reader: server/web/event_chat.py), by the number of holds.
        self._held: dict[str, int] = {}
        # Sockets by the account their session cookie claims, hello or not (sign out
        # everywhere closes them too: session_guard).
        self.sessions: dict[str, set[SocialSocket]] = {}
        self._session_of: dict[int, str] = {}
        self.queued: dict[str, float] = {}  # pid -> last heartbeat (monotonic s)
        self._rated: dict[str, None] = {}  # game ids whose result this node pushed
        self._matcher = Periodic("ranked-matcher", room.settings.match_every_s,
                                 self._match_round, _match_failed)
        self._next_sweep = 0.0  # monotonic s: when to sweep the unrated ranked games next

    async def start(self) -> None:
        await self.presence.start()
        await self.room.notices.listen(SIGNED_OUT_CHANNEL, self._on_signed_out)
        await self.room.notices.listen(social_keys.QUEUE_CHANNEL, self._on_placed)
        await self.room.notices.listen(NAME_INVITE_CHANNEL, self._on_invited)
        await self.room.notices.listen(BLOCKS_CHANNEL, self._on_blocks)
        await self.room.notices.listen(PRESENCE_CHANNEL, self.lobby_push.on_presence)
        await self.room.notices.listen(WATCH_CHANNEL, self.lobby_push.on_watch)
        self._matcher.start()

    async def stop(self) -> None:
        await self._matcher.stop()  # bounded: see Room.stop
        await self.presence.stop()

    # -- sockets by player ----------------------------------------------------------------

    def register(self, sock: SocialSocket) -> None:
        if sock.pid is not None:
            self.clients.setdefault(sock.pid, set()).add(sock)
            if _is_account(sock):
                if sock.pid not in self.presence.counts:
                    self.room.spawn(self.reload_blocks(sock.pid), name="blocks-load")
                self.presence.connect(sock.pid, self._doing(sock.pid))

    async def reload_blocks(self, pid: str) -> None:
        """Read again whom ``pid`` blocked, if it still has a socket here; of reads that
        overlap, the one begun last wins, whichever ends last."""
        ticket = next(self._tickets)
        self._blocks_read[pid] = ticket
        blocked = await self.friends.blocked_by(pid)
        if self._keeps_blocks(pid) and self._blocks_read.get(pid) == ticket:
            self.blocked[pid] = blocked

    def _keeps_blocks(self, pid: str) -> bool:
        return pid in self.clients or pid in self._held

    async def hold_blocks(self, pid: str) -> None:
        """Keep whom account ``pid`` blocked in ``blocked`` (and up to date) until as
        many ``release_blocks``, whether or not it has a socket here; read now if not
        kept already."""
        kept = self._keeps_blocks(pid)
        self._held[pid] = self._held.get(pid, 0) + 1
        if not kept:
            try:
                await self.reload_blocks(pid)
            except BaseException:
                self.release_blocks(pid)  # not held after all: the caller will not release
                raise

    def release_blocks(self, pid: str) -> None:
        left = self._held.get(pid, 0) - 1
        if left > 0:
            self._held[pid] = left
            return
        self._held.pop(pid, None)
        if pid not in self.clients:
            self.blocked.pop(pid, None)
            self._blocks_read.pop(pid, None)

    def without_blocked(self, pid: str, table: Table,
                        messages: list[ChatMessage]) -> list[ChatMessage]:
        """``messages`` less those of accounts ``pid`` blocked (seats and gallery)."""
        blocked = self.blocked.get(pid)
        if not blocked:
            return messages
        return [m for m in messages if (m.sender or (
            table.seats[m.seat].pid if m.seat is not None else None)) not in blocked]

    async def avoid_for(self, sock: SocialSocket) -> frozenset[str]:
        """Whom quick play must not seat ``sock``'s account with (blocks either way)."""
        if sock.pid is None or not _is_account(sock):
            return frozenset()
        return frozenset(await self.friends.either_way(sock.pid))

    def _on_blocks(self, data: bytes) -> None:
        pid = msgpack.unpackb(data)["pid"]
        if self._keeps_blocks(pid):
            self.room.spawn(self.reload_blocks(pid), name="blocks-load")

    def _lobby_sockets(self) -> list[tuple[SocialSocket, bool]]:
        """This node's sockets whose page shows the lobby, each with whether it is an
        account's (``lobby_push``)."""
        return [(sock, _is_account(sock)) for socks in self.clients.values() for sock in socks
                if getattr(sock, "actor", None) is None or getattr(sock, "in_lobby", False)]

    def moved(self, sock: SocialSocket) -> None:
        """``sock`` entered or left a table: its account's presence follows."""
        if sock.pid is not None and _is_account(sock):
            self.presence.set_doing(sock.pid, self._doing(sock.pid))
            self._rated_again(sock)

    def _rated_again(self, sock: SocialSocket) -> None:
        """``sock`` came to a ranked game of its player's that is over (a reload, the
        table's link): their ``rated`` again, so the sheet shows the change it made."""
        actor = getattr(sock, "actor", None)
        table = actor.cached if actor is not None else None
        if (table is None or table.kind != RANKED or table.status != "over"
                or table.game is None or not table.game.over
                or sock.pid not in table.people):
            return
        self.room.spawn(self._push_rated(sock, f"{table.id}:{table.game_no}"),
                        name=f"rated-again-{table.id}")

    async def _push_rated(self, sock: SocialSocket, game_id: str) -> None:
        assert sock.pid is not None
        change = (await self.ratings.game_changes(game_id)).get(sock.pid)
        if change is not None:  # not rated yet: ``_rate`` pushes it when it is
            _send(sock, await self._rated_message(sock.pid, change))

    async def _rated_message(self, pid: str, change: RatingChange) -> Rated:
        return Rated(rating=change.after, change=change.delta,
                     provisional=change.provisional, games=change.games,
                     rank=await self.ratings.rank_of(pid), won=change.won, left=change.left)

    def _doing(self, pid: str) -> str:
        """What the account does on this node, from its sockets here (the busiest). A
        socket whose page shows the lobby (``in_lobby``), or whose game is over, counts
        as in the lobby: nobody plays or watches a finished game."""
        doing = LOBBY
        for sock in self.clients.get(pid, ()):
            actor = getattr(sock, "actor", None)
            if actor is None or getattr(sock, "in_lobby", False):
                continue
            table = actor.cached
            if table is not None and table.status == "over":
                continue
            if sock.seat is not None:
                return f"playing:{actor.id}"
            doing = f"watching:{actor.id}"
        return doing

    def unregister(self, sock: SocialSocket) -> None:
        if sock.pid is None:
            return
        socks = self.clients.get(sock.pid)
        if socks is not None and sock in socks:
            socks.discard(sock)
            if _is_account(sock):
                self.presence.disconnect(sock.pid)
                if socks:
                    self.presence.set_doing(sock.pid, self._doing(sock.pid))
            if not socks:
                del self.clients[sock.pid]
                if sock.pid not in self._held:
                    self.blocked.pop(sock.pid, None)
                    self._blocks_read.pop(sock.pid, None)
                if self.queued.pop(sock.pid, None) is not None:
                    # The player's last socket here closed: out of the queue.
                    self.room.spawn(self.matchmaker.leave(sock.pid), name="queue-leave")

    def watch_session(self, sock: SocialSocket, pid: str | None) -> None:
        """Keep ``sock`` under the account ``pid`` its session cookie claims (None:
        forget it), so a sign-out reaches it before it says hello."""
        old = self._session_of.pop(id(sock), None)
        if old is not None:
            socks = self.sessions.get(old, set())
            socks.discard(sock)
            if not socks:
                self.sessions.pop(old, None)
        if pid is not None:
            self._session_of[id(sock)] = pid
            self.sessions.setdefault(pid, set()).add(sock)

    def _on_signed_out(self, data: bytes) -> None:
        """Sessions of an account ended: their sockets here close (4001), those that
        said hello and those that have not; clients reconnect as guests (or sign in
        again). ``{"pid", "session"}``: one session (one device) signed out, only its
        sockets close. ``{"pid", "everywhere": true}``: every session ended, every
        socket closes with the reason ``SIGNED_OUT_EVERYWHERE`` for the page to say.
        ``{"pid", "guests": true}``: that player signed in or registered in some tab:
        their guest sockets close, to come back as the account."""
        notice = msgpack.unpackb(data)
        pid = notice.get("pid")
        reason = "signed out"
        if notice.get("guests"):
            doomed = [s for s in self.clients.get(pid, ()) if getattr(s, "account", 1) is None]
        else:
            doomed = list({*self.clients.get(pid, ()), *self.sessions.get(pid, ())})
            if notice.get("everywhere"):
                reason = SIGNED_OUT_EVERYWHERE
            else:
                doomed = [s for s in doomed
                          if session_id(s.session_token) == notice.get("session")]
        for sock in doomed:
            sock.close(4001, reason)

    def _on_invited(self, data: bytes) -> None:
        """An invite by name: to this node's sockets of the invitee (any page); or an
        invitee's answer, to the host's sockets."""
        notice = msgpack.unpackb(data)
        message: Invited | InviteAnswer
        if "answer" in notice:
            message = InviteAnswer(id=notice["id"], name=notice["name"],
                                   answer=notice["answer"])
        else:
            message = Invited(id=notice["id"], from_name=notice["from"],
                              table=notice["table"], expires=notice["expires"],
                              rules=notice.get("rules", ""), format=notice.get("format", ""),
                              seated=notice.get("seated", []),
                              rules_parts=notice.get("rules_parts", []),
                              format_part=notice.get("format_part"))
        for sock in list(self.clients.get(notice["to"], ())):
            _send(sock, message)

    # -- ranked ------------------------------------------------------------------------------

    async def _match_round(self) -> None:
        await self._heartbeats()
        for found in await self.matchmaker.match():
            await self._place(found)
        if time.monotonic() >= self._next_sweep:
            self._next_sweep = time.monotonic() + self.room.settings.rating_sweep_s
            await self._sweep_unrated()

    async def _heartbeats(self) -> None:
        now = time.monotonic()
        for pid, last in list(self.queued.items()):
            if now - last >= HEARTBEAT_S:
                self.queued[pid] = now
                if not await self.matchmaker.heartbeat(pid):
                    self.queued.pop(pid, None)  # matched or dropped meanwhile

    async def _place(self, found: Match) -> None:
        """A ranked table for a claimed match; every player's record points at it and
        every node moves its sockets of those players there."""
        table_id = self.room.store.new_table_id(12)
        players = [(w.pid, w.name) for w in found.seats]
        ratings = tuple([(await self.ratings.rating(pid)).shown for pid, _ in players])
        table = create_ranked(table_id, players, now_ms(), *new_deal(), ratings=ratings)
        await self.list_unrated(table_id)  # before the table exists: none ends unlisted
        await self.room.actor(table_id).create(table, {"m": "ranked"})
        for pid, _ in players:
            await self.room.store.set_player(pid, table=table_id)
        await self.matchmaker.announce(found, table_id)

    async def list_unrated(self, table_id: str) -> None:
        """List a ranked table to be rated when its game ends (by the sweep if the node
        that sees the end dies): call it before the table exists."""
        await self.room.store.client.zadd(social_keys.RANKED_UNRATED, {table_id: now_ms()})

    async def move_to_table(self, table_id: str, pids: list[str]) -> None:
        """Bring every node's sockets of ``pids`` to ``table_id``, a table another part
        of the room made for them (a tournament's), as a placed match's are."""
        notice = msgpack.packb({"m": "", "table": table_id, "pids": pids})
        await self.room.store.client.publish(social_keys.QUEUE_CHANNEL, notice)

    def _on_placed(self, data: bytes) -> None:
        notice = msgpack.unpackb(data)
        table_id = notice["table"]
        for pid in notice["pids"]:
            self.queued.pop(pid, None)
            for sock in list(self.clients.get(pid, ())):
                self.room.spawn(sock.go_to_table(table_id), name=f"ranked-{table_id}")

    def table_changed(self, old: Table | None, new: Table) -> None:
        """A table change this node saw (wrote, or heard of): rate a ranked game that
        just ended; index a casual game that started or ended for the Watch list."""
        if old is None or old.status != new.status:  # a game started or ended
            self._status_changed(new.id)
        if watch_changed(old, new):
            self.room.spawn(self.lists_changed(), name=f"watch-{new.id}")
        elif open_seats_changed(old, new):
            self.room.spawn(self._open_seats_changed(new.id), name=f"open-{new.id}")
        live = casual_change(old, new)
        if live is not None:
            self.room.spawn(self.lists.set_live(new.id, live, now_ms()), name=f"live-{new.id}")
        if (new.kind == RANKED and new.rated and new.status == "over" and new.game is not None
                and new.game.over and (old is None or old.status != "over"
                                       or old.game_no != new.game_no)):
            self.room.spawn(self._rate(new), name=f"rate-{new.id}")

    async def lists_changed(self) -> None:
        """The lobby's lists changed (a game started or stopped moving, a table was
        listed or unlisted): every node's lobby pages are told (``lobby_push``)."""
        async with redis_errors("lobby lists notice"):
            await self.room.store.client.publish(WATCH_CHANNEL, b"")

    async def _open_seats_changed(self, table_id: str) -> None:
        """A seat of a private table still filling was taken or left: when the table is
        listed, its row in the open tables changed."""
        if await self.lists.is_open(table_id):
            await self.lists_changed()

    def _status_changed(self, table_id: str) -> None:
        """The presence of this node's accounts at the table follows its status."""
        actor = self.room.existing_actor(table_id)
        if actor is not None:
            for pid in {sock.pid for sock in actor.sockets if sock.pid is not None}:
                self.presence.set_doing(pid, self._doing(pid))  # guests: not counted

    async def _sweep_unrated(self) -> None:
        """Rate every listed ranked game that is over. The node that sees a game end
        rates it at once (``table_changed``); this sweep, on every node, covers the node
        that died before it could. Rating is idempotent, so two nodes sweeping at once
        rate a game once."""
        client = self.room.store.client
        for raw in await client.zrange(social_keys.RANKED_UNRATED, 0, SWEEP_BATCH - 1):
            table_id = raw.decode() if isinstance(raw, bytes) else str(raw)
            table = await self.room.store.load(table_id)
            if table is None:  # expired or never written: nothing left to rate
                await client.zrem(social_keys.RANKED_UNRATED, table_id)
            elif table.status == "over" and table.game is not None and table.game.over:
                await self._rate(table)
                await client.zrem(social_keys.RANKED_UNRATED, table_id)

    async def _rate(self, table: Table) -> None:
        game = table.game
        assert game is not None
        pids = [seat.pid for seat in table.seats]
        if any(pid is None for pid in pids):
            log.error("ranked table %s has an empty seat; not rated", table.id)
            return
        p0, p1, p2, p3 = (pid or "" for pid in pids)
        names = {seat.pid: seat.name or "" for seat in table.seats if seat.pid}
        outcome = game.outcome
        winner = outcome if outcome in (0, 1) else None
        game_id = f"{table.id}:{table.game_no}"
        result = await self.ratings.rate_game(game_id, ((p0, p2), (p1, p3)),
                                              winner,  # type: ignore[arg-type]
                                              names, leavers=table.left)
        await self.leavers.record(game_id, table.left)  # idempotent, like the rating
        if game_id in self._rated:
            return
        self._rated[game_id] = None
        if len(self._rated) > 1000:
            self._rated.pop(next(iter(self._rated)))
        for pid, change in result.changes.items():
            socks = self.clients.get(pid)
            if not socks:
                continue
            message = await self._rated_message(pid, change)
            for sock in list(socks):
                _send(sock, message)

    # -- chat ---------------------------------------------------------------------------------

    def on_chat(self, table_id: str, notice: dict[str, Any]) -> None:
        """Deliver one chat message to this node's sockets at the table."""
        actor = self.room.existing_actor(table_id)
        if actor is None:
            return
        message = ChatMessage.from_dict(notice)
        line = ChatLine(**message.to_wire())
        frames: dict[Format, bytes | str] = {}
        sender = message.sender  # None in lines sent before senders were kept
        table = actor.cached
        if sender is None and message.seat is not None and table is not None:
            sender = table.seats[message.seat].pid
        for sock in list(actor.sockets):
            seat = sock.seat
            if message.seat is None:
                wanted = seat is None and getattr(sock, "chat_on", False)
            else:
                wanted = seat is not None and seat in message.to
            if wanted and sender is not None and sock.pid is not None:
                wanted = sender not in self.blocked.get(sock.pid, ())  # the blocker's own
            if wanted:
                if sock.fmt not in frames:
                    frames[sock.fmt] = encode(line, sock.fmt)
                sock.push(frames[sock.fmt])


def _match_failed(err: Exception) -> None:
    if isinstance(err, RoomError):
        log.warning("ranked matcher: %s", err)
    elif is_redis_failure(err):  # a call outside the wrappers; one line all the same
        log.warning("ranked matcher: redis failed: %r", err)
    else:
        log.error("ranked matcher failed", exc_info=err)


def _is_account(sock: SocialSocket) -> bool:
    """Presence and friends are for accounts; guests have neither."""
    return getattr(sock, "account", None) is not None


def _send(sock: SocialSocket, message: ServerMessage) -> None:
    sock.push(encode(message, sock.fmt))
