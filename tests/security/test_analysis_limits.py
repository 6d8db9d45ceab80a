"""Analysis requests are limited and never lost: one limit for the socket's ``analyse``
and HTTP's ``POST /api/games/{id}/analysis`` (per player and per address), no analysis
of a raw practice position, and a bounded backlog that refuses instead of trimming
requests no worker has read. Real sockets, real HTTP, real Redis and PostgreSQL."""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable
from typing import Any

import asyncpg
import httpx
import msgpack  # type: ignore[import-untyped]
import pytest
import redis.asyncio as redis_async

from client.room_client import RequestFailed
from server.analysis.store import REQUESTS, AnalysisBusy, RedisResults, request
from server.analysis.worker import Worker
from server.archive.writer import write_game
from server.ops.address_key import limit_key
from server.social.accounts import pid_of
from shared.protocol import Analyse, AnalysisReply, Practice
from tests.analysis.positions import nil_cover_game, nil_cover_record
from tests.archive.test_analysis import seats
from tests.room.conftest import LocalServer
from tests.room_social.conftest import SocialClient, SocialFactory, bot_play_until

Start = Callable[..., Awaitable[LocalServer]]


def _hand_done(c: Any) -> bool:
    return bool(c.view and (c.view["over"] or c.view["hand_no"] >= 1))


async def _finish_a_game(client: SocialClient) -> None:
    """A new practice table from a lesson's last tricks, played until its hand is
    scored: a new game with a finished hand, which ``analyse`` may queue."""
    await client.request(Practice(scenario="nil-duck", level="standard", pace="fast"))
    await client.wait_for(lambda c: c.view is not None and c.table is not None)
    await bot_play_until(client, _hand_done)


async def _analyse(client: SocialClient) -> AnalysisReply:
    reply = await client.request(Analyse())
    assert isinstance(reply, AnalysisReply)
    return reply


async def _refused(client: SocialClient) -> RequestFailed:
    with pytest.raises(RequestFailed) as refused:
        await client.request(Analyse())
    return refused.value


async def test_a_guest_firing_analyse_over_one_socket_is_refused_past_the_limit(
        start_server: Start, social_client: SocialFactory) -> None:
    server = await start_server(analyses_per_player=3, analyses_per_address=100)
    guest = await social_client(server)
    for _ in range(3):
        await _finish_a_game(guest)
        assert (await _analyse(guest)).status == "queued"
        assert (await _analyse(guest)).status == "queued"  # asking again costs nothing
    await _finish_a_game(guest)
    refused = await _refused(guest)
    assert refused.code == "rate_limited" and "many analyses this hour" in refused.message
    assert "Try again in" in refused.message
    assert await server.room.store.client.xlen(REQUESTS) == 3


async def test_two_sockets_of_one_guest_share_the_limit(
        start_server: Start, social_client: SocialFactory) -> None:
    server = await start_server(analyses_per_player=2, analyses_per_address=100)
    token = secrets.token_urlsafe(24)
    first = await social_client(server, token=token)
    second = await social_client(server, token=token)
    assert first.pid == second.pid
    for socket in (first, second):
        await _finish_a_game(socket)
        assert (await _analyse(socket)).status == "queued"
    for socket in (second, first):
        await _finish_a_game(socket)
        assert (await _refused(socket)).code == "rate_limited"


async def test_a_second_guest_on_the_same_address_is_refused_past_its_limit(
        start_server: Start, social_client: SocialFactory) -> None:
    server = await start_server(analyses_per_player=2, analyses_per_address=3)
    one, other = await social_client(server), await social_client(server)
    for _ in range(2):
        await _finish_a_game(one)
        assert (await _analyse(one)).status == "queued"
    await _finish_a_game(other)
    assert (await _analyse(other)).status == "queued"
    await _finish_a_game(other)
    refused = await _refused(other)
    assert refused.code == "rate_limited" and "from your address" in refused.message


async def test_http_and_socket_share_one_limit(
        start_server: Start, social_client: SocialFactory, database_url: str) -> None:
    server = await start_server(analyses_per_player=3, analyses_per_address=100)
    token = secrets.token_urlsafe(24)
    pool = await asyncpg.create_pool(database_url, min_size=0, max_size=2)
    try:
        ids = [f"lim{secrets.token_hex(4)}.{i}" for i in range(3)]
        for game_id in ids:
            assert await write_game(pool, nil_cover_record(game_id, seats(pid_of(token))))
    finally:
        await pool.close()
    guest = await social_client(server, token=token)
    async with httpx.AsyncClient(base_url=server.http, timeout=30,
                                 headers={"Origin": server.http,
                                          "Cookie": f"spades_token={token}"}) as http:
        for game_id in ids[:2]:
            assert (await http.post(f"/api/games/{game_id}/analysis")).status_code == 202
        await _finish_a_game(guest)
        assert (await _analyse(guest)).status == "queued"  # the third of three
        refused = await http.post(f"/api/games/{ids[2]}/analysis")
        assert refused.status_code == 429
        assert refused.json()["error"]["code"] == "rate_limited"
        assert int(refused.headers["retry-after"]) > 0
        await _finish_a_game(guest)
        assert (await _refused(guest)).code == "rate_limited"


async def test_a_raw_practice_position_is_not_analysed(
        server: LocalServer, social_client: SocialFactory) -> None:
    guest = await social_client(server)
    game = nil_cover_game("play 4H")
    moves = [text for _, text in game.events if text != "look"]
    deal = [list(cards) for cards in game.opening["deal"]] if game.opening else None
    await guest.request(Practice(position={"deal": deal, "dealer": game.first_dealer,
                                           "moves": moves, "seat": 0}))
    await guest.wait_for(lambda c: c.view is not None and c.view["hand_no"] >= 1)
    refused = await _refused(guest)
    assert refused.code == "not_allowed" and "position you set up" in refused.message
    assert await server.room.store.client.xlen(REQUESTS) == 0


async def test_a_full_backlog_refuses_over_the_socket(
        start_server: Start, social_client: SocialFactory) -> None:
    server = await start_server(analysis_backlog=1)
    guest = await social_client(server)
    await _finish_a_game(guest)
    assert (await _analyse(guest)).status == "queued"
    await _finish_a_game(guest)
    refused = await _refused(guest)
    assert refused.code == "analysis_busy" and "Ask again" in refused.message
    assert await server.room.store.client.xlen(REQUESTS) == 1


async def test_a_backlog_at_its_bound_refuses_and_loses_no_request(
        redis: redis_async.Redis) -> None:
    record = nil_cover_game("play 4H").to_dict()
    results = RedisResults(redis)
    worker = Worker(redis, results, "w1", block_ms=100)
    await worker.ensure_group()
    accepted = []
    for i in range(5):
        known = await request(redis, results, f"g{i}", 0, record, backlog=5)
        assert known["status"] == "queued"
        accepted.append(f"g{i}")
    with pytest.raises(AnalysisBusy) as busy:
        await request(redis, results, "g5", 0, record, backlog=5)
    assert busy.value.code == "analysis_busy" and "Ask again" in str(busy.value)
    assert await results.get("g5", 0) is None  # no queued marker left behind
    waiting = [msgpack.unpackb(f[b"r"])["game"] for _, f in await redis.xrange(REQUESTS)]
    assert waiting == accepted  # every accepted request is in the stream, unread
    # A worker takes one: room for exactly one more; then every request is analysed.
    assert await worker.step(block=False) == 1
    assert (await request(redis, results, "g5", 0, record, backlog=5))["status"] == "queued"
    with pytest.raises(AnalysisBusy):
        await request(redis, results, "g6", 0, record, backlog=5)
    while await worker.step(block=False):
        pass
    for game in [*accepted, "g5"]:
        done = await results.get(game, 0)
        assert done is not None and done["status"] == "done", game
    assert await redis.xlen(REQUESTS) == 0


def test_an_ipv6_address_counts_by_its_64() -> None:
    assert limit_key("2001:db8:1:2::1") == limit_key("2001:db8:1:2:ffff::9")
    assert limit_key("2001:db8:1:2::1") != limit_key("2001:db8:1:3::1")
    assert limit_key("::ffff:192.0.2.7") == limit_key("192.0.2.7") == "192.0.2.7"
    assert limit_key("192.0.2.7") != limit_key("192.0.2.8")
