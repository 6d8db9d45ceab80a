"""What a socket does with ``daily`` (docs/protocol.md): deal the player's next hand of
today's daily deal at a fresh one-person table of Challenge bots.

A try is kept in PostgreSQL (``server.daily.store``): the hand in play and its table.
``daily`` with no try starts one at hand 1; with the hand in play over, it counts that
hand's points (read from the table in Redis, never from the client) and deals the
next, or finishes the try after the last (``daily_done``); with the hand still in
play, it seats the player at its table again. A finished try is refused
(``daily_played``). The table of a hand that expired unplayed (an idle practice table
is forgotten after ``PRACTICE_TTL_S``) is dealt again at a new table: the same cards.
Each hand is the player's own instance of it (``DailyDeals.deal_for``, keyed by the
pid: an account's, or the guest's), so a second session of the player gets the same one.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from server.archive.db import ArchiveUnavailable
from server.daily.errors import DailyPlayed
from server.daily.service import DailyService, today
from server.errors import NotAllowed
from server.social.practice import Opening, create_practice
from server.tables.actor import Change, now_ms
from server.tables.model import PRACTICE, Table
from shared.daily import DailyDeals, daily_rules, daily_scenario, hand_points
from shared.protocol import DailyDone, DailyHand
from shared.spades import Game, SpadesError

if TYPE_CHECKING:
    from .conn import Conn

__all__ = ["handle_daily"]

SEAT = 0  # the person plays South; partner and opponents are Challenge bots
PACE = "standard"


async def handle_daily(c: Conn, daily: DailyService | None, msg_id: int | None) -> None:
    if daily is None or c.pid is None:
        raise ArchiveUnavailable("This server runs without its database; the daily deal "
                                 "needs it.")
    day = today()
    deals = await daily.deals(day)
    store = daily.store
    now = dt.datetime.now(dt.UTC)
    mine = await store.get_try(day, c.pid)
    if mine is None:
        table_id = c.room.store.new_table_id(12)
        account = c.account.name if c.account is not None else None
        if await store.begin(day, c.pid, account, c.name, table_id, now):
            await _deal(c, deals, 0, table_id, msg_id)
            return
        mine = await store.get_try(day, c.pid)  # another socket of theirs began it
        assert mine is not None
    if mine.finished:
        raise DailyPlayed("You have played today's daily deal: one try a day. Your "
                          "result is on the daily page; a new deal opens at 00:00 UTC.")
    table = await c.room.actor(mine.table_id).peek()
    over = None if table is None else await _finished_hand(c, table, deals, mine.hand)
    if table is None or (over is None and table.game_no > 0):
        # Expired unplayed, or rematched and the hand's log is gone: the same hand again.
        table_id = c.room.store.new_table_id(12)
        await store.move(day, c.pid, table_id)
        await _deal(c, deals, mine.hand, table_id, msg_id)
        return
    if over is None:  # still in play: back to its table
        await c.enter(c.room.actor(table.id), c.sit_change())
        _reply_hand(c, deals, mine.hand, msg_id)
        return
    points = hand_points(over, SEAT)
    last = mine.hand + 1 >= deals.hands
    next_table = None if last else c.room.store.new_table_id(12)
    done = await store.advance(day, c.pid, mine.hand, points, next_table, now)
    if done is None:
        raise NotAllowed("That hand was already counted; send daily again for the next.")
    if next_table is None:
        assert done.total is not None
        c.reply(DailyDone(day=day, points=list(done.points), total=done.total), msg_id)
        return
    await _deal(c, deals, done.hand, next_table, msg_id)


async def _finished_hand(c: Conn, table: Table, deals: DailyDeals, hand: int) -> Game | None:
    """The daily hand's game once over, else None. It is the table's first game; after a
    rematch at the table it is rebuilt from that game's log."""
    if table.seats[SEAT].pid != c.pid or c.pid is None:
        return None
    deal = deals.deal_for(hand, c.pid)  # the player's own instance of the hand
    if table.game_no == 0:
        game = table.game
        return game if game is not None and game.over and game.seed == deal.seed else None
    log = await c.room.store.game_events(table.id, 0)
    try:
        game = Game.replay(daily_rules(), deal.seed, deal.dealer, log)
    except (SpadesError, ValueError):
        return None
    return game if game.over else None


async def _deal(c: Conn, deals: DailyDeals, hand: int, table_id: str,
                msg_id: int | None) -> None:
    assert c.pid is not None
    await c.social.quota.admit(c.pid, c.address, PRACTICE, table_id)
    deal = deals.deal_for(hand, c.pid)  # the player's own instance of the hand
    start = Opening(daily_rules(), seat=SEAT, dealer=deal.dealer,
                    scenario=daily_scenario(deals.day, hand))
    base = create_practice(table_id, c.pid, c.name, c.conn_id, "challenge", PACE, start,
                           now_ms(), deal.seed, deals.bot_salt(hand, c.pid))
    await c.enter(c.room.actor(table_id), lambda t: Change(t, {"m": "daily"}), base=base)
    await c.room.store.set_player(c.pid, table=table_id)
    _reply_hand(c, deals, hand, msg_id)


def _reply_hand(c: Conn, deals: DailyDeals, hand: int, msg_id: int | None) -> None:
    assert c.pid is not None
    c.reply(DailyHand(day=deals.day, hand=hand + 1, hands=deals.hands,
                      commitment=deals.deal_for(hand, c.pid).commitment,
                      day_commitment=deals.day_commitment), msg_id)
