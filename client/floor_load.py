"""Drive the floor relay (``server/web/floor_relay.py``) as the load test drives the
room: ``tables`` tables of four sockets, seats acting in turn, each as soon as its turn
comes (or after ``pace_ms`` ± ``pace_jitter``), on the same websockets client library.
Measured like the room: actions acknowledged per second in the window, and the relay
process's CPU per action (from /proc). ``client.loadtest --floor`` runs it beside the
room, on the room's Redis, and prints the ratio.

The relay is started as a program (``python -m server.web.floor_relay``): the client
imports nothing from ``server``.
"""

from __future__ import annotations

import asyncio
import random
import socket
import subprocess
import sys
import time
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from .local_room import ROOT, cpu_s, free_port

__all__ = ["FloorResult", "run_floor"]


@dataclass
class FloorResult:
    tables: int
    actions: int = 0
    actions_per_s: float = 0.0
    relay_cpu_ms_per_action: float | None = None
    frame_bytes: int = 0


async def _seat(url: str, seat: int, counts: list[int], measuring: list[bool],
                pace_s: float, jitter: float, rng: random.Random,
                stop: asyncio.Event, ready: asyncio.Barrier) -> None:
    async with connect(url, max_size=2**20) as ws:
        await ready.wait()
        if seat == 0:
            await ws.send("act")
        while not stop.is_set():
            try:
                frame = await asyncio.wait_for(ws.recv(), 1.0)
            except TimeoutError:
                continue
            except ConnectionClosed:
                return
            text = frame if isinstance(frame, str) else frame.decode()
            if text.startswith('{"t":"ack"'):
                if measuring[0]:
                    counts[0] += 1
                continue
            version = int(text.split('"v":', 1)[1].split(",", 1)[0])
            if version % 4 == seat:  # this seat's turn, as in a game of four
                if pace_s:
                    await asyncio.sleep(pace_s * rng.uniform(1 - jitter, 1 + jitter))
                await _send(ws, "act")


async def _send(ws: ClientConnection, text: str) -> None:
    with suppress(ConnectionClosed):
        await ws.send(text)


def _start_relay(redis_url: str, frame_bytes: int,
                 log: Path) -> tuple[subprocess.Popen[bytes], int]:
    port = free_port()
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "server.web.floor_relay", "--port", str(port),
             "--redis-url", redis_url, "--frame-bytes", str(frame_bytes)],
            cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the floor relay exited:\n{log.read_text(errors='replace')}")
        with suppress(OSError), socket.create_connection(("127.0.0.1", port), 1):
            return proc, port
        time.sleep(0.05)
    proc.kill()
    raise RuntimeError("the floor relay did not come up")


async def run_floor(redis_url: str, *, tables: int, duration: float, warmup: float = 2.0,
                    pace_ms: int = 0, pace_jitter: float = 0.5, frame_bytes: int = 70,
                    log: Path = Path("/tmp/floor-relay.log"), seed: int = 1) -> FloorResult:
    """Start the relay on ``redis_url`` (redis://), drive it, measure, stop it."""
    proc, port = await asyncio.to_thread(_start_relay, redis_url, frame_bytes, log)
    result = FloorResult(tables=tables, frame_bytes=frame_bytes)
    counts, measuring, stop = [0], [False], asyncio.Event()
    ready = asyncio.Barrier(4 * tables + 1)
    try:
        rng = random.Random(seed)
        tasks = [asyncio.create_task(_seat(
            f"ws://127.0.0.1:{port}/floor?table=fl{seed}x{t}&seat={s}", s, counts, measuring,
            pace_ms / 1000, pace_jitter, random.Random(rng.random()), stop, ready))
            for t in range(tables) for s in range(4)]
        async with asyncio.timeout(60):
            await ready.wait()
        await asyncio.sleep(warmup)
        cpu_before, began = cpu_s(proc.pid), time.perf_counter()
        measuring[0] = True
        await asyncio.sleep(duration)
        measuring[0] = False
        elapsed, cpu_after = time.perf_counter() - began, cpu_s(proc.pid)
        result.actions = counts[0]
        result.actions_per_s = round(counts[0] / elapsed, 1)
        if counts[0]:
            result.relay_cpu_ms_per_action = round((cpu_after - cpu_before) * 1000 / counts[0], 3)
        stop.set()
        await asyncio.wait(tasks, timeout=5)
        for task in tasks:
            task.cancel()
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
    return result
