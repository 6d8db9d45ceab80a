"""The lobby's open tables and Watch list (issue 17) across two nodes."""

from __future__ import annotations

import asyncio

import httpx
import pytest

from client.room_client import RequestFailed
from server.social.lobby_lists import LIVE_CASUAL, rules_line
from shared.protocol import CreatePrivate, Join, Leave, QuickPlay, StartGame, Watch

from .conftest import SocialFactory, Start, bot_play_until, register
from .test_friends import call, until


def test_the_rules_in_one_line() -> None:
    assert rules_line({"name": "standard"}, "standard") == (
        "500 · Blind Nil any · bags 10/100 · Standard bots")
    assert rules_line({"name": "quick", "target_score": 250, "blind_nil": "off",
                       "bag_penalty": False}) == "Quick · 250 · no bags"
    assert rules_line({"bogus": 1}) == "house rules"


# The standard rules' line with standard bots, as catalogue ids and arguments.
STANDARD_PARTS = [["lobby_rules.target", {"target": 500}], ["lobby_rules.blind_nil.any", {}],
                  ["lobby_rules.bags", {"limit": 10, "points": 100}],
                  ["lobby_rules.bots.standard", {}]]


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
                              "rules": "500 · Blind Nil any · bags 10/100 · Standard bots",
                              "rules_parts": STANDARD_PARTS}]
    assert shown["watch"] == []
    await stranger.request(Join(table=host.table))
    assert stranger.table == host.table and stranger.seat is not None

    await host.request(StartGame())
    async with httpx.AsyncClient(base_url=b.http) as web:
        shown = (await web.get("/api/lobby")).json()
    assert shown["open"] == []  # started: not open to join any more
    assert [(w["table"], w["kind"]) for w in shown["watch"]] == [(host.table, "private")]
    assert "olga" in shown["watch"][0]["players"]
    assert shown["watch"][0]["rules_parts"] == STANDARD_PARTS
    # Listed by its host, the table is open as if its invite were given: anyone watches
    # it from the list (the Watch button sends the table's id).
    onlooker = await social_client(b)
    await onlooker.request(Watch(table=host.table))
    assert onlooker.table == host.table and onlooker.seat is None


async def test_a_casual_game_is_on_the_watch_list_while_it_is_played(
        start_server: Start, social_client: SocialFactory) -> None:
    # Four people fill one quick-play table (no bot takes a seat: the fill wait is a
    # minute), and the game waits for them at every turn (ten minutes each).
    a = await start_server(fill_wait_s=60, turn_time_s=600)
    b = await start_server(fill_wait_s=60, turn_time_s=600)
    players = [await social_client(node) for node in (a, b, a, b)]
    for player in players:
        await player.request(QuickPlay())
    table = players[0].table
    assert table is not None and all(p.table == table for p in players)
    await players[0].wait_for(lambda c: c.status == "playing")

    async def watch_rows() -> list[dict[str, object]]:
        async with httpx.AsyncClient(base_url=b.http) as web:
            return list((await web.get("/api/lobby")).json()["watch"])

    async def shown() -> bool:
        return [(w["table"], w["kind"]) for w in await watch_rows()] == [(table, "casual")]
    await until(shown)
    row = (await watch_rows())[0]
    assert row["rating"] is None and str(row["rules"]).startswith("Quick")
    assert sorted(str(n) for n in row["players"]) == sorted(str(p.name) for p in players)
    # A stranger on the other node watches it from the list.
    stranger = await social_client(b)
    await stranger.request(Watch(table=table))
    assert stranger.table == table and stranger.seat is None
    # Played to the end: off the index (and so off the list).
    await asyncio.gather(*(bot_play_until(p) for p in players))

    async def gone() -> bool:
        return await a.room.store.client.zscore(LIVE_CASUAL, table) is None
    await until(gone)
    assert await watch_rows() == []


async def test_watch_lists_only_games_that_move_with_score_and_progress(
        start_server: Start, social_client: SocialFactory) -> None:
    # One person and three bots (the fill wait is short); the person's turns wait.
    node = await start_server(turn_time_s=600)
    player = await social_client(node)
    await player.request(QuickPlay())
    await player.wait_for(lambda c: c.status == "playing")
    table = player.table

    async def watch_rows() -> list[dict[str, object]]:
        async with httpx.AsyncClient(base_url=node.http) as web:
            return list((await web.get("/api/lobby")).json()["watch"])

    async def listed() -> bool:
        return [w["table"] for w in await watch_rows()] == [table]
    await until(listed)
    row = (await watch_rows())[0]
    assert (row["hand"], row["teams"], row["scores"]) == (1, [[0, 2], [1, 3]], [0, 0])
    assert (row["target"], row["max_hands"], row["ratings"]) == (250, 30, None)  # Quick
    # The person leaves: a bot takes the seat, and with no person there the bots stop.
    # A game frozen for good is not one to watch.
    await player.request(Leave())

    async def unlisted() -> bool:
        return await watch_rows() == []
    await until(unlisted)
    assert await node.room.store.client.zscore(LIVE_CASUAL, table or "") is None
