"""The composition root: one node's parts, built once and wired to each other.

``Node(settings)`` builds the table store on ``settings.redis_url``, the ``Room`` (the
table actors, notices and timers: ``server.tables``) and the ``SocialHub`` on it
(``server.social``), and hands each the narrow interface it needs: the room gets the
hub's ``table_changed`` and ``on_chat`` as callbacks (so ``tables`` never imports
``social``), the HTTP routes get ``deps`` (``SocialDeps``, the accounts, ratings and
chat), the web layer gets the room and the hub. It is the only module that knows every
part (lila's ``Env``); the arrows between the parts are pyproject.toml's
``[tool.importlinter]`` contracts.

``create_app(settings)`` is the Starlette app of ``python -m server`` and the tests: its
lifespan builds a ``Node``, starts it, and stops it (the sockets are closed first).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from starlette.applications import Starlette

from server.analysis.archived import queue_people
from server.archive.db import Database
from server.archive.queue import ArchiveQueue
from server.daily.hands import HandRecorder, take_guest_tries
from server.daily.par_keeper import ParKeeper
from server.daily.service import DailyService
from server.ops.gc_governor import GcGovernor
from server.ops.loop_lag import LoopLag, watch_gc
from server.settings import Settings
from server.social.hub import SocialHub
from server.tables import keys
from server.tables.room import Room
from server.tables.store import Store
from server.tournaments.service import Tournaments
from server.web import app as web_app
from server.web.analysis_gate import AnalysisGate
from server.web.http_archive import ArchiveDeps
from server.web.http_daily import DailyDeps
from server.web.http_social import SocialDeps
from shared.tournaments import Calendar

log = logging.getLogger(__name__)

__all__ = ["Node", "create_app"]


class Node:
    """Every part of one node (see the module's docstring); ``start``, then ``stop``."""

    def __init__(self, settings: Settings) -> None:
        if not settings.redis_url:
            raise ValueError("a node needs settings.redis_url")
        self.settings = settings
        self.store = Store.from_url(settings.redis_url, settings.table_ttl_s,
                                    practice_ttl_s=settings.practice_ttl_s)
        self.room = Room(settings, self.store)
        # PostgreSQL (settings.database_url): accounts, ratings and the archive. Its
        # pool is opened at start; a node without one has no accounts and no archive.
        self.db = Database(settings.database_url)
        self.social = SocialHub(self.room, self.db)
        self.room.on_table_change(self.social.table_changed)
        self.room.on_chat(self.social.on_chat)
        self.deps = SocialDeps(self.social.accounts, self.social.ratings, self.social.chat,
                               allowed_origins=frozenset(settings.allowed_origins))
        # Every node with a database drains the queue of finished games.
        self.archive_deps = ArchiveDeps(None, self.social.accounts, self.social.ratings,
                                        allowed_origins=frozenset(settings.allowed_origins),
                                        analysis_gate=AnalysisGate.from_settings(settings))
        self.archive: ArchiveQueue | None = None
        self.loop_lag = LoopLag()
        self.gc = GcGovernor(settings.gc_tick_s) if settings.gc_tick_s > 0 else None
        # The daily deal needs the database: its secret, tries and par.
        self.daily = (DailyService(self.db, settings.daily_secret, settings.daily_instances)
                      if self.db.configured else None)
        self.daily_deps = DailyDeps(self.daily, self.social.accounts)
        if self.daily is not None:  # a daily hand is counted by the node that sees it end
            self.room.on_table_change(HandRecorder(self.daily, self.room.spawn).table_changed)
            adopt = self.daily.store.adopt
            self.deps.registered = lambda account: adopt(account.pid, account.name)
            daily = self.daily
            self.deps.signed_in = lambda guest, account: take_guest_tries(
                daily, self.store.load, guest, account.pid, account.name)
        self.tournaments = Tournaments(self.room, self.db,
                                       move_players=self.social.move_to_table,
                                       list_rated=self.social.list_unrated,
                                       tick_s=settings.tournament_tick_s,
                                       calendar=Calendar(settings.tournament_calendar))
        self.room.on_table_change(self.tournaments.table_changed)
        self.par_keeper = (ParKeeper(self.daily, settings.daily_par_every_s)
                           if self.daily is not None else None)

    @property
    def node_id(self) -> str:
        return self.room.node_id

    async def start(self) -> None:
        """Start the room and the hub, the loop-lag timer and GC timing (/metrics), and
        the garbage collector's governor (``server.ops.gc_governor``)."""
        self.loop_lag.start()
        watch_gc()
        if self.gc is not None:
            self.gc.start()  # False: another node in this process has the collector
        await self.db.open()
        await self.room.start()
        await self.social.start()
        if self.db.pool is not None:
            pool = self.db.pool
            self.archive_deps.pool = pool
            self.archive_deps.redis = self.store.client
            self.archive = ArchiveQueue(
                self.store.client, pool, self.node_id, self.social.accounts.names_of,
                streams=[keys.archive_queue(timer_set) for timer_set in self.store.timers.keys],
                on_written=lambda record: queue_people(self.store.client, pool, record))
            await self.archive.start()
            self.store.on_archive_queued = self.archive.wake
        if self.par_keeper is not None:
            self.par_keeper.start()
        await self.tournaments.start()

    async def stop(self) -> None:
        """Stop the background work (social first: it uses the room), then the store.
        Every part is stopped even when one before it fails (logged): a part left
        running on the closed pool and store fails for ever, and the archive queue's
        would keep the finished games it read from every other node."""
        self.loop_lag.stop()
        if self.gc is not None:
            self.gc.stop()
        parts: list[Callable[[], Awaitable[None]]] = [self.tournaments.stop]
        parts += [part.stop for part in (self.par_keeper, self.archive) if part is not None]
        parts += [self.social.stop, self.room.stop, self.db.close, self.store.close]
        for stop in parts:
            try:
                await stop()
            except Exception:
                log.exception("stopping the node: %s failed", stop.__qualname__)


def create_app(settings: Settings) -> Starlette:
    """The node's Starlette app (``server.web.app.create_app`` with a ``Node``)."""
    return web_app.create_app(settings, Node)
