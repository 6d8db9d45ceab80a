"""The analysis of archived games (issue 19): the worker reads an archived game from
PostgreSQL and keeps its result there; a ranked game's people are queued when the
archive writes it; the route a player asks with, and its typed errors."""

from __future__ import annotations

import asyncio
import os
import secrets
import signal
import subprocess
import sys
from collections.abc import Awaitable, Callable
from dataclasses import replace

import asyncpg
import httpx
import msgpack  # type: ignore[import-untyped]
import redis.asyncio as redis_async

from server.analysis.archived import PostgresResults, queue_people, request_archived
from server.analysis.store import REQUESTS
from server.analysis.worker import Worker
from server.archive.writer import write_game
from server.settings import Settings
from server.social.accounts import pid_of
from server.tables.keys import ARCHIVE_QUEUE
from server.tables.model import Seat, Table, encode_table
from shared.archive import SeatRecord
from shared.archive.generate import random_game
from shared.spades import RuleSet
from tests.analysis.positions import nil_cover_position, nil_cover_record
from tests.room.conftest import LocalServer

COVER_EVENT = nil_cover_position().n_events  # South's ♥4 under its partner's Nil


def seats(south: str | None = "a1a1a1a1a1a1a1a1") -> list[SeatRecord]:
    """South a person (pid ``south``), West a bot, North a person, East one who left."""
    return [SeatRecord(0, "Ann", south), SeatRecord(1, "Bot", None, bot="standard"),
            SeatRecord(2, "Nia", "c3c3c3c3c3c3c3c3"),
            SeatRecord(3, "Eve", "d4d4d4d4d4d4d4d4", bot="standard", left=True)]


async def test_the_worker_analyses_an_archived_game_into_postgres(
        redis: redis_async.Redis, pool: asyncpg.Pool) -> None:
    assert await write_game(pool, nil_cover_record("tba.0", seats()))
    results = PostgresResults(pool)
    worker = Worker(redis, results, "w1", pool=pool)
    await worker.ensure_group()
    known, sent = await request_archived(redis, results, "tba.0", 0)
    assert known["status"] == "queued" and sent
    # Asked again while it waits: nothing more is sent.
    assert (await request_archived(redis, results, "tba.0", 0))[1] is False
    assert await redis.xlen(REQUESTS) == 1
    assert await worker.step() == 1
    row = await pool.fetchrow("SELECT status, result FROM game_analyses "
                              "WHERE game_id = 'tba.0' AND seat = 0")
    assert row is not None and row["status"] == "done"
    done = await results.get("tba.0", 0)
    assert done is not None and done["game"] == "tba.0"
    cover = next(m for m in done["analysis"]["marks"] if m["event"] == COVER_EVENT)
    assert cover["label"] == "mistake" and cover["better"] == "play AH"
    assert "covered your partner's Nil" in cover["reason"]
    assert cover["position"]["position"]["seat"] == 0
    # Done: asking again answers the kept result and sends nothing.
    again, sent = await request_archived(redis, results, "tba.0", 0)
    assert again["status"] == "done" and not sent and await redis.xlen(REQUESTS) == 0
    # The result goes with its game.
    await pool.execute("DELETE FROM games WHERE id = 'tba.0'")
    assert await results.get("tba.0", 0) is None


async def test_a_worker_leaves_an_archived_request_when_postgres_fails(
        redis: redis_async.Redis, pool: asyncpg.Pool, database_url: str) -> None:
    """PostgreSQL failing: the request stays unacknowledged and is done on a retake."""
    assert await write_game(pool, nil_cover_record("tbb.0", seats()))
    results = PostgresResults(pool)
    await request_archived(redis, results, "tbb.0", 0)
    broken = await asyncpg.create_pool(database_url.rsplit("/", 1)[0] + "/no_such_db",
                                       min_size=0, max_size=1)
    try:
        failing = Worker(redis, PostgresResults(broken), "w1", pool=broken, claim_idle_ms=0)
        await failing.ensure_group()
        assert await failing.step(block=False) == 1
        assert (await redis.xpending(REQUESTS, "analysers"))["pending"] == 1
    finally:
        await broken.close()
    heir = Worker(redis, results, "w2", pool=pool, claim_idle_ms=0)
    assert await heir.step(block=False) == 1
    found = await results.get("tbb.0", 0)
    assert found is not None and found["status"] == "done"
    assert (await redis.xpending(REQUESTS, "analysers"))["pending"] == 0


async def test_a_ranked_games_people_are_queued_when_it_is_archived(
        redis: redis_async.Redis, pool: asyncpg.Pool) -> None:
    ranked = nil_cover_record("tbr.0", seats(), kind="ranked")
    casual = nil_cover_record("tbc.0", seats())
    for record in (ranked, casual):
        assert await write_game(pool, record)
    assert await queue_people(redis, pool, casual) == 0
    assert await queue_people(redis, pool, ranked) == 2
    entries = await redis.xrange(REQUESTS)
    asked = sorted((body["game"], body["seat"]) for body in
                   (msgpack.unpackb(fields[b"r"]) for _, fields in entries))
    assert asked == [("tbr.0", 0), ("tbr.0", 2)]  # not the bot, not the leaver
    # The archive written twice (a retaken entry) queues nothing more.
    assert await queue_people(redis, pool, ranked) == 0


async def test_a_node_queues_a_ranked_games_people_when_its_archive_writes_it(
        archive_server: Callable[..., Awaitable[LocalServer]], pool: asyncpg.Pool,
        redis: redis_async.Redis) -> None:
    """The node's own archive queue, fed as apply.lua feeds it at a game's last card."""
    rules = RuleSet.preset("quick")
    game = random_game(rules, 11)
    people = (Seat("a1a1a1a1a1a1a1a1", "Ann"), Seat(None, "Bot", bot=True),
              Seat("c3c3c3c3c3c3c3c3", "Cy"), Seat("d4d4d4d4d4d4d4d4", "Dee"))
    table = replace(Table.new("rk1", "ranked", rules, 1_764_612_000_000), seats=people,
                    game=game, status="over")
    log = "\n".join(f"{seat} {action}" for seat, action in game.events)
    await archive_server()
    await redis.xadd(ARCHIVE_QUEUE, {b"st": encode_table(table), b"rev": b"300",
                                     b"log": log.encode(), b"gs": b"1764612000500"})
    deadline = asyncio.get_running_loop().time() + 30
    while await redis.xlen(REQUESTS) < 3:
        assert asyncio.get_running_loop().time() < deadline, "no analysis was queued"
        await asyncio.sleep(0.05)
    asked = sorted((body["game"], body["seat"]) for body in
                   (msgpack.unpackb(fields[b"r"]) for _, fields in await redis.xrange(REQUESTS)))
    assert asked == [("rk1.0", 0), ("rk1.0", 2), ("rk1.0", 3)]
    rows = await pool.fetch("SELECT seat, status FROM game_analyses WHERE game_id = 'rk1.0' "
                            "ORDER BY seat")
    assert [(r["seat"], r["status"]) for r in rows] == [(0, "queued"), (2, "queued"),
                                                        (3, "queued")]


async def test_the_route_asks_for_the_callers_seat_with_typed_errors(
        archive_server: Callable[..., Awaitable[LocalServer]], pool: asyncpg.Pool,
        redis: redis_async.Redis) -> None:
    token = secrets.token_urlsafe(24)
    assert await write_game(pool, nil_cover_record("tbd.0", seats(pid_of(token))))
    assert await write_game(pool, nil_cover_record("tbp.0", seats(), kind="private"))
    server = await archive_server()
    origin = {"Origin": server.http}
    player = {"Cookie": f"spades_token={token}"}
    mine = {**origin, **player}
    async with httpx.AsyncClient(base_url=server.http, timeout=10) as http:
        path = "/api/games/tbd.0/analysis"
        empty = await http.get(path)
        assert empty.status_code == 200
        assert empty.json() == {"game": "tbd.0", "you": None, "analyses": []}
        errors = [
            (await http.post("/api/games/nope.0/analysis", headers=origin), 404, "no_game"),
            (await http.post("/api/games/tbp.0/analysis", headers=origin), 404, "no_game"),
            (await http.post(path, headers=origin), 403, "not_a_player"),
            (await http.post(path, headers={
                **origin, "Cookie": f"spades_token={secrets.token_urlsafe(24)}"}), 403,
             "not_a_player"),
            (await http.post(path, headers=player), 403, "bad_origin"),
            (await http.post(path, headers={**player, "Origin": "https://evil.example"}),
             403, "bad_origin"),
        ]
        for reply, status, code in errors:
            assert (reply.status_code, reply.json()["error"]["code"]) == (status, code)
            assert reply.json()["error"]["message"]
        asked = await http.post(path, headers=mine)
        assert asked.status_code == 202 and asked.json()["status"] == "queued"
        seen = (await http.get(path, headers=player)).json()
        assert seen["you"] == 0 and seen["analyses"][0]["status"] == "queued"
        # A worker does it; the page's GET then holds the marks.
        worker = Worker(redis, PostgresResults(pool), "w1", pool=pool)
        await worker.ensure_group()
        assert await worker.step() == 1
        done = (await http.get(path)).json()["analyses"]
        assert [a["seat"] for a in done] == [0] and done[0]["status"] == "done"
        assert any(m["event"] == COVER_EVENT for m in done[0]["analysis"]["marks"])
        again = await http.post(path, headers=mine)
        assert again.status_code == 200 and again.json()["status"] == "done"


async def test_asking_is_rate_limited(
        archive_server: Callable[..., Awaitable[LocalServer]], pool: asyncpg.Pool) -> None:
    token = secrets.token_urlsafe(24)
    ids = [f"tl{i}.0" for i in range(Settings().analyses_per_player + 1)]
    for game_id in ids:
        assert await write_game(pool, nil_cover_record(game_id, seats(pid_of(token))))
    server = await archive_server()
    async with httpx.AsyncClient(base_url=server.http, timeout=10,
                                 headers={"Origin": server.http,
                                          "Cookie": f"spades_token={token}"}) as http:
        for game_id in ids[:-1]:
            assert (await http.post(f"/api/games/{game_id}/analysis")).status_code == 202
        refused = await http.post(f"/api/games/{ids[-1]}/analysis")
        assert refused.status_code == 429
        assert refused.json()["error"]["code"] == "rate_limited"
        assert int(refused.headers["retry-after"]) > 0
        # What was asked is still answered (a done or queued one costs no new request).
        assert (await http.post(f"/api/games/{ids[0]}/analysis")).status_code == 202


async def test_a_worker_process_with_database_url_analyses_an_archived_game(
        redis: redis_async.Redis, redis_url: str, pool: asyncpg.Pool,
        database_url: str) -> None:
    """``python -m server.analysis`` given DATABASE_URL (the environment, as deployed)."""
    assert await write_game(pool, nil_cover_record("tbw.0", seats()))
    results = PostgresResults(pool)
    proc = subprocess.Popen([sys.executable, "-m", "server.analysis", "--name", "pw"],
                            env={**os.environ, "REDIS_URL": redis_url,
                                 "DATABASE_URL": database_url},
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        await request_archived(redis, results, "tbw.0", 2)
        deadline = asyncio.get_running_loop().time() + 120
        while True:
            found = await results.get("tbw.0", 2)
            if found is not None and found["status"] == "done":
                break
            assert asyncio.get_running_loop().time() < deadline, found
            await asyncio.sleep(0.2)
        assert found["analysis"]["seat"] == 2
    finally:
        proc.send_signal(signal.SIGTERM)
        code = proc.wait(timeout=60)
        assert proc.stderr is not None
        proc.stderr.close()
    assert code == 0
