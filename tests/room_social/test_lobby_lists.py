"""The lobby's open tables and Watch list (issue 17) across two nodes."""

from __future__ import annotations

import httpx
import pytest

from client.room_client import RequestFailed
from server.social.lobby_lists import rules_line
from shared.protocol import CreatePrivate, Join, StartGame

from .conftest import SocialFactory, Start, register
from .test_friends import call


def test_the_rules_in_one_line() -> None:
    assert rules_line({"name": "standard"}, "standard") == (
        "500 · Blind Nil any · bags 10/100 · Standard bots")
    assert rules_line({"name": "quick", "target_score": 250, "blind_nil": "off",
                       "bag_penalty": False}) == "Quick · 250 · no bags"
    assert rules_line({"bogus": 1}) == "house rules"


async def test_a_listed_table_is_shown_joined_by_anyone_then_watched(
        start_server: Start, social_client: SocialFactory) -> None:
    a, b = await start_server(), await start_server()
    olga, pat = await register(a, "olga"), await register(b, "pat")
    host = await social_client(a, cookie=olga)
    await host.request(CreatePrivate(watch=True))
    assert host.table is not None
    stranger = await social_client(b, cookie=pat)
    with pytest.raises(RequestFailed) as unlisted:
        await stranger.request(Join(table=host.table))
    assert unlisted.value.code == "not_allowed"

    not_host = await call(b, pat, "/api/tables/open", {"open": True})
    assert not_host.status_code == 403 and not_host.json()["error"] == "not_host"
    listed = await call(a, olga, "/api/tables/open", {"open": True})
    assert listed.json() == {"table": host.table, "open": True}
    async with httpx.AsyncClient(base_url=b.http) as web:
        shown = (await web.get("/api/lobby")).json()
    assert shown["open"] == [{"table": host.table, "free": 3, "host": "olga",
                              "rules": "500 · Blind Nil any · bags 10/100 · Standard bots"}]
    assert shown["watch"] == []
    await stranger.request(Join(table=host.table))
    assert stranger.table == host.table and stranger.seat is not None

    await host.request(StartGame())
    async with httpx.AsyncClient(base_url=b.http) as web:
        shown = (await web.get("/api/lobby")).json()
    assert shown["open"] == []  # started: not open to join any more
    assert [(w["table"], w["kind"]) for w in shown["watch"]] == [(host.table, "private")]
    assert "olga" in shown["watch"][0]["players"]
