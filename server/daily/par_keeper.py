"""The par of each day, computed once per day by one node, off the hot path.

The par is each of the day's deals (every instance of every hand) played by
Challenge in all four seats (``shared.daily.play_hand``), scored for South's side; a
player's par of a hand is that of the instance they were dealt. Every node with a database runs a
``ParKeeper``: every ``every_s`` it looks whether today's par is known; if not, it
claims the day in PostgreSQL (``DailyStore.claim_par``: one node wins, a claim of a
node that died is taken over after 10 minutes) and plays the hands in a child process
(``python -m server.daily.par_keeper DAY``, the secret on its stdin), so the search's
CPU never holds the node's event loop or its GIL; a node that stops kills it. Only a
day somebody has started is computed (a room nobody plays spends nothing), and the
first look comes ``every_s`` after the node starts. Cost: see docs/benchmarks.md.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import logging
import sys

from server.errors import StoreError
from server.ops.periodic import Periodic
from shared.daily import INSTANCES, DailyDeals, hand_points, play_hand

from .service import DailyService, today

__all__ = ["ParKeeper", "compute_par"]

log = logging.getLogger(__name__)


def compute_par(secret: bytes, day: str, instances: int = INSTANCES) -> list[int]:
    """The par of ``day`` by deal: every instance of every hand, in the order of the
    day's commitments (CPU-bound; runs in the keeper's worker process)."""
    deals = DailyDeals.for_day(secret, day, instances=instances)
    return [hand_points(play_hand(deals.game(k, i), "challenge"))
            for k in range(deals.hands) for i in range(deals.instances)]


class ParKeeper:
    """Keeps today's par computed (see the module's docstring)."""

    def __init__(self, daily: DailyService, every_s: float) -> None:
        self.daily = daily
        self.every_s = every_s
        self._loop = Periodic("daily-par", every_s, self._round, _round_failed)

    @property
    def running(self) -> bool:
        return self._loop.running

    def start(self) -> None:
        if self.every_s > 0:
            self._loop.start()

    async def stop(self) -> None:
        await self._loop.stop()

    async def _round(self) -> None:
        # Yesterday's hands still in play when it closed: scored as abandoned.
        yesterday = dt.date.fromisoformat(today()) - dt.timedelta(days=1)
        await self.daily.close(yesterday.isoformat())
        await self.ensure(today())

    async def ensure(self, day: str) -> bool:
        """Compute and store ``day``'s par if it is unknown and this node wins the claim;
        True if it did."""
        store = self.daily.store
        if await store.par(day) is not None or not await store.started(day):
            return False
        if not await store.claim_par(day, dt.datetime.now(dt.UTC)):
            return False
        par = await _in_child(await self.daily.secret(), day, self.daily.instances)
        await store.set_par(day, par)
        log.info("daily par of %s: %s", day, par)
        return True


def _round_failed(err: Exception) -> None:
    if isinstance(err, StoreError):  # PostgreSQL down: try again next round
        log.warning("daily par: %s", err)
    else:
        log.error("daily par failed", exc_info=err)


async def _in_child(secret: bytes, day: str, instances: int) -> list[int]:
    """``compute_par`` in a child process (killed if the caller is cancelled)."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "server.daily.par_keeper", day, str(instances),
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    try:
        out, err = await proc.communicate(secret.hex().encode())
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
    if proc.returncode != 0:
        raise RuntimeError(f"the par's process failed: {err.decode(errors='replace')[-500:]}")
    par = json.loads(out)
    return [int(p) for p in par]


if __name__ == "__main__":  # the child: the secret (hex) on stdin; the day, the instances
    print(json.dumps(compute_par(bytes.fromhex(sys.stdin.read().strip()), sys.argv[1],
                                 int(sys.argv[2]))))
