"""The par of each day, computed once per day by one node, off the hot path.

The par is the day's hands played by Challenge in all four seats (``shared.daily
.play_hand``), scored for South's side. Every node with a database runs a
``ParKeeper``: every ``every_s`` it looks whether today's par is known; if not, it
claims the day in PostgreSQL (``DailyStore.claim_par``: one node wins, a claim of a
node that died is taken over after 10 minutes) and plays the hands in a separate
process (a ``ProcessPoolExecutor`` of one worker, started for the job), so the search's
CPU never holds the node's event loop or its GIL. Cost: see docs/benchmarks.md.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import logging
import multiprocessing
from concurrent.futures import ProcessPoolExecutor

from server.errors import StoreError
from shared.daily import DailyDeals, hand_points, play_hand

from .service import DailyService, today

__all__ = ["ParKeeper", "compute_par"]

log = logging.getLogger(__name__)


def compute_par(secret: bytes, day: str) -> list[int]:
    """The par of ``day`` by hand (CPU-bound; runs in the keeper's worker process)."""
    deals = DailyDeals.for_day(secret, day)
    return [hand_points(play_hand(deals.game(k), "challenge")) for k in range(len(deals.seeds))]


class ParKeeper:
    """Keeps today's par computed (see the module's docstring)."""

    def __init__(self, daily: DailyService, every_s: float) -> None:
        self.daily = daily
        self.every_s = every_s
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self.every_s > 0 and self._task is None:
            self._task = asyncio.create_task(self._forever(), name="daily-par")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def _forever(self) -> None:
        while True:
            try:
                await self.ensure(today())
            except StoreError as err:  # PostgreSQL down: try again next round
                log.warning("daily par: %s", err)
            except Exception:
                log.exception("daily par failed")
            await asyncio.sleep(self.every_s)

    async def ensure(self, day: str) -> bool:
        """Compute and store ``day``'s par if it is unknown and this node wins the claim;
        True if it did."""
        store = self.daily.store
        if await store.par(day) is not None:
            return False
        if not await store.claim_par(day, dt.datetime.now(dt.UTC)):
            return False
        secret = await self.daily.secret()
        loop = asyncio.get_running_loop()
        with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
            par = await loop.run_in_executor(pool, compute_par, secret, day)
        await store.set_par(day, par)
        log.info("daily par of %s: %s", day, par)
        return True
