"""Blocks hold at private tables, both ways: a listed table is hidden from those with a
block against anyone seated there, and sitting there is refused with ``blocked``. The
Watch list does not offer a game where someone sits with a block against the viewer."""

from __future__ import annotations

import pytest

from client.room_client import RequestFailed
from shared.protocol import CreatePrivate, Join, QuickPlay
from tests.room.conftest import LocalServer

from .conftest import SocialFactory, Start, register
from .test_friends import call, until


async def open_rows(server: LocalServer, cookie: str | None) -> list[str]:
    response = await call(server, cookie or "", "/api/lobby")
    assert response.status_code == 200, response.text
    return [row["table"] for row in response.json()["open"]]


async def watch_rows(server: LocalServer, cookie: str | None) -> list[str]:
    response = await call(server, cookie or "", "/api/lobby")
    assert response.status_code == 200, response.text
    return [row["table"] for row in response.json()["watch"]]


async def test_a_block_hides_and_refuses_private_tables_both_ways(
        start_server: Start, social_client: SocialFactory) -> None:
    a, b = await start_server(), await start_server()
    mona, nick, opal = (await register(a, "mona"), await register(b, "nick"),
                        await register(b, "opal"))
    host = await social_client(a, cookie=mona)
    created = await host.request(CreatePrivate())
    listed = await call(a, mona, "/api/tables/open", {"open": True})
    assert listed.status_code == 200, listed.text
    assert host.table in await open_rows(b, nick)
    assert (await call(a, mona, "/api/block", {"name": "nick"})).status_code == 200

    # The blocked player: the blocker's listed table is gone from his list, and neither
    # the listing nor the code seats him.
    assert host.table not in await open_rows(b, nick)
    assert host.table in await open_rows(b, opal)  # others still see it
    assert host.table in await open_rows(b, None)  # and so does a guest
    blocked = await social_client(b, cookie=nick)
    for join in (Join(table=host.table), Join(code=created.code)):
        with pytest.raises(RequestFailed) as refused:
            await blocked.request(join)
        assert refused.value.code == "blocked"
        assert "block" in refused.value.message
    assert blocked.table is None

    # The other way: opal sits at the table first, then blocks the host's next guest:
    # the blocker (seated, not the host) keeps that guest out as well.
    sitter = await social_client(b, cookie=opal)
    await sitter.request(Join(table=host.table))
    assert sitter.table == host.table
    pete = await register(a, "pete")
    assert (await call(b, opal, "/api/block", {"name": "pete"})).status_code == 200
    assert host.table not in await open_rows(a, pete)
    other = await social_client(a, cookie=pete)
    with pytest.raises(RequestFailed) as refused:
        await other.request(Join(code=created.code))
    assert refused.value.code == "blocked"
    # The blocker is kept from the blocked player's table too: a block is both ways.
    pete_host = await social_client(a, cookie=pete)
    pete_table = await pete_host.request(CreatePrivate())
    assert (await call(a, pete, "/api/tables/open", {"open": True})).status_code == 200
    assert pete_host.table not in await open_rows(b, opal)
    leaving = await social_client(b, cookie=opal)
    with pytest.raises(RequestFailed) as refused:
        await leaving.request(Join(code=pete_table.code))
    assert refused.value.code == "blocked"


async def test_a_block_keeps_the_game_off_the_watch_list_both_ways(
        start_server: Start, social_client: SocialFactory) -> None:
    # Mona plays quick play with three bots (her turns wait); two others look for games
    # to watch on another node.
    a, b = await start_server(turn_time_s=600), await start_server(turn_time_s=600)
    mona, nick, opal = (await register(a, "mona"), await register(b, "nick"),
                        await register(b, "opal"))
    player = await social_client(a, cookie=mona)
    await player.request(QuickPlay())
    await player.wait_for(lambda c: c.status == "playing")
    table = player.table

    async def offered() -> bool:
        return table in await watch_rows(b, nick)
    await until(offered)
    assert (await call(a, mona, "/api/block", {"name": "nick"})).status_code == 200
    assert table not in await watch_rows(b, nick)  # blocked by the player: not offered
    assert table in await watch_rows(b, opal)  # others still see it
    assert table in await watch_rows(b, None)  # and so does a guest
    # The other way: the one who blocks is not offered the blocked player's game.
    assert (await call(b, opal, "/api/block", {"name": "mona"})).status_code == 200
    assert table not in await watch_rows(b, opal)
