"""``analyse`` over a real socket: a practice game's finished hand goes to a real worker
on the room's Redis, and the answer carries its analysis."""

from __future__ import annotations

import pytest

from client.room_client import RequestFailed
from server.analysis.store import RedisResults
from server.analysis.worker import Worker
from shared.protocol import Analyse, AnalysisReply, Practice
from tests.security.test_analysis_limits import Start, _analyse, _finish_a_game

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


async def test_a_waiting_request_is_told_its_place_in_the_queue(
        start_server: Start, social_client: SocialFactory) -> None:
    """No worker runs (the room under test starts none), so the requests wait by
    construction: each is told how many are ahead of it, and one fewer once a worker
    has finished the first."""
    server = await start_server(analyses_per_address=100)
    clients = [await social_client(server, name=f"Q{i}") for i in range(3)]
    for client in clients:
        await _finish_a_game(client)
    places = []
    for client in clients:
        reply = await _analyse(client)
        assert reply.status == "queued"
        places.append(reply.ahead)
    assert places == [0, 1, 2]
    again = await _analyse(clients[2])  # asking again sends nothing new: same place
    assert again.status == "queued" and again.ahead == 2
    redis = server.room.store.client
    worker = Worker(redis, RedisResults(redis), "test-worker")
    await worker.ensure_group()
    assert await worker.step() == 1  # the first request, done
    first = await _analyse(clients[0])
    assert first.status == "done" and first.ahead is None
    assert (await _analyse(clients[1])).ahead == 0
    assert (await _analyse(clients[2])).ahead == 1
