"""The load generator as several processes (``python -m client.loadtest --procs N``).

At 2,000 players one generator process does as much work as the node it measures (it
plays four real clients per table): its own delays in reading the ``ev`` frames can
then set the measured tail. ``run_split`` runs ``N - 1`` child processes of this
module besides the calling one, each with its share of the tables, and merges what
they measured into one ``LoadResult``: latencies pooled (so the percentiles are of all
actions), counts and rates added, per-action CPU figures re-divided by all actions.

The processes are lined up over the children's stdin/stdout, one line each way: the
parent seats its players first, then tells each child in turn ``connect`` and waits
for its ``ready`` (so every table's four players are of one process: a process
measures an action when all four of its seats have the ``ev``), then tells them all
``play``. Every process warms up and measures for the same time from there, so the
windows line up within the few milliseconds the ``play`` lines take. A child prints its
``LoadResult`` as one JSON line at the end. The parent alone reads the nodes (CPU,
``/metrics``) and Redis; their figures cover every process's actions.

This module does not import ``loadtest`` (which calls it): ``run_split`` is given
``loadtest.run``, and a child is ``python -m client.loadtest_child``.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import sys
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

__all__ = ["child_gate", "merge", "run_split", "shares"]

# loadtest.run and its LoadResult (a dataclass), passed in: see the docstring.
RunFn = Callable[..., Awaitable[Any]]

_PER_ACTION = ("server_cpu_ms_per_action", "redis_cpu_ms_per_action",
               "redis_calls_per_action", "redis_commands_per_action")
# A child's result is one JSON line holding every latency it measured: 20 s at 750
# tables is ~7,500 samples a process, past asyncio's 64 KiB default line limit.
RESULT_LINE_LIMIT = 64 * 1024 * 1024


def shares(tables: int, procs: int) -> list[int]:
    """``tables`` split over ``procs`` processes as evenly as can be, the parent first."""
    if procs < 1:
        raise ValueError("--procs must be at least 1")
    return [tables // procs + (1 if i < tables % procs else 0) for i in range(procs)]


async def run_split(run: RunFn, addresses: list[str], procs: int, **kwargs: Any) -> Any:
    """``run`` (``loadtest.run``) over ``procs`` processes, its ``LoadResult`` merged
    (see the module docstring)."""
    tables, seed = int(kwargs.pop("tables")), int(kwargs.pop("seed", 1))
    split = shares(tables, procs)
    children = []
    for index, share in enumerate(split[1:], start=1):
        argv = [sys.executable, "-m", "client.loadtest_child", "--tables", str(share),
                "--seed", str(seed * 1000 + index), "--duration", str(kwargs["duration"]),
                "--warmup", str(kwargs.get("warmup", 2.0)),
                "--pace-ms", str(kwargs.get("pace_ms", 0)),
                "--pace-jitter", str(kwargs.get("pace_jitter", 0.5))]
        for address in addresses:
            argv += ["--url", address]
        children.append(await asyncio.create_subprocess_exec(
            *argv, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            limit=RESULT_LINE_LIMIT))

    async def gate(stage: str) -> None:
        if stage != "play":
            return
        for child in children:  # one process seats its players at a time
            await _say(child, "connect")
            line = await _hear(child)
            if line != "ready":
                raise RuntimeError(f"a load generator process did not connect: {line!r}")
        for child in children:
            await _say(child, "play")

    try:
        parent = await run(addresses, tables=split[0], seed=seed, gate=gate, **kwargs)
        results = [parent]
        for child in children:
            line = await _hear(child)
            results.append(type(parent)(**json.loads(line)))
            await child.wait()
    finally:
        for child in children:
            if child.returncode is None:
                child.kill()
                await child.wait()
    return merge(results, tables)


async def _say(child: asyncio.subprocess.Process, line: str) -> None:
    assert child.stdin is not None
    child.stdin.write(f"{line}\n".encode())
    await child.stdin.drain()


async def _hear(child: asyncio.subprocess.Process) -> str:
    assert child.stdout is not None
    return (await child.stdout.readline()).decode().strip()


def merge(results: Sequence[Any], tables: int) -> Any:
    """One ``LoadResult`` of several processes' (the first the parent's: nodes, Redis)."""
    first = results[0]
    out = dataclasses.replace(first)
    out.tables, out.players = tables, 4 * tables
    out.actions = sum(r.actions for r in results)
    out.procs_actions = [r.actions for r in results]
    out.actions_per_s = round(sum(r.actions_per_s for r in results), 1)
    out.latencies = sorted(ms for r in results for ms in r.latencies)
    out.latency_samples = len(out.latencies)
    if out.latencies:
        ms = out.latencies
        out.p50_ms = round(ms[len(ms) // 2], 2)
        out.p99_ms = round(ms[min(len(ms) - 1, int(len(ms) * 0.99))], 2)
        out.max_ms = round(ms[-1], 2)
    kinds: dict[str, int] = {}
    for r in results:
        for kind, n in r.error_kinds.items():
            kinds[kind] = kinds.get(kind, 0) + n
    out.error_kinds, out.errors = kinds, sum(kinds.values())
    out.reconnects = sum(r.reconnects for r in results)
    waits = [r.loadgen_cpu_wait_ms_per_s for r in results]
    out.loadgen_cpu_wait_ms_per_s = (round(sum(w for w in waits if w is not None), 1)
                                     if None not in waits else None)
    if out.actions:
        for name in _PER_ACTION:  # the parent's figure, over every process's actions
            value = getattr(first, name)
            if value is not None:
                setattr(out, name, round(value * first.actions / out.actions, 3))
        cpu = [(r.loadgen_cpu_ms_per_action or 0.0) * r.actions for r in results]
        out.loadgen_cpu_ms_per_action = round(sum(cpu) / out.actions, 3)  # all processes
    frames = [(r.bytes_per_play_per_seat, r.actions) for r in results
              if r.bytes_per_play_per_seat is not None]
    if frames and sum(n for _, n in frames):
        out.bytes_per_play_per_seat = round(
            sum(b * n for b, n in frames) / sum(n for _, n in frames), 1)
    return out


async def child_gate(stage: str) -> None:
    """A child's side of the line-up (the ``gate`` of ``loadtest.run``)."""
    if stage == "play":  # seated: the parent may seat the next process's players
        print("ready", flush=True)
    line = (await asyncio.to_thread(sys.stdin.readline)).strip()
    if line != stage:
        raise RuntimeError(f"expected {stage!r} from the parent, got {line!r}")
