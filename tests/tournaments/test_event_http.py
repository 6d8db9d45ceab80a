"""Tournaments over HTTP, as an attacker would try them: entering someone as a partner
without their consent, the same player twice, a full event, a blocked player, a host
filling the room with events, a private event leaking into the list once finished.
Real server, Redis and PostgreSQL; the nodes' tick is off (nothing is seated)."""

from __future__ import annotations

import time
from typing import Any

import httpx

from server.tournaments.service import Tournaments
from server.web.http_social import GUEST_COOKIE, SESSION_COOKIE
from shared.tournaments import Arena, ArenaSettings, Entrant
from tests.room_social.conftest import SocialFactory, Start, origin, register
from tests.room_social.test_friends import call

QUIET = {"tournament_tick_s": 0.0, "tournament_calendar": ""}
HOUR = 3_600_000


def knockout(name: str, **more: Any) -> dict[str, Any]:
    return {"kind": "knockout", "name": name, "preset": "standard", "size": 8,
            "starts": int(time.time() * 1000) + HOUR, **more}


def entries(response: httpx.Response) -> list[list[str]]:
    assert response.status_code == 200, response.text
    names: list[list[str]] = response.json()["entries"]
    return names


def refused(response: httpx.Response, status: int, code: str) -> str:
    assert response.status_code == status, response.text
    assert response.json()["error"] == code, response.text
    message: str = response.json()["message"]
    return message


async def test_a_knockout_team_is_entered_only_with_the_partners_consent(
        start_server: Start, social_client: SocialFactory) -> None:
    server = await start_server(**QUIET)
    ann, bob, cat, dan, eve, fay = [await register(server, name)
                                    for name in ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")]
    made = await call(server, ann, "/api/tournaments", knockout("Pairs cup"))
    assert made.status_code == 201, made.text
    join = f"/api/tournaments/{made.json()['id']}/join"

    # A stranger names Bob: Eve is entered alone, asking; Bob is not entered.
    asked = await call(server, eve, join, {"partner": "Bob"})
    assert entries(asked) == [["Eve"]]
    assert asked.json()["asking"] == [{"name": "Eve", "partner": "Bob"}]
    # Ann asks for Bob, Bob for Ann: a team, whatever Eve asked.
    assert entries(await call(server, ann, join, {"partner": "Bob"})) == [["Eve"], ["Ann"]]
    teamed = await call(server, bob, join, {"partner": "Ann"})
    assert entries(teamed) == [["Eve"], ["Ann", "Bob"]]
    assert teamed.json()["asking"] == [{"name": "Eve", "partner": "Bob"}]

    # The same player twice, and a player in a team taken again.
    refused(await call(server, ann, join, {}), 409, "already_entered")
    refused(await call(server, ann, join, {"partner": "Cat"}), 409, "already_entered")
    assert "Ann is in a team already" in refused(
        await call(server, cat, join, {"partner": "Ann"}), 409, "already_entered")
    refused(await call(server, cat, join, {"partner": "Cat"}), 400, "bad_entry")
    refused(await call(server, cat, join, {"partner": "Nobody"}), 404, "no_player")
    refused(await call(server, cat, join, {"partner": 7}), 400, "malformed")
    refused(await call(server, cat, join, {"partner": "Dan", "seat": 1}), 400, "malformed")
    # Blocked either way: no ask at all.
    assert (await call(server, dan, "/api/block", {"name": "Cat"})).status_code == 200
    refused(await call(server, cat, join, {"partner": "Dan"}), 403, "blocked")
    refused(await call(server, dan, join, {"partner": "Cat"}), 403, "blocked")
    # A guest cannot name a partner (nobody could answer to a guest's name).
    guest = await social_client(server)
    async with httpx.AsyncClient(base_url=server.http, headers=origin(server),
                                 cookies={GUEST_COOKIE: guest.token or ""}) as web:
        refused(await web.post(join, json={"partner": "Cat"}), 401, "sign_in_required")
    # An Arena is joined alone.
    arena = await call(server, ann, "/api/tournaments",
                       {"kind": "arena", "name": "Solo night", "minutes": 30})
    refused(await call(server, cat, f"/api/tournaments/{arena.json()['id']}/join",
                       {"partner": "Ann"}), 400, "bad_entry")

    # A full event: the last place goes to an ask; its answer finds no room.
    service: Tournaments = server.app.state.tournaments
    for k in range(4):
        await service.join(made.json()["id"], [Entrant(f"x{k}", f"X{k}", 25.0)])
    full = entries(await call(server, cat, join, {"partner": "Fay"}))
    assert sum(map(len, full)) == 8
    refused(await call(server, fay, join, {"partner": "Cat"}), 409, "event_full")
    async with httpx.AsyncClient(base_url=server.http, headers=origin(server),
                                 cookies={SESSION_COOKIE: fay}) as web:
        refused(await web.post(join), 409, "event_full")  # no body: alone
    assert entries(await call(server, fay, join.replace("/join", ""))) == full


async def test_a_host_cannot_fill_the_room_with_events_nor_list_a_private_one(
        start_server: Start) -> None:
    server = await start_server(**QUIET)
    service: Tournaments = server.app.state.tournaments
    host, other = await register(server, "Gil"), await register(server, "Hal")
    made = []
    for k in range(5):
        answer = await call(server, host, "/api/tournaments",
                            knockout(f"Club {k}", private=k == 0))
        assert answer.status_code == 201, answer.text
        made.append(answer.json()["id"])
    too_many = await call(server, host, "/api/tournaments", knockout("One more"))
    assert "5 events" in refused(too_many, 409, "too_many_events")
    # The refusal carries its catalogue id and arguments: the page says it in its language.
    assert (too_many.json()["key"], too_many.json()["args"]) == ("event.refused.too_many",
                                                                 {"count": 5})
    assert (await call(server, other, "/api/tournaments", knockout("Hal's"))).status_code == 201
    year = int(time.time() * 1000) + 366 * 24 * HOUR
    far = await call(server, other, "/api/tournaments", knockout("Far", starts=year))
    assert refused(far, 400, "bad_entry") == "An event starts within 30 days."
    assert (far.json()["key"], far.json()["args"]) == ("event.refused.within_days",
                                                       {"count": 30})
    # One finished (the private one): the host may make another; the finished private
    # event is not in the list either, and its link still works.
    await service.store.finished(made[0], int(time.time() * 1000))
    assert (await call(server, host, "/api/tournaments", knockout("Next"))).status_code == 201
    async with httpx.AsyncClient(base_url=server.http) as web:
        listed = {e["id"] for e in (await web.get("/api/tournaments")).json()["events"]}
        assert made[0] not in listed and set(made[1:]) <= listed
        assert (await web.get(f"/api/tournaments/{made[0]}")).status_code == 200


async def test_a_private_event_played_is_on_the_players_own_page_only(
        start_server: Start) -> None:
    server = await start_server(**QUIET)
    service: Tournaments = server.app.state.tournaments
    ann = await register(server, "Ivy")
    pid = (await server.app.state.deps.accounts.by_name("Ivy")).pid
    now = int(time.time() * 1000)
    for name, private in (("Open night", False), ("Club night", True)):
        arena = await service.create_arena(ArenaSettings(
            name, minutes=15, starts_ms=now - 20 * 60_000, private=private))

        def joined(event: object) -> None:
            assert isinstance(event, Arena)
            event.join(Entrant(pid, "Ivy", 25.0), now - 19 * 60_000)

        await service.store.mutate(arena.id, joined)
    await service.tick(sweep=True)  # both ended: their places are kept
    async with httpx.AsyncClient(base_url=server.http) as web:
        seen = (await web.get("/api/players/Ivy/events")).json()["events"]
    assert [e["name"] for e in seen] == ["Open night"]  # a stranger: no club's link
    mine = (await call(server, ann, "/api/players/Ivy/events")).json()["events"]
    assert sorted(e["name"] for e in mine) == ["Club night", "Open night"]


async def test_a_host_who_plays_is_entered_at_creation_and_every_answer_names_the_caller(
        start_server: Start) -> None:
    server = await start_server(**QUIET)
    host = await register(server, "Ida")
    arena = {"kind": "arena", "name": "Ida's arena", "preset": "quick", "minutes": 30}
    made = await call(server, host, "/api/tournaments", {**arena, "play": True})
    assert made.status_code == 201, made.text
    you = made.json()["you"]
    assert [(s["pid"], s["name"]) for s in made.json()["standings"]] == [(you, "Ida")]
    shown = await call(server, host, f"/api/tournaments/{made.json()['id']}")
    assert shown.json()["you"] == you and shown.json()["players"] == 1
    # A Knock-out's host is entered alone; without "play", nobody is.
    cup = await call(server, host, "/api/tournaments", knockout("Ida's cup", play=True))
    assert cup.json()["entries"] == [["Ida"]] and cup.json()["entrants"] == [[you]]
    alone = await call(server, host, "/api/tournaments", knockout("Ida's other"))
    assert alone.json()["entries"] == [] and alone.json()["players"] == 0
    refused(await call(server, host, "/api/tournaments", {**arena, "play": "yes"}),
            400, "malformed")
    async with httpx.AsyncClient(base_url=server.http) as web:  # neither cookie
        assert (await web.get(f"/api/tournaments/{made.json()['id']}")).json()["you"] is None
