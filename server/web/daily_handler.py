"""What a socket does with ``daily`` (docs/protocol.md): deal the player's next hand of
today's daily deal at a one-person table of Challenge bots, or seat them again at the
hand in play.

A try is kept in PostgreSQL (``server.daily.store``): the hand in play and its table.
A hand's table is decided once (``DailyStore.deal``, a compare-and-set), so sockets of
one player racing on any nodes get one table: the one that decided it deals it, the
others are seated there, or, while it is still being dealt, refused with
``not_allowed``. A hand is counted when it ends (``server.daily.hands``: the node that
sees the end counts it; ``daily`` counts it too if that was missed), and never dealt
again: a hand left with ``leave`` (``abandon``), or whose table is lost, scores the
abandoned hand's penalty. After the last hand ``daily`` answers ``daily_done``; a
finished try is refused (``daily_played``). Daily tables are outside the practice
quota and kept until the day closes.
Each hand is the player's own deal of it (``DailyDeals.deal_for``, keyed by the pid:
an account's, or the guest's), so a second session of the player gets the same one.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from typing import TYPE_CHECKING

from server import refusals as R
from server.archive.db import ArchiveUnavailable
from server.daily.errors import DailyPlayed
from server.daily.hands import SEAT, day_end_ms, hand_of, settle
from server.daily.service import DailyService, today
from server.daily.store import Try
from server.errors import NotAllowed
from server.social.practice import Opening, create_practice
from server.tables.actor import Change, now_ms
from server.tables.model import Table
from shared.daily import DailyDeals, abandoned_points, daily_rules, daily_scenario, hand_points
from shared.protocol import DailyDone, DailyHand
from shared.spades import Game, SpadesError

if TYPE_CHECKING:
    from .conn import Conn

__all__ = ["abandon", "handle_daily", "settle_for_review"]

PACE = "standard"
# A hand's table decided this recently but not in Redis yet is being dealt by another
# socket of the player; older and missing, it was lost (and is scored as abandoned).
DEALING_S = 30.0


def _service(daily: DailyService | None) -> DailyService:
    if daily is None:
        raise ArchiveUnavailable(R.DAILY_NO_DATABASE())
    return daily


async def handle_daily(c: Conn, daily: DailyService | None, msg_id: int | None) -> None:
    daily = _service(daily)
    assert c.pid is not None  # every message after hello has its player
    day = today()
    deals = await daily.deals(day)
    # At most: the hand in play is counted (over, or lost), then the next is dealt.
    for _ in range(4):
        table_id = c.room.store.new_table_id(12)
        account = c.account.name if c.account is not None else None
        now = dt.datetime.now(dt.UTC)
        mine = await daily.store.deal(day, c.pid, account, c.name, table_id, now)
        if mine.moved_to is not None:
            raise DailyPlayed(R.TRY_MOVED())
        if mine.table_id is None and not mine.finished:
            continue  # its hand was counted between the two reads: deal the next
        if mine.finished:
            if await _at_last_hand(c, deals):  # the try's end, asked at its last table
                assert mine.total is not None
                c.reply(DailyDone(day=day, points=list(mine.points), total=mine.total),
                        msg_id)
                return
            raise DailyPlayed(R.PLAYED())
        if mine.table_id == table_id:  # this call decided the hand: deal it
            await _deal(c, deals, mine.hand, table_id, msg_id)
            return
        if not await _count_or_rejoin(c, daily, deals, mine, now, msg_id):
            return
    raise NotAllowed(R.NOT_DEALT())


async def _at_last_hand(c: Conn, deals: DailyDeals) -> bool:
    """The socket sits at its own table of the day's last hand."""
    table = None if c.actor is None else await c.actor.peek()
    return (table is not None and table.seats[SEAT].pid == c.pid
            and hand_of(table) == (deals.day, deals.hands - 1))


async def _count_or_rejoin(c: Conn, daily: DailyService, deals: DailyDeals, mine: Try,
                           now: dt.datetime, msg_id: int | None) -> bool:
    """The hand in play was dealt before (by this socket, another, another node). Seat
    the player at it again (False: answered), or count it when it is over or lost (True:
    deal the next)."""
    assert mine.table_id is not None
    table = await c.room.actor(mine.table_id).peek()
    if table is None:
        if mine.dealt is not None and (now - mine.dealt).total_seconds() < DEALING_S:
            raise NotAllowed(R.DEALING_ELSEWHERE())
        # Lost with Redis: a hand once shown is never dealt again.
        done = await daily.store.score(deals.day, mine.table_id, mine.hand,
                                       abandoned_points(daily_rules()), deals.hands,
                                       now, abandoned=True)
        return _went_on(c, done, msg_id)
    over = await _first_game_over(c, table, deals, mine.hand)
    if over is not None:  # over, but not counted yet (the node that saw it end failed)
        done = await daily.store.score(deals.day, table.id, mine.hand,
                                       hand_points(over, SEAT), deals.hands, now)
        return _went_on(c, done, msg_id)
    if table.seats[SEAT].pid != c.pid:
        raise NotAllowed(R.NOT_YOURS())
    await c.enter(c.room.actor(table.id), c.sit_change())
    await c.room.store.set_player(c.pid or "", table=table.id)
    _reply_hand(c, deals, mine.hand, msg_id)
    return False


def _went_on(c: Conn, done: Try | None, msg_id: int | None) -> bool:
    """After counting a hand: the try's end is answered (False), else deal on (True)."""
    if done is not None and done.finished:
        assert done.total is not None
        c.reply(DailyDone(day=done.day, points=list(done.points), total=done.total), msg_id)
        return False
    return True


async def _first_game_over(c: Conn, table: Table, deals: DailyDeals, hand: int) -> Game | None:
    """The daily hand's game once over, else None. It is the table's first game; after a
    rematch at the table it is rebuilt from that game's log."""
    deal = deals.deal_for(hand, c.pid or "")  # the player's own deal of the hand
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
    # Outside the practice quota: a daily table is never closed to make room for
    # another, and Redis keeps it until the day closes.
    deal = deals.deal_for(hand, c.pid)  # the player's own deal of the hand
    start = Opening(daily_rules(), seat=SEAT, dealer=deal.dealer,
                    scenario=daily_scenario(deals.day, hand))
    base = create_practice(table_id, c.pid, c.name, c.conn_id, "challenge", PACE, start,
                           now_ms(), deal.seed, deals.bot_salt(hand, c.pid),
                           guest=c.account is None)
    assert base.practice is not None
    base = replace(base, practice=replace(base.practice, keep_until_ms=day_end_ms(deals.day)))
    await c.enter(c.room.actor(table_id), lambda t: Change(t, {"m": "daily"}), base=base)
    await c.room.store.set_player(c.pid, table=table_id)
    _reply_hand(c, deals, hand, msg_id)


def _reply_hand(c: Conn, deals: DailyDeals, hand: int, msg_id: int | None) -> None:
    assert c.pid is not None
    c.reply(DailyHand(day=deals.day, hand=hand + 1, hands=deals.hands,
                      commitment=deals.deal_for(hand, c.pid).commitment,
                      day_commitment=deals.day_commitment), msg_id)


async def abandon(daily: DailyService | None, table: Table) -> None:
    """Before the player leaves a daily hand's table: the hand is counted, as played if
    it is over, else as abandoned (never left to the bot that takes the seat). Any other
    table: nothing."""
    if hand_of(table) is not None:
        await settle(_service(daily), table, abandon=True)


async def settle_for_review(daily: DailyService | None, table: Table) -> None:
    """Before a review of a daily hand is given: the hand is counted first (the review
    shows every hand; it must come too late to change anything). Any other table:
    nothing."""
    if hand_of(table) is not None:
        await settle(_service(daily), table)
