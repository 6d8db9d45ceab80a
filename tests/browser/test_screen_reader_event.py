"""A tournament's page in screen-reader mode, read as a blind player does, from
Chromium's accessibility tree and the live regions only: the headings, the event's
state and time left in words, the standings as a table with the player's own row
marked, Join / Pause / Resume reached by Tab and pressed by keyboard, and every change
the room pushes said once, in order: players joining, pausing, coming back and
leaving, the start, a game counted (its players' points and places, and the player's
own place it moved), the end and the winner. The event is driven through the room's
own service and store, as the tournament tests do. axe passes on the page. At
1280x800 and at 390x844. A Knock-out's news too, on a phone: the entries, the draw, each
game and match counted, the winner."""

from __future__ import annotations

import dataclasses
import random
import re
import time

import pytest
from playwright.async_api import Page, expect

from server.tournaments.service import Tournaments
from shared.tournaments import Arena, ArenaSettings, Entrant, Knockout, KnockoutSettings

from .conftest import BROWSER, DESKTOP, PHONE_TALL, shot
from .sr_reading import LISTEN_JS, heard, heard_said, until_read
from .test_event_create import sign_up
from .test_screen_reader_lobby import tab_names
from .test_wcag import Findings

pytestmark = BROWSER

MIN = 60_000
HOUR = 60 * MIN
OTHERS = ["Ada", "Bea", "Cal", "Dov"]


def pid(name: str) -> str:
    return f"p-{name.lower()}"


def arena_of(event: object) -> Arena:
    assert isinstance(event, Arena)
    return event


async def rows_read(page: Page) -> list[str]:
    """The standings' body rows as the tree names them ("1 Ada 0 0 0")."""
    snapshot = await page.get_by_role("table").aria_snapshot()
    return re.findall(r'- row "(\d[^"]*)"', snapshot)


async def rows_say(page: Page, wanted: list[str]) -> None:
    await until_read(page, rows_read, wanted, "the standings")


async def focused(page: Page) -> str:
    return (await page.locator(":focus").aria_snapshot()).strip().removeprefix("- ")


@pytest.mark.parametrize("size", ["desktop", "phone"])
async def test_an_arena_page_read_and_its_news_said_once(start_room, open_page, size: str
                                                         ) -> None:
    room = await start_room(tournament_tick_s=0.0, tournament_calendar="")
    service: Tournaments = room.app.state.tournaments
    page = await open_page(room, viewport=DESKTOP if size == "desktop" else PHONE_TALL,
                           screenReader=True)
    await sign_up(page, "Wanda")
    arena = await service.create_arena(ArenaSettings(
        "Evening Arena", preset="quick", minutes=30,
        starts_ms=int(time.time() * 1000) + 3 * HOUR))
    await page.goto(f"{room.http}/e/{arena.id}")
    await page.wait_for_function("window.eventFeed === 'open'")
    await page.evaluate(LISTEN_JS)

    # The page's outline: the event's name, its state in words, then its parts.
    main = await page.get_by_role("main").aria_snapshot()
    assert 'heading "Evening Arena" [level=1]' in main, main
    assert "paragraph: Starts in 3 hours." in main, main
    for part in ("Standings", "Playing now"):
        assert f'heading "{part}" [level=2]' in main, main
    assert 'switch "Screen-reader mode" [checked]' in main, main

    # Join by keyboard alone: Tab reaches it by its name; Enter; the focus stays on the
    # event's controls (now Pause).
    await page.get_by_role("main").focus()
    await tab_names(page, 'button "Join"')
    await page.keyboard.press("Enter")
    await heard_said(page, "You join the event.")
    await expect(page.locator("#event-pause")).to_be_focused()
    assert await focused(page) == 'button "Pause"'

    for name in OTHERS:
        await service.join(arena.id, [Entrant(pid(name), name, 20.0)])
        await heard_said(page, f"{name} joins the event.")
    # Level on points, wins and games: one shared rank, listed by name.
    await rows_say(page, ["1 Ada 0 0 0", "1 Bea 0 0 0", "1 Cal 0 0 0", "1 Dov 0 0 0",
                          "1 Wanda (you) 0 0 0"])
    header = await page.get_by_role("table").aria_snapshot()
    assert re.search(r'columnheader "Rank".*\n.*columnheader "Player"', header), header

    # Pause, then Resume, by keyboard: each said once; the focus follows the controls.
    await page.keyboard.press("Enter")
    await heard_said(page, "You pause: you will not be paired until you resume.")
    assert await focused(page) == 'button "Resume"'
    await page.keyboard.press("Enter")
    await heard_said(page, "You are back in the event: you will be paired again.")
    assert await focused(page) == 'button "Pause"'

    # The start (brought forward to now), a table of the four others, Cal pausing
    # meanwhile, the game counted (Ada and Cal win it), Dov leaving.
    def start(event: object) -> None:
        arena = arena_of(event)
        arena.settings = dataclasses.replace(arena.settings, starts_ms=int(time.time() * 1000))

    await service.store.mutate(arena.id, start)
    await heard_said(page, "The event starts: 30 minutes to play.")
    await expect(page.locator("#event-phase")).to_have_text("Under way: 30 minutes left.")
    await service.store.mutate(arena.id, lambda e: arena_of(e).seat(
        "evtable001", [pid(n) for n in OTHERS], int(time.time() * 1000)))
    await expect(page.locator("#playing li")).to_have_count(1)
    await service.pause(arena.id, pid("Cal"))
    await heard_said(page, "Cal pauses.")
    await service.store.mutate(arena.id, lambda e: arena_of(e).record(
        "evtable001", (1, 2), (), int(time.time() * 1000)))
    await heard_said(page, "You are now 3rd.")
    await rows_say(page, ["1 Ada 2 1 1", "1 Cal (paused) 2 1 1", "3 Wanda (you) 0 0 0",
                          "4 Bea 0 1 0", "4 Dov 0 1 0"])
    await service.leave(arena.id, pid("Dov"))
    await heard_said(page, "Dov leaves the event.")
    found = Findings()
    await found.check(page, "event page")
    await page.set_viewport_size(DESKTOP if size == "desktop" else PHONE_TALL)
    await shot(page, f"event-screen-reader-{size}")

    # The end (the clock moved back past it): said, with the winner.
    def end(event: object) -> None:
        arena = arena_of(event)
        arena.settings = dataclasses.replace(
            arena.settings, starts_ms=int(time.time() * 1000) - 31 * MIN)

    await service.store.mutate(arena.id, end)
    await heard_said(page, "First place shared by Ada and Cal, with 2 points.")
    await expect(page.locator("#event-phase")).to_have_text("Finished.")
    await found.check(page, "event page, finished")
    assert not found.lines, "\n".join(found.lines)

    assert await heard(page) == [("live", sentence) for sentence in [
        "You join the event.",
        "Ada joins the event.", "Bea joins the event.", "Cal joins the event.",
        "Dov joins the event.",
        "You pause: you will not be paired until you resume.",
        "You are back in the event: you will be paired again.",
        "The event starts: 30 minutes to play.",
        "Cal pauses.",
        "Ada scores 2 points: 2 in all, still 1st.",
        "Cal scores 2 points: 2 in all, still 1st.",  # level with Ada: both first
        "Bea scores 0 points: 0 in all, down to 4th.",
        "Dov scores 0 points: 0 in all, down to 4th.",
        "You are now 3rd.",
        "Dov leaves the event.",
        "The event is over.",
        "First place shared by Ada and Cal, with 2 points.",
    ]]


def knockout_of(event: object) -> Knockout:
    assert isinstance(event, Knockout)
    return event


async def test_a_knockout_s_news_said_once(start_room, open_page) -> None:
    room = await start_room(tournament_tick_s=0.0, tournament_calendar="")
    service: Tournaments = room.app.state.tournaments
    page = await open_page(room, viewport=PHONE_TALL, screenReader=True)
    await sign_up(page, "Wanda")
    cup = await service.create_knockout(KnockoutSettings(
        "Evening Cup", preset="two_handed", size=8, best_of=3,
        starts_ms=int(time.time() * 1000) + 3 * HOUR))
    await page.goto(f"{room.http}/e/{cup.id}")
    await page.wait_for_function("window.eventFeed === 'open'")
    await page.evaluate(LISTEN_JS)
    await page.get_by_role("main").focus()
    await tab_names(page, 'button "Join"')
    await page.keyboard.press("Enter")
    await heard_said(page, "You join the event.")
    # Rated below any account: Wanda is the first seed, and has the bye.
    for k, name in enumerate(["Ada", "Bea", "Cal"]):
        await service.join(cup.id, [Entrant(pid(name), name, 1.0 + k)])
        await heard_said(page, f"{name} joins the event.")
    await service.leave(cup.id, pid("Cal"))
    await heard_said(page, "Cal leaves the event.")

    now = int(time.time() * 1000)
    await service.store.mutate(cup.id, lambda e: knockout_of(e).start(now, random.Random(1)))
    await heard_said(page, "The event starts: the bracket is drawn.")
    await expect(page.locator("#event-phase")).to_have_text("Under way: round 1 of 2.")
    for table, key, winner in [("ko1", "r1m1", 0), ("ko2", "r1m1", 0),
                               ("ko3", "r2m0", 1), ("ko4", "r2m0", 0), ("ko5", "r2m0", 0)]:
        await service.store.mutate(cup.id, lambda e, key=key, table=table: knockout_of(e).seat(
            key, table))
        await service.store.mutate(cup.id, lambda e, table=table, winner=winner: knockout_of(
            e).record(table, winner))
        await page.wait_for_function(
            "(table) => window.eventPage.matches.some((m) => m.games.includes(table))", arg=table)
    await heard_said(page, "You win the event.")
    await expect(page.locator("#event-phase")).to_have_text("Finished.")
    # The bracket reads one sentence a match (the eye's columns are hidden from the tree).
    tree = await page.locator("#bracket").aria_snapshot()
    assert re.findall(r'- listitem: "?(.+?)"?$', tree, re.M) == [
        "Wanda (seed 1) goes through: a bye.",
        "Bea (seed 2) against Ada (seed 3): 2 to 0, Bea wins.",
        "Wanda (seed 1) against Bea (seed 2): 2 to 1, Wanda wins.",
    ], tree
    await shot(page, "event-screen-reader-knockout-phone")
    assert await heard(page) == [("live", sentence) for sentence in [
        "You join the event.", "Ada joins the event.", "Bea joins the event.",
        "Cal joins the event.", "Cal leaves the event.",
        "The event starts: the bracket is drawn.",
        "A game of Bea against Ada is counted: 1 to 0.",
        "Bea wins the match against Ada.",
        "A game of Wanda against Bea is counted: 0 to 1.",
        "A game of Wanda against Bea is counted: 1 to 1.",
        "Wanda wins the match against Bea.",
        "The event is over.",
        "You win the event.",
    ]]
