"""An Arena through real sockets: two room nodes on one private Redis and PostgreSQL,
``--players`` scripted guests who join the event over HTTP and play through ``/ws``.

    PYTHONPATH=$PWD .venv/bin/python scripts/arena_live_bench.py --players 40 --minutes 2
    PYTHONPATH=$PWD .venv/bin/python scripts/arena_live_bench.py --players 1000 --minutes 10

The room is ``client.local_room`` (two ``python -m server`` processes; the first starts
the private Redis and PostgreSQL). A host account creates a casual Arena of the Quick
rules (the shortest partnership game a preset offers: to 250, out at -200) starting
now; each player is a ``RoomClient`` (a guest, its socket on node ``k % 2``) that joins
the event over HTTP on its own node, sits when the node moves it to a table, and plays
its own turns with a legal move read from the view it was sent (modest bids), after a
human-like pause (``--pace-ms`` ± 50 %), pressing Continue between hands after the
same pause. Nobody asks for a rematch: an Arena seats its free players itself.

It prints one JSON object:

- ``free_to_seated_ms``: p50 / p99 / max, measured at the client, from the moment it
  was free (its join answered, or its game over on its socket) to the ``snap`` of its
  next table; ``waits`` how many, ``still_free`` players free at the end;
- ``games``: games the event counted (Redis), kept in PostgreSQL, seen over by the
  clients; ``standings_consistent``: every player's points and games in the event's
  standings equal the sum over the games kept in PostgreSQL, every game the event
  counted is kept once, and every game a client saw end is kept;
- ``arena``: actions acknowledged, actions/s, each node's CPU ms per action and both
  nodes' together, over the window after every player joined;
- ``ranked`` (``--ranked N``, after the Arena, on two fresh nodes: the Arena's tables
  go on under the autopilot once its players leave): N accounts in the ranked queue
  playing the same way for ``--ranked-minutes``, the same CPU figures (the ranked
  path: queue, ranked table, rating), for comparison;
- ``load_1m`` at the start and end, and this process's CPU per action.

Everything is loopback; the nodes run with no per-address limit (as the load tool).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import sys
import time
from collections import Counter
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import asyncpg
import httpx
import redis.asyncio as aioredis

from client.local_room import LocalRoom, cpu_s
from client.room_client import ConnectionLost, RequestFailed, RoomClient
from server.tournaments import keys
from server.tournaments.store import decode_event
from shared.protocol import Event, Queue, ServerMessage, Snapshot
from shared.tournaments import Arena

CONNECT_BATCH = 50
MODEST_BIDS = ("bid 2", "bid 3", "bid 4")


@dataclass
class Stats:
    """What every scripted player measured, shared."""

    waits_ms: list[float] = field(default_factory=list)
    actions: int = 0
    counting: bool = False
    errors: Counter[str] = field(default_factory=Counter)
    over_tables: dict[str, set[str]] = field(default_factory=dict)  # table -> its pids

    def quantiles(self) -> dict[str, float | int | None]:
        ordered = sorted(self.waits_ms)

        def q(p: float) -> float | None:
            return round(ordered[min(len(ordered) - 1, int(p * len(ordered)))], 1) \
                if ordered else None
        return {"waits": len(ordered), "p50": q(0.50), "p90": q(0.90), "p99": q(0.99),
                "max": round(ordered[-1], 1) if ordered else None}


class Player(RoomClient):
    """A scripted player: notes when it became free and when it was seated."""

    stats: Stats
    free_at: float | None = None
    seated_at: str | None = None  # the table it was last moved to
    ended: str | None = None  # the last table whose end it saw

    def _apply(self, message: ServerMessage) -> None:
        super()._apply(message)
        now = time.monotonic()
        if os.environ.get("BENCH_DEBUG") and not isinstance(message, (Event,)):
            print(self.name, type(message).__name__, str(message)[:200], file=sys.stderr)
        if isinstance(message, Snapshot) and message.table and message.table != self.seated_at \
                and message.view is not None and message.table != self.ended:
            self.seated_at = message.table
            if self.free_at is not None:
                self.stats.waits_ms.append((now - self.free_at) * 1000)
                self.free_at = None
        if self.table is not None and self.table != self.ended and (
                self.status == "over" or (self.view is not None and self.view.get("over"))):
            self.ended = self.table
            self.free_at = now
            if self.pid is not None:
                self.stats.over_tables.setdefault(self.table, set()).add(self.pid)


async def play(client: Player, pace_s: float, rng: random.Random, stop: asyncio.Event,
               requeue: bool = False) -> None:
    """Act on this seat's turns, Continue between hands, until ``stop``; ``requeue``:
    queue for ranked again after each game (an Arena seats its players itself)."""
    stats = client.stats
    acted_at = -1
    queued_for: str | None = None
    tasks: set[asyncio.Task[None]] = set()

    async def act(text: str) -> None:
        await asyncio.sleep(pace_s * rng.uniform(0.5, 1.5))
        try:
            await client.act(text)
        except (RequestFailed, TimeoutError) as err:
            stats.errors[getattr(err, "code", "timeout")] += 1
            return
        except ConnectionLost:
            return
        if stats.counting:
            stats.actions += 1

    async def press_continue() -> None:
        await asyncio.sleep(pace_s * rng.uniform(0.5, 1.5))
        with contextlib.suppress(RequestFailed, TimeoutError, ConnectionLost):
            await client.ready()

    async def queue_again() -> None:
        await asyncio.sleep(pace_s * rng.uniform(0.5, 1.5))
        with contextlib.suppress(RequestFailed, TimeoutError, ConnectionLost):
            await client.request(Queue(on=True))

    while not stop.is_set():
        try:
            await client.next_update(timeout=1.0)
        except TimeoutError:
            continue
        except ConnectionLost:
            stats.errors["connection_lost"] += 1
            return
        view = client.view
        if view is None:
            continue
        if client.ended == client.table:
            if requeue and queued_for != client.table:
                queued_for = client.table
                tasks.add(asyncio.create_task(queue_again()))
            continue
        if client.should_continue and acted_at != -client.version:
            acted_at = -client.version
            tasks.add(asyncio.create_task(press_continue()))
        if client.my_turn and acted_at != client.version:
            acted_at = client.version
            legal = [a for a in view["legal"] if a != "look"] or view["legal"]
            legal = [a for a in legal if a in MODEST_BIDS] or legal
            tasks.add(asyncio.create_task(act(rng.choice(legal))))
        tasks = {t for t in tasks if not t.done()}
    for task in tasks:
        task.cancel()


async def connect_all(clients: list[Player]) -> None:
    for start in range(0, len(clients), CONNECT_BATCH):
        batch = clients[start:start + CONNECT_BATCH]
        await asyncio.gather(*(c.connect() for c in batch))
        await asyncio.gather(*(c._welcomed.wait() for c in batch))


def http_of(ws: str) -> str:
    return ws.replace("ws://", "http://", 1).removesuffix("/ws")


def load_1m() -> float:
    return os.getloadavg()[0]


class Window:
    """Each node's CPU, and this process's, over a measured window."""

    def __init__(self, pids: list[int], stats: Stats) -> None:
        self.pids, self.stats = pids, stats

    def __enter__(self) -> Window:
        self.cpu = [cpu_s(p) for p in self.pids]
        self.mine = time.process_time()
        self.t0 = time.monotonic()
        self.stats.actions, self.stats.counting = 0, True
        return self

    def __exit__(self, *exc: object) -> None:
        self.stats.counting = False
        self.elapsed = time.monotonic() - self.t0
        self.cpu = [cpu_s(p) - c for p, c in zip(self.pids, self.cpu, strict=True)]
        self.mine = time.process_time() - self.mine

    def figures(self) -> dict[str, Any]:
        actions = max(1, self.stats.actions)
        return {"actions": self.stats.actions,
                "actions_per_s": round(self.stats.actions / self.elapsed, 1),
                "window_s": round(self.elapsed, 1),
                "node_cpu_ms_per_action": [round(c * 1000 / actions, 3) for c in self.cpu],
                "nodes_cpu_ms_per_action": round(sum(self.cpu) * 1000 / actions, 3),
                "nodes_cpu_share_of_a_core": [round(c / self.elapsed, 2) for c in self.cpu],
                "loadgen_cpu_ms_per_action": round(self.mine * 1000 / actions, 3),
                "load_1m_end": round(load_1m(), 2)}


async def check(room: LocalRoom, event_id: str, stats: Stats) -> dict[str, Any]:
    """The event's standings against the games kept in PostgreSQL."""
    redis = aioredis.from_url(room.redis_url)
    try:
        blob = await redis.hget(keys.event(event_id), "st")
    finally:
        await redis.aclose()
    assert isinstance(blob, bytes)
    event = decode_event(blob)
    assert isinstance(event, Arena)
    conn = await asyncpg.connect(room.database_url)
    try:
        rows = await conn.fetch("SELECT table_id, points FROM tournament_games "
                                "WHERE event_id = $1", event_id)
    finally:
        await conn.close()
    kept = {r["table_id"]: json.loads(r["points"]) for r in rows}
    points: Counter[str] = Counter()
    games: Counter[str] = Counter()
    for table_points in kept.values():
        for pid, gained in table_points.items():
            points[pid] += gained
            games[pid] += 1
    standings = event.standings()
    wrong = [s.pid for s in standings if s.points != points[s.pid] or s.games != games[s.pid]]
    seen_over = set(stats.over_tables)
    unkept = sorted(seen_over - set(kept))
    status = Counter(s.status for s in standings)
    return {"counted_by_event": len(event.recorded), "kept_in_postgresql": len(kept),
            "seen_over_by_clients": len(seen_over), "playing_at_end": len(event.tables),
            "standings_wrong": len(wrong), "counted_not_kept": len(event.recorded - set(kept)),
            "kept_not_counted": len(set(kept) - event.recorded),
            "seen_over_not_kept": len(unkept), "players_by_status": dict(status),
            "standings_consistent": not wrong and event.recorded == set(kept)
            and not unkept}


def address(k: int) -> str:
    """Player ``k``'s own address, as if behind the room's proxy (``X-Forwarded-For``,
    believed from 127.0.0.1): registrations are limited per address, and the ranked
    queue never seats two accounts of one address together."""
    return f"10.{k // 65536}.{k // 256 % 256}.{k % 256}"


async def register(web: httpx.AsyncClient, name: str, k: int) -> str:
    """A new account's session cookie (the shared client keeps no cookie: each request
    names its caller in its own ``Cookie`` header)."""
    answer = await web.post("/api/register", json={"name": name, "password": "bench-pass-1"},
                            headers={"Origin": str(web.base_url).rstrip("/"),
                                     "X-Forwarded-For": address(k)})
    answer.raise_for_status()
    web.cookies.clear()
    return str(answer.cookies["spades_session"])


@contextlib.asynccontextmanager
async def node_webs(room: LocalRoom) -> AsyncIterator[list[httpx.AsyncClient]]:
    """An HTTP client for each node (no cookie kept: each request names its caller)."""
    webs = [httpx.AsyncClient(base_url=http_of(a), timeout=120) for a in room.addresses]
    try:
        yield webs
    finally:
        await asyncio.gather(*(web.aclose() for web in webs))


async def arena_phase(room: LocalRoom, players: int, minutes: float, pace_s: float,
                      rng: random.Random) -> dict[str, Any]:
    addresses = room.addresses
    stats = Stats()
    stop = asyncio.Event()
    async with node_webs(room) as webs:
        host = await register(webs[0], "BenchHost", 65535)
        made = await webs[0].post("/api/tournaments", json={
            "kind": "arena", "name": "Live bench", "preset": "quick",
            "minutes": max(15, int(minutes) + 5)},
            headers={"Origin": http_of(addresses[0]), "Cookie": f"spades_session={host}"})
        made.raise_for_status()
        event_id = made.json()["id"]
        clients = []
        for k in range(players):
            client = Player(addresses[k % len(addresses)], name=f"Bot{k:04d}", timeout=60,
                            reconnect_for=60)
            client.stats = stats
            clients.append(client)
        t0 = time.monotonic()
        await connect_all(clients)
        runs = [asyncio.create_task(play(c, pace_s, random.Random(rng.random()), stop))
                for c in clients]

        async def join(k: int, client: Player) -> None:
            web = webs[k % len(webs)]
            client.free_at = time.monotonic()  # its seat may come before the answer
            for _ in range(5):  # a kept-alive connection the node closed meanwhile
                try:
                    answer = await web.post(f"/api/tournaments/{event_id}/join", headers={
                        "Origin": http_of(client.addresses[0]),
                        "Cookie": f"spades_token={client.token}"})
                    break
                except httpx.TransportError:
                    stats.errors["join retried"] += 1
            else:
                stats.errors["join failed"] += 1
                return
            if answer.status_code != 200:
                stats.errors[f"join {answer.status_code} {answer.json().get('code')}"] += 1
                if os.environ.get("BENCH_DEBUG"):
                    print(answer.text, file=sys.stderr)

        for start in range(0, players, CONNECT_BATCH):
            await asyncio.gather(*(join(k, clients[k]) for k in
                                   range(start, min(players, start + CONNECT_BATCH))))
        joined_s = time.monotonic() - t0
        with Window(room.node_pids, stats) as window:
            await asyncio.sleep(minutes * 60)
        stop.set()
        await asyncio.gather(*runs, return_exceptions=True)
        still_free = sum(1 for c in clients if c.free_at is not None)
        await asyncio.sleep(5)  # a game that ended just now is written to PostgreSQL
        consistency = await check(room, event_id, stats)
        await asyncio.gather(*(c.close() for c in clients), return_exceptions=True)
        return {"players": players, "minutes": minutes, "pace_ms": round(pace_s * 1000),
                "connect_and_join_s": round(joined_s, 1),
                "free_to_seated_ms": {**stats.quantiles(), "still_free_at_end": still_free},
                "games": consistency, "cost": window.figures(),
                "errors": dict(stats.errors)}


async def ranked_phase(room: LocalRoom, players: int, minutes: float, pace_s: float,
                       rng: random.Random) -> dict[str, Any]:
    addresses, stats, stop = room.addresses, Stats(), asyncio.Event()
    async with node_webs(room) as webs:
        cookies: list[str] = []
        for k in range(players):  # one at a time: each hashes a password
            cookies.append(await register(webs[k % len(webs)], f"Ranked{k:04d}", k))
        clients = []
        for k in range(players):
            node = addresses[k % len(addresses)]
            client = Player(node, timeout=60, reconnect_for=60, headers={
                "Cookie": f"spades_session={cookies[k]}", "Origin": http_of(node),
                "X-Forwarded-For": address(k)})
            client.stats = stats
            clients.append(client)
        await connect_all(clients)
        runs = [asyncio.create_task(play(c, pace_s, random.Random(rng.random()), stop,
                                         requeue=True)) for c in clients]
        for client in clients:
            client.free_at = time.monotonic()
        await asyncio.gather(*(c.request(Queue(on=True)) for c in clients),
                             return_exceptions=True)
        with Window(room.node_pids, stats) as window:
            await asyncio.sleep(minutes * 60)
        stop.set()
        await asyncio.gather(*runs, return_exceptions=True)
        await asyncio.gather(*(c.close() for c in clients), return_exceptions=True)
        return {"players": players, "minutes": minutes,
                "free_to_seated_ms": stats.quantiles(), "games_seen_over": len(stats.over_tables),
                "cost": window.figures(), "errors": dict(stats.errors)}


async def main_async(args: argparse.Namespace) -> dict[str, Any]:
    rng = random.Random(args.seed)
    env = {"TOURNAMENT_CALENDAR": "", **dict(e.split("=", 1) for e in args.node_env)}
    result: dict[str, Any] = {"machine_cores": os.cpu_count(), "load_1m_start": load_1m()}
    with LocalRoom(nodes=2, env=env) as room:
        result["arena"] = await arena_phase(room, args.players, args.minutes,
                                            args.pace_ms / 1000, rng)
        print(json.dumps({"arena": result["arena"]}), file=sys.stderr, flush=True)
    if args.ranked:
        # Fresh nodes: the Arena's tables, their players gone, go on under the autopilot
        # on the first ones, and their CPU would be charged to the ranked actions.
        with LocalRoom(nodes=2, env=env) as room:
            result["ranked"] = await ranked_phase(room, args.ranked, args.ranked_minutes,
                                                  args.pace_ms / 1000, rng)
    result["load_1m_end"] = load_1m()
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=40)
    parser.add_argument("--minutes", type=float, default=2.0)
    parser.add_argument("--pace-ms", type=int, default=1000,
                        help="a player's pause before each action, on average (±50%%)")
    parser.add_argument("--ranked", type=int, default=0,
                        help="then this many accounts on the ranked path (0: none)")
    parser.add_argument("--ranked-minutes", type=float, default=2.0)
    parser.add_argument("--node-env", action="append", default=[],
                        help="KEY=VALUE for both nodes (repeatable)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    try:
        import uvloop
        result = uvloop.run(main_async(args))
    except ImportError:
        result = asyncio.run(main_async(args))
    print(json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
