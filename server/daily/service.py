"""The daily deal's rules on the server: the day, its deals, the tries, the results.

The day is the UTC date. A day is *open* while it is today and *closed* once it is
past: the commitments of today's hands are public, the seeds of a day only once it is
closed (``shared.daily.deals``). The secret is ``DAILY_SECRET`` (the setting) when set,
else generated once and kept in PostgreSQL (``DailyStore.secret``), so every node of
the room deals the same hands.

While a day is open its par and the field's hand-by-hand points are shown only to a
player who has finished the day's try (``may_see_field``): a stranger, or a player
mid-try, would learn from them how a hand can be played.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from server.archive.db import Database
from shared.daily import (
    INSTANCES,
    DailyDeals,
    abandoned_points,
    daily_rules,
    hand_lines,
    percentile,
    summarize,
)

from .store import DailyStore, Try

__all__ = ["DailyService", "par_of", "same_deal_field", "today"]

_DAY = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def today(now: dt.datetime | None = None) -> str:
    """The day's name (YYYY-MM-DD) at ``now`` (default: now), in UTC."""
    return (now or dt.datetime.now(dt.UTC)).astimezone(dt.UTC).date().isoformat()


def valid_day(day: str) -> bool:
    if not _DAY.match(day):
        return False
    try:
        dt.date.fromisoformat(day)
    except ValueError:
        return False
    return True


def same_deal_field(deals: DailyDeals, mine: Try, others: list[Try]
                    ) -> list[list[int | None]]:
    """The others' points by hand, each hand kept only where they were dealt the same
    instance of it as ``mine`` (else None: another deal is not comparable)."""
    own = [deals.instance(k, mine.pid) for k in range(deals.hands)]
    return [[p if k < deals.hands and deals.instance(k, other.pid) == own[k] else None
             for k, p in enumerate(other.points)] for other in others]


def par_of(deals: DailyDeals, pid: str, par: list[int] | None) -> list[int] | None:
    """``pid``'s par by hand: the par of the instance they were dealt (the stored par
    is by deal, in the commitments' order), or None while unknown."""
    if par is None or len(par) != len(deals.seeds):
        return None
    return [par[k * deals.instances + deals.instance(k, pid)] for k in range(deals.hands)]


class DailyService:
    """The node's daily deal: ``store`` (PostgreSQL) and the days' deals, cached.

    ``instances`` (``DAILY_INSTANCES``) is how many independent deals each hand has; every
    node of a room must use the same number, and it is changed only between days (it
    fixes the day's commitments)."""

    def __init__(self, db: Database, secret: str | None = None,
                 instances: int = INSTANCES) -> None:
        self.store = DailyStore(db)
        self.instances = instances
        self._secret: bytes | None = secret.encode() if secret else None
        self._days: dict[str, DailyDeals] = {}

    async def secret(self) -> bytes:
        if self._secret is None:
            self._secret = await self.store.secret()
        return self._secret

    async def deals(self, day: str) -> DailyDeals:
        found = self._days.get(day)
        if found is None:
            found = DailyDeals.for_day(await self.secret(), day, instances=self.instances)
            if len(self._days) > 8:
                self._days.clear()
            self._days[day] = found
        return found

    async def may_see_field(self, day: str, pid: str | None) -> bool:
        """The day's par and the field's hands are shown to ``pid``: the day has closed,
        or ``pid`` has finished its try (so nothing seen can change how it plays)."""
        if day < today():
            return True
        mine = None if pid is None else await self.store.get_try(day, pid)
        return mine is not None and mine.finished

    async def close(self, day: str) -> None:
        """A closed day's hands still in play are scored as abandoned (idempotent)."""
        if day < today():
            hands = (await self.deals(day)).hands
            await self.store.close_day(day, abandoned_points(daily_rules()), hands,
                                       dt.datetime.now(dt.UTC))

    async def public(self, day: str, now: str | None = None,
                     see_field: bool = True) -> dict[str, Any]:
        """``GET /api/daily/{day}``: the commitments; the seeds (as strings) once closed;
        the par unless withheld (``see_field`` False)."""
        deals = await self.deals(day)
        closed = day < (now or today())
        out = deals.public(closed=closed)
        if closed:
            out["seeds"] = [str(s) for s in deals.seeds]
        out["closed"] = closed
        out["dealers"] = [deals.dealer(k) for k in range(deals.hands)]
        # by deal, in the commitments' order; withheld from who has not played the day
        out["par"] = await self.store.par(day) if see_field else None
        out["withheld"] = not see_field
        return out

    async def result(self, day: str, mine: Try) -> dict[str, Any]:
        """The result page's body for ``mine`` (a finished try) against the field.

        A hand is compared with the players who were dealt the same instance of it, and
        with that instance's par; the totals (percentile, distribution, board) span
        every instance."""
        deals = await self.deals(day)
        field = await self.store.finished(day)
        par = await self.store.par(day)
        others = [t for t in field if t.pid != mine.pid]
        totals = [t.total for t in field if t.total is not None]
        assert mine.total is not None
        summary = summarize(totals)
        my_par = par_of(deals, mine.pid, par)
        lines = hand_lines(list(mine.points), same_deal_field(deals, mine, others), my_par)
        return {
            "day": day,
            "name": mine.name,
            "total": mine.total,
            "abandoned": list(mine.abandoned),
            "percentile": percentile(mine.total, totals),
            "par_total": None if my_par is None else sum(my_par),
            "hands": [{"hand": ln.hand, "you": ln.you, "field_median": ln.field_median,
                       "par": ln.par, "text": ln.text()} for ln in lines],
            "field": {"players": summary.players, "low": summary.low, "q1": summary.q1,
                      "median": summary.median, "q3": summary.q3, "high": summary.high,
                      "width": summary.width,
                      "buckets": [[edge, count] for edge, count in summary.buckets]},
        }

    async def board(self, day: str, see_field: bool = True) -> dict[str, Any]:
        """The accounts' totals, best first; their hands only if ``see_field``."""
        rows = await self.store.board(day)
        out, rank, last = [], 0, None
        for n, t in enumerate(rows, 1):
            if t.total != last:
                rank, last = n, t.total
            row: dict[str, Any] = {"rank": rank, "name": t.account, "total": t.total}
            if see_field:
                row["points"] = list(t.points)
            out.append(row)
        return {"day": day, "board": out}
