"""``analyse`` over a real socket: a practice game's finished hand goes to a real worker
on the room's Redis, and the answer carries the marked decision."""

from __future__ import annotations

import pytest

from client.room_client import RequestFailed
from server.analysis.store import RedisResults
from server.analysis.worker import Worker
from shared.protocol import Analyse, AnalysisReply, Practice
from tests.analysis.positions import NIL_COVER_DEAL, nil_cover_game, nil_cover_position

from .conftest import LocalServer, SocialFactory

COVER_EVENT = nil_cover_position().n_events


def _last_card_position() -> tuple[dict[str, object], str]:
    """The Nil-cover deal with South's ♥4 under its partner, played to South's last
    card: (the practice position, that card)."""
    game = nil_cover_game("play 4H")
    events = game.events
    last = max(i for i, (seat, text) in enumerate(events) if seat == 0)
    moves = [text for _, text in events[:last] if text != "look"]
    position = {"deal": NIL_COVER_DEAL, "dealer": 0, "moves": moves, "seat": 0}
    return position, events[last][1]


async def test_analyse_a_finished_hand_through_a_worker(server: LocalServer,
                                                        social_client: SocialFactory) -> None:
    client = await social_client(server, name="Ana")
    with pytest.raises(RequestFailed) as nowhere:
        await client.request(Analyse())
    assert nowhere.value.code == "not_seated"
    position, card = _last_card_position()
    await client.request(Practice(position=position, level="standard", pace="fast"))
    await client.wait_for(lambda c: c.my_turn)
    with pytest.raises(RequestFailed) as early:
        await client.request(Analyse())
    assert early.value.code == "illegal" and "No hand" in early.value.message
    await client.act(card)  # the hand's last card: the hand is scored
    await client.wait_for(lambda c: c.view is not None and c.view["hand_no"] == 1)
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
    cover = next(m for m in done.analysis["marks"] if m["event"] == COVER_EVENT)
    assert cover["action"] == "play 4H" and cover["better"] == "play AH"
    assert "covered your partner's Nil" in cover["reason"]
