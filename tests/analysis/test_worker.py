"""The analysis worker over real Redis: requests in the stream, results in the store."""

from __future__ import annotations

import asyncio
import signal
import subprocess
import sys
import time
from typing import Any

import msgpack  # type: ignore[import-untyped]
import redis.asyncio as redis_async

from server.analysis.store import GROUP, REQUESTS, RedisResults, ahead_of, request
from server.analysis.worker import Worker

from .positions import nil_cover_game, nil_cover_position

COVER_EVENT = nil_cover_position().n_events


def _record() -> dict[str, Any]:
    return nil_cover_game("play 4H").to_dict()


async def test_a_request_is_analysed_and_its_result_kept(redis: redis_async.Redis) -> None:
    results = RedisResults(redis)
    worker = Worker(redis, results, "w1")
    await worker.ensure_group()
    first = await request(redis, results, "tb1:0", 0, _record())
    assert first["status"] == "queued"
    assert await worker.step() == 1
    done = await results.get("tb1:0", 0)
    assert done is not None and done["status"] == "done"
    marks = done["analysis"]["marks"]
    cover = next(m for m in marks if m["event"] == COVER_EVENT)
    assert cover["better"] == "play AH" and "covered your partner's Nil" in cover["reason"]
    assert cover["position"]["position"]["seat"] == 0
    # Asked again: the kept result, and nothing in the stream (the request was deleted
    # when acknowledged).
    assert (await request(redis, results, "tb1:0", 0, _record()))["status"] == "done"
    assert await redis.xlen(REQUESTS) == 0
    pending = await redis.xpending(REQUESTS, GROUP)
    assert pending["pending"] == 0


async def test_a_waiting_request_is_sent_once(redis: redis_async.Redis) -> None:
    results = RedisResults(redis)
    await Worker(redis, results, "w1").ensure_group()
    for _ in range(3):
        assert (await request(redis, results, "tb2:0", 0, _record()))["status"] == "queued"
    assert await redis.xlen(REQUESTS) == 1


async def test_two_workers_share_the_requests(redis: redis_async.Redis) -> None:
    results = RedisResults(redis)
    a, b = Worker(redis, results, "a"), Worker(redis, results, "b")
    await a.ensure_group()
    await b.ensure_group()  # a second worker finds the group made
    await request(redis, results, "tb3:0", 0, _record())
    await request(redis, results, "tb3:0", 1, _record())
    assert await a.step() == 1 and await b.step() == 1
    for seat in (0, 1):
        found = await results.get("tb3:0", seat)
        assert found is not None and found["status"] == "done" and found["seat"] == seat


async def test_a_dead_workers_request_is_taken_over(redis: redis_async.Redis) -> None:
    results = RedisResults(redis)
    heir = Worker(redis, results, "heir", claim_idle_ms=0)
    await heir.ensure_group()
    await request(redis, results, "tb4:0", 0, _record())
    # A worker takes the request and dies before acknowledging it.
    taken = await redis.xreadgroup(GROUP, "dead", {REQUESTS: ">"}, count=1)
    assert taken and taken[0][1]
    assert await heir.step(block=False) == 1
    found = await results.get("tb4:0", 0)
    assert found is not None and found["status"] == "done"
    assert (await redis.xpending(REQUESTS, GROUP))["pending"] == 0


async def test_a_damaged_record_is_a_failed_result_with_a_reason(
        redis: redis_async.Redis) -> None:
    results = RedisResults(redis)
    worker = Worker(redis, results, "w1")
    await worker.ensure_group()
    record = _record()
    record["events"][COVER_EVENT - 1] = [0, "play 4H"]  # South plays in East's turn
    await request(redis, results, "tb5:0", 0, record)
    # ... and an entry that is not a request at all is dropped, not retried forever.
    await redis.xadd(REQUESTS, {"r": msgpack.packb({"nothing": 1})})
    assert await worker.step() == 1 and await worker.step() == 1
    found = await results.get("tb5:0", 0)
    assert found is not None and found["status"] == "failed"
    assert "does not replay" in found["error"]
    assert (await redis.xpending(REQUESTS, GROUP))["pending"] == 0


async def test_worker_processes_share_the_stream_and_stop_on_sigterm(
        redis: redis_async.Redis, redis_url: str) -> None:
    """Two ``python -m server.analysis`` processes: every request is answered once,
    and SIGTERM stops each cleanly."""
    results = RedisResults(redis)
    procs = [subprocess.Popen([sys.executable, "-m", "server.analysis", "--redis", redis_url,
                               "--name", f"proc{i}"], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE) for i in range(2)]
    try:
        for seat in range(4):
            await request(redis, results, "tb6:0", seat, _record())
        deadline = time.monotonic() + 120
        while True:
            found = [await results.get("tb6:0", seat) for seat in range(4)]
            pending, groups = None, None
            if all(f is not None and f["status"] == "done" for f in found):
                # A worker stores the result, then acknowledges the request (one killed
                # between the two leaves it to be retaken, never lost): wait for both.
                groups = await redis.xinfo_consumers(REQUESTS, GROUP)
                pending = sum(int(g["pending"]) for g in groups)
                # SIGTERM is the worker's to handle once it runs; before that (a loaded
                # machine may still be importing one while the other has answered all
                # four) it is the interpreter's default, death by the signal. A worker
                # has its handler before its first read makes it a consumer.
                names = {g["name"] for g in groups}
                if pending == 0 and names >= {b"proc0", b"proc1"}:
                    break
            assert time.monotonic() < deadline, (found, pending, groups)
            await asyncio.sleep(0.2)
    finally:
        for proc in procs:
            proc.send_signal(signal.SIGTERM)
        codes = [proc.wait(timeout=60) for proc in procs]
        for proc in procs:
            assert proc.stdout is not None and proc.stderr is not None
            proc.stdout.close()
            proc.stderr.close()
    assert codes == [0, 0]


async def test_a_worker_trims_acknowledged_requests_older_workers_kept_and_no_other(
        redis: redis_async.Redis) -> None:
    # Workers before the bounded backlog acknowledged requests and left them in the
    # stream for MAXLEN trimming; they would count as backlog forever.
    worker = Worker(redis, RedisResults(redis), "w1")
    await worker.ensure_group()
    for game in ("old1", "old2", "taken", "unread"):
        await redis.xadd(REQUESTS, {"r": msgpack.packb({"game": game, "seat": 0})})
    got = await redis.xreadgroup(GROUP, "old-worker", {REQUESTS: ">"}, count=3)
    ids = [entry_id for _, batch in got for entry_id, _ in batch]
    await redis.xack(REQUESTS, GROUP, ids[0], ids[1])  # "taken" stays pending
    await worker.trim_acknowledged()
    left = [msgpack.unpackb(f[b"r"])["game"] for _, f in await redis.xrange(REQUESTS)]
    assert left == ["taken", "unread"]
    await redis.xack(REQUESTS, GROUP, ids[2])
    await worker.trim_acknowledged()  # nothing pending: all delivered ones go
    left = [msgpack.unpackb(f[b"r"])["game"] for _, f in await redis.xrange(REQUESTS)]
    assert left == ["unread"]


async def test_a_restarted_worker_first_finishes_what_it_held(
        redis: redis_async.Redis) -> None:
    """A supervised worker restarts under its old name: the request it had taken when
    it died is analysed at its first step, not after CLAIM_IDLE_MS, and the queue's
    count of finished requests moves (store.ahead_of)."""
    results = RedisResults(redis)
    await Worker(redis, results, "slot-0").ensure_group()
    await request(redis, results, "tb9:0", 0, _record())
    await request(redis, results, "tb9:1", 0, _record())
    assert await ahead_of(redis, "tb9:1", 0) == 1
    # The first worker under this name takes the first request, then dies (SIGKILL).
    taken: Any = await redis.xreadgroup(GROUP, "slot-0", {REQUESTS: ">"}, count=1)
    assert len(taken[0][1]) == 1
    again = Worker(redis, results, "slot-0", block_ms=10)
    assert await again.step() == 1
    done = await results.get("tb9:0", 0)
    assert done is not None and done["status"] == "done"
    assert await ahead_of(redis, "tb9:1", 0) == 0
