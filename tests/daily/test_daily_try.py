"""The daily deal is one try a day: attacks on the try's life cycle.

Real nodes (two of them on one Redis and one PostgreSQL where it matters), real
sockets. A hand is counted when it ends, never dealt twice, a left hand is scored as
abandoned, and the day's par and the field's hands are kept from those who have not
finished their try.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import random
import secrets
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest
import redis.asyncio as aioredis

from client.room_client import RequestFailed
from server.archive.db import Database
from server.daily.hands import day_end_ms
from server.daily.store import DailyStore
from server.social.accounts import pid_of
from server.social.practice import Opening, create_practice
from server.tables import keys
from server.tables.actor import now_ms
from server.tables.store import Store
from shared.bots.knowledge import read_view
from shared.bots.players import decide
from shared.daily import INSTANCES, abandoned_points, daily_rules, hand_points
from shared.protocol import Analyse, AnalysisReply, Daily, DailyHand, Practice
from shared.spades import Game
from tests.daily.test_daily_room import NO_PAR, deals, dealt, finish_try, get, look, today
from tests.room.conftest import game_over
from tests.room_social.conftest import SocialClient, SocialFactory, Start, bot_play_until


async def _tables_by_hand(store: Store) -> dict[tuple[str, str], list[str]]:
    """Every daily table in Redis, by (player, hand) of the scenario it was dealt for."""
    found: dict[tuple[str, str], list[str]] = {}
    async for key in store.client.scan_iter(match="t:{*}", count=500):
        name = key.decode() if isinstance(key, bytes) else key
        if name.count(":") != 1:  # t:{ID}:ev, t:{ID}:log:N
            continue
        table = await store.load(name[3:-1])
        if table is None or table.practice is None or not table.practice.scenario:
            continue
        if table.practice.scenario.startswith("daily:"):
            owner = table.seats[0].pid or ""
            found.setdefault((owner, table.practice.scenario), []).append(table.id)
    return found


async def _race(a: str, b: str) -> list[SocialClient]:
    """Two sockets of one guest, one on each node (addresses), send ``daily`` at once."""
    token = "race-" + secrets.token_hex(12)
    clients = [SocialClient(address, token=token) for address in (a, b)]
    for client in clients:
        await client.connect()
        await client.wait_for(lambda c: c.pid is not None)
    replies = await asyncio.gather(*(c.request(Daily()) for c in clients),
                                   return_exceptions=True)
    won = [c for c, r in zip(clients, replies, strict=True) if isinstance(r, DailyHand)]
    for reply in replies:
        if not isinstance(reply, DailyHand):
            # The loser is told in words, never given a table of its own.
            assert isinstance(reply, RequestFailed), reply
            assert reply.code == "not_allowed" and "another" in reply.message
    assert won, "neither racer got the hand"
    assert len({c.table for c in won}) == 1, [c.table for c in won]
    for client in clients:
        await client.close()
    return won


@pytest.mark.timeout(900)
async def test_racing_sockets_on_two_nodes_never_get_two_tables_of_a_hand(
        spawn_node: Callable[..., Any], redis: aioredis.Redis) -> None:
    # Two server processes (``python -m server``) on one Redis and one PostgreSQL.
    env = {"DAILY_SECRET": NO_PAR["daily_secret"], "DAILY_PAR_EVERY_S": "0", "WORKERS": "1"}
    a, b = spawn_node(**env), spawn_node(**env)
    for _ in range(100):
        await _race(a.ws, b.ws)
    tables = await _tables_by_hand(Store(redis))
    assert len(tables) == 100
    twice = {who: ids for who, ids in tables.items() if len(ids) > 1}
    assert twice == {}


async def _points(server: Any, token: str) -> dict[str, Any]:
    body: dict[str, Any] = (await get(server, f"/api/daily/{today()}/me",
                                      {"spades_token": token})).json()
    return body


async def _counted(server: Any, token: str, hands: int) -> dict[str, Any]:
    """The try once ``hands`` hands are counted (the node counts a hand as it ends)."""
    for _ in range(400):
        body = await _points(server, token)
        if len(body.get("points", body.get("hands", []))) >= hands:
            return body
        await asyncio.sleep(0.05)
    raise AssertionError(f"the hand was not counted: {body}")


@pytest.mark.timeout(600)
async def test_practice_tables_opened_after_a_hand_never_deal_it_again(
        start_server: Start, social_client: SocialFactory) -> None:
    server = await start_server(**NO_PAR)
    client = await social_client(server, name="Audra")
    assert isinstance(await client.request(Daily()), DailyHand)
    daily_table = client.table or ""
    await look(client)
    first_cards = dealt(client)
    await bot_play_until(client, game_over, timeout=240)
    stored = await server.room.actor(daily_table).peek()
    assert stored is not None and stored.game is not None
    points = hand_points(stored.game)
    # The hand is counted as it ends, before any further daily.
    token = client.token or ""
    assert (await _counted(server, token, 1))["points"] == [points]
    # Three practice tables: the quota must not close the daily table (nor forget it).
    for _ in range(3):
        await client.request(Practice(level="easy"))
    assert await server.room.actor(daily_table).peek() is not None
    reply = await client.request(Daily())
    assert isinstance(reply, DailyHand) and reply.hand == 2
    await look(client)
    assert dealt(client) != first_cards
    body = await _points(server, token)
    assert body == {"day": today(), "finished": False, "hand": 2, "points": [points],
                    "abandoned": []}


@pytest.mark.timeout(600)
async def test_a_left_hand_is_scored_abandoned_and_reviewed_only_once_scored(
        start_server: Start, social_client: SocialFactory) -> None:
    server = await start_server(**NO_PAR)
    client = await social_client(server, name="Lea")
    token = client.token or ""
    assert isinstance(await client.request(Daily()), DailyHand)
    left_table = client.table or ""
    await look(client)
    await client.leave()
    penalty = abandoned_points(daily_rules())
    assert (await _points(server, token))["points"] == [penalty]
    # The left hand is never dealt again: daily deals hand 2 at a new table.
    reply = await client.request(Daily())
    assert isinstance(reply, DailyHand) and reply.hand == 2 and client.table != left_table
    # Hand 2 played out: its review comes only once the hand is counted.
    await bot_play_until(client, game_over, timeout=240)
    review = await client.request(Analyse())
    assert isinstance(review, AnalysisReply)
    after = await _points(server, token)
    assert len(after["points"]) == 2 and after["points"][0] == penalty


async def _over_daily_table(server: Any, store: DailyStore, pid: str, name: str) -> str:
    """Hand 1 of ``pid``'s try dealt at a table written straight to Redis with its game
    already over, as if its end had not been counted (no node saw the change)."""
    day = deals()
    table_id = "over-" + secrets.token_hex(6)
    mine = await store.deal(today(), pid, None, name, table_id, dt.datetime.now(dt.UTC))
    assert mine.table_id == table_id and mine.hand == 0
    start = Opening(daily_rules(), seat=0, dealer=day.dealer(0), scenario=f"daily:{today()}:1")
    table = create_practice(table_id, pid, name, "gone", "challenge", "standard", start,
                            now_ms(), day.seeds[0])
    game, log = table.game, []
    assert game is not None
    while not game.over:
        seat = game.to_act
        assert seat is not None
        action = decide("easy", read_view(game.view(seat))).action
        game = game.apply(seat, action)
        log.append((seat, action))
    over = replace(table, game=game, status="over")
    assert await server.room.store.write(None, over, {"m": "daily"}, game_log=log) == 1
    return table_id


async def test_a_review_comes_only_after_the_hand_is_counted(
        start_server: Start, database_url: str) -> None:
    server = await start_server(**NO_PAR)
    token = "review-first-" + secrets.token_hex(8)
    db = Database(database_url)
    await db.open()
    try:
        table_id = await _over_daily_table(server, DailyStore(db), pid_of(token), "Rev")
    finally:
        await db.close()
    stored = await server.room.actor(table_id).peek()
    assert stored is not None and stored.game is not None and stored.game.over
    assert (await _points(server, token))["points"] == []  # not counted yet
    client = SocialClient(server.ws, token=token)
    client.table = table_id  # back at the hand's table, as after a reload
    await client.connect()
    try:
        await client.wait_for(lambda c: c.seat == 0)
        assert isinstance(await client.request(Analyse()), AnalysisReply)
    finally:
        await client.close()
    # The review's answer came after the hand was counted.
    assert (await _points(server, token))["points"] == [hand_points(stored.game)]


async def test_the_day_closing_on_a_hand_scores_it_abandoned(
        start_server: Start, database_url: str) -> None:
    server = await start_server(**NO_PAR)
    token = "closed-on-" + secrets.token_hex(8)
    yesterday = (dt.date.fromisoformat(today()) - dt.timedelta(days=1)).isoformat()
    db = Database(database_url)
    await db.open()
    try:
        store = DailyStore(db)
        now = dt.datetime.now(dt.UTC)
        assert (await store.deal(yesterday, pid_of(token), None, "Late", "t-late", now)
                ).table_id == "t-late"
    finally:
        await db.close()
    body = (await get(server, f"/api/daily/{yesterday}/me", {"spades_token": token})).json()
    penalty = abandoned_points(daily_rules())
    assert body == {"day": yesterday, "finished": False, "hand": 2, "points": [penalty],
                    "abandoned": [1]}


async def test_a_daily_table_is_kept_until_the_day_closes(
        start_server: Start, social_client: SocialFactory) -> None:
    server = await start_server(practice_ttl_s=60, **NO_PAR)
    client = await social_client(server, name="Kept")
    assert isinstance(await client.request(Daily()), DailyHand)
    ttl = await server.room.store.client.ttl(keys.table(client.table or ""))
    until = day_end_ms(today()) / 1000 - time.time()
    # An idle practice table would go after 60 s; the daily one stays until the day
    # closes (unless the day closes sooner than that anyway).
    assert ttl >= min(until, 60) - 5
    assert ttl >= until - 30 or until < 90


def test_an_abandoned_hand_scores_below_any_hand_played_out() -> None:
    """Any play at all, Blind Nil and Nil bids included, scores above the penalty."""
    rng = random.Random(2026)
    day = deals()
    penalty = abandoned_points(daily_rules())
    worst = 0
    for n in range(240):
        game: Game = day.game(n % 8)
        while not game.over:
            seat = game.to_act
            assert seat is not None
            legal = game.view(seat).legal
            # Lean on the costly bids: a Nil or Blind Nil when offered, else anything.
            costly = [a for a in legal if "nil" in str(a)]
            action = rng.choice(costly if costly and rng.random() < 0.7 else legal)
            game = game.apply(seat, str(action))
        worst = min(worst, hand_points(game, 0), hand_points(game, 1))
    assert penalty < worst


async def test_par_and_field_are_withheld_from_who_has_not_finished(
        start_server: Start, social_client: SocialFactory, database_url: str) -> None:
    server = await start_server(**NO_PAR)
    db = Database(database_url)
    await db.open()
    try:
        store = DailyStore(db)
        assert await store.claim_par(today(), dt.datetime.now(dt.UTC))
        await store.set_par(today(), [10] * (8 * INSTANCES))  # a par for every deal
    finally:
        await db.close()
    finished = "finished-guest-token-for-the-par-test"
    # P1 was dealt the same deal of hand 1 as the finished guest: it is their field.
    pool = deals()
    p1 = next(f"p1-{n}" for n in range(10**6)
              if pool.instance(0, f"p1-{n}") == pool.instance(0, pid_of(finished)))
    await finish_try(database_url, p1, "P1", "P1", [30] * 8)
    await finish_try(database_url, pid_of(finished), "Fin", None, [20] * 8)
    # A player mid-try (a second session, its own cookie).
    mid = await social_client(server, name="Mid")
    assert isinstance(await mid.request(Daily()), DailyHand)
    for cookies in ({}, {"spades_token": mid.token or ""}):
        day = (await get(server, f"/api/daily/{today()}", cookies)).json()
        assert day["par"] is None and day["withheld"] is True
        board = (await get(server, f"/api/daily/{today()}/board", cookies)).json()["board"]
        assert board and all("points" not in row for row in board)
    # Who has finished sees them.
    cookies = {"spades_token": finished}
    day = (await get(server, f"/api/daily/{today()}", cookies)).json()
    assert day["par"] == [10] * (8 * INSTANCES) and day["withheld"] is False
    board = (await get(server, f"/api/daily/{today()}/board", cookies)).json()["board"]
    assert board[0]["points"] == [30] * 8
    me = (await get(server, f"/api/daily/{today()}/me", cookies)).json()
    assert me["hands"][0]["par"] == 10 and me["hands"][0]["field_median"] == 30


def test_the_daily_page_states_what_an_abandoned_hand_scores() -> None:
    """The lobby's panel, the result page and the hand's notice say the penalty."""
    import json
    from pathlib import Path
    web = Path(__file__).parents[2] / "client/web"
    page = (web / "js/ui/daily.js").read_text()
    english = json.loads((web / "i18n/en.json").read_text())
    points = abandoned_points(daily_rules())
    assert f"const ABANDONED_POINTS = {points};" in page
    # The words live in the catalogue; the page fills in the shared penalty.
    for key in ("daily.rule", "daily.leave", "daily.started"):
        assert f't("{key}"' in page
        assert "{points}" in english[key]
        assert "signed(ABANDONED_POINTS)" in page
    assert "scores it as abandoned: {points} points" in english["daily.rule"]
