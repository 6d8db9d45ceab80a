"""Casual quick-play pools (issue 17): each popular rule set seats its own tables."""

from __future__ import annotations

import httpx
import pytest

from client.room_client import RequestFailed
from shared.protocol import QuickPlay

from .conftest import SocialFactory, Start


async def test_each_pool_seats_its_own_tables_under_its_rules(
        start_server: Start, social_client: SocialFactory) -> None:
    a, b = await start_server(fill_wait_s=60), await start_server(fill_wait_s=60)
    first, second = await social_client(a), await social_client(b)
    plain = await social_client(a)
    await first.request(QuickPlay(pool="whiz"))
    await second.request(QuickPlay(pool="whiz"))
    await plain.request(QuickPlay())
    assert first.table == second.table != plain.table
    whiz = await a.room.store.load(first.table or "")
    assert whiz is not None and whiz.rules["bidding"] == "whiz" and whiz.kind == "casual"
    casual = await a.room.store.load(plain.table or "")
    assert casual is not None and casual.rules["name"] == a.settings.casual_preset
    async with httpx.AsyncClient(base_url=a.http) as web:
        pools = (await web.get("/api/lobby")).json()["pools"]
    assert [p["pool"] for p in pools] == ["quick", "standard", "jokers", "whiz"]
    assert pools[2]["rules"] == "Jokers · 500 · Blind Nil any · jokers · bags 10/100"


async def test_a_pool_the_room_does_not_offer_is_refused(
        start_server: Start, social_client: SocialFactory) -> None:
    only = await start_server(quick_pools=("quick",))
    client = await social_client(only)
    for pool in ("whiz", "nonsense"):
        with pytest.raises(RequestFailed) as refused:
            await client.request(QuickPlay(pool=pool))
        assert refused.value.code == "bad_rules" and "offered: quick" in refused.value.message
    assert client.table is None
