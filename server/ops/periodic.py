"""A node's periodic work: one step every few seconds, on a task, until stopped.

A step's failure is handed to ``on_error`` and the loop goes on: Redis or PostgreSQL
away for a while must not end the node's background work. The stop is a flag as well as
a cancel, because a cancel is not always seen: a Redis call in flight when it arrives may
come out as a Redis error instead (a connect timeout that caught the cancellation), which
the loop would take for a failed step and go on from, for ever, on a stopped node.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

__all__ = ["Periodic"]

STOP_WAIT_S = 5.0  # a stop waits this long for a step in flight, never longer


class Periodic:
    """Run ``step`` every ``every_s`` seconds (after a first wait of ``every_s``) from
    ``start`` until ``stop``; an exception of a step goes to ``on_error``."""

    def __init__(self, name: str, every_s: float, step: Callable[[], Awaitable[object]],
                 on_error: Callable[[Exception], None]) -> None:
        self.name = name
        self.every_s = every_s
        self._step = step
        self._on_error = on_error
        self._task: asyncio.Task[None] | None = None
        self._stopped = False

    @property
    def running(self) -> bool:
        return self._task is not None and not self._task.done()

    def start(self) -> None:
        """Start the loop (again after a stop); a second start while running is nothing."""
        if self._task is None or self._task.done():
            self._stopped = False
            self._task = asyncio.create_task(self._forever(), name=self.name)

    async def stop(self) -> None:
        """Stop the loop: the step in flight is cancelled and waited for, at most
        ``STOP_WAIT_S``; whatever it does after that, no step starts again. Never raises."""
        self._stopped = True
        task, self._task = self._task, None
        if task is not None and not task.done():
            task.cancel()
            await asyncio.wait([task], timeout=STOP_WAIT_S)

    async def _forever(self) -> None:
        while not self._stopped:
            await asyncio.sleep(self.every_s)
            if self._stopped:
                return
            try:
                await self._step()
            except Exception as err:
                if self._stopped:
                    return  # the stop's cancel, come out as the step's error
                self._on_error(err)
