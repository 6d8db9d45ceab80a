"""Guests beside accounts: a guest cannot carry a registered name, is marked as a guest
at the table, and can be reported by seat (the report keeps the name shown there)."""

from __future__ import annotations

import re

import pytest

from client.room_client import RequestFailed
from shared.protocol import CreatePrivate, Join

from .conftest import SocialFactory, Start, register
from .test_friends import call
from .test_reports import admin


async def test_a_guest_is_marked_never_an_accounts_name_and_can_be_reported(
        start_server: Start, social_client: SocialFactory, redis_url: str,
        database_url: str) -> None:
    a, b = await start_server(), await start_server()
    ann = await register(a, "Ann")
    # A guest asking for an account's name, in any case, gets a name of its own...
    guest = await social_client(b, name="ANN")
    assert guest.name is not None and guest.name.casefold() != "ann"
    # ... and a rename to it is refused with a sentence.
    with pytest.raises(RequestFailed) as taken:
        await guest.rename("ann")
    assert taken.value.code == "bad_name"
    assert "registered player's name" in taken.value.message
    await guest.rename("Ann B")  # a name of their own is fine

    host = await social_client(a, cookie=ann)
    created = await host.request(CreatePrivate())
    await guest.request(Join(code=created.code))
    await host.wait_for(lambda c: any(s.get("name") == "Ann B" for s in c.seats))
    shown = {s.get("name"): s.get("guest") for s in host.seats if s.get("name")}
    assert shown == {"Ann": None, "Ann B": True}  # only the guest is marked

    seat = next(i for i, s in enumerate(host.seats) if s.get("name") == "Ann B")
    filed = await call(a, ann, "/api/report", {"seat": seat, "reason": "name"})
    assert filed.status_code == 201, filed.text
    assert filed.json()["table"] == host.table
    listing = await admin(redis_url, database_url, "reports")
    assert re.search(r'guest "Ann B" \([0-9a-f]{16}\) reported by Ann: name', listing)
    # Follow and block need an account on both sides: a guest's seat has none.
    follow = await call(a, ann, "/api/follow", {"seat": seat})
    assert follow.status_code == 404 and follow.json()["error"] == "no_player"
