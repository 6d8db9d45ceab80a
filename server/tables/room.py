"""The room on one node: the store, the table actors, notices and timers, quick play.

``Room`` is what ``app.py`` builds at start-up. It owns:

- the ``Store`` (Redis) and its notices multiplexer (``pubsub.Notices``, one pub/sub
  connection per Redis server, ``sharded_pubsub.ClusterTransport`` on a cluster);
- one ``TableActor`` per table this node is working on (weakly held: an actor lives
  while a socket or a task uses it);
- timers: each write schedules the table's new timers in this process (exact and
  cheap), and a poller claims, from Redis, timers that are overdue by ``TIMER_SLACK_MS``
  (their node died or is stuck) so no timer lives only in one process's memory;
- the listeners of what it sees: every table change and every chat notice go to the
  callbacks installed with ``on_table_change`` and ``on_chat`` (the composition root,
  ``server.node``, installs the ``SocialHub``'s), so the room never imports the social
  layer above it.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
import weakref
from collections.abc import Callable, Coroutine
from typing import Any

from server import refusals as R
from server.errors import InvalidRules, NoTable, RoomError, TableFull
from server.settings import Settings
from shared.spades import RuleSet

from .actor import Change, ExtraFn, Socket, TableActor, new_deal, now_ms
from .model import CASUAL, Table, parse_timer
from .pools import POOLS, pool_index, pool_rules
from .store import Store

__all__ = ["ChangeListener", "ChatListener", "Room"]

log = logging.getLogger(__name__)

TIMER_SLACK_MS = 500  # the poller leaves a timer this long to the node that set it

# Told of every table change this node writes or hears of (old None: a new table); must
# not block (start a task for slow work).
ChangeListener = Callable[[Table | None, Table], None]
# Told of a chat notice on a table's channel: (table id, the notice).
ChatListener = Callable[[str, dict[str, Any]], None]


class Room:
    def __init__(self, settings: Settings, store: Store, node_id: str | None = None) -> None:
        self.settings = settings
        unknown = [p for p in settings.quick_pools if p not in POOLS]
        if unknown:
            raise ValueError(f"QUICK_POOLS: no pool {', '.join(unknown)} "
                             f"(known: {', '.join(POOLS)})")
        self.store = store
        self.node_id = node_id or secrets.token_hex(4)
        self.casual_rules = RuleSet.preset(settings.casual_preset)
        self.notices = store.notices(self.node_id, self._on_notice, self._on_reset)
        self._actors: weakref.WeakValueDictionary[str, TableActor] = (
            weakref.WeakValueDictionary())
        self._timers: dict[str, asyncio.TimerHandle] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self._poller: asyncio.Task[None] | None = None
        self._stopping = False
        self._change_listeners: list[ChangeListener] = []
        self._chat_listener: ChatListener | None = None

    def on_table_change(self, listener: ChangeListener) -> None:
        """Call ``listener`` with every table change from now on (see ``ChangeListener``)."""
        self._change_listeners.append(listener)

    def on_chat(self, listener: ChatListener) -> None:
        """Send chat notices to ``listener`` (one; a later call replaces it)."""
        self._chat_listener = listener

    async def start(self) -> None:
        await self.store.connect()
        await self.notices.start()
        self._poller = asyncio.create_task(self._poll_timers(), name="timer-poller")

    async def stop(self) -> None:
        """Stop timers and background work (the sockets are closed by the server first).

        Work in flight gets a moment to finish; then it is cancelled, and never waited
        for without a bound: redis-py may turn a cancellation into a connection error
        (or swallow it), so nothing here relies on cancellation alone.
        """
        self._stopping = True
        for handle in self._timers.values():
            handle.cancel()
        self._timers.clear()
        tasks = [*self._tasks, *([self._poller] if self._poller else [])]
        if self._poller is not None:
            self._poller.cancel()
        if tasks:
            _, pending = await asyncio.wait(tasks, timeout=2)
            for task in pending:
                task.cancel()
            if pending:
                await asyncio.wait(pending, timeout=2)
        await self.notices.stop()

    def actor(self, table_id: str) -> TableActor:
        """This node's actor for a table (one per table per process)."""
        actor = self._actors.get(table_id)
        if actor is None:
            actor = TableActor(self, table_id)
            self._actors[table_id] = actor
        return actor

    def existing_actor(self, table_id: str) -> TableActor | None:
        """This node's actor for a table, if it has one now (does not make one)."""
        return self._actors.get(table_id)

    def table_changed(self, old: Table | None, new: Table) -> None:
        """Every table change this node writes or hears of (must not block)."""
        for listener in self._change_listeners:
            listener(old, new)

    def spawn(self, coro: Coroutine[Any, Any, Any], name: str | None = None) -> None:
        """Run ``coro`` in the background, kept until it ends, errors logged."""
        if self._stopping:
            coro.close()
            return
        task = asyncio.create_task(coro, name=name)
        self._tasks.add(task)
        task.add_done_callback(self._task_done)

    def _task_done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            error = task.exception()
            if isinstance(error, RoomError):
                log.warning("task %s: %s", task.get_name(), error)
            else:
                log.error("task %s failed", task.get_name(), exc_info=error)

    # -- notices -----------------------------------------------------------------------------

    def _on_notice(self, table_id: str, notice: dict[str, Any]) -> None:
        if "r" not in notice:  # a chat message on the table's channel (server.social.keys)
            if notice.get("k") == "chat" and self._chat_listener is not None:
                self._chat_listener(table_id, notice)
            return
        actor = self._actors.get(table_id)
        # Most notices are this node's own writes, which the actor already has: checked
        # here, without a task per notice (one per action on a busy node).
        if actor is not None and actor.is_behind(notice["r"]):
            self.spawn(actor.on_notice(notice), name=f"notice-{table_id}")

    def _on_reset(self) -> None:
        for actor in list(self._actors.values()):
            self.spawn(actor.refresh(), name=f"refresh-{actor.id}")

    # -- timers ------------------------------------------------------------------------------

    def schedule_local(self, member: str, due_ms: int) -> None:
        """Run a timer this node just set, at its due time, in this process."""
        if member in self._timers:
            return
        loop = asyncio.get_running_loop()
        delay = max(0.0, (due_ms - now_ms()) / 1000)
        self._timers[member] = loop.call_later(delay, self._fire_local, member)

    def cancel_local(self, member: str) -> None:
        """Forget a timer the table no longer has (a person's turn timer after their
        move): it would only fire, 30 s later, to be found stale."""
        handle = self._timers.pop(member, None)
        if handle is not None:
            handle.cancel()

    def _fire_local(self, member: str) -> None:
        self._timers.pop(member, None)
        self.spawn(self.run_timer(member), name=f"timer-{member}")

    async def run_timer(self, member: str) -> None:
        table_id = parse_timer(member)[0]
        await self.actor(table_id).run_timer(member)

    async def _poll_timers(self) -> None:
        lease_ms = int(self.settings.timer_lease_s * 1000)
        while not self._stopping:
            await asyncio.sleep(self.settings.timer_poll_s)
            now = now_ms()
            try:
                due = await self.store.claim_timers(now - TIMER_SLACK_MS, now + lease_ms)
            except RoomError as err:
                if self._stopping:
                    return  # a cancellation redis-py turned into an error
                log.warning("timer poll failed: %s", err)
                continue
            for member in due:
                log.info("taking over overdue timer %s", member)
                self.spawn(self.run_timer(member), name=f"timer-{member}")

    # -- quick play ---------------------------------------------------------------------------

    async def quick_play(self, sock: Socket, name: str, conn: str,
                         extra: ExtraFn | None = None,
                         avoid: frozenset[str] = frozenset(),
                         pool: str | None = None, guest: bool = False) -> TableActor:
        """Seat the player at a casual table with an open seat, or at a new one; the
        seat goes to ``sock.seat`` and the socket gets the table's snapshot (with
        ``extra``'s fields for this viewer). Tables with a player of ``avoid`` seated
        are passed over (a block between the two: a new table, bot-filled after the
        fill wait, is always found instead). ``pool``: one of ``settings.quick_pools``
        (``server.tables.pools``): its own tables under its rules. ``guest``: the
        player has no account (their seat is marked so)."""
        pid = sock.pid
        assert pid is not None
        if pool is not None and pool not in self.settings.quick_pools:
            offered = ", ".join(self.settings.quick_pools) or "-"
            raise InvalidRules(R.NO_POOL(pool=repr(pool[:20]), offered=offered))
        index = pool_index(pool) or CASUAL
        rules = pool_rules(pool) if pool is not None else self.casual_rules

        def sit(table: Table) -> Change:
            if avoid and any(seat.pid in avoid for seat in table.seats):
                raise _Avoided
            new, sock.seat = table.sit(pid, name, conn, guest)
            return Change(new.start_if_full(*new_deal(len(new.seats))), {"m": "sit"})

        for table_id in await self.store.open_tables(index):
            actor = self.actor(table_id)
            try:
                await actor.join(sock, sit, extra=extra)
            except _Avoided:
                continue
            except (TableFull, NoTable):
                await self.store.mark_closed(index, table_id)
                continue
            return actor
        table_id = self.store.new_table_id(6)
        created = int(time.time() * 1000)
        actor = self.actor(table_id)
        await actor.join(sock, sit, base=Table.new(table_id, CASUAL, rules, created),
                         extra=extra)
        await self.store.mark_open(index, table_id, created)
        return actor


class _Avoided(Exception):
    """quick_play: this table seats someone the player must not sit with."""
