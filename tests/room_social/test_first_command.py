"""The README's first command (``bash scripts/run.sh``: ``python -m server`` with no
REDIS_URL or DATABASE_URL) runs the room whole: its analysis worker too, as a child it
restarts when it dies and stops with the room. Real processes, Redis, PostgreSQL and
sockets; the room is started as run.sh starts it."""

from __future__ import annotations

import asyncio
import os
import re
import select
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from server.ops.redis_process import free_port
from shared.protocol import Analyse, AnalysisReply, Practice
from tests.conftest import CI, pg_reachable_dir, require_pg

from .conftest import SocialClient, SocialFactory, bot_play_until

ROOT = Path(__file__).resolve().parents[2]
STARTED = re.compile(r"Analysis worker \S+ started \(pid (\d+)\)")
BOUND_S = 240.0  # generous: initdb and an analysis on a machine at load 30

pytestmark = pytest.mark.slow


@dataclass
class Room:
    proc: subprocess.Popen[bytes]
    port: int
    log: Path

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    def printed(self) -> str:
        return self.log.read_text(errors="replace")

    def workers(self) -> list[int]:
        """The pids of the workers it printed it started, in order."""
        return [int(m) for m in STARTED.findall(self.printed())]

    def children(self) -> list[int]:
        """Live processes running ``server.analysis`` whose parent is the room."""
        return [pid for pid in _analysis_processes() if _ppid(pid) == self.proc.pid]


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


def _ppid(pid: int) -> int | None:
    try:
        return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
    except (OSError, IndexError, ValueError):
        return None


def _analysis_processes() -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmd = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"server.analysis" in cmd and _alive(int(entry.name)):
            found.append(int(entry.name))
    return found


async def _until(what: str, done: object, room: Room, bound: float = BOUND_S) -> None:
    """Wait until ``done()`` holds (checked every 0.1 s), at most ``bound`` seconds."""
    deadline = time.monotonic() + bound
    while not done():  # type: ignore[operator]
        assert time.monotonic() < deadline, f"{what} not within {bound} s:\n{room.printed()}"
        await asyncio.sleep(0.1)


@pytest.fixture(scope="module")
def pg_dir(ci: CI) -> Iterator[Path]:
    """One private PostgreSQL cluster directory for the module's rooms (initdb once)."""
    require_pg(ci)
    base = pg_reachable_dir("spades-first-")
    yield base / "pg"
    shutil.rmtree(base, ignore_errors=True)


@pytest.fixture
async def first_command(tmp_path: Path, pg_dir: Path) -> AsyncIterator[object]:
    """Starts ``python -m server`` as run.sh does (no REDIS_URL, no DATABASE_URL);
    stops what it started."""
    rooms: list[Room] = []

    async def start(**env_extra: str) -> Room:
        port = free_port()
        env = {k: v for k, v in os.environ.items()
               if k not in ("REDIS_URL", "DATABASE_URL", "ANALYSIS_WORKERS")}
        env |= {"PORT": str(port), "DATA_DIR": str(tmp_path / f"redis{len(rooms)}"),
                "PG_DATA_DIR": str(pg_dir), "LOG_FORMAT": "text",
                "ANALYSES_PER_PLAYER": "100", **env_extra}
        log = tmp_path / f"room{len(rooms)}.log"
        with log.open("wb") as out:
            proc = subprocess.Popen([sys.executable, "-m", "server"], cwd=ROOT, env=env,
                                    stdout=out, stderr=subprocess.STDOUT)
        room = Room(proc, port, log)
        rooms.append(room)
        deadline = time.monotonic() + BOUND_S
        while True:
            assert proc.poll() is None, room.printed()
            try:
                if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                    return room
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, room.printed()
            await asyncio.sleep(0.2)

    yield start
    for room in rooms:
        if room.proc.poll() is None:
            room.proc.send_signal(signal.SIGTERM)
            room.proc.wait(60)
        for pid in room.workers():  # never leave a worker behind, even on a failure
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)


async def _play_and_analyse(client: SocialClient, room: Room) -> AnalysisReply:
    """A lesson's practice hand played to its end, then its analysis asked for and
    waited for until it is no longer queued."""
    await client.request(Practice(scenario="nil-duck", level="standard", pace="fast"))
    await client.wait_for(lambda c: c.view is not None and c.table is not None)
    await bot_play_until(client, lambda c: bool(
        c.view and (c.view["over"] or c.view["hand_no"] >= 1)))
    deadline = time.monotonic() + BOUND_S
    while True:
        reply = await client.request(Analyse())
        assert isinstance(reply, AnalysisReply)
        if reply.status != "queued":
            return reply
        assert time.monotonic() < deadline, f"still queued:\n{room.printed()}"
        await asyncio.sleep(0.5)


async def test_the_first_command_runs_a_worker_restarts_it_and_stops_it(
        first_command: object, social_client: SocialFactory) -> None:
    room: Room = await first_command()  # type: ignore[operator]
    await _until("an analysis worker", lambda: room.workers(), room, 60)
    first = room.workers()[0]
    assert room.children() == [first]
    client = await social_client(room.ws)
    done = await _play_and_analyse(client, room)
    assert done.status == "done" and done.analysis is not None, done

    os.kill(first, signal.SIGKILL)  # the worker dies: the room starts another
    await _until("a restarted worker", lambda: len(room.workers()) == 2, room)
    second = room.workers()[1]
    assert second != first and _alive(second)
    again = await _play_and_analyse(client, room)
    assert again.status == "done" and again.game != done.game, again

    room.proc.send_signal(signal.SIGTERM)
    assert room.proc.wait(60) == 0, room.printed()
    assert not [pid for pid in room.workers() if _alive(pid)], "a worker outlived the room"


async def test_analysis_workers_zero_starts_none(first_command: object) -> None:
    room: Room = await first_command(ANALYSIS_WORKERS="0")  # type: ignore[operator]
    assert "Analysis worker" not in room.printed()
    assert room.children() == []
    room.proc.send_signal(signal.SIGTERM)
    assert room.proc.wait(60) == 0, room.printed()


async def test_a_worker_whose_parent_was_killed_stops_on_its_own(redis_url: str) -> None:
    """The worker a killed room leaves behind exits (it watches its parent)."""
    parent = subprocess.Popen(
        [sys.executable, "-c",
         "import os, subprocess, sys, time\n"
         "w = subprocess.Popen([sys.executable, '-m', 'server.analysis', '--name', 'orphan',"
         " '--parent', str(os.getpid())], start_new_session=True)\n"
         "print(w.pid, flush=True)\n"
         "time.sleep(600)\n"],
        cwd=ROOT, env={**os.environ, "REDIS_URL": redis_url}, stdout=subprocess.PIPE)
    assert parent.stdout is not None
    worker = int(parent.stdout.readline())
    try:
        # The worker shares the parent's stdout: wait for it to say it is reading.
        said = b""
        deadline = time.monotonic() + 60
        while b"analysis worker orphan reading" not in said:
            assert _alive(worker) and time.monotonic() < deadline, said
            if select.select([parent.stdout], [], [], 0.5)[0]:
                said += os.read(parent.stdout.fileno(), 4096)
        parent.kill()
        parent.wait()
        deadline = time.monotonic() + 60
        while _alive(worker):
            assert time.monotonic() < deadline, "the orphaned worker kept running"
            await asyncio.sleep(0.1)
    finally:
        if parent.poll() is None:
            parent.kill()
            parent.wait()
        parent.stdout.close()
        if _alive(worker):
            os.kill(worker, signal.SIGKILL)
