"""The node's own share of an action's latency: from the ``act`` frame read off its
socket to the last seat's frame of that action handed to its socket.

``ActionMark(started)`` travels with the action: the table's fan-out calls ``add()``
for each frame of the action it queues (one per seat's socket, and the spectators'),
each socket's writer calls ``sent()`` once that frame is written to its socket, and the
last one observes the elapsed time in ``METRICS.action_node_seconds``. The writers run
as separate tasks, so what is measured includes the outbox queues and the event loop's
scheduling, which is where a stall on a loaded node shows. ``settle()``, called once
the fan-out is done, observes an action no frame was queued for (no socket at the
table) at that moment. A frame that is never written (its socket closed first) leaves
its action unobserved: the histogram counts the actions every seat was sent.
"""

from __future__ import annotations

import time

from .metrics import METRICS

__all__ = ["ActionMark"]


class ActionMark:
    """One action on its way out (see the module docstring)."""

    __slots__ = ("left", "queued", "started")

    def __init__(self, started: float) -> None:
        self.started = started  # time.perf_counter() when the act frame was read
        self.left = 0  # frames queued and not yet written
        self.queued = False  # at least one frame was queued

    def add(self) -> None:
        """A frame of this action was queued for a socket."""
        self.left += 1
        self.queued = True

    def sent(self) -> None:
        """A socket's writer handed one of this action's frames to its socket."""
        self.left -= 1
        if self.left == 0:
            METRICS.action_node_seconds.observe(time.perf_counter() - self.started)

    def settle(self) -> None:
        """The fan-out is over: an action that queued no frame is observed now."""
        if not self.queued:
            self.queued = True
            METRICS.action_node_seconds.observe(time.perf_counter() - self.started)
