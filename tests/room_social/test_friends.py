"""Friends, presence, invites by name and blocks over real HTTP and sockets, on two
nodes sharing one Redis and one PostgreSQL (issue 17)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import httpx
import pytest

from server.web.http_social import SESSION_COOKIE
from shared.protocol import ChatOn, CreatePrivate, Join, Say, Screen, StartGame
from tests.room.conftest import LocalServer, Node, spawn_node

__all__ = ["spawn_node"]  # a fixture, re-exported for pytest

from .conftest import SocialClient, SocialFactory, Start, bot_play_until, origin, register


async def call(server: LocalServer, cookie: str, path: str,
               body: dict[str, Any] | None = None) -> httpx.Response:
    async with httpx.AsyncClient(base_url=server.http,
                                 cookies={SESSION_COOKIE: cookie}) as web:
        if body is None:
            return await web.get(path)
        return await web.post(path, json=body, headers=origin(server))


async def friend_row(server: LocalServer, cookie: str, name: str) -> dict[str, Any]:
    response = await call(server, cookie, "/api/friends")
    assert response.status_code == 200, response.text
    rows = [r for r in response.json()["friends"] if r["name"] == name]
    assert rows, response.json()
    return rows[0]


async def until(check: Callable[[], Any], timeout: float = 20.0) -> None:
    """Poll the coroutine function ``check`` until it returns true."""
    deadline = asyncio.get_running_loop().time() + timeout
    while not await check():
        assert asyncio.get_running_loop().time() < deadline, "the condition did not come true"
        await asyncio.sleep(0.05)


async def chatting_at_one_table(social_client: SocialFactory,
                                host: tuple[LocalServer, str], guest: tuple[LocalServer, str]
                                ) -> tuple[SocialClient, SocialClient]:
    """The host's private table (on the host's node, by session cookie) with the guest
    seated by its code on theirs, both with chat on."""
    hosting = await social_client(host[0], cookie=host[1])
    created = await hosting.request(CreatePrivate())
    joining = await social_client(guest[0], cookie=guest[1])
    await joining.request(Join(code=created.code))
    for client in (hosting, joining):
        await client.request(ChatOn(on=True))
    return hosting, joining


async def befriend(server: LocalServer, a: tuple[str, str], b: tuple[str, str]) -> None:
    (a_name, a_cookie), (b_name, b_cookie) = a, b
    first = await call(server, a_cookie, "/api/follow", {"name": b_name})
    assert first.json() == {"name": b_name, "following": True, "friends": False}
    second = await call(server, b_cookie, "/api/follow", {"name": a_name})
    assert second.json() == {"name": a_name, "following": True, "friends": True}


async def test_presence_crosses_nodes_and_counts_sockets(
        start_server: Start, social_client: SocialFactory) -> None:
    a, b = await start_server(), await start_server()
    alice, bob = await register(a, "alice"), await register(b, "bob")
    await befriend(a, ("alice", alice), ("bob", bob))
    assert (await friend_row(b, bob, "alice"))["doing"] == "offline"

    tab1 = await social_client(a, cookie=alice)
    tab2 = await social_client(a, cookie=alice)

    async def seen_as(doing: str) -> bool:
        return (await friend_row(b, bob, "alice"))["doing"] == doing

    await until(lambda: seen_as("lobby"))
    assert tab1.pid is not None
    pid = tab1.pid
    await tab1.close()

    async def one_socket_left() -> bool:
        return len(a.social.clients.get(pid, ())) == 1

    await until(one_socket_left)
    await a.social.presence.flushed()
    assert await seen_as("lobby")  # one socket of two closed: still online
    await tab2.request(CreatePrivate())
    await until(lambda: seen_as("playing"))
    row = await friend_row(b, bob, "alice")
    assert row["table"] == tab2.table
    await tab2.close()
    await until(lambda: seen_as("offline"))


async def test_presence_says_what_the_friend_does_now_on_the_other_node(
        start_server: Start, social_client: SocialFactory) -> None:
    """In the lobby while seated: "lobby"; back at the table: "playing"; once the game
    is over: "lobby" (nobody plays a finished game), each seen from another node."""
    a, b = await start_server(), await start_server()
    alice, bob = await register(a, "alice"), await register(b, "bob")
    await befriend(a, ("alice", alice), ("bob", bob))
    player = await social_client(a, cookie=alice)
    await player.request(CreatePrivate(preset="quick", rules={"max_hands": 1}, bots="easy"))
    await player.request(StartGame())

    async def seen_as(doing: str) -> bool:
        return (await friend_row(b, bob, "alice"))["doing"] == doing

    soon = 5.0  # a second on a quiet machine; room for a loaded one
    await until(lambda: seen_as("playing"), soon)
    await player.request(Screen(lobby=True))  # the page shows the lobby, seat kept
    await until(lambda: seen_as("lobby"), soon)
    await player.request(Screen(lobby=False))
    await until(lambda: seen_as("playing"), soon)
    await bot_play_until(player)  # the one hand: the game is over, the page still on it
    await until(lambda: seen_as("lobby"), soon)
    assert player.status == "over" and player.table is not None


async def test_an_invite_by_name_reaches_the_other_node_and_is_answered_once(
        start_server: Start, social_client: SocialFactory) -> None:
    a, b = await start_server(), await start_server()
    host_cookie, bob = await register(a, "hosty"), await register(b, "bobby")
    host = await social_client(a, cookie=host_cookie)
    invitee = await social_client(b, cookie=bob)
    refused = await call(a, host_cookie, "/api/invite", {"name": "bobby"})
    assert refused.status_code == 403 and refused.json()["error"] == "not_host"
    await host.request(CreatePrivate())
    await b.social.presence.flushed()  # bobby is online (an invite reaches only those)
    sent = await call(a, host_cookie, "/api/invite", {"name": "bobby"})
    assert sent.status_code == 200, sent.text
    await invitee.wait_for(lambda c: bool(c.invited))
    notice = invitee.invited[0]
    assert (notice.from_name, notice.table, notice.id) == ("hosty", host.table,
                                                           sent.json()["id"])
    joined = await call(b, bob, "/api/invites/answer", {"id": notice.id, "join": True})
    assert joined.status_code == 200 and joined.json()["table"] == host.table
    await invitee.request(Join(code=joined.json()["code"]))
    assert invitee.table == host.table and invitee.seat is not None
    again = await call(b, bob, "/api/invites/answer", {"id": notice.id, "join": False})
    assert again.status_code == 404 and again.json()["error"] == "invite_expired"
    nobody = await call(a, host_cookie, "/api/invite", {"name": "nobody-here"})
    assert nobody.status_code == 404 and nobody.json()["error"] == "no_player"


async def test_a_block_stops_follows_and_invites_and_ends_the_friendship(
        start_server: Start, social_client: SocialFactory) -> None:
    a, b = await start_server(), await start_server()
    carol, dave = await register(a, "carol"), await register(b, "dave")
    await befriend(a, ("carol", carol), ("dave", dave))
    blocked = await call(b, dave, "/api/block", {"name": "carol"})
    assert blocked.json() == {"name": "carol", "blocked": True}
    listing = (await call(a, carol, "/api/friends")).json()
    assert listing["friends"] == [] and listing["following"] == []
    follow = await call(a, carol, "/api/follow", {"name": "dave"})
    assert follow.status_code == 403 and follow.json()["error"] == "blocked"
    host = await social_client(a, cookie=carol)
    await host.request(CreatePrivate())
    invite = await call(a, carol, "/api/invite", {"name": "dave"})
    assert invite.status_code == 403 and invite.json()["error"] == "blocked"
    assert (await call(b, dave, "/api/friends")).json()["blocked"] == ["carol"]


async def test_bad_input_gets_typed_errors(start_server: Start) -> None:
    a = await start_server()
    erin = await register(a, "erin")
    async with httpx.AsyncClient(base_url=a.http) as web:
        anonymous = await web.get("/api/friends")
    assert anonymous.status_code == 401 and anonymous.json()["error"] == "sign_in_required"
    cases = [({"name": 7}, 400, "bad_name"), ({"name": "erin"}, 400, "bad_target"),
             ({"name": "ghost"}, 404, "no_player"),
             ({"name": "erin", "on": "yes"}, 400, "malformed"),
             # By seat (a seat's menu): a number, of a seat at the caller's own table.
             ({"seat": True}, 400, "malformed"), ({"seat": "1"}, 400, "malformed"),
             ({"seat": 1}, 404, "no_player")]
    for body, status, code in cases:
        response = await call(a, erin, "/api/follow", body)
        assert (response.status_code, response.json()["error"]) == (status, code), body
    answer = await call(a, erin, "/api/invites/answer", {"id": "x" * 400})
    assert answer.json()["error"] == "invite_expired"


async def test_follows_are_rate_limited(start_server: Start) -> None:
    a = await start_server()
    frank, _ = await register(a, "frank"), await register(a, "grace")
    codes = []
    for i in range(61):
        response = await call(a, frank, "/api/follow", {"name": "grace", "on": i % 2 == 0})
        codes.append(response.status_code)
    assert codes[:60] == [200] * 60 and codes[60] == 429
    with_retry = await call(a, frank, "/api/follow", {"name": "grace"})
    assert with_retry.headers["Retry-After"]


async def test_a_guest_is_not_counted(start_server: Start,
                                      social_client: SocialFactory) -> None:
    a = await start_server()
    guest = await social_client(a)
    assert guest.pid is not None and guest.pid in a.social.clients
    assert a.social.presence.online_here == 0


@pytest.mark.slow
async def test_a_killed_nodes_players_show_offline_then_online_on_reconnect(
        spawn_node: Callable[..., Node], start_server: Start,
        social_client: SocialFactory) -> None:
    ttl = 2.0
    doomed = spawn_node(PRESENCE_TTL_S=str(ttl))
    reader = await start_server(presence_ttl_s=ttl)
    henry, ivy = await register(reader, "henry"), await register(reader, "ivy")
    await befriend(reader, ("henry", henry), ("ivy", ivy))
    await social_client(doomed.ws, cookie=henry, reconnect_for=0)

    async def seen_as(doing: str) -> bool:
        return (await friend_row(reader, ivy, "henry"))["doing"] == doing

    await until(lambda: seen_as("lobby"))
    doomed.kill()  # no goodbye: only the node key's TTL tells
    killed = asyncio.get_running_loop().time()
    await until(lambda: seen_as("offline"), timeout=ttl * 3)
    # Offline within the TTL (and the readers' poll), never sooner than the node's
    # last heartbeat allows.
    assert asyncio.get_running_loop().time() - killed <= ttl + 3.0
    await social_client(reader, cookie=henry)
    await until(lambda: seen_as("lobby"))


async def test_a_blocked_players_chat_is_hidden_from_the_blocker_on_another_node(
        start_server: Start, social_client: SocialFactory) -> None:
    a, b = await start_server(), await start_server()
    leo = await register(b, "leo")
    host, guest = await chatting_at_one_table(social_client, (a, await register(a, "kim")),
                                              (b, leo))
    blocked = await call(b, leo, "/api/block", {"name": "kim"})
    assert blocked.status_code == 200

    async def hidden_everywhere() -> bool:
        return bool(b.social.blocked.get(guest.pid or ""))

    await until(hidden_everywhere)
    await host.request(Say(text="hello from kim"))
    await guest.request(Say(text="leo here"))
    await guest.wait_for(lambda c: "leo here" in c.texts())
    await host.wait_for(lambda c: "leo here" in c.texts())
    assert guest.texts() == ["leo here"]  # kim's came first, and was hidden
    assert host.texts() == ["hello from kim", "leo here"]
    late = await social_client(b, cookie=leo)  # a new tab: the kept chat, filtered
    await late.request(Join(table=host.table))
    assert late.snap is not None
    assert [m["text"] for m in late.snap.chat or []] == ["leo here"]
    await call(b, leo, "/api/block", {"name": "kim", "on": False})

    async def shown_again() -> bool:
        return not b.social.blocked.get(guest.pid or "")

    await until(shown_again)
    await host.request(Say(text="kim again"))
    await guest.wait_for(lambda c: "kim again" in c.texts())


async def test_quick_play_seats_a_blocked_pair_apart_and_friends_see_them_playing(
        start_server: Start, social_client: SocialFactory) -> None:
    a, b = await start_server(fill_wait_s=60), await start_server(fill_wait_s=60)
    quinn, rob, sue = (await register(a, "quinn"), await register(b, "rob"),
                       await register(b, "sue"))
    await befriend(b, ("quinn", quinn), ("sue", sue))
    assert (await call(a, quinn, "/api/block", {"name": "rob"})).status_code == 200
    first = await social_client(a, cookie=quinn)
    await first.quick_play()
    blocked = await social_client(b, cookie=rob)
    await blocked.quick_play()
    assert blocked.table != first.table  # a table with free seats was passed over
    passed = await a.room.store.load(first.table or "")
    assert passed is not None and len(passed.open_seats) == 3

    async def seen_playing() -> bool:
        row = await friend_row(b, sue, "quinn")
        return (row["doing"], row["table"]) == ("playing", first.table)

    await until(seen_playing)


async def test_a_blocked_spectators_gallery_lines_are_hidden_from_the_blocker(
        start_server: Start, social_client: SocialFactory) -> None:
    a, b = await start_server(), await start_server()
    host = await social_client(a, cookie=await register(a, "mona"))
    created = await host.request(CreatePrivate(watch=True))
    nia, oscar = await register(a, "nia"), await register(b, "oscar")
    watcher = await social_client(a, cookie=nia)
    blocker = await social_client(b, cookie=oscar)
    for client in (watcher, blocker):  # the invite admits spectators to a private table
        await client.request(Join(code=created.code, watch=True))
        await client.request(ChatOn(on=True))
    assert (await call(b, oscar, "/api/block", {"name": "nia"})).status_code == 200

    async def known() -> bool:
        return bool(b.social.blocked.get(blocker.pid or ""))

    await until(known)
    await watcher.request(Say(text="from the gallery"))
    await blocker.request(Say(text="oscar here"))
    await watcher.wait_for(lambda c: "oscar here" in c.texts())
    await blocker.wait_for(lambda c: "oscar here" in c.texts())
    assert blocker.texts() == ["oscar here"]
    assert watcher.texts() == ["from the gallery", "oscar here"]


async def test_a_first_sockets_late_read_of_blocks_does_not_undo_a_new_block(
        start_server: Start, social_client: SocialFactory) -> None:
    """The read of blocks a first socket starts can end after the read a block's notice
    starts; the older, emptier answer must not replace the newer one."""
    b = await start_server()
    oscar = await register(b, "oscar")
    await register(b, "nia")
    real = b.social.friends.blocked_by
    gate, first_done = asyncio.Event(), asyncio.Event()
    reads = 0

    async def first_read_held(pid: str) -> frozenset[str]:
        nonlocal reads
        reads += 1
        if reads > 1:
            return await real(pid)
        answer = await real(pid)  # read before the block, handed back after it
        await gate.wait()
        first_done.set()
        return answer

    b.social.friends.blocked_by = first_read_held  # type: ignore[method-assign]
    blocker = await social_client(b, cookie=oscar)
    await blocker.wait_for(lambda c: c.pid is not None)
    assert (await call(b, oscar, "/api/block", {"name": "nia"})).status_code == 200

    async def known() -> bool:
        return bool(b.social.blocked.get(blocker.pid or ""))

    await until(known)
    gate.set()
    # The held read's task stores (or rightly drops) its answer in the same step that
    # set first_done, before this test runs again.
    await asyncio.wait_for(first_done.wait(), 20)
    assert b.social.blocked.get(blocker.pid or "")
