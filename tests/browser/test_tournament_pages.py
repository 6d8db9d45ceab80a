"""The tournaments' pages on a real room: the lobby lists the events running and next;
an event page shows an Arena's standings with Join and Pause, a Knock-out's bracket with
its byes, a finished event's podium with its games' archive links; the player page lists
the events played. One room for all, a desktop and a phone."""

from __future__ import annotations

import time

from playwright.async_api import Page, expect

from server.tournaments.service import Tournaments
from shared.tournaments import Arena, ArenaSettings, Entrant, KnockoutSettings
from tests.room_social.conftest import register

from .conftest import BROWSER, PHONE_TALL, shot
from .play import NO_SIDEWAYS_SCROLL

pytestmark = BROWSER

MIN = 60_000


def entrants(n: int, prefix: str) -> list[Entrant]:
    return [Entrant(f"{prefix}{k}", f"{prefix.title()} {k}", 20.0 + k) for k in range(n)]


async def finished_arena(service: Tournaments, now: int) -> Arena:
    """An Arena that ended with one game played."""
    arena = await service.create_arena(ArenaSettings(
        "Yesterday's Arena", preset="quick", minutes=15, starts_ms=now - 20 * MIN))
    players = entrants(4, "past")

    def play(event: object) -> None:
        assert isinstance(event, Arena)
        for entrant in players:
            event.join(entrant, now - 19 * MIN)
        event.seat("pasttable001", [e.pid for e in players], now - 19 * MIN)
        event.record("pasttable001", (1, 2), (), now - 10 * MIN)

    event, _ = await service.store.mutate(arena.id, play)
    await service.store.finished(arena.id, now)
    assert isinstance(event, Arena)
    return event


def no_sideways_scroll(page: Page) -> object:
    return page.evaluate(NO_SIDEWAYS_SCROLL)


async def test_the_lobby_event_pages_and_player_page_at_both_sizes(start_room, open_page
                                                                   ) -> None:
    room = await start_room(tournament_tick_s=0.0, tournament_calendar="")
    service: Tournaments = room.app.state.tournaments
    now = int(time.time() * 1000)
    arena = await service.create_arena(ArenaSettings("Hourly Quick Arena", preset="quick",
                                                     minutes=60, starts_ms=now))
    for entrant in entrants(2, "early"):
        await service.join(arena.id, [entrant])
    knockout = await service.create_knockout(KnockoutSettings(
        "Daily Knock-out", preset="two_handed", size=8, starts_ms=now))
    for entrant in entrants(3, "ko"):
        await service.join(knockout.id, [entrant])
    await service.tick(sweep=False)  # the tick's pairing is off: this draws the bracket
    past = await finished_arena(service, now)
    await register(room, "Ann")
    assert service.results is not None
    account = await room.app.state.deps.accounts.by_name("Ann")
    await service.results.record_places(past.id, past.settings.name, "arena",
                                        [(account.pid, "Ann", 1, 6, 3)])

    # The phone's lobby lists them without a sideways scroll (long lines wrap).
    # (Checked by id: the list is the room's, and only these two are this test's.)
    listed = [f'#events-list li[data-event="{e.id}"]' for e in (arena, knockout)]
    lobby = await open_page(room, viewport=PHONE_TALL)
    for item in listed:
        await expect(lobby.locator(item)).to_have_count(1)
    await expect(lobby.locator(f'#events-list li[data-event="{past.id}"]')).to_have_count(0)
    assert await no_sideways_scroll(lobby)

    # The desktop: the lobby lists the events on, not the finished one.
    page = await open_page(room)
    events = page.locator("#events-list")
    for item in listed:
        await expect(page.locator(item)).to_have_count(1)
    await expect(page.locator(listed[0])).to_contain_text("Hourly Quick Arena")
    await expect(events).not_to_contain_text("Yesterday")
    await page.locator(listed[0]).get_by_role("link").click()
    await expect(page.locator("#event-name")).to_have_text("Hourly Quick Arena")
    await expect(page.locator("#standings tbody tr")).to_have_count(2)
    await page.locator("#event-join").click()  # the page's guest joins
    await expect(page.locator("#standings tbody tr")).to_have_count(3)
    note = page.locator("#event-note")  # each action said in words, as the news says it
    await expect(note).to_have_text("You join the event.")
    await page.locator("#event-pause").click()
    await expect(page.locator("#standings")).to_contain_text("(paused)")
    await expect(note).to_have_text("You pause: you will not be paired until you resume.")
    await shot(page, "event-arena-desktop")
    await expect(page.locator("#event-join")).to_have_text("Resume")
    await page.locator("#event-join").click()  # joining again resumes
    await expect(page.locator("#standings")).not_to_contain_text("(paused)")
    await expect(note).to_have_text("You are back in the event: you will be paired again.")
    await expect(page.locator("#event-join")).to_have_count(0)  # in: nothing to join

    # The phone: the bracket with its byes, the podium, the player page's events.
    phone = await open_page(room, viewport=PHONE_TALL)
    await phone.goto(f"{room.http}/e/{knockout.id}")
    bracket = phone.locator("#bracket")
    await expect(bracket.locator("li")).to_have_count(3)  # three sides: 2 + 1 matches
    await expect(bracket).to_contain_text("bye")
    await expect(phone.locator("#playing li")).to_have_count(1)  # seeds 2 and 3 play
    assert await no_sideways_scroll(phone)
    await shot(phone, "event-knockout-phone")
    await phone.goto(f"{room.http}/e/{past.id}")
    podium = phone.locator("#podium")
    await expect(podium).to_contain_text("Past")
    link = podium.locator("a.game-link")
    await expect(link).to_have_attribute("href", "/g/pasttable001.0")
    assert await no_sideways_scroll(phone)
    await phone.goto(f"{room.http}/@/Ann")
    played = phone.locator("#events-played")
    await expect(played).to_contain_text("Yesterday's Arena")
    await expect(played).to_contain_text("#1")
    await expect(played.get_by_role("link")).to_have_attribute("href", f"/e/{past.id}")
    assert await no_sideways_scroll(phone)
