"""A scout plays the day in one session and uses what its frames told it in another.

Real sockets, Redis and PostgreSQL; the node's secret is known to the tests. Each
test builds its second session so that it is dealt another instance than the first
(a fresh guest or account is drawn again until its published commitment differs: one
in sixteen is dealt the same deal by chance, which the promise allows), then looks for
anything of the second session's deal in the first one's frames.
"""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

import pytest

from client.room_client import RequestFailed
from server.analysis.store import RedisResults
from server.analysis.worker import Worker
from shared.daily import DailyDeals, verify_day
from shared.protocol import SERVER_MESSAGES, Analyse, AnalysisReply, Daily, DailyHand, decode
from tests.room.conftest import game_over
from tests.room_social.conftest import (
    SocialClient,
    SocialFactory,
    Start,
    bot_play_until,
    register,
)

from .test_daily_room import NO_PAR, SECRET, dealt, get, look, today

TRIES = 6  # fresh sessions drawn before giving up (all alike by chance: 16**-6)


def deals() -> DailyDeals:
    return DailyDeals.for_day(SECRET.encode(), today())


def frames_text(client: SocialClient) -> str:
    """Every frame the client received, decoded, as one JSON text."""
    assert client.recorded is not None
    return "\n".join(json.dumps(decode(f, SERVER_MESSAGES, max_size=None).message
                                .model_dump(mode="json"))
                     for f in client.recorded)


def learned_deal(client: SocialClient) -> list[set[str]]:
    """The four hands a player knows once the hand is over: every card played, by seat."""
    assert client.view is not None and client.view["review"] is not None
    hands: list[set[str]] = [set(), set(), set(), set()]
    for leader, cards, _ in client.view["review"]["tricks"]:
        for j, card in enumerate(cards):
            hands[(leader + j) % 4].add(card)
    return hands


async def another_deal(make: Any, first: DailyHand) -> tuple[SocialClient, DailyHand]:
    """A fresh session that is dealt another deal of hand 1 than ``first``."""
    for _ in range(TRIES):
        client: SocialClient = await make()
        reply = await client.request(Daily())
        assert isinstance(reply, DailyHand) and reply.hand == 1
        if reply.commitment != first.commitment:
            return client, reply
    raise AssertionError(f"{TRIES} fresh sessions were all dealt the first one's deal")


def assert_nothing_scouted(first: SocialClient, second: SocialClient,
                           reply: DailyHand, scouted: list[set[str]]) -> None:
    mine = set(dealt(second))
    assert all(mine != hand for hand in scouted if hand), "the scout knew the hand"
    deal = deals().deal_for(0, second.pid or "")
    assert deal.commitment == reply.commitment
    text = frames_text(first)
    assert reply.commitment not in text and str(deal.seed) not in text
    assert " ".join(sorted(mine)) not in text


@pytest.mark.timeout(300)
async def test_a_guest_cannot_scout_the_deal_of_another_guest(
        start_server: Start, social_client: SocialFactory) -> None:
    server = await start_server(**NO_PAR)
    scout = await social_client(server, name="Scout", record=True)
    first = await scout.request(Daily())
    assert isinstance(first, DailyHand)
    await bot_play_until(scout, game_over, timeout=240)  # the whole hand: all 52 cards
    scouted = learned_deal(scout)
    assert sum(len(h) for h in scouted) == 52

    async def guest() -> SocialClient:
        return await social_client(server, name="Guest")

    second, reply = await another_deal(guest, first)
    await look(second)
    assert_nothing_scouted(scout, second, reply, scouted)


@pytest.mark.timeout(300)
async def test_a_guest_cannot_scout_the_deal_of_an_account(
        start_server: Start, social_client: SocialFactory) -> None:
    server = await start_server(**NO_PAR)
    scout = await social_client(server, name="Scout", record=True)
    first = await scout.request(Daily())
    assert isinstance(first, DailyHand)
    await look(scout)
    scouted = [set(dealt(scout)), set(), set(), set()]
    names = iter(range(TRIES))
    cookies: dict[str, str] = {}

    async def account() -> SocialClient:
        cookie = await register(server, f"Acct{next(names)}")
        client = await social_client(server, cookie=cookie)
        cookies[client.pid or ""] = cookie
        return client

    second, reply = await another_deal(account, first)
    await look(second)
    assert_nothing_scouted(scout, second, reply, scouted)
    # The account's second session is dealt the same deal: no new draw to shop for.
    again = await social_client(server, cookie=cookies[second.pid or ""])
    repeat = await again.request(Daily())
    assert isinstance(repeat, DailyHand) and repeat.commitment == reply.commitment


@pytest.mark.timeout(300)
async def test_the_review_of_an_open_days_hand_shows_only_the_players_own_cards(
        start_server: Start, social_client: SocialFactory) -> None:
    server = await start_server(**NO_PAR)
    player = await social_client(server, name="Player", record=True)
    assert isinstance(await player.request(Daily()), DailyHand)
    await look(player)
    own = dealt(player)
    await bot_play_until(player, game_over, timeout=240)
    assert player.view is not None and player.view["over"]
    review = player.view["review"]
    assert review is not None and sorted(review["dealt"][0]) == own
    assert review["dealt"][1:] == [[], [], []]
    assert review.get("deal_seed") is None  # the seed deals every hand
    deal = deals().deal_for(0, player.pid or "")
    assert str(deal.seed) not in frames_text(player)
    # Its bots sampled with the player's own salt, which no frame carries.
    stored = await server.room.actor(player.table or "").peek()
    salt = deals().bot_salt(0, player.pid or "")
    assert stored is not None and stored.bot_salt == salt
    assert salt not in frames_text(player)
    for msg in (decode(f, SERVER_MESSAGES, max_size=None).message for f in player.recorded or []):
        dumped = msg.model_dump(mode="json")
        for found in _reviews(dumped):
            assert found["dealt"][1:] == [[], [], []] and found.get("deal_seed") is None
    # A stranger may not watch the table at all.
    stranger = await social_client(server, name="Stranger")
    with pytest.raises(RequestFailed) as refused:
        await stranger.watch(player.table or "")
    assert refused.value.code == "not_allowed"


def _reviews(value: Any) -> list[dict[str, Any]]:
    """Every dict under ``value`` that looks like a hand's review (has ``dealt``)."""
    out: list[dict[str, Any]] = []
    if isinstance(value, dict):
        if "dealt" in value and "tricks" in value:
            out.append(value)
        for item in value.values():
            out += _reviews(item)
    elif isinstance(value, list):
        for item in value:
            out += _reviews(item)
    return out


async def test_a_closed_day_reveals_every_instance_and_it_checks(start_server: Start) -> None:
    server = await start_server(**NO_PAR)
    yesterday = (dt.datetime.now(dt.UTC).date() - dt.timedelta(days=1)).isoformat()
    body = (await get(server, f"/api/daily/{yesterday}", {})).json()
    day = DailyDeals.for_day(SECRET.encode(), yesterday)
    assert body["instances"] == day.instances and body["hands"] == 8
    assert len(body["seeds"]) == len(body["commitments"]) == 8 * day.instances
    seeds = [int(s) for s in body["seeds"]]
    assert verify_day(body["day_commitment"], body["commitments"], seeds,
                      body["instances"]) == []
    # Today's record has every instance's commitment, and no seed.
    now = (await get(server, "/api/daily", {})).json()
    assert "seeds" not in now and len(now["commitments"]) == 8 * day.instances


async def analysed_daily_hand(server: Any, client: SocialClient) -> tuple[dict[str, Any],
                                                                         AnalysisReply]:
    """Play hand 1 recklessly (bid 13 when offered, else the first legal action), have a
    real worker analyse it: (the analysis as the worker stored it, the player's answer)."""
    assert isinstance(await client.request(Daily()), DailyHand)
    while True:
        await client.wait_for(lambda c: c.my_turn or game_over(c))
        if game_over(client):
            break
        assert client.view is not None
        legal = client.view["legal"]
        await client.act("bid 13" if "bid 13" in legal else legal[0])
    first = await client.request(Analyse())
    assert isinstance(first, AnalysisReply) and first.status == "queued"
    redis = server.room.store.client
    results = RedisResults(redis)
    worker = Worker(redis, results, "test-worker")
    await worker.ensure_group()
    assert await worker.step() == 1
    stored = await results.get(first.game, 0)
    done = await client.request(Analyse())
    assert isinstance(done, AnalysisReply) and done.status == "done"
    assert stored is not None and stored["status"] == "done"
    return stored["analysis"], done


@pytest.mark.timeout(600)
async def test_the_analysis_of_an_open_days_hand_holds_no_deal(
        start_server: Start, social_client: SocialFactory) -> None:
    """A marked mistake carries a practice ``position``: the hand's whole deal. While the
    day is open the analysis of a daily hand reaches the player without it (fresh
    guests play until the worker has marked a mistake, which reckless play soon is)."""
    server = await start_server(**NO_PAR)
    for n in range(4):
        player = await social_client(server, name=f"Player{n}")
        stored, done = await analysed_daily_hand(server, player)
        if any(mark["position"] is not None for mark in stored["marks"]):
            break
    else:
        raise AssertionError("4 reckless hands had no marked mistake to test with")
    assert done.analysis is not None
    assert len(done.analysis["marks"]) == len(stored["marks"])
    assert all(mark["position"] is None for mark in done.analysis["marks"])
