"""The node's part of the tournaments: players' requests, and the tick every node runs.

Requests (``create_arena``, ``create_knockout``, ``join``, ``team_up``, ``leave``,
``pause``) change
the event in Redis by compare-and-set (``EventStore.mutate``); a bad one raises the
core's ``TournamentError`` and changes nothing.

An Arena's free players are paired as soon as one becomes free (a join, a return, a
game of the event counted: ``pair_soon``), through the same compare-and-set as the
tick, so two nodes pairing at once seat a player once; the tick is the safety net (a
start by the clock, a node that died before pairing).

The tick (every ``tick_s``, on every node: the event's clock and pairing live in Redis,
so whichever node ticks first does the work and the others find nothing to do):

- an Arena: the free players are paired, their tables recorded in the event (one
  compare-and-set: a player is seated once whatever the number of nodes), then each
  table is created through the room's ranked-table path (``create_ranked`` with the
  event's rules; a leaver is played by the autopilot and scores as losing) and the
  players' sockets are moved there;
- a Knock-out: at its start the bracket is drawn; every ready match gets a table;
- the calendar's events starting within the hour are created (once: a slot key);
- every ``sweep_s``: a table the event lists but Redis does not hold two sweeps running
  (its node died between the two writes) is created; a game that ended unrecorded is
  recorded; a finished event's places go to PostgreSQL and it leaves the live list.

A game's end is recorded by the node that sees it (``table_changed``, a listener of the
room) or by the sweep: both go through the event's ``record``, which counts a table
once (``AlreadyRecorded`` otherwise), then keep the game in PostgreSQL (idempotent).
"""

from __future__ import annotations

import logging
import random
import secrets
import time
from collections.abc import Awaitable, Callable, Sequence

from server.archive.db import Database
from server.archive.intake import game_id
from server.errors import RoomError
from server.ops.periodic import Periodic
from server.tables.actor import new_deal
from server.tables.model import Table
from server.tables.room import Room
from server.tables.seating import create_ranked
from shared.tournaments import (
    AlreadyRecorded,
    Arena,
    ArenaSettings,
    BadEntry,
    Calendar,
    Entrant,
    Knockout,
    KnockoutSettings,
    NoSuchEvent,
    TooManyEvents,
    places_of,
)
from shared.tournaments.reasons import TOO_MANY

from . import keys
from .feeds import EventFeeds
from .results import EventResults
from .store import Event, EventStore

__all__ = ["Tournaments"]

log = logging.getLogger(__name__)

Clock = Callable[[], int]
SCHEDULE_AHEAD_MS = 3_600_000  # a scheduled event is listed (and open) this long before
SLOT_TTL_S = 3 * 86_400
MOST_HOSTED = 5  # events not finished an account may host: the tick reads every live one
MovePlayers = Callable[[str, list[str]], Awaitable[None]]


def _now_ms() -> int:
    return int(time.time() * 1000)


class Tournaments:
    """The tournaments of one node: ``room`` for tables, ``db`` for what lasts,
    ``move_players(table_id, pids)`` to bring the players' sockets to a new table (on
    every node), ``list_rated(table_id)`` to list a rated table for rating before it
    exists (the ranked sweep then rates it whatever node dies)."""

    def __init__(self, room: Room, db: Database, *,
                 move_players: MovePlayers | None = None,
                 list_rated: Callable[[str], Awaitable[None]] | None = None,
                 clock: Clock = _now_ms, tick_s: float = 1.0, sweep_s: float = 5.0,
                 calendar: Calendar | None = None) -> None:
        self.room = room
        self.store = EventStore(room.store.client)
        self.results = EventResults(db) if db.configured else None
        self.move_players = move_players
        self.list_rated = list_rated
        self.clock = clock
        self.tick_s = tick_s
        self.sweep_s = sweep_s
        self._next_sweep = 0.0
        self._missing: set[str] = set()  # tables seen missing at the last sweep
        # One pairing at a time per event on this node; a request meanwhile runs one more.
        self._pairing: set[str] = set()
        self._pair_again: set[str] = set()
        self._ticker = Periodic("tournaments", tick_s, lambda: self.tick(), _tick_failed)
        self.calendar = calendar or Calendar("")
        self.feeds = EventFeeds(self.event, room.spawn, clock)

    async def start(self) -> None:
        await self.room.notices.listen(keys.CHANGED, self.feeds.on_notice)
        if self.tick_s > 0:
            self._ticker.start()

    async def stop(self) -> None:
        # Bounded and never raised from: a slow tick must not keep the node's other parts
        # from stopping.
        await self._ticker.stop()

    # -- requests ------------------------------------------------------------------------

    async def create_arena(self, settings: ArenaSettings, host: str | None = None,
                           playing: Entrant | None = None) -> Arena:
        """A new Arena; ``host`` the account creating it (None: the room's calendar),
        refused (``TooManyEvents``) when it hosts ``MOST_HOSTED`` events not finished;
        ``playing`` an entrant in it from the start (the host who plays in it)."""
        arena = Arena(_event_id(), settings)
        if playing is not None:
            arena.join(playing, self.clock())
        await self._create(arena, host)
        return arena

    async def create_knockout(self, settings: KnockoutSettings, host: str | None = None,
                              playing: Entrant | None = None) -> Knockout:
        """A new Knock-out; ``host`` and ``playing`` as for ``create_arena`` (a host
        who plays enters alone: teamed at the start like any single)."""
        event = Knockout(_event_id(), settings)
        if playing is not None:
            event.enter([playing], self.clock())
        await self._create(event, host)
        return event

    async def _create(self, event: Event, host: str | None) -> None:
        if host is not None and not await self.store.host(host, event.id, MOST_HOSTED,
                                                          self.clock()):
            raise TooManyEvents(TOO_MANY(count=MOST_HOSTED))
        await self.store.create(event)

    async def event(self, event_id: str) -> Event | None:
        found = await self.store.load(event_id)
        return found[1] if found is not None else None

    async def listing(self, finished: int = 10) -> list[Event]:
        """The events not finished (by start time), then the last ``finished``."""
        events = []
        for event_id in [*await self.store.live(), *await self.store.done(finished)]:
            found = await self.store.load(event_id)
            if found is not None:
                events.append(found[1])
        return events

    async def join(self, event_id: str, members: Sequence[Entrant]) -> Event:
        """Join an Arena (one entrant; again after a pause or leave) or enter a
        Knock-out (one player, or a team of two together)."""
        now = self.clock()

        def join(event: Event) -> None:
            if isinstance(event, Knockout):
                event.enter(members, now)
            elif len(members) != 1:
                raise BadEntry("An Arena is joined one player at a time.")
            else:
                event.join(members[0], now)

        event = (await self._mutate(event_id, join))[0]
        if isinstance(event, Arena):  # a Knock-out's draw waits for its start (the tick)
            self.pair_soon(event_id)
        return event

    async def team_up(self, event_id: str, member: Entrant, partner: str,
                      partner_name: str) -> tuple[Event, bool]:
        """``member`` enters a Knock-out with the partner of pid ``partner``, by the
        consent of both (``Knockout.ask``): True when this made the team, False when
        ``member`` now waits for the partner's ask."""
        now = self.clock()

        def ask(event: Event) -> bool:
            if not isinstance(event, Knockout):
                raise BadEntry("An Arena is joined alone: partners are drawn at each table.")
            return event.ask(member, partner, partner_name, now)

        event, teamed = await self._mutate(event_id, ask)
        return event, bool(teamed)

    async def leave(self, event_id: str, pid: str) -> Event:
        now = self.clock()

        def leave(event: Event) -> None:
            if isinstance(event, Knockout):
                event.withdraw(pid, now)
            else:
                event.leave(pid, now)

        return (await self._mutate(event_id, leave))[0]

    async def pause(self, event_id: str, pid: str) -> Event:
        now = self.clock()

        def pause(event: Event) -> None:
            if isinstance(event, Knockout):
                raise BadEntry("A Knock-out cannot be paused: your matches wait for you.")
            event.pause(pid, now)

        return (await self._mutate(event_id, pause))[0]

    async def _mutate(self, event_id: str, change: Callable[[Event], object]
                      ) -> tuple[Event, object]:
        try:
            return await self.store.mutate(event_id, change)
        except KeyError:
            raise NoSuchEvent("There is no such event.") from None

    # -- pairing at once -----------------------------------------------------------------

    def pair_soon(self, event_id: str) -> None:
        """Pair the event's free players now, in the background (``pair_now``); while
        a pairing of it runs on this node, one more follows it instead of a second
        running alongside (each would re-read the record and retry its write)."""
        if event_id in self._pairing:
            self._pair_again.add(event_id)
            return
        self._pairing.add(event_id)
        self.room.spawn(self._pair_while_asked(event_id), name=f"event-pair-{event_id}")

    async def _pair_while_asked(self, event_id: str) -> None:
        try:
            while True:
                self._pair_again.discard(event_id)
                try:
                    await self.pair_now(event_id)
                except RoomError as err:  # the tick tries again
                    log.warning("tournament %s: %s", event_id, err)
                if event_id not in self._pair_again:
                    return
        finally:
            self._pairing.discard(event_id)

    async def pair_now(self, event_id: str) -> None:
        """Seat the event's free players (and a Knock-out's ready matches) now: the
        tick's work for one event, without its sweep."""
        await self._advance(event_id, sweep=False)

    # -- the tick ------------------------------------------------------------------------

    async def tick(self, sweep: bool | None = None) -> None:
        """One round of every live event's work (see the module docstring); ``sweep``
        forces the sweep on (True) or off (False), else it runs every ``sweep_s``."""
        if sweep is None:
            sweep = time.monotonic() >= self._next_sweep
            if sweep:
                self._next_sweep = time.monotonic() + self.sweep_s
        await self.schedule()
        for event_id in await self.store.live():
            try:
                await self._advance(event_id, sweep)
            except RoomError as err:
                log.warning("tournament %s: %s", event_id, err)

    async def schedule(self) -> list[Event]:
        """Create the calendar's events starting within the hour (each once, whichever
        node claims its slot first); returns those this node created."""
        made: list[Event] = []
        for due in self.calendar.due(self.clock(), SCHEDULE_AHEAD_MS):
            if not await self.store.claim(keys.slot(due.slot), SLOT_TTL_S):
                continue
            settings = due.settings
            made.append(await self.create_arena(settings) if isinstance(settings, ArenaSettings)
                        else await self.create_knockout(settings))
        return made

    async def _advance(self, event_id: str, sweep: bool) -> None:
        now = self.clock()
        found = await self.store.load(event_id)
        if found is None:
            return
        event = found[1]
        if isinstance(event, Arena) and len(event.free(now)) >= event.settings.rules.players:
            # (written only when a table may form: an idle event costs one read a tick)
            _, opened = await self.store.mutate(event_id, lambda e: _seat_arena(e, now))
            for table_id, players in opened:
                await self._open(event, table_id, players, now)
        elif isinstance(event, Knockout) and not event.is_finished:
            if not event.is_started and now >= event.settings.starts_ms:
                try:
                    event, _ = await self.store.mutate(event_id, lambda e: _start(e, now))
                except BadEntry:  # fewer than two sides came: nothing to play
                    await self.store.finished(event_id, now)
                    return
            if event.ready():
                _, opened = await self.store.mutate(event_id, _seat_knockout)
                for table_id, players in opened:
                    await self._open(event, table_id, players, now)
        if sweep:
            await self._sweep(event_id, now)

    async def _open(self, event: Event, table_id: str, players: list[tuple[str, str]],
                    now: int) -> None:
        """The table of one game of the event, through the room's ranked-table path."""
        rules = event.settings.rules
        rated = event.settings.rated
        if rated and self.list_rated is not None:
            await self.list_rated(table_id)  # listed before it exists: none ends unlisted
        table = create_ranked(table_id, players, now, *new_deal(rules.seats), rules,
                              event=event.id, rated=rated)
        await self.room.actor(table_id).create(table, {"m": "event"})
        for pid, _ in players:
            await self.room.store.set_player(pid, table=table_id)
        if self.move_players is not None:
            await self.move_players(table_id, [pid for pid, _ in players])

    async def _sweep(self, event_id: str, now: int) -> None:
        found = await self.store.load(event_id)
        if found is None:
            return
        event = found[1]
        for table_id, players in _playing(event):
            table = await self.room.store.load(table_id)
            if table is None:
                if table_id in self._missing:  # two sweeps: its node died before creating it
                    self._missing.discard(table_id)
                    await self._open(event, table_id, players, now)
                else:
                    self._missing.add(table_id)
            elif _game_ended(table):
                await self.record(table)
        found = await self.store.load(event_id)
        if found is not None and _is_finished(found[1], now):
            await self._finish(found[1], now)

    # -- results -------------------------------------------------------------------------

    def table_changed(self, old: Table | None, new: Table) -> None:
        """A room listener: record an event's game that just ended."""
        if new.event and _game_ended(new) and (
                old is None or not _game_ended(old) or old.game_no != new.game_no):
            self.room.spawn(self.record(new), name=f"event-game-{new.id}")

    async def record(self, table: Table) -> dict[str, int] | None:
        """Count the game of an event's ``table`` (once: None when it was counted
        already) and keep it in PostgreSQL."""
        game = table.game
        assert game is not None
        places = places_of(list(game.scores))
        leavers = set(table.left)
        now = self.clock()

        def record(event: Event) -> dict[str, int]:
            if isinstance(event, Arena):
                return event.record(table.id, places, leavers, now)
            winner = 0 if places == (1, 2) else 1 if places == (2, 1) else None
            before = {m.key: list(m.wins) for m in event.matches.values()}
            match = event.record(table.id, winner, leavers)
            won = next((seed for k, seed in enumerate((match.a, match.b))
                        if match.wins[k] > before[match.key][k]), None)
            return {seat.pid: int(seat.pid in _members(event, won))
                    for seat in table.seats if seat.pid is not None}

        try:
            event, scored = await self.store.mutate(table.event, record)
        except AlreadyRecorded:
            return None
        except KeyError:
            log.error("table %s plays for event %s, which is gone", table.id, table.event)
            return None
        if self.results is not None:
            try:
                await self.results.record_game(event.id, table.id,
                                               game_id(table.id, table.game_no), scored)
            except RoomError as err:
                log.warning("tournament %s: game %s not kept: %s", event.id, table.id, err)
        if _is_finished(event, now):
            await self._finish(event, now)
        else:  # its players are free: seat them (and the next round's match) now
            self.pair_soon(event.id)
        return scored

    async def _finish(self, event: Event, now: int) -> None:
        if self.results is not None:
            await self.results.record_places(event.id, event.settings.name, event.kind,
                                             _places(event), event.settings.private)
        await self.store.finished(event.id, now)


def _event_id() -> str:
    return secrets.token_hex(5)


def _seat_arena(event: Event, now: int) -> list[tuple[str, list[tuple[str, str]]]]:
    assert isinstance(event, Arena)
    opened = []
    rng = random.Random(secrets.randbits(64))
    for table in event.pairings(now, rng):
        table_id = secrets.token_hex(6)
        event.seat(table_id, [e.pid for e in table], now)
        opened.append((table_id, [(e.pid, e.name) for e in table]))
    return opened


def _start(event: Event, now: int) -> None:
    assert isinstance(event, Knockout)
    if not event.is_started:
        event.start(now, random.Random(secrets.randbits(64)))


def _seat_knockout(event: Event) -> list[tuple[str, list[tuple[str, str]]]]:
    assert isinstance(event, Knockout)
    opened = []
    for match in event.ready():
        table_id = secrets.token_hex(6)
        event.seat(match.key, table_id)
        opened.append((table_id, _players(event, event.seat_pids(match.key))))
    return opened


def _players(event: Knockout, pids: Sequence[str]) -> list[tuple[str, str]]:
    names = {m.pid: m.name for side in event.sides.values() for m in side.members}
    return [(pid, names[pid]) for pid in pids]


def _members(event: Knockout, seed: int | None) -> set[str]:
    return {m.pid for m in event.sides[seed].members} if seed in event.sides else set()


def _playing(event: Event) -> list[tuple[str, list[tuple[str, str]]]]:
    if isinstance(event, Arena):
        return [(table_id, [(pid, event.players[pid].entrant.name) for pid in pids])
                for table_id, pids in event.tables.items()]
    return [(m.playing, _players(event, event.seat_pids(m.key)))
            for m in event.matches.values() if m.playing is not None]


def _game_ended(table: Table) -> bool:
    return table.status == "over" and table.game is not None and table.game.over


def _is_finished(event: Event, now: int) -> bool:
    return event.is_finished(now) if isinstance(event, Arena) else event.is_finished


def _places(event: Event) -> list[tuple[str, str, int, int, int]]:
    if isinstance(event, Arena):
        return [(s.pid, s.name, s.rank, s.points, s.games) for s in event.standings()]
    games = {seed: 0 for seed in event.sides}
    for match in event.matches.values():
        for seed in (match.a, match.b):
            if seed is not None:
                games[seed] += len(match.games)
    return [(m.pid, m.name, place, won, games[side.seed])
            for side, place, won in event.places() for m in side.members]


def _tick_failed(err: Exception) -> None:
    if isinstance(err, RoomError):  # Redis or PostgreSQL away: the next tick tries again
        log.warning("tournaments: %s", err)
    else:
        log.error("tournaments tick failed", exc_info=err)
