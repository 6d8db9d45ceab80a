"""A daily hand's table, and its result counted the moment the hand ends.

A daily hand is played at a practice table (Challenge bots) whose ``scenario`` names the
day and the hand (``daily:DAY:N``, N 1-based) and which Redis keeps until the day closes
(``PracticeState.keep_until_ms``). The table's first game is the daily hand; a rematch
there is a game like any other and never counts.

``HandRecorder.table_changed`` is a listener of the room's table changes
(``Room.on_table_change``, installed by ``server.node``): when a daily table's first
game ends, the node that saw it counts the hand (``DailyStore.score``, guarded by the
hand and its table, so a hand reported by several nodes, or again by ``daily``, counts
once). ``settle`` counts a hand from its table: its points once over, else, when asked
(``leave``), the abandoned hand's penalty (``shared.daily.abandoned_points``).
"""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

from server.errors import StoreError
from server.tables.model import PRACTICE, Table
from shared.daily import abandoned_points, daily_hand_of, daily_rules, hand_points

from .service import DailyService, today
from .store import Try

__all__ = ["SEAT", "HandRecorder", "day_end_ms", "hand_of", "settle", "take_guest_tries"]

log = logging.getLogger(__name__)

SEAT = 0  # the person plays South; partner and opponents are Challenge bots


def hand_of(table: Table) -> tuple[str, int] | None:
    """(day, 0-based hand) of a daily hand's table, else None."""
    practice = table.practice
    if table.kind != PRACTICE or practice is None:
        return None
    return daily_hand_of(practice.scenario)


def day_end_ms(day: str) -> int:
    """The moment ``day`` closes (the next 00:00 UTC), in ms since the epoch."""
    end = dt.datetime.combine(dt.date.fromisoformat(day) + dt.timedelta(days=1),
                              dt.time(), dt.UTC)
    return int(end.timestamp() * 1000)


async def settle(daily: DailyService, table: Table, abandon: bool = False) -> Try | None:
    """Count the daily hand of ``table``: its points if its first game is over, else
    (``abandon``) the abandoned hand's penalty. None if there was nothing to count (not
    a daily table, the hand still in play and not abandoned, or counted already)."""
    which = hand_of(table)
    if which is None or table.game_no != 0 or table.game is None:
        return None
    day, hand = which
    if table.game.over:
        points, abandoned = hand_points(table.game, SEAT), False
    elif abandon:
        points, abandoned = abandoned_points(daily_rules()), True
    else:
        return None
    hands = (await daily.deals(day)).hands
    return await daily.store.score(day, table.id, hand, points, hands,
                                   dt.datetime.now(dt.UTC), abandoned=abandoned)


async def take_guest_tries(daily: DailyService, load: Callable[[str], Awaitable[Table | None]],
                           guest: str, pid: str, account: str) -> bool:
    """The guest ``guest`` signed in to the account ``account`` (``pid``): their tries
    become the account's (``DailyStore.move``); True if any did. A hand of today's try
    still in play is counted first (``settle``: as played if over, else abandoned, as
    when leaving it): it is dealt from the guest's own deal and seats the guest, so the
    account could not go on with it. Nothing is counted when the account has a try today
    (the guest's stays the guest's)."""
    mine = await daily.store.get_try(today(), guest)
    if (mine is not None and mine.account is None and mine.table_id is not None
            and await daily.store.get_try(today(), pid) is None):
        table = await load(mine.table_id)  # ``load``: a table by id (None if gone)
        if table is not None and table.seats[SEAT].pid == guest:
            await settle(daily, table, abandon=True)
    return await daily.store.move(guest, pid, account) > 0


class HandRecorder:
    """Counts each daily hand as it ends (see the module's docstring). ``spawn`` runs a
    coroutine in the background (``Room.spawn``)."""

    def __init__(self, daily: DailyService,
                 spawn: Callable[[Coroutine[Any, Any, Any], str], None]) -> None:
        self.daily = daily
        self._spawn = spawn

    def table_changed(self, old: Table | None, new: Table) -> None:
        """A table change this node saw: a daily hand that just ended is counted."""
        if (new.game_no == 0 and new.game is not None and new.game.over
                and (old is None or old.game is None or not old.game.over)
                and hand_of(new) is not None):
            self._spawn(self._count(new), f"daily-{new.id}")

    async def _count(self, table: Table) -> None:
        try:
            await settle(self.daily, table)
        except StoreError as err:  # PostgreSQL down: the next ``daily`` counts it
            log.warning("daily hand of %s not counted now: %s", table.id, err)
