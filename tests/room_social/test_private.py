"""Private tables over real sockets: create, invite link and code, seats, host actions,
start with bots, a whole game, rematch, leavers, spectators, code guessing."""

from __future__ import annotations

import asyncio
import random

import pytest

from client.room_client import RequestFailed
from server.social import keys as social_keys
from shared.protocol import (
    ChooseSeat,
    Created,
    CreatePrivate,
    Join,
    MoveSeat,
    NewInvite,
    RemoveSeat,
    Spectators,
    StartGame,
    Watch,
)
from tests.room.conftest import play_until

from .conftest import LocalServer, SocialClient, SocialFactory

QUICK_TO_100 = CreatePrivate(preset="quick", rules={"target_score": 100}, bots="easy")


async def create(host: SocialClient, message: CreatePrivate = QUICK_TO_100) -> Created:
    created = await host.request(message)
    assert isinstance(created, Created) and created.table == host.table
    return created


def names(client: SocialClient) -> list[str | None]:
    return [s.get("name") for s in client.seats]


async def test_a_private_game_with_a_friend_by_link_and_two_bots(
    server: LocalServer, social_client: SocialFactory
) -> None:
    host = await social_client(server, name="Hana")
    created = await create(host)
    assert len(created.code) == 6 and len(created.invite) == 32
    snap = host.snap
    assert snap is not None and (snap.kind, snap.status, snap.seat) == ("private", "filling", 0)
    assert snap.lobby is not None and snap.lobby["host"] == 0
    assert snap.lobby["started"] is False and snap.lobby["bots"] == "easy"
    assert snap.lobby["rules"]["target_score"] == 100 and snap.lobby["rules"]["name"] == "quick"
    # The friend opens the invite link and sits in the host's partner seat (it is
    # empty), moves to another, then back.
    friend = await social_client(server, name="Finn")
    await friend.request(Join(code=f"{server.http}/#/join/{created.invite}"))
    assert (friend.table, friend.seat) == (host.table, 2)
    await friend.request(ChooseSeat(seat=1))
    await host.wait_for(lambda c: names(c) == ["Hana", "Finn", None, None])
    await friend.request(ChooseSeat(seat=2))
    await host.wait_for(lambda c: names(c) == ["Hana", None, "Finn", None])
    assert friend.seat == 2 and friend.status == "filling"
    # Only the host starts; the two empty seats get bots of the table's level.
    with pytest.raises(RequestFailed) as not_host:
        await friend.request(StartGame())
    assert not_host.value.code == "not_host"
    await host.request(StartGame())
    await friend.wait_for(lambda c: c.status == "playing")
    assert [s["bot"] for s in friend.seats] == [False, True, False, True]
    table = await server.room.store.load(host.table or "")
    assert table is not None and table.bot_level == "easy" and table.lobby is not None
    assert table.lobby.started and table.game is not None
    assert table.game.rules.target_score == 100
    # The whole game, both people playing.
    await asyncio.gather(play_until(host, rng=random.Random(1)),
                         play_until(friend, rng=random.Random(2)))
    assert host.status == "over" and friend.view is not None and friend.view["over"]
    # Never rated.
    assert await server.social.ratings.leaderboard() == []
    assert not await server.room.store.client.keys(social_keys.rating("*"))
    # A rematch keeps the seats.
    await host.rematch(True)
    await friend.rematch(True)
    await host.wait_for(lambda c: c.status == "playing")
    assert names(host)[0::2] == ["Hana", "Finn"] and (host.seat, friend.seat) == (0, 2)


async def test_the_host_moves_and_removes_players_before_the_start(
    server: LocalServer, social_client: SocialFactory
) -> None:
    host = await social_client(server, name="Hana")
    created = await create(host, CreatePrivate(bots="standard", watch=True))
    ann = await social_client(server, name="Ann")
    bob = await social_client(server, name="Bob")
    typed = f"{created.code[:3].lower()}-{created.code[3:].lower()}"  # as read aloud
    await ann.request(Join(code=typed))
    await bob.request(Join(code=created.invite, seat=3))
    assert (ann.seat, bob.seat) == (2, 3)  # naming no seat, Ann sits as the host's partner
    with pytest.raises(RequestFailed) as not_host:
        await ann.request(MoveSeat(src=3, dst=1))
    assert not_host.value.code == "not_host"
    # The host moves Ann to West and back to the partner seat: her socket sees the view
    # of the seat she is in.
    await host.request(MoveSeat(src=2, dst=1))
    await ann.wait_for(lambda c: c.seat == 1)
    assert names(host) == ["Hana", "Ann", None, "Bob"]
    await host.request(MoveSeat(src=1, dst=2))
    await ann.wait_for(lambda c: c.seat == 2)
    assert names(host) == ["Hana", None, "Ann", "Bob"]
    # The host removes Bob: he is told, and may neither sit nor watch again.
    await host.request(RemoveSeat(seat=3))
    await bob.wait_for(lambda c: any(e.code == "no_table" for e in c.pushed_errors))
    assert names(host) == ["Hana", None, "Ann", None]
    with pytest.raises(RequestFailed) as removed:
        await bob.request(Join(code=created.code))
    assert removed.value.code == "seat" and "removed" in removed.value.message
    with pytest.raises(RequestFailed) as no_watch:
        await bob.request(Watch(table=created.table))
    assert no_watch.value.code == "not_allowed"
    with pytest.raises(RequestFailed) as self_remove:
        await host.request(RemoveSeat(seat=0))
    assert self_remove.value.code == "seat"
    await host.request(StartGame())
    await ann.wait_for(lambda c: c.status == "playing")
    assert ann.view is not None and ann.view["seat"] == 2 and len(ann.view["hand"]) in (0, 13)
    with pytest.raises(RequestFailed) as started:
        await host.request(MoveSeat(src=0, dst=1))
    assert started.value.code == "seat" and "started" in started.value.message


async def test_joining_by_code_is_limited_per_address(
    server: LocalServer, social_client: SocialFactory
) -> None:
    host = await social_client(server)
    created = await create(host)
    guesser = await social_client(server)
    wrong = "ABCDEF" if created.code != "ABCDEF" else "ABCDEG"
    for _ in range(10):  # CODE_LIMITS: 10 a minute per address
        with pytest.raises(RequestFailed) as miss:
            await guesser.request(Join(code=wrong))
        assert miss.value.code == "no_invite"
    with pytest.raises(RequestFailed) as limited:
        await guesser.request(Join(code=created.code))  # even the right one, now
    assert limited.value.code == "rate_limited" and "Try again in" in limited.value.message
    await guesser.request(Join(code=created.invite))  # a 192-bit link needs no limit
    assert guesser.table == created.table and guesser.seat == 2  # the host's partner's


async def test_spectators_only_when_the_host_allows_them(
    server: LocalServer, social_client: SocialFactory
) -> None:
    host = await social_client(server, name="Hana")
    created = await create(host)
    outsider = await social_client(server, name="Olga")
    with pytest.raises(RequestFailed) as by_id:  # a table id alone seats nobody
        await outsider.request(Join(table=created.table))
    assert by_id.value.code == "not_allowed" and "invite" in by_id.value.message
    await host.request(StartGame())  # the host alone with three bots
    await host.wait_for(lambda c: c.status == "playing")
    with pytest.raises(RequestFailed) as full:
        await outsider.request(Join(code=created.invite))
    assert full.value.code == "seat"
    with pytest.raises(RequestFailed) as no_watch:
        await outsider.request(Watch(table=created.table))
    assert no_watch.value.code == "not_allowed"
    await host.request(Spectators(allow=True))
    await outsider.request(Join(code=created.invite))  # started and full: watch
    assert outsider.table == created.table and outsider.seat is None
    assert outsider.view is not None and outsider.view["hand"] == []
    assert outsider.snap is not None and outsider.snap.lobby is not None
    assert outsider.snap.lobby["watch"] is True
    with pytest.raises(RequestFailed) as not_host:
        await outsider.request(NewInvite())
    assert not_host.value.code == "not_host"
    again = await host.request(NewInvite())
    assert isinstance(again, Created) and again.code == created.code
    renewed = await host.request(NewInvite(renew=True))
    assert isinstance(renewed, Created) and renewed.code != created.code
    late = await social_client(server)
    with pytest.raises(RequestFailed) as old_link:
        await late.request(Join(code=created.invite))
    assert old_link.value.code == "no_invite"
    # Spectators no longer allowed: the one watching is told and sent nothing more.
    await host.request(Spectators(allow=False))
    await outsider.wait_for(lambda c: any(e.code == "no_table" for e in c.pushed_errors))
    frames = outsider.frames_in
    await play_until(host, lambda c: bool(c.view and c.view["tricks"]), rng=random.Random(4))
    await asyncio.sleep(0.2)
    assert outsider.frames_in == frames


async def test_the_host_leaving_does_not_end_the_table(
    server: LocalServer, social_client: SocialFactory
) -> None:
    host = await social_client(server, name="Hana")
    created = await create(host)
    friend = await social_client(server, name="Finn")
    await friend.request(Join(code=created.code, seat=2))
    # Before the start the host hands the role on by leaving.
    await host.leave()
    await friend.wait_for(lambda c: names(c) == [None, None, "Finn", None])
    assert friend.snap is not None
    await friend.wait_for(lambda c: c.snap is not None and c.snap.lobby is not None)
    table = await server.room.store.load(created.table)
    assert table is not None and table.lobby is not None and table.lobby.host == friend.pid
    await host.request(Join(code=created.invite))  # back, as a guest of the new host
    await friend.request(StartGame())
    await host.wait_for(lambda c: c.status == "playing")
    # During the game the host leaves: a bot plays the seat; the game goes on.
    host_seat = host.seat
    assert host_seat is not None
    await host.leave()
    await friend.wait_for(lambda c: c.seats[host_seat]["bot"])
    await play_until(friend, lambda c: bool(c.view and len(c.view["tricks"]) >= 2),
                     rng=random.Random(3))
    # and the host may come back to the seat while the game is on.
    await host.request(Join(code=created.invite))
    assert host.seat == host_seat and not host.seats[host_seat]["bot"]


async def test_quick_play_from_a_private_seat_returns_that_table(
    server: LocalServer, social_client: SocialFactory
) -> None:
    """docs/protocol.md, ``quick``: a socket seated at a private table (in its lobby, or
    in its game) is answered with that table, not moved to a casual one."""
    host = await social_client(server, name="Hana")
    await create(host)
    private = host.table
    await host.quick_play()
    assert (host.table, host.seat, host.snap and host.snap.kind) == (private, 0, "private")
    await host.request(StartGame())
    await host.wait_for(lambda c: c.status == "playing")
    await host.quick_play()
    assert (host.table, host.seat, host.status) == (private, 0, "playing")
    table = await server.room.store.load(private or "")
    assert table is not None and table.seat_of(host.pid or "") == 0


@pytest.mark.parametrize(("message", "says"), [
    (CreatePrivate(rules={"bidding": "mirror"}), "so Blind Nil must be off"),
    (CreatePrivate(preset="cutthroat", rules={"nil_pass": 2}), "Nil card passes need a partner"),
])
async def test_rules_no_table_can_play_are_refused_with_a_typed_error(
    server: LocalServer, social_client: SocialFactory, message: CreatePrivate, says: str
) -> None:
    host = await social_client(server, name="Rosa")
    with pytest.raises(RequestFailed) as refused:
        await host.request(message)
    assert refused.value.code == "bad_rules" and says in refused.value.message
    assert host.table is None
