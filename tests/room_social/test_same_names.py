"""Two people who typed the same name at one table are told apart: the later seat's name
is numbered in the seats everyone sees and in what it says in chat."""

from __future__ import annotations

from shared.protocol import ChatOn, Join, Say

from .conftest import LocalServer, SocialFactory
from .test_chat import private_table


async def test_guests_with_one_name_are_numbered_in_the_seats_and_the_chat(
        server: LocalServer, social_client: SocialFactory) -> None:
    host = await social_client(server, name="Bo")
    created = await private_table(host)
    twin = await social_client(server, name="Bo")
    third = await social_client(server, name="bo")  # as people read it, the same name
    await twin.request(Join(code=created.invite, seat=1))
    await third.request(Join(code=created.invite, seat=2))
    shown = ["Bo", "Bo (2)", "bo (3)", None]
    for client in (host, twin, third):
        await client.wait_for(lambda c: [s["name"] if s else None for s in c.seats] == shown)
    for client in (host, twin):
        await client.request(ChatOn(on=True))
        await client.wait_for(lambda c: c.snap is not None and c.snap.chat_on is True)
    await twin.request(Say(text="which Bo am I?"))
    await host.wait_for(lambda c: c.texts() == ["which Bo am I?"])
    assert host.chat[0].name == "Bo (2)" and host.chat[0].seat == 1
    # The host keeps the name it typed: the first seat's name is never changed.
    assert host.seats[0] is not None and host.seats[0]["name"] == "Bo"
