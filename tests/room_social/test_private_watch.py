"""Watching a private table needs its invite or a seat held there once: the table's id
alone (which an archived game's id carries) lets nobody watch, even when the host
allows spectators."""

from __future__ import annotations

import pytest

from client.room_client import RequestFailed
from shared.protocol import Created, CreatePrivate, Join, Leave, StartGame, Watch

from .conftest import LocalServer, SocialClient, SocialFactory, register

WATCHED = CreatePrivate(preset="quick", rules={"target_score": 100}, bots="easy", watch=True)


async def refused_every_door(client: SocialClient, table_id: str) -> None:
    """Each way of reaching the table by its id is refused, and nothing is sent."""
    for message in (Watch(table=table_id), Join(table=table_id, watch=True),
                    Join(table=table_id)):
        with pytest.raises(RequestFailed) as refused:
            await client.request(message)
        assert refused.value.code == "not_allowed", message
        assert "invite" in refused.value.message
    assert client.table is None and client.view is None


async def test_a_private_table_is_watched_only_with_its_invite_or_a_past_seat(
    server: LocalServer, social_client: SocialFactory
) -> None:
    host = await social_client(server, name="Hana")
    created = await host.request(WATCHED)
    assert isinstance(created, Created)
    table_id = created.table
    # Finn sits with the code, then leaves before the start: he held a seat there.
    finn = await social_client(server, name="Finn")
    await finn.request(Join(code=created.code))
    await finn.request(Leave())
    await host.request(StartGame())
    await host.wait_for(lambda c: c.status == "playing")

    stranger = await social_client(server)  # no cookie: a new guest
    await refused_every_door(stranger, table_id)
    account = await social_client(server, cookie=await register(server, "Carla"))
    await refused_every_door(account, table_id)
    guest = await social_client(server, token="a-guest-who-played-elsewhere", name="Gus")
    await refused_every_door(guest, table_id)

    # The invite admits a spectator, and keeps admitting them (a reload sends the table id).
    await guest.request(Join(code=created.invite, watch=True))
    assert guest.table == table_id and guest.seat is None and guest.view is not None
    again = await social_client(server, token="a-guest-who-played-elsewhere")
    await again.request(Watch(table=table_id))
    assert again.table == table_id and again.seat is None
    # A past seat admits too; the players themselves still see their table.
    await finn.request(Watch(table=table_id))
    assert finn.table == table_id and finn.seat is None
    await host.request(Watch(table=table_id))
    assert host.table == table_id and host.seat == 0
