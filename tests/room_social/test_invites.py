"""Invites by name that people can answer: the notice says the table (rules, format, who
sits, when it expires), the host hears a Decline at once, and an invite that cannot
reach anyone (the player is offline, or already at the table) is refused in words."""

from __future__ import annotations

from shared.protocol import CreatePrivate, InviteAnswer, Join

from .conftest import SocialFactory, Start, register
from .test_friends import call


async def test_an_invite_describes_the_table_and_the_host_hears_the_answer(
        start_server: Start, social_client: SocialFactory) -> None:
    a, b = await start_server(), await start_server()
    hal, ivo, jan = (await register(a, "hal"), await register(b, "ivo"),
                     await register(b, "jan"))
    host = await social_client(a, cookie=hal)
    created = await host.request(CreatePrivate(preset="cutthroat"))

    offline = await call(a, hal, "/api/invite", {"name": "ivo"})  # no socket anywhere
    assert offline.status_code == 409, offline.text
    assert offline.json()["error"] == "player_offline"
    assert offline.json()["message"] == "ivo is not online: an invite would not reach them."

    invitee = await social_client(b, cookie=ivo)
    await b.social.presence.flushed()  # the invitee's node has written them online
    sent = await call(a, hal, "/api/invite", {"name": "ivo"})
    assert sent.status_code == 200, sent.text
    await invitee.wait_for(lambda c: bool(c.invited))
    notice = invitee.invited[0]
    assert notice.rules.startswith("Cutthroat · 500")
    assert notice.format == "four players, each on their own (cutthroat)"
    assert notice.seated == ["hal"]
    assert notice.expires == sent.json()["expires"]

    declined = await call(b, ivo, "/api/invites/answer", {"id": notice.id, "join": False})
    assert declined.status_code == 200
    await host.wait_for(lambda c: any(isinstance(p, InviteAnswer) for p in c.pushed))
    answer = next(p for p in host.pushed if isinstance(p, InviteAnswer))
    assert (answer.id, answer.name, answer.answer) == (notice.id, "ivo", "declined")

    # A player already at the table is not invited to it.
    sitter = await social_client(b, cookie=jan)
    await sitter.request(Join(code=created.code))
    seated = await call(a, hal, "/api/invite", {"name": "jan"})
    assert seated.status_code == 409 and seated.json()["error"] == "player_seated"
    assert seated.json()["message"] == "jan is already at your table."
