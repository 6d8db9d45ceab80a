"""A simulated Arena: 1,000 scripted players for 10 minutes of the event's clock, on the
tournaments' real store (a private Redis) with its compare-and-set, without sockets.

    nice -n 19 .venv/bin/python scripts/arena_bench.py --players 1000 --minutes 10

Each tick (one second of the event's clock, run as fast as the machine goes) does what
a node does (``server/tournaments/service.py``): every game whose (scripted) end has
come is recorded with one ``EventStore.mutate`` each, as ``table_changed`` does, and its
players are paired at once with another (``pair_now``); so is a player back from a
break; and the tick's own pairing write (the safety net) runs once. A game lasts 3 to 6
minutes of the clock, with random places; 2 % of the players take a break after a game.
It reports the wall time of the pairing write (p50, p99, max), the tick's whole wall
time, the record's size, the wait from free to seated on the event's clock, and the
same plus the wall time of the writes (paired in the tick that freed them: the wall
time from the write that freed them to the end of the one that seated them; in a later
tick: the ticks waited plus the seating write), and checks the standings against the
games counted (every game once). It does not drive real sockets or tables: the figures
are the event's own cost. Figures: docs/benchmarks.md, "Tournaments".
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import msgpack
import redis.asyncio as aioredis

from server.ops.redis_process import RedisProcess
from server.tournaments.store import Event, EventStore
from shared.tournaments import Arena, ArenaSettings, Entrant

TICK_MS = 1000


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def run(players: int, minutes: int, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp, RedisProcess(Path(tmp), aof=False) as proc:
        client = aioredis.Redis.from_url(proc.url)
        store = EventStore(client)
        settings = ArenaSettings("Bench Arena", preset="quick", minutes=60, capacity=players)
        await store.create(Arena("bench", settings))
        everyone = [Entrant(f"p{k}", f"P{k}", rng.gauss(25, 8), f"ip{k}") for k in range(players)]

        def join_all(event: Event) -> None:
            assert isinstance(event, Arena)
            for entrant in everyone:
                event.join(entrant, 0)

        await store.mutate("bench", join_all)
        ends: dict[int, list[tuple[str, tuple[int, int]]]] = {}  # tick -> games ending
        pair_ms: list[float] = []
        tick_ms: list[float] = []
        waits: list[int] = []
        latency_ms: list[float] = []  # free to seated, the event's clock and the wall
        at_once_ms: list[float] = []  # the same, for those seated in the tick they were freed
        left_free: list[int] = [0]  # free players left unseated after each pairing write
        freed: dict[str, tuple[int, float]] = {p.pid: (0, time.perf_counter()) for p in everyone}
        counted: dict[str, dict[str, int]] = {}
        paused_until: dict[str, int] = {}
        ticks = minutes * 60

        async def pair(tick: int) -> None:
            """One pairing write, as the service's ``pair_now``: the tick's, or at once
            after a player became free."""
            now = tick * TICK_MS

            def seat(event: Event) -> list[tuple[str, list[str], list[int]]]:
                assert isinstance(event, Arena)
                opened = []
                for k, table in enumerate(event.pairings(now, random.Random(now))):
                    table_id = f"t{now}-{len(pair_ms)}-{k}"
                    waited = [now - event.players[e.pid].since_ms for e in table]
                    event.seat(table_id, [e.pid for e in table], now)
                    opened.append((table_id, [e.pid for e in table], waited))
                return opened

            t0 = time.perf_counter()
            paired, opened = await store.mutate("bench", seat)
            done = time.perf_counter()
            pair_ms.append((done - t0) * 1000)
            assert isinstance(paired, Arena)
            left_free.append(len(paired.free(now)))
            for table_id, pids, waited in opened:
                waits.extend(waited)
                for pid in pids:
                    at_tick, at_wall = freed.pop(pid)
                    # The same tick: the wall time since the write that freed them; a
                    # later tick: the ticks waited and this write (an upper bound).
                    latency_ms.append((done - at_wall) * 1000 if at_tick == tick else
                                      (tick - at_tick) * TICK_MS + (done - t0) * 1000)
                    if at_tick == tick:
                        at_once_ms.append(latency_ms[-1])
                end = tick + rng.randint(180, 360)
                ends.setdefault(end, []).append((table_id, rng.choice([(1, 2), (2, 1)])))

        for tick in range(ticks):
            now = tick * TICK_MS
            started = time.perf_counter()
            # A tenth of the free players take a break now and then.
            for pid, until in list(paused_until.items()):
                if until <= tick:
                    del paused_until[pid]
                    freed[pid] = (tick, time.perf_counter())
                    await store.mutate("bench", lambda e, pid=pid, now=now: e.join(
                        next(x for x in everyone if x.pid == pid), now))
                    await pair(tick)
            await pair(tick)  # the tick's: the safety net
            for table_id, places in ends.pop(tick, []):
                at_wall = time.perf_counter()
                _, scored = await store.mutate(
                    "bench", lambda e, t=table_id, p=places, now=now: e.record(t, p, (), now))
                counted[table_id] = scored
                for pid in scored:
                    if rng.random() < 0.02:  # a break of a minute or two
                        await store.mutate("bench", lambda e, pid=pid, now=now: e.pause(pid, now))
                        paused_until[pid] = tick + rng.randint(60, 120)
                    else:
                        freed[pid] = (tick, at_wall)
                await pair(tick)  # its players are free: paired at once
            tick_ms.append((time.perf_counter() - started) * 1000)
        found = await store.load("bench")
        assert found is not None
        event = found[1]
        assert isinstance(event, Arena)
        totals: Counter[str] = Counter()
        for scored in counted.values():
            totals.update(scored)
        standings = {s.pid: s.points for s in event.standings()}
        consistent = all(standings[pid] == totals.get(pid, 0) for pid in standings) and \
            sum(s.games for s in event.standings()) == 4 * len(counted)
        size = len(msgpack.packb(event.to_record()))
        await client.aclose()
    return {
        "players": players, "minutes": minutes, "games counted": len(counted),
        "games playing at the end": len(event.tables),
        "pairing write ms p50/p99/max": [round(statistics.median(pair_ms), 1),
                                         round(percentile(pair_ms, 0.99), 1),
                                         round(max(pair_ms), 1)],
        "tick ms p50/p99": [round(statistics.median(tick_ms), 1),
                            round(percentile(tick_ms, 0.99), 1)],
        "free to seated, event clock ms p50/p99": [percentile(waits, 0.5),
                                                    percentile(waits, 0.99)],
        "free to seated, ms p50/p99/max (event clock + wall)": [
            round(percentile(latency_ms, 0.5), 1), round(percentile(latency_ms, 0.99), 1),
            round(max(latency_ms), 1)],
        "seated in the tick they became free: share, ms p50/p99": [
            round(len(at_once_ms) / len(latency_ms), 3), round(percentile(at_once_ms, 0.5), 1),
            round(percentile(at_once_ms, 0.99), 1)],
        "most free players left unseated after a pairing write": max(left_free),
        "event record bytes": size,
        "standings equal the games counted, each once": consistent,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--minutes", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(json.dumps(asyncio.run(run(args.players, args.minutes, args.seed)), indent=2))


if __name__ == "__main__":
    main()
