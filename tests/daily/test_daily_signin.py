"""A guest who plays the daily deal and then signs in to an existing account keeps the
try: it moves to the account, once, and no other account can take it after."""

from __future__ import annotations

import datetime as dt
from collections.abc import AsyncIterator

import httpx
import pytest
import pytest_asyncio

from client.room_client import RequestFailed
from server.archive.db import Database
from server.daily.store import DailyStore
from server.social.accounts import pid_of
from server.web.http_social import GUEST_COOKIE
from shared.daily import abandoned_points, daily_rules
from shared.protocol import Daily, DailyHand
from tests.daily.test_daily_room import NO_PAR, today
from tests.room.conftest import LocalServer
from tests.room_social.conftest import PASSWORD, SocialFactory, Start, origin, register


@pytest_asyncio.fixture
async def store(database_url: str) -> AsyncIterator[DailyStore]:
    db = Database(database_url)
    await db.open()
    try:
        yield DailyStore(db)
    finally:
        await db.close()


async def sign_in_as_guest(server: LocalServer, token: str, name: str) -> httpx.Response:
    """Sign in to ``name`` from the browser of the guest ``token``."""
    async with httpx.AsyncClient(base_url=server.http,
                                 cookies={GUEST_COOKIE: token}) as web:
        reply = await web.post("/api/signin", json={"name": name, "password": PASSWORD},
                               headers=origin(server))
    assert reply.status_code == 200, reply.text
    return reply


async def play_first_hand(social_client: SocialFactory, server: LocalServer, token: str,
                          store: DailyStore, points: int) -> str:
    """The guest ``token`` is dealt hand 1 and it is counted as played (``points``);
    returns its table."""
    guest = await social_client(server, token=token, name="Gus")
    assert isinstance(await guest.request(Daily()), DailyHand)
    assert guest.table is not None
    counted = await store.score(today(), guest.table, 0, points, 8, dt.datetime.now(dt.UTC))
    assert counted is not None and counted.table_id is None
    await guest.close()
    return guest.table


async def test_a_guest_who_signs_in_takes_the_try_and_no_other_account_can(
        start_server: Start, social_client: SocialFactory, store: DailyStore) -> None:
    server = await start_server(**NO_PAR)
    opal, eve = await register(server, "Opal"), await register(server, "Eve")
    token = "guest-token-of-gus-who-signs-in-as-opal"
    await play_first_hand(social_client, server, token, store, 42)

    reply = await sign_in_as_guest(server, token, "Opal")
    opal_pid = reply.json()["pid"]
    gone = await store.get_try(today(), pid_of(token))  # the guest's is gone ...
    assert gone is not None and gone.moved_to == opal_pid and not gone.points
    mine = await store.get_try(today(), opal_pid)  # ... to the account, hand 2 next
    assert mine is not None and (mine.account, mine.points, mine.hand) == ("Opal", (42,), 1)
    # The browser is a new guest from now on, as after registering.
    assert reply.cookies.get(GUEST_COOKIE) not in (None, token)
    account = await social_client(server, cookie=opal)
    hand = await account.request(Daily())
    assert isinstance(hand, DailyHand) and hand.hand == 2

    # The attacker: the old guest cookie signed in to a second account takes nothing.
    eve_pid = (await sign_in_as_guest(server, token, "Eve")).json()["pid"]
    assert await store.get_try(today(), eve_pid) is None
    second = await social_client(server, cookie=eve)
    hand = await second.request(Daily())
    assert isinstance(hand, DailyHand) and hand.hand == 1  # Eve's own try, from hand 1
    opal_try = await store.get_try(today(), opal_pid)
    assert opal_try is not None and opal_try.points == (42,)


async def test_the_old_guest_cookie_restored_cannot_start_the_day_again(
        start_server: Start, social_client: SocialFactory, store: DailyStore) -> None:
    # The attacker keeps the guest cookie, signs in (the try moves to the account), then
    # puts the old cookie back by hand: a new try as that guest would deal the very hands
    # already seen, so the day is refused to it, on any node, however it asks.
    server = await start_server(**NO_PAR)
    await register(server, "Opal")
    token = "guest-token-of-gus-who-restores-his-cookie"
    first = await play_first_hand(social_client, server, token, store, 42)
    await sign_in_as_guest(server, token, "Opal")
    again = await social_client(server, token=token, name="Gus")
    with pytest.raises(RequestFailed) as refused:
        await again.request(Daily())
    assert refused.value.code == "daily_played"
    assert "moved to the account" in str(refused.value)
    assert again.table in (None, first)  # nothing dealt (hand 1's table: seated there)
    # Nor by the store's own compare-and-set (a node racing the sign-in's move).
    marker = await store.deal(today(), pid_of(token), None, "Gus", "t-after-move",
                              dt.datetime.now(dt.UTC))
    assert marker.table_id is None and marker.moved_to is not None
    # The marker is no try: not in the day's field, and never moved a second time.
    assert pid_of(token) not in {t.pid for t in await store.finished(today())}
    eve_pid = await register_pid(server, "Eve")
    assert await store.move(pid_of(token), eve_pid, "Eve") == 0


async def register_pid(server: LocalServer, name: str) -> str:
    """A new account's pid."""
    await register(server, name)
    async with httpx.AsyncClient(base_url=server.http) as web:
        reply = await web.post("/api/signin", json={"name": name, "password": PASSWORD},
                               headers=origin(server))
    assert reply.status_code == 200, reply.text
    return str(reply.json()["pid"])


async def test_an_account_that_played_keeps_its_own_try(
        start_server: Start, social_client: SocialFactory, store: DailyStore) -> None:
    server = await start_server(**NO_PAR)
    await register(server, "Opal")
    first, second = "guest-token-one-of-opal-daily", "guest-token-two-of-opal-daily"
    await play_first_hand(social_client, server, first, store, 10)
    opal_pid = (await sign_in_as_guest(server, first, "Opal")).json()["pid"]
    # A second guest's better try does not replace the account's: one try a day.
    await play_first_hand(social_client, server, second, store, 90)
    await sign_in_as_guest(server, second, "Opal")
    mine = await store.get_try(today(), opal_pid)
    assert mine is not None and mine.points == (10,)
    theirs = await store.get_try(today(), pid_of(second))
    assert theirs is not None and theirs.account is None and theirs.points == (90,)


async def test_a_hand_in_play_at_sign_in_is_counted_abandoned_then_moved(
        start_server: Start, social_client: SocialFactory, store: DailyStore) -> None:
    server = await start_server(**NO_PAR)
    await register(server, "Mia")
    token = "guest-token-of-a-guest-mid-hand-at-sign-in"
    guest = await social_client(server, token=token, name="Gus")
    assert isinstance(await guest.request(Daily()), DailyHand)
    mia_pid = (await sign_in_as_guest(server, token, "Mia")).json()["pid"]
    mine = await store.get_try(today(), mia_pid)
    assert mine is not None and mine.account == "Mia"
    assert (mine.hand, mine.abandoned, mine.table_id) == (1, (1,), None)
    assert mine.points == (abandoned_points(daily_rules()),)

