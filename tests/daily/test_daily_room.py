"""The daily deal through the room: real sockets, real Redis, real PostgreSQL.

The node's secret is DAILY_SECRET (``SECRET``), so a test knows the day's hands.
"""

from __future__ import annotations

import asyncio
import datetime as dt
from typing import Any

import httpx
import pytest

from client.room_client import RequestFailed
from server.archive.db import Database
from server.daily.store import DailyStore
from server.social.accounts import pid_of
from server.web.http_social import SESSION_COOKIE
from shared.daily import DailyDeals, hand_points, play_hand, verify_day
from shared.numbers import signed
from shared.protocol import Daily, DailyDone, DailyHand
from shared.spades.cards import codes_of
from tests.room.conftest import game_over
from tests.room_social.conftest import (
    SocialClient,
    SocialFactory,
    Start,
    bot_play_until,
    register,
)

SECRET = "a-daily-secret-for-the-tests"
NO_PAR = {"daily_secret": SECRET, "daily_par_every_s": 0.0}


def today() -> str:
    return dt.datetime.now(dt.UTC).date().isoformat()


def deals() -> DailyDeals:
    return DailyDeals.for_day(SECRET.encode(), today())


def dealt(client: SocialClient) -> list[str]:
    """The cards dealt to the client (South), once it has looked."""
    assert client.view is not None
    return sorted(client.view["hand"])


async def look(client: SocialClient) -> None:
    """Wait for South's first decision and look at the cards (Blind Nil may be offered)."""
    await client.wait_for(lambda c: c.my_turn)
    if client.view is not None and client.view["hand_hidden"]:
        await client.act("look")


async def get(server: Any, path: str, cookies: dict[str, str]) -> httpx.Response:
    async with httpx.AsyncClient(base_url=server.http, cookies=cookies) as web:
        return await web.get(path)


async def test_every_player_is_dealt_the_committed_hands(start_server: Start,
                                                         social_client: SocialFactory) -> None:
    server = await start_server(**NO_PAR)
    day = deals()
    for name in ("Ann", "Bob"):
        client = await social_client(server, name=name)
        reply = await client.request(Daily())
        assert isinstance(reply, DailyHand)
        assert (reply.day, reply.hand, reply.hands) == (today(), 1, 8)
        # Each is dealt the instance drawn for their pid, and told its commitment.
        assert client.pid is not None
        mine = day.deal_for(0, client.pid)
        assert reply.commitment == mine.commitment
        assert reply.day_commitment == day.day_commitment
        assert client.snap is not None and client.snap.kind == "practice"
        assert client.snap.level == "challenge" and client.seat == 0
        assert [s["bot"] for s in client.seats] == [False, True, True, True]
        await look(client)
        assert dealt(client) == sorted(codes_of(day.game(0, mine.instance).hands[0]))
    # Today's record shows the commitments, never the seeds.
    body = (await get(server, "/api/daily", {})).json()
    assert body["day"] == today() and body["closed"] is False and "seeds" not in body
    assert body["commitments"] == list(day.commitments)
    assert body["day_commitment"] == day.day_commitment


async def test_a_closed_day_reveals_seeds_that_check(start_server: Start) -> None:
    server = await start_server(**NO_PAR)
    yesterday = (dt.datetime.now(dt.UTC).date() - dt.timedelta(days=1)).isoformat()
    body = (await get(server, f"/api/daily/{yesterday}", {})).json()
    assert body["closed"] is True
    seeds = [int(s) for s in body["seeds"]]
    assert verify_day(body["day_commitment"], body["commitments"], seeds) == []
    assert seeds == list(DailyDeals.for_day(SECRET.encode(), yesterday).seeds)
    tomorrow = (dt.datetime.now(dt.UTC).date() + dt.timedelta(days=1)).isoformat()
    for day in (tomorrow, "not-a-day", "2026-02-30"):
        response = await get(server, f"/api/daily/{day}", {})
        assert response.status_code == 404 and response.json()["error"]["code"] == "no_day"


async def play_out(store: DailyStore, pid: str, name: str, account: str | None,
                   points: list[int], first: int = 0) -> None:
    """Count ``points`` for hands ``first``, ``first + 1``, ... of ``pid``'s try today,
    as if played: each at the hand's table (dealt here at "t<k>" if not dealt yet)."""
    now = dt.datetime.now(dt.UTC)
    for k, p in enumerate(points, first):
        mine = await store.get_try(today(), pid)
        if mine is None or mine.table_id is None:
            mine = await store.deal(today(), pid, account, name, f"t{k}", now)
        assert mine.hand == k and mine.table_id is not None
        assert await store.score(today(), mine.table_id, k, p, 8, now) is not None


async def finish_try(database_url: str, pid: str, name: str, account: str | None,
                     points: list[int]) -> None:
    db = Database(database_url)
    await db.open()
    try:
        store = DailyStore(db)
        await play_out(store, pid, name, account, points)
        # A hand's end reported twice is counted once.
        now = dt.datetime.now(dt.UTC)
        assert await store.score(today(), "t7", len(points) - 1, 99, 8, now) is None
    finally:
        await db.close()


async def test_a_second_try_is_refused(start_server: Start, social_client: SocialFactory,
                                       database_url: str) -> None:
    server = await start_server(**NO_PAR)
    cookie = await register(server, "Carla")
    first = await social_client(server, cookie=cookie)
    assert isinstance(await first.request(Daily()), DailyHand)
    assert first.pid is not None
    # The try is finished (as if the eight hands were played) ...
    db = Database(database_url)
    await db.open()
    try:
        store = DailyStore(db)
        mine = await store.get_try(today(), first.pid)
        assert mine is not None and mine.table_id == first.table
        await play_out(DailyStore(db), first.pid, "Carla", "Carla", [10] * 8)
    finally:
        await db.close()
    # ... so the same account is refused, on this socket and on another.
    second = await social_client(server, cookie=cookie)
    for client in (first, second):
        with pytest.raises(RequestFailed) as refused:
            await client.request(Daily())
        assert refused.value.code == "daily_played"
        assert "one try a day" in str(refused.value)
    # A guest (another browser session) still has a try.
    guest = await social_client(server, name="Gus")
    assert isinstance(await guest.request(Daily()), DailyHand)


async def test_the_result_against_a_seeded_field(start_server: Start,
                                                 database_url: str) -> None:
    server = await start_server(**NO_PAR)
    token = "guest-token-of-p1-for-the-daily-test"
    # Hand 1 is compared with the players dealt the same instance of it: the field's
    # pids are chosen so, and one more (p6) was dealt another instance.
    day = deals()
    same = (f"p{n}" for n in range(10**6)
            if day.instance(0, f"p{n}") == day.instance(0, pid_of(token)))
    other = next(f"q{n}" for n in range(10**6)
                 if day.instance(0, f"q{n}") != day.instance(0, pid_of(token)))
    points_of = [[10, 20, 30, 40, 50, 60, 70, -80],   # 200
                 [0] * 8,                             # 0
                 [50, 50, 50, 50, 0, 0, 0, 0],        # 200
                 [100, 100, 100, 0, 0, 0, 0, 0],      # 300
                 [-10, -10, -10, -10, 0, 0, 0, 0]]    # -40
    field = {next(same): points for points in points_of}
    for n, (pid, points) in enumerate(field.items()):
        await finish_try(database_url, pid, f"P{n + 1}", f"P{n + 1}" if n < 4 else None,
                         points)
    await finish_try(database_url, other, "Q", None, [1000, 0, 0, 0, 0, 0, 0, -1000])
    await finish_try(database_url, pid_of(token), "Me", None, [25] * 8)  # 200 as well
    body = (await get(server, f"/api/daily/{today()}/me", {"spades_token": token})).json()
    assert body["finished"] is True and body["total"] == 200
    # Beats 0, -40 and Q's 0 (3 of 7), ties 200 thrice (3 halves): (3 + 1.5) / 7.
    assert body["percentile"] == 64.3
    first = body["hands"][0]
    # Hand 1 of the five others dealt the same instance: 10, 0, 50, 100, -10: median 10
    # (Q's +1000 was another deal).
    assert (first["you"], first["field_median"], first["par"]) == (25, 10, None)
    assert first["text"] == "hand 1: you scored +25, the field's median +10"
    assert body["field"]["players"] == 7 and body["field"]["median"] == 200
    assert body["field"]["low"] == -40 and body["field"]["high"] == 300
    # The board: accounts only (p5 and "Me" are guests), ties share a rank.
    board = (await get(server, f"/api/daily/{today()}/board", {})).json()["board"]
    assert [(r["rank"], r["name"], r["total"]) for r in board] == [
        (1, "P4", 300), (2, "P1", 200), (2, "P3", 200), (4, "P2", 0)]
    # Nobody else's result is anybody's: no try, no result.
    response = await get(server, f"/api/daily/{today()}/me", {"spades_token": "x" * 32})
    assert response.status_code == 404 and response.json()["error"]["code"] == "no_try"


@pytest.mark.timeout(1200)
async def test_a_whole_daily_through_a_real_socket(start_server: Start,
                                                   social_client: SocialFactory) -> None:
    # Two deals a hand keep the par's work (every deal played by four bots) small; the
    # draw among sixteen is tested on its own (test_daily_pool, test_daily_scouting).
    server = await start_server(daily_secret=SECRET, daily_par_every_s=0.2,
                                daily_instances=2)
    day = DailyDeals.for_day(SECRET.encode(), today(), instances=2)
    client = await social_client(server, name="Dora")
    reply: Any = await client.request(Daily())
    points = []
    for k in range(8):
        assert isinstance(reply, DailyHand) and reply.hand == k + 1
        assert client.pid is not None
        deal = day.deal_for(k, client.pid)
        assert reply.commitment == deal.commitment
        table = client.table
        await bot_play_until(client, game_over, timeout=240)
        stored = await server.room.actor(table or "").peek()
        assert stored is not None and stored.game is not None
        assert stored.game.seed == deal.seed
        points.append(hand_points(stored.game))
        # The hand is over: daily counts it and deals the next at a new table.
        reply = await client.request(Daily())
        if k < 7:
            assert client.table != table
    assert isinstance(reply, DailyDone) and reply.points == points
    assert reply.total == sum(points)
    # Away from the last hand's table, another daily is refused.
    await client.leave()
    with pytest.raises(RequestFailed) as refused:
        await client.request(Daily())
    assert refused.value.code == "daily_played"
    # The result page's data, with the par once the node has computed it.
    cookies = {"spades_token": client.token or ""}
    for _ in range(4000):  # the par plays 8 x 2 deals in a child
        body = (await get(server, f"/api/daily/{today()}/me", cookies)).json()
        if body["par_total"] is not None:
            break
        await asyncio.sleep(0.25)
    assert body["total"] == sum(points) and body["percentile"] == 50.0
    assert [h["you"] for h in body["hands"]] == points
    # The par of a hand is that of the instance the player was dealt.
    par_hand_1 = hand_points(play_hand(day.game(0, day.instance(0, client.pid or "")),
                                       "challenge"))
    assert body["hands"][0]["par"] == par_hand_1
    # Written with real minus signs, as every number the room shows (the day decides the sign).
    assert body["hands"][0]["text"] == (f"hand 1: you scored {signed(points[0])}, "
                                        f"par {signed(par_hand_1)}")


async def test_a_rematch_at_a_daily_table_still_counts_the_daily_hand(
        start_server: Start, social_client: SocialFactory) -> None:
    server = await start_server(**NO_PAR)
    client = await social_client(server, name="Remy")
    assert isinstance(await client.request(Daily()), DailyHand)
    table = client.table or ""
    await bot_play_until(client, game_over, timeout=240)
    stored = await server.room.actor(table).peek()
    assert stored is not None and stored.game is not None
    points = hand_points(stored.game)
    # A rematch deals another game at the same table: not the daily hand ...
    await client.rematch(True)
    await client.wait_for(lambda c: c.view is not None and not c.view["over"], timeout=30)
    again = await server.room.actor(table).peek()
    assert again is not None and again.game_no == 1
    # ... yet daily counts the daily hand, rebuilt from its game's log, and moves on.
    reply = await client.request(Daily())
    assert isinstance(reply, DailyHand) and reply.hand == 2 and client.table != table
    response = await get(server, f"/api/daily/{today()}/me", {"spades_token": client.token or ""})
    assert response.json() == {"day": today(), "finished": False, "hand": 2, "points": [points],
                               "abandoned": []}


async def test_a_guest_who_registers_mid_try_takes_the_try_to_the_board_and_no_second(
        start_server: Start, social_client: SocialFactory, database_url: str) -> None:
    server = await start_server(**NO_PAR)
    token = "guest-token-of-opal-for-the-daily"
    guest = await social_client(server, token=token, name="Opal")
    assert isinstance(await guest.request(Daily()), DailyHand)
    pid = guest.pid
    assert pid is not None
    cookie = await register(server, "Opal_R", guest_token=token)  # during hand 1
    db = Database(database_url)
    await db.open()
    try:
        store = DailyStore(db)
        mine = await store.get_try(today(), pid)
        assert mine is not None and (mine.account, mine.name, mine.hand) == (
            "Opal_R", "Opal_R", 0)  # the same try, now the account's
        await play_out(store, pid, "Opal_R", "Opal_R", [10] * 8)  # ... finished
    finally:
        await db.close()
    board = (await get(server, f"/api/daily/{today()}/board",
                       {SESSION_COOKIE: cookie})).json()["board"]
    assert [row["name"] for row in board] == ["Opal_R"]
    # Registering gave no second try: the account's own is that one, played.
    account = await social_client(server, cookie=cookie)
    with pytest.raises(RequestFailed) as refused:
        await account.request(Daily())
    assert refused.value.code == "daily_played"
