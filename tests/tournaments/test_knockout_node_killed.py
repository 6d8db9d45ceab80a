"""A 32-player Knock-out (16 teams, 4 rounds) on two nodes survives one of them killed
in the middle of a round: every match is seated once, every game finishes and counts
once with nobody's seat left to the autopilot, the bracket comes to one champion, the
event's page (the HTTP route and the ``/ws/events`` feed) shows what Redis and
PostgreSQL hold, and no client is left on the dead node.

Two nodes in child processes (``python -m server``), one Redis, one PostgreSQL; 32
clients playing by the Hint (Standard's play). Each team has one member on each node,
so every table has players on the node that is killed. The kill is made mid-hand by construction:
in the second round the first match is played to its end and every other table's
players play three tricks of the first hand and stop (nobody acts, so no game can end);
the node is killed then, and they finish after. One of the first match's winners, on
the dead node, finds the way back slow (a browser waits seconds between its tries): the
next match is seated, on the living node, before that player is back.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import httpx
import pytest
import redis.asyncio as aioredis
import websockets

from server.archive.db import Database
from server.ops.redis_process import free_port
from server.tables.store import Store
from server.tournaments.results import EventResults
from server.tournaments.store import EventStore
from server.tournaments.views import detail
from shared.protocol import Snapshot
from shared.tournaments import Entrant, Knockout, KnockoutSettings
from shared.tournaments.knockout import Match, bracket_order
from tests.room_social.conftest import SocialClient, bot_play_until

FAST = {"TOURNAMENT_TICK_S": "0.2", "BOT_PACE_S": "0.01"}
TEAMS = 16
ROUNDS = 4
KILL_ROUND = 2
WAIT_S = 60.0  # an upper bound for any one state to come: a loaded machine is slow


async def until(check: Callable[[], Any], what: str, timeout: float = WAIT_S) -> Any:
    """Wait for ``await check()`` to be truthy; returns it."""
    deadline = time.monotonic() + timeout
    while not (found := await check()):
        if time.monotonic() > deadline:
            raise TimeoutError(f"never got there: {what}")
        await asyncio.sleep(0.05)
    return found


@pytest.mark.timeout(600)  # a bound for a loaded machine: about 30 s on a quiet one
async def test_a_knockout_survives_a_node_killed_mid_round(
        spawn_node: Any, redis: aioredis.Redis, db: Database) -> None:
    a, b = spawn_node(**FAST), spawn_node(**FAST)
    # Team t is clients 2t (on node a) and 2t + 1 (on node b); a client tries the
    # other node when its own goes. Requests are answered within a generous bound.
    clients = [SocialClient([a.ws, b.ws] if k % 2 == 0 else [b.ws, a.ws],
                            timeout=WAIT_S, reconnect_for=WAIT_S)
               for k in range(2 * TEAMS)]
    feed, gate = Feed(b), Gate(b)
    try:
        for client in clients:
            await client.connect()
        for client in clients:
            await client.wait_for(lambda c: c.pid is not None, WAIT_S)
        assert {c.address for c in clients} == {a.ws, b.ws}
        await _run(Nodes(a, b, gate), EventStore(redis), clients, feed, redis, db)
    finally:
        await feed.close()
        for client in clients:
            await client.close()
        await gate.close()


@dataclass
class Nodes:
    """The node killed, the one that lives, and a slow way back to the living one."""

    dead: Any
    living: Any
    gate: Gate


async def _run(nodes: Nodes, store: EventStore, clients: list[SocialClient], feed: Feed,
               redis: aioredis.Redis, db: Database) -> None:
    # Ratings make the seeds: team t is seed t + 1, so the first round is known.
    event = Knockout(secrets.token_hex(5), KnockoutSettings(
        "Killed Knock-out", preset="quick", starts_ms=int(time.time() * 1000),
        size=2 * TEAMS))
    for t in range(TEAMS):
        members = [Entrant(_pid(clients[2 * t + k]), f"Team {t} {'ab'[k]}", 60.0 - t)
                   for k in range(2)]
        event.enter(members, 0)
    await store.create(event)  # both nodes tick it: it starts, and its matches are seated
    await feed.open(event.id)
    play = Play(store, event.id, {_pid(c): c for c in clients})
    for rnd in range(1, ROUNDS + 1):
        if rnd == KILL_ROUND:
            await _kill_mid_round(play, rnd, nodes)
        await play.round(rnd)
    assert nodes.dead.proc.poll() is not None, "the node was never killed"

    final = await until(lambda: _finished(store, event.id), "a finished event")
    await _check_bracket(final, play.seen)
    await _check_tables(final, redis, clients)
    await _check_kept(final, db)
    await _check_pages(final, nodes.living, feed)

    async def none_on_the_dead_node() -> bool:  # each back on its way to the living one
        return all(c.address in (nodes.living.ws, nodes.gate.ws) for c in clients)

    await until(none_on_the_dead_node, "every client on the living node")


async def _kill_mid_round(play: Play, rnd: int, nodes: Nodes) -> None:
    """Round ``rnd``'s first match is played to its end; every other match's game is
    stopped mid-hand; the first match's winners wait for their next match, one of them
    with a slow way back (``Gate``); the node is killed. The games go on on the living
    node, and the winners' next match is seated while that player is still away: they
    come back to the table they were at, whose game is over."""
    event = await play.seated(rnd)
    first, *others = _round(event, rnd)
    while first.winner is None:  # (a drawn game is played again)
        await play.games(event, [first])
        event = await play.seated(rnd)
        first = _round(event, rnd)[0]
    away = next(play.by_pid[m.pid] for m in event.sides[first.winner].members
                if play.by_pid[m.pid].address == nodes.dead.ws)
    await play.games(event, others, stop_mid_hand=True)
    away.addresses = [nodes.dead.ws, nodes.gate.ws]  # its next try after the kill
    away.reconnect_for = WAIT_S * 5  # it keeps trying while the round plays on
    nodes.dead.kill()
    nodes.dead.proc.wait(10)
    await play.round(rnd)

    async def next_match_seated() -> bool:
        found = await _load(play.store, play.event_id)
        after = found.matches[f"r{rnd + 1}m{first.slot // 2}"]
        return after.playing is not None

    await until(next_match_seated, "the winners' next match seated")
    await nodes.gate.open()


class Play:
    """The clients play the event's matches: ``by_pid`` the client of each player;
    ``seen`` the tables each match was played at."""

    def __init__(self, store: EventStore, event_id: str,
                 by_pid: dict[str, SocialClient]) -> None:
        self.store, self.event_id, self.by_pid = store, event_id, by_pid
        self.seen: dict[str, set[str]] = {}

    async def seated(self, rnd: int) -> Knockout:
        """The event once every match of round ``rnd`` is decided or has a game seated."""

        async def seated() -> Knockout | None:
            event = await _load(self.store, self.event_id)
            matches = _round(event, rnd)
            return event if matches and all(m.winner is not None or m.playing is not None
                                            for m in matches) else None

        found: Knockout = await until(seated, f"round {rnd} seated")
        return found

    async def round(self, rnd: int) -> None:
        """Play round ``rnd`` until every match of it is decided."""
        while True:
            event = await self.seated(rnd)
            undecided = [m for m in _round(event, rnd) if m.winner is None]
            if not undecided:
                return
            await self.games(event, undecided)

    async def games(self, event: Knockout, matches: list[Match],
                    stop_mid_hand: bool = False) -> None:
        """The game under way of each of ``matches``, played to its end and counted,
        or (``stop_mid_hand``) until three tricks of its first hand are played."""
        for match in matches:
            assert match.playing is not None
            self.seen.setdefault(match.key, set()).add(match.playing)
        await asyncio.gather(*(self._game(event, m, stop_mid_hand) for m in matches))
        if stop_mid_hand:
            return
        tables = {m.playing for m in matches}

        async def counted() -> bool:
            found = await _load(self.store, self.event_id)
            return tables <= {t for m in found.matches.values() for t in m.games}

        await until(counted, f"the games at {sorted(map(str, tables))} counted")

    async def _game(self, event: Knockout, match: Match, stop_mid_hand: bool) -> None:
        table_id = match.playing
        players = [self.by_pid[pid] for pid in event.seat_pids(match.key)]
        for client in players:  # moved there by the node that seated the match
            try:
                await client.wait_for(lambda c: c.table == table_id and c.view is not None,
                                      WAIT_S)
            except TimeoutError:
                raise AssertionError(f"{client.name} ({client.pid}) never came to the "
                                     f"table of {match.key}, {table_id}: at "
                                     f"{client.table}") from None

        def done(client: Any) -> bool:
            view = client.view
            if client.table != table_id or view is None:
                return True  # moved on (to the next round's table): this game is over
            if stop_mid_hand:
                return not view["history"] and len(view["tricks"]) >= 3
            return bool(view["over"])

        try:
            await asyncio.gather(*(bot_play_until(c, done, timeout=WAIT_S * 2)
                                   for c in players))
        except TimeoutError as err:  # a request unanswered, or a game that stopped
            raise AssertionError(f"the game of {match.key} at {table_id} stopped ({err!r}): "
                                 + "; ".join(_state(c) for c in players)) from err
        if stop_mid_hand:  # mid-hand by construction: nobody acts, so the game cannot end
            for client in players:
                assert client.view is not None and not client.view["over"]


def _state(client: SocialClient) -> str:
    view = client.view or {}
    return (f"{client.name} at {client.address} (reconnects {client.reconnects}): table "
            f"{client.table} v{client.version} seat {client.seat} {client.status} "
            f"paused {client.paused} ready {client.ready_seats} turn {view.get('turn')} "
            f"legal {len(view.get('legal') or [])} requests {len(client._pending)}")


def _pid(client: SocialClient) -> str:
    assert client.pid is not None
    return client.pid


def _round(event: Knockout, rnd: int) -> list[Match]:
    return sorted((m for m in event.matches.values() if m.round == rnd),
                  key=lambda m: m.slot)


async def _load(store: EventStore, event_id: str) -> Knockout:
    found = await store.load(event_id)
    assert found is not None and isinstance(found[1], Knockout)
    return found[1]


async def _finished(store: EventStore, event_id: str) -> Knockout | None:
    event = await _load(store, event_id)
    return event if event.is_finished and event.id not in await store.live() else None


async def _check_bracket(event: Knockout, seen: dict[str, set[str]]) -> None:
    """Each match seated once per game played, with the sides that earned it, decided;
    one champion."""
    order = bracket_order(TEAMS)
    assert event.rounds == ROUNDS and len(event.sides) == TEAMS
    for rnd in range(1, ROUNDS + 1):
        matches = _round(event, rnd)
        assert len(matches) == TEAMS >> rnd
        for match in matches:
            expected: tuple[int | None, int | None]
            if rnd == 1:
                expected = (order[2 * match.slot], order[2 * match.slot + 1])
            else:
                feeders = [event.matches[f"r{rnd - 1}m{2 * match.slot + k}"] for k in (0, 1)]
                expected = (feeders[0].winner, feeders[1].winner)
            assert (match.a, match.b) == expected, match.key
            assert match.winner in expected and match.playing is None, match.key
            assert max(match.wins) == 1 and sum(match.wins) == 1, match.key
            assert match.games and len(set(match.games)) == len(match.games), match.key
            assert set(match.games) == seen[match.key], match.key
    every = [t for m in event.matches.values() for t in m.games]
    assert len(every) == len(set(every)), "a table counted for two matches"
    places = event.places()
    assert [place for _, place, _ in places].count(1) == 1
    assert event.final is not None and places[0][0].seed == event.final.winner
    assert sorted(place for _, place, _ in places) == \
        [1, 2, 3, 3, *[5] * 4, *[9] * 8]


async def _check_tables(event: Knockout, redis: aioredis.Redis,
                        clients: list[SocialClient]) -> None:
    """Redis holds one table per game of the bracket and no other of the event, each
    game over; the tables the clients were sent are those."""
    games = {t for m in event.matches.values() for t in m.games}
    of_event = set()
    tables = Store(redis)
    async for key in redis.scan_iter(match="t:{*}"):
        table = await tables.load(key.decode()[3:-1])
        if table is not None and table.event == event.id:
            of_event.add(table.id)
            assert table.status == "over" and table.game is not None and table.game.over
            assert not table.left, f"the autopilot played {table.left} at {table.id}"
    assert of_event == games
    sent = {m.table for c in clients for m in c.pushed
            if isinstance(m, Snapshot) and m.table is not None}
    assert sent == games


async def _check_kept(event: Knockout, db: Database) -> None:
    """PostgreSQL keeps each game once, with its winners' points, and every place."""
    results = EventResults(db)
    games = {t for m in event.matches.values() for t in m.games}

    async def kept() -> dict[str, dict[str, int]] | None:
        found = await results.games(event.id)
        return found if set(found) == games else None

    rows = await until(kept, "every game kept")
    for match in event.matches.values():
        winners = {m.pid for m in event.sides[match.winner].members} \
            if match.winner is not None else set()
        for table_id in match.games:
            assert rows[table_id] == {pid: int(pid in winners)
                                      for pid in event.seat_pids(match.key)}

    async def placed() -> list[Any] | None:
        async with db.connection("test places") as conn:
            found = await conn.fetch("SELECT pid, place FROM tournament_places "
                                     "WHERE event_id = $1", event.id)
        return list(found) if found else None

    places = {row["pid"]: row["place"] for row in await until(placed, "the places kept")}
    assert places == {m.pid: place for side, place, _ in event.places()
                      for m in side.members}


async def _check_pages(event: Knockout, b: Any, feed: Feed) -> None:
    """The event's route and its feed (on the living node) show the stored event."""
    expected = json.loads(json.dumps(detail(event, int(time.time() * 1000))))
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{b.port}") as web:
        response = await web.get(f"/api/tournaments/{event.id}")
    assert response.status_code == 200
    assert {**response.json(), "you": None} == {**expected, "you": None}

    async def pushed_finished() -> dict[str, Any] | None:
        last = feed.last
        return last if last is not None and last["phase"] == "finished" else None

    assert await until(pushed_finished, "the feed's finished event") == expected
    assert feed.frames > ROUNDS  # it was pushed along, not only sent once


class Feed:
    """An event page's feed, ``/ws/events/ID``, on ``node``: the last frame it sent."""

    def __init__(self, node: Any) -> None:
        self.http = f"http://127.0.0.1:{node.port}"
        self.last: dict[str, Any] | None = None
        self.frames = 0
        self._task: asyncio.Task[None] | None = None

    async def open(self, event_id: str) -> None:
        url = self.http.replace("http", "ws", 1) + f"/ws/events/{event_id}"
        sock = await websockets.connect(url, additional_headers={"Origin": self.http})
        self._task = asyncio.create_task(self._read(sock))

    async def _read(self, sock: Any) -> None:
        async with sock:
            async for frame in sock:
                message = json.loads(frame)
                if message["t"] == "chat_state":  # the event's chat: not this test's
                    continue
                assert message["t"] == "event"
                self.last, self.frames = message["event"], self.frames + 1

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task


class Gate:
    """A way to ``node`` that is shut (nothing listens at its address) until ``open``:
    a client whose way back after its node died is slow (a browser waits up to 4 s
    between tries)."""

    def __init__(self, node: Any) -> None:
        self.port, self.to = free_port(), node.port
        self._server: asyncio.Server | None = None

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    async def open(self) -> None:
        self._server = await asyncio.start_server(self._pipe, "127.0.0.1", self.port)

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.to)

        async def copy(source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
            try:
                while data := await source.read(65536):
                    sink.write(data)
                    await sink.drain()
            finally:
                sink.close()

        await asyncio.gather(copy(reader, up_writer), copy(up_reader, writer),
                             return_exceptions=True)

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
