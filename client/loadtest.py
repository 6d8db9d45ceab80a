"""``python -m client.loadtest``: drive a room with scripted players over real sockets.

    python -m client.loadtest --tables 50 --duration 20 --json
    python -m client.loadtest --tables 250 --pace-ms 1000 --duration 30 --json
    python -m client.loadtest --tables 0 --idle 10000 --duration 5 --json
    python -m client.loadtest --nodes 2 --nginx --tables 20 --duration 10
    python -m client.loadtest --url ws://127.0.0.1:8000/ws --redis-url redis://127.0.0.1:6379/0
    python -m client.loadtest --tables 50 --duration 20 --redis-cluster --json
    python -m client.loadtest --tables 50 --duration 20 --floor --json
    python -m client.loadtest --sweep 250,375,500,750 --pace-ms 1000 --duration 20 --warmup 3
    python -m client.loadtest --tables 500 --pace-ms 1000 --duration 20 --procs 2 --json

Without ``--url`` it starts its own room (``client.local_room``: ``--nodes`` child
processes of ``python -m server`` on one private Redis, nginx in front with
``--nginx``). Every table gets four scripted players (``RoomClient``s, the real Python
client: legal moves, modest bids, a rematch after each game), who act as soon as it is
their turn, or after a thinking time: ``--pace-ms`` on average, drawn uniformly from
``pace × (1 ± --pace-jitter)`` (default ±50%). People do not all think for exactly the
same time: with a fixed pace every table, started together, acts in the same instant
each second, and the figures measure that artificial burst rather than the rate.
``--idle N`` more connections say hello and hold a session in the lobby. Everything is
loopback only.

Figures (``--json`` prints them as one object):

- ``actions_per_s``: game actions acknowledged per second during the window;
- ``p50_ms`` / ``p99_ms``: from an ``act`` sent until every scripted seat of that table
  received the action's ``ev``;
- ``errors``: ``err`` answers, time-outs and lost connections;
- ``server_rss_mb``: resident memory of the node processes (max over the window);
- ``redis_calls_per_action``: commands the nodes sent Redis per action, from Redis's
  own ``INFO commandstats`` (deltas over the window). Redis also counts the commands a
  Lua script runs inside it; those are counted apart in ``redis_commands_per_action``
  (everything Redis executed) and left out here (see ``SCRIPT_COMMANDS``);
- ``bytes_per_play_per_seat``: average size of the ``ev`` frame of a card play, per
  receiving seat;
- ``server_cpu_wait_ms_per_s`` / ``loadgen_cpu_wait_ms_per_s``: milliseconds per second
  the nodes (summed) / this process were ready to run but waited for a CPU (the run
  delay of ``/proc/PID/schedstat``): what other work on the machine took from them, and
  a floor under the latency no change to the room can remove;
- ``load_1m``: the machine's 1-minute load average at the end of the window;
- the nodes' own figures, from their ``/metrics`` over the window (``loadtest_node``):
  ``node_p50_ms`` / ``node_p99_ms`` / ``node_max_ms`` (an act frame read to the last
  seat's frame written), ``redis_write_*`` (inside that, the table write's round trip:
  Redis, the network and the node's loop picking the reply up; Redis's own CPU is
  ``redis_cpu_ms_per_action``), ``loop_lag_*`` and ``loop_lag_own_*`` (the event loop's lag,
  and the same less its waits for a CPU), ``gc_pause_*`` / ``gc_cpu_*`` (collector
  pauses, wall and CPU) and ``gc_pause_ms_per_s`` / ``gc_cpu_ms_per_s``; with
  ``--nginx`` each node is read directly;
- ``procs_actions``: the actions each generator process measured (``--procs N``).

``--sweep T1,T2,...`` runs once per table count, each on a fresh room, and prints one
row per size (``loadtest_sweep``); ``--procs N`` splits the tables over N generator
processes and merges their figures (``loadtest_procs``).

Comparisons, each in the same run (``client.load_compare``): ``--redis-cluster`` runs the
room on one private Redis, then on a private Redis Cluster (three masters, three
replicas: ``client.local_cluster``; Redis figures summed over the cluster by
``client.cluster_stats``), and prints both with their ratios. ``--floor`` runs the room,
then the same number of tables and sockets through the floor relay
(``client.floor_load``), and prints the room's node CPU per action over the floor's.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import random
import sys
import time
import urllib.parse
from collections import Counter
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from shared.protocol import Event, ServerMessage

from . import loadtest_node, loadtest_procs, loadtest_sweep
from .cluster_stats import redis_stats
from .load_compare import compare
from .local_room import LocalRoom, cpu_s, rss_mb
from .room_client import ConnectionLost, RequestFailed, RoomClient

__all__ = ["SCRIPT_COMMANDS", "LoadResult", "main", "run"]

# Commands the room's Lua scripts (server/*.lua) run inside Redis: Redis counts them in
# its command statistics, but they cost no round trip. tests/abuse checks this list
# against the scripts. The room's top-level uses of the same commands (a player's name
# written on hello, a table marked open) happen on joins, not on game actions.
SCRIPT_COMMANDS = frozenset({
    "hget", "hset", "expire", "xadd", "rpush", "del", "zrem", "zadd", "publish",
    "spublish", "zrangebyscore", "zscore",
    "time", "lrange",  # apply.lua: a game's start time; its log queued at its end (archive)
})
LOOPBACK = {"127.0.0.1", "localhost", "::1"}
CONNECT_BATCH = 100  # connections opened at once (the server's accept queue is finite)


@dataclass
class LoadResult:
    """What one run measured (see the module docstring)."""

    tables: int
    players: int
    idle: int
    duration_s: float
    pace_ms: int
    pace_jitter: float
    actions: int = 0
    actions_per_s: float = 0.0
    p50_ms: float | None = None
    p99_ms: float | None = None
    max_ms: float | None = None
    latency_samples: int = 0
    errors: int = 0
    error_kinds: dict[str, int] = field(default_factory=dict)
    reconnects: int = 0
    server_rss_mb: float | None = None
    server_cpu_ms_per_action: float | None = None
    server_cpu_wait_ms_per_s: float | None = None
    loadgen_cpu_wait_ms_per_s: float | None = None
    redis_cpu_ms_per_action: float | None = None
    loadgen_cpu_ms_per_action: float | None = None
    redis_calls_per_action: float | None = None
    redis_commands_per_action: float | None = None
    redis_commandstats: dict[str, int] = field(default_factory=dict)
    bytes_per_play_per_seat: float | None = None
    connect_s: float = 0.0
    appendfsync: str | None = None
    load_1m: float | None = None  # the machine's 1-minute load average, end of window
    node: dict[str, float | int | None] = field(default_factory=dict)  # loadtest_node
    procs_actions: list[int] = field(default_factory=list)  # per generator process
    latencies: list[float] = field(default_factory=list, repr=False)  # sorted, ms


class _Recorder:
    """Arrival times of each action's ``ev`` at the scripted seats, and send times."""

    def __init__(self) -> None:
        self.measuring = False
        self.sent: list[tuple[str, int, float]] = []  # (table, version, t sent)
        self.arrived: dict[tuple[str, int], list[float]] = {}  # -> [count, last t]
        self.play_bytes = 0
        self.play_frames = 0
        self.actions = 0
        self.errors: Counter[str] = Counter()

    def event(self, table: str, version: int, at: float) -> None:
        seen = self.arrived.get((table, version))
        if seen is None:
            self.arrived[(table, version)] = [1, at]
        else:
            seen[0] += 1
            seen[1] = at

    def latencies_ms(self, seats_at: dict[str, int]) -> list[float]:
        out = []
        for table, version, sent in self.sent:
            seen = self.arrived.get((table, version))
            if seen is not None and seen[0] >= seats_at.get(table, 4):
                out.append((seen[1] - sent) * 1000)
        return out


class _Player(RoomClient):
    """A RoomClient that notes when each frame arrived and how large it was."""

    recorder: _Recorder

    def _take(self, frame: bytes | str) -> None:
        self._frame_at = time.perf_counter()
        self._frame_len = len(frame)
        super()._take(frame)

    def _apply(self, message: ServerMessage) -> None:
        super()._apply(message)
        if isinstance(message, Event) and self.table is not None:
            self.recorder.event(self.table, message.v, self._frame_at)
            if self.recorder.measuring and message.a.startswith("play "):
                self.recorder.play_bytes += self._frame_len
                self.recorder.play_frames += 1


async def _collect_young(stop: asyncio.Event, tick_s: float = 0.1) -> None:
    """Collect the youngest generation every ``tick_s`` and freeze what survives,
    until ``stop`` (the automatic collector is off meanwhile: see ``run``)."""
    while not stop.is_set():
        await asyncio.sleep(tick_s)
        gc.collect(0)
        gc.freeze()


async def _play(client: _Player, rec: _Recorder, pace_s: float, jitter: float,
                rng: random.Random, stop: asyncio.Event) -> None:
    """Act whenever it is this seat's turn; vote for a rematch after each game."""
    acted_at = -1
    voted_at = -1
    acting: set[asyncio.Task[None]] = set()

    async def act(text: str, version: int) -> None:
        if pace_s:
            await asyncio.sleep(pace_s * rng.uniform(1 - jitter, 1 + jitter))
        sent = time.perf_counter()
        measuring = rec.measuring
        try:
            ack = await client.act(text)
        except RequestFailed as err:
            rec.errors[err.code] += 1
            return
        except TimeoutError:
            rec.errors["timeout"] += 1
            return
        except ConnectionLost:
            return
        if measuring and rec.measuring and client.table is not None and ack.v is not None:
            rec.actions += 1
            rec.sent.append((client.table, ack.v, sent))

    async def press_continue() -> None:
        if pace_s:  # a person reads the hand result before pressing Continue
            await asyncio.sleep(pace_s * rng.uniform(1 - jitter, 1 + jitter))
        with contextlib.suppress(RequestFailed, TimeoutError, ConnectionLost):
            await client.ready()

    updates = client.updates()
    while not stop.is_set():
        try:
            update = await anext(updates)
        except ConnectionLost:
            rec.errors["connection_lost"] += 1
            return
        view = client.view
        if view is None or (isinstance(update.message, Event) and update.message.x is None):
            continue  # an event without a change: a snapshot follows (a new hand)
        if client.status == "over" and voted_at != client.version:
            voted_at = client.version
            with contextlib.suppress(RequestFailed, TimeoutError, ConnectionLost):
                await client.rematch(True)
            continue
        if client.should_continue and acted_at != -client.version:
            acted_at = -client.version  # once per pause: the answer moves the version
            acting.add(asyncio.create_task(press_continue()))
        if client.my_turn and acted_at != client.version:
            acted_at = client.version
            legal = [a for a in view["legal"] if a != "look"] or view["legal"]
            legal = [a for a in legal if a in ("bid 2", "bid 3", "bid 4")] or legal
            # Not awaited here: the next turn may be this seat's again (it won the
            # trick) before the ack is in; the server answers a socket's messages in order.
            acting.add(asyncio.create_task(act(rng.choice(legal), client.version)))
            acting = {task for task in acting if not task.done()}
    if acting:
        await asyncio.wait(acting, timeout=5)


async def _connect_all(clients: Sequence[RoomClient], quick: bool) -> None:
    """Connect (and seat, one after another: four to a table) the clients."""
    for start in range(0, len(clients), CONNECT_BATCH):
        batch = clients[start:start + CONNECT_BATCH]
        await asyncio.gather(*(c.connect() for c in batch))
        await asyncio.gather(*(c._welcomed.wait() for c in batch))
    if quick:
        for client in clients:
            await client.quick_play()


async def _commandstats(redis: Any) -> dict[str, float]:
    """Calls per command, and ``cpu`` (seconds Redis has used), from INFO."""
    if redis is None:
        return {}
    stats = await redis.info("commandstats")
    calls: dict[str, float] = {name.removeprefix("cmdstat_"): int(value["calls"])
                               for name, value in stats.items()}
    cpu = await redis.info("cpu")
    calls["cpu"] = float(cpu["used_cpu_user"]) + float(cpu["used_cpu_sys"])
    return calls


def _cpu(pids: Sequence[int]) -> tuple[float, float]:
    """CPU seconds used so far by the nodes, and by this process."""
    return sum(cpu_s(pid) for pid in pids), time.process_time()


def _run_delay_s(pid: int | str) -> float | None:
    """Seconds a process has waited, ready to run, for a CPU (None where the kernel does
    not keep scheduler statistics)."""
    try:
        return int(Path(f"/proc/{pid}/schedstat").read_text().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return None


def _waits(pids: Sequence[int]) -> tuple[float | None, float | None]:
    """Run delays so far: of the nodes (summed), and of this process."""
    nodes = [_run_delay_s(pid) for pid in pids]
    return (sum(n for n in nodes if n is not None) if nodes and None not in nodes else None,
            _run_delay_s("self"))


async def run(addresses: list[str], *, tables: int, duration: float, pace_ms: int = 0,
              pace_jitter: float = 0.5, idle: int = 0, warmup: float = 2.0,
              redis_url: str | None = None,
              node_pids: Sequence[int] = (), appendfsync: str | None = None,
              seed: int = 1, metrics_urls: Sequence[str] = (),
              gate: Callable[[str], Awaitable[None]] | None = None) -> LoadResult:
    """Drive the room at ``addresses`` and measure; see the module docstring.
    ``metrics_urls``: the nodes' ``/metrics`` (their own latency figures, in
    ``result.node``). ``gate(stage)``, when given, is awaited before connecting
    (``"connect"``) and before playing (``"play"``): ``loadtest_procs`` lines up
    several generator processes with it."""
    for address in addresses:
        host = urllib.parse.urlsplit(address).hostname
        if host not in LOOPBACK:
            raise ValueError(f"the load test only targets loopback addresses, not {address}")
    result = LoadResult(tables=tables, players=4 * tables, idle=idle, duration_s=duration,
                        pace_ms=pace_ms, pace_jitter=pace_jitter, appendfsync=appendfsync)
    rec = _Recorder()
    redis = redis_stats(redis_url) if redis_url else None
    if redis is not None and appendfsync:
        await redis.config_set("appendfsync", appendfsync)
    players: list[_Player] = []
    idlers: list[RoomClient] = []
    for index in range(4 * tables):
        player = _Player(addresses[index % len(addresses)], name=f"Load {index}",
                         timeout=30.0, reconnect_for=30.0)
        player.recorder = rec
        players.append(player)
    idlers = [RoomClient(addresses[i % len(addresses)], timeout=30.0) for i in range(idle)]
    stop = asyncio.Event()
    tasks: list[asyncio.Task[None]] = []
    young_gc: asyncio.Task[None] | None = None
    gc_was_on = gc.isenabled()
    try:
        if gate is not None:
            await gate("connect")
        began = time.perf_counter()
        await _connect_all(idlers, quick=False)
        await _connect_all(players, quick=True)
        result.connect_s = round(time.perf_counter() - began, 2)
        # The players' objects live the whole run: frozen out of the cyclic collector,
        # whose full passes over them paused this process for 100-200 ms at a time.
        # While they play, the collector runs only on what a tick made (the node's
        # governor's way, server/ops/gc_governor.py, without its full collections: a run
        # is short): CPython's own collections of the players' live state paused this
        # process 3 s in a 30 s run at 2,000 players, up to 92 ms (generation 1) and
        # 195 ms (generation 2) at a time, and every pause came back as latency and as
        # a burst of acts at the node (docs/benchmarks.md, issue 22).
        gc.collect()
        gc.freeze()
        gc.disable()
        young_gc = asyncio.create_task(_collect_young(stop))
        if gate is not None:
            await gate("play")
        rngs = [random.Random(seed * 100_003 + i) for i in range(len(players))]
        tasks = [asyncio.create_task(_play(p, rec, pace_ms / 1000, pace_jitter, r, stop))
                 for p, r in zip(players, rngs, strict=True)]
        await asyncio.sleep(warmup)
        before = await _commandstats(redis)
        node_before = await loadtest_node.scrape(metrics_urls)
        cpu_before, wait_before = _cpu(node_pids), _waits(node_pids)
        rss = max((rss_mb(pid) for pid in node_pids), default=0.0)
        rec.measuring = True
        window_start = time.perf_counter()
        deadline = window_start + duration
        while time.perf_counter() < deadline:
            await asyncio.sleep(min(0.5, max(0.0, deadline - time.perf_counter())))
            rss = max([rss, *(rss_mb(pid) for pid in node_pids)])
        rec.measuring = False
        elapsed = time.perf_counter() - window_start
        cpu_after, wait_after = _cpu(node_pids), _waits(node_pids)
        result.load_1m = round(os.getloadavg()[0], 2)
        result.node = loadtest_node.figures(node_before, await loadtest_node.scrape(metrics_urls),
                                            elapsed)
        result.server_cpu_wait_ms_per_s, result.loadgen_cpu_wait_ms_per_s = (
            round((a - b) * 1000 / elapsed, 1) if a is not None and b is not None else None
            for a, b in zip(wait_after, wait_before, strict=True))
        after = await _commandstats(redis)
        if rec.actions:
            ms = 1000 / rec.actions
            if node_pids:
                result.server_cpu_ms_per_action = round((cpu_after[0] - cpu_before[0]) * ms, 3)
            result.loadgen_cpu_ms_per_action = round((cpu_after[1] - cpu_before[1]) * ms, 3)
            if after:
                result.redis_cpu_ms_per_action = round((after["cpu"] - before["cpu"]) * ms, 3)
        if node_pids:
            result.server_rss_mb = round(sum(rss_mb(pid) for pid in node_pids)
                                         if len(node_pids) > 1 else rss, 1)
        _fill(result, rec, players, elapsed, before, after)
    finally:
        if young_gc is not None:
            young_gc.cancel()
        gc.unfreeze()
        if gc_was_on:
            gc.enable()
        stop.set()
        if tasks:
            _, waiting = await asyncio.wait(tasks, timeout=2)
            for task in waiting:  # a player waiting for an update that will not come
                task.cancel()
            await asyncio.wait(tasks, timeout=10)
        for start in range(0, len(players) + len(idlers), CONNECT_BATCH):
            batch = [*players, *idlers][start:start + CONNECT_BATCH]
            await asyncio.gather(*(c.close() for c in batch), return_exceptions=True)
        if redis is not None:
            await redis.aclose()
    return result


def _fill(result: LoadResult, rec: _Recorder, players: list[_Player], elapsed: float,
          before: dict[str, float], after: dict[str, float]) -> None:
    seats_at = Counter(p.table for p in players if p.table is not None)
    latencies = sorted(rec.latencies_ms(dict(seats_at)))
    result.latencies = latencies
    result.actions = rec.actions
    result.procs_actions = [rec.actions]
    result.actions_per_s = round(rec.actions / elapsed, 1) if elapsed else 0.0
    if latencies:
        result.p50_ms = round(latencies[len(latencies) // 2], 2)
        result.p99_ms = round(latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))], 2)
        result.max_ms = round(latencies[-1], 2)
    result.latency_samples = len(latencies)
    result.reconnects = sum(p.reconnects for p in players)
    result.error_kinds = dict(rec.errors)
    result.errors = sum(rec.errors.values())
    if rec.play_frames:
        result.bytes_per_play_per_seat = round(rec.play_bytes / rec.play_frames, 1)
    if after:
        delta = {k: int(after[k] - before.get(k, 0)) for k in after if k != "cpu"}
        delta.pop("info", None)  # our own INFO commands
        delta = {k: v for k, v in sorted(delta.items()) if v > 0}
        result.redis_commandstats = delta
        if rec.actions:
            total = sum(delta.values())
            calls = sum(v for k, v in delta.items() if k not in SCRIPT_COMMANDS)
            result.redis_commands_per_action = round(total / rec.actions, 2)
            result.redis_calls_per_action = round(calls / rec.actions, 2)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m client.loadtest", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=10, help="tables of four players")
    parser.add_argument("--duration", type=float, default=10.0, help="seconds measured")
    parser.add_argument("--pace-ms", type=int, default=0,
                        help="a player's thinking time, on average")
    parser.add_argument("--pace-jitter", type=float, default=0.5,
                        help="thinking times vary by up to this fraction of the pace")
    parser.add_argument("--idle", type=int, default=0, help="extra connections in the lobby")
    parser.add_argument("--warmup", type=float, default=2.0, help="seconds before measuring")
    parser.add_argument("--url", action="append", default=[],
                        help="a running room's ws:// address (repeat for several)")
    parser.add_argument("--redis-url", help="that room's Redis (for command statistics)")
    parser.add_argument("--pid", type=int, action="append", default=[],
                        help="a running node's process id (for its memory)")
    parser.add_argument("--nodes", type=int, default=1, help="nodes to start (no --url)")
    parser.add_argument("--nginx", action="store_true", help="start nginx in front of them")
    parser.add_argument("--appendfsync", choices=("always", "everysec", "no"),
                        help="set Redis's AOF fsync policy for the run (CONFIG SET)")
    parser.add_argument("--node-env", action="append", default=[], metavar="NAME=VALUE",
                        help="a setting for the nodes this starts")
    parser.add_argument("--redis-cluster", action="store_true",
                        help="also run on a private Redis Cluster and compare")
    parser.add_argument("--floor", action="store_true",
                        help="also run the floor relay and compare node CPU per action")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sweep", metavar="T1,T2,...",
                        help="one run per table count (a fresh room each), one row each")
    parser.add_argument("--procs", type=int, default=1,
                        help="load generator processes (the tables split between them)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    return parser


def _run_loop(main: Coroutine[Any, Any, LoadResult]) -> LoadResult:
    """Run on uvloop when it is installed (the load generator shares the machine with
    the room: every microsecond it saves is the room's)."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(main)
    return uvloop.run(main)


def flat(result: LoadResult) -> dict[str, Any]:
    """A result's figures as one flat dict: the nodes' own (``result.node``) beside the
    end-to-end ones, without the raw latencies."""
    figures = {k: v for k, v in result.__dict__.items() if k not in ("latencies", "node")}
    return {**figures, **result.node}


def _measure(args: argparse.Namespace, kwargs: dict[str, Any]) -> LoadResult:
    """One run with ``args``' room (its own, or ``--url``'s) and ``kwargs``."""
    def drive(addresses: list[str], **more: Any) -> Coroutine[Any, Any, LoadResult]:
        if args.procs > 1:
            return loadtest_procs.run_split(run, addresses, args.procs, **more, **kwargs)
        return run(addresses, **more, **kwargs)

    if args.url:
        return _run_loop(drive(args.url, redis_url=args.redis_url, node_pids=args.pid,
                               metrics_urls=[loadtest_node.metrics_url(u) for u in args.url]))
    env = dict(item.split("=", 1) for item in args.node_env)
    with LocalRoom(nodes=args.nodes, nginx=args.nginx, env=env) as room:
        return _run_loop(drive(room.addresses, redis_url=room.redis_url,
                               node_pids=room.node_pids, metrics_urls=room.metrics_urls))


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if not 0 <= args.pace_jitter < 1:
        _parser().error("--pace-jitter must be at least 0 and below 1")
    if args.procs < 1:
        _parser().error("--procs must be at least 1")
    try:
        sizes = loadtest_sweep.parse_sizes(args.sweep) if args.sweep else [args.tables]
    except ValueError as err:
        _parser().error(str(err))
    kwargs: dict[str, Any] = {"duration": args.duration,
                              "pace_ms": args.pace_ms, "pace_jitter": args.pace_jitter,
                              "idle": args.idle,
                              "warmup": args.warmup, "appendfsync": args.appendfsync,
                              "seed": args.seed}
    if args.redis_cluster or args.floor:
        env = dict(item.split("=", 1) for item in args.node_env)
        report = compare({**kwargs, "tables": args.tables}, run=run, run_loop=_run_loop,
                         nodes=args.nodes, env=env, cluster=args.redis_cluster,
                         floor=args.floor)
        print(json.dumps(report) if args.json else json.dumps(report, indent=2))
        return 0
    rows = []
    for tables in sizes:
        figures = flat(_measure(args, {**kwargs, "tables": tables}))
        rows.append(figures)
        if args.json:
            print(json.dumps(figures), flush=True)
        elif not args.sweep:
            for key, value in figures.items():
                print(f"{key:>26}: {value}")
    if args.sweep:
        print(loadtest_sweep.table(rows), file=sys.stderr if args.json else sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
