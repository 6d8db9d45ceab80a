"""``analyse`` over a real socket: a practice game's finished hand goes to a real worker
on the room's Redis, and the answer carries its analysis."""

from __future__ import annotations

import pytest

from client.room_client import RequestFailed
from server.analysis.store import RedisResults
from server.analysis.worker import Worker
from shared.protocol import Analyse, AnalysisReply, Practice

from .conftest import LocalServer, SocialFactory


async def test_analyse_a_finished_hand_through_a_worker(server: LocalServer,
                                                        social_client: SocialFactory) -> None:
    client = await social_client(server, name="Ana")
    with pytest.raises(RequestFailed) as nowhere:
        await client.request(Analyse())
    assert nowhere.value.code == "not_seated"
    # A lesson's last three tricks (a raw position is not analysed: test_analysis_limits).
    await client.request(Practice(scenario="nil-duck", level="standard", pace="fast"))
    await client.wait_for(lambda c: c.my_turn)
    with pytest.raises(RequestFailed) as early:
        await client.request(Analyse())
    assert early.value.code == "illegal" and "No hand" in early.value.message
    for card in ("play 9H", "play 3C", "play KH"):  # under the winner each time
        await client.wait_for(lambda c: c.my_turn)
        await client.act(card)
    await client.wait_for(lambda c: c.view is not None
                          and (c.view["over"] or c.view["hand_no"] == 1))
    first = await client.request(Analyse())
    assert isinstance(first, AnalysisReply) and first.status == "queued"
    assert first.seat == 0 and first.game.endswith(":1")  # one finished hand
    redis = server.room.store.client
    worker = Worker(redis, RedisResults(redis), "test-worker")
    await worker.ensure_group()
    assert await worker.step() == 1
    done = await client.request(Analyse())
    assert isinstance(done, AnalysisReply) and done.status == "done"
    assert done.analysis is not None and done.analysis["hands"] == 1
