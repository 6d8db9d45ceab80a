"""The public lobby in screen-reader mode, read as a blind player does, from Chromium's
accessibility tree (ARIA snapshots) and the live regions only: the switch first in the
lobby's tab order and remembered; the friends, open tables and games to watch as lists
of sentences with their buttons named by their row; a friend coming online and a table
listed and filling said once each, however often the lists are drawn again; the focus
kept on a Join button while its list redraws; axe on the lobby in the mode; and a table
joined by keyboard alone. At 1280x800 and at 390x844."""

from __future__ import annotations

import re
import time

import pytest
from playwright.async_api import Page, expect

from shared.protocol import CreatePrivate, Join, QuickPlay
from tests.room_social.conftest import SocialClient, register
from tests.room_social.test_friends import call

from .conftest import BROWSER, DESKTOP, PHONE_TALL, shot
from .play import page_state
from .sr_reading import LISTEN_JS, heard, heard_said
from .test_accounts import SIGNED_IN
from .test_wcag import Findings

pytestmark = BROWSER

SIZES = {"desktop": DESKTOP, "phone": PHONE_TALL}
SWITCH = 'switch "Screen-reader mode"'
JOIN = 'button "Join Ada\'s table"'
OPEN = re.compile(r"^Ada's table: (.+); 3 seats free\.$")


def rows_of(snapshot: str) -> list[tuple[str, list[str]]]:
    """The list rows of an ARIA snapshot: each row's text and the names of its buttons
    and links."""
    rows: list[tuple[str, list[str]]] = []
    for line in snapshot.splitlines():
        item = re.match(r'\s*- listitem:\s*"?(.*?)"?$', line)
        if item:
            rows.append((item.group(1), []))
            continue
        text = re.match(r'\s*- text:\s*"?(.*?)"?$', line)
        if text and rows and not rows[-1][0]:
            rows[-1] = (text.group(1), rows[-1][1])
        # (quoted when the name has ": " in it)
        button = re.match(r'\s*- \'?(?:button|link) "([^"]+)"', line)
        if button and rows:
            rows[-1][1].append(button.group(1))
    return rows


async def list_read(page: Page, name: str) -> list[tuple[str, list[str]]]:
    """The rows of the list ``name`` as the tree gives them; [] when there is none."""
    found = page.get_by_role("list", name=name, exact=True)
    if not await found.count():
        return []
    return rows_of(await found.aria_snapshot())


async def until_list(page: Page, name: str, check, what: str) -> list[tuple[str, list[str]]]:
    """The list ``name`` once ``check(rows)`` holds (read every tenth of a second)."""
    rows: list[tuple[str, list[str]]] = []
    for _ in range(150):
        rows = await list_read(page, name)
        if check(rows):
            return rows
        await page.wait_for_timeout(100)
    raise AssertionError(f"the list {name} never read {what}: {rows}")


async def focused(page: Page) -> str:
    return (await page.locator(":focus").aria_snapshot()).strip().removeprefix("- ")


async def tab_to(page: Page, wanted: str, limit: int = 150) -> list[str]:
    """Tab until the control ``wanted`` (role and name, as the tree gives them) has the
    focus; every stop on the way."""
    stops: list[str] = []
    for _ in range(limit):
        await page.keyboard.press("Tab")
        stops.append(await focused(page))
        if stops[-1].startswith(wanted):
            return stops
    raise AssertionError(f"Tab never reached {wanted}: {stops}")


def said(news: list[tuple[str, str]], pattern: str) -> list[str]:
    return [text for region, text in news if region == "live" and re.fullmatch(pattern, text)]


@pytest.mark.parametrize("size", list(SIZES))
async def test_the_public_lobby_read_and_a_table_joined_by_keyboard(
        start_room, open_page, make_client, size: str) -> None:
    room = await start_room(turn_time_s=600)
    vic, wes, ada = [await register(room, name) for name in ("Vic", "Wes", "Ada")]
    for cookie, name in ((vic, "Wes"), (wes, "Vic")):  # friends: each follows the other
        assert (await call(room, cookie, "/api/follow", {"name": name})).status_code == 200
    # A Knock-out an hour from now, in the lobby's Tournaments.
    made = await call(room, ada, "/api/tournaments", {
        "kind": "knockout", "name": "Club night", "preset": "standard", "size": 8,
        "starts": int(time.time() * 1000) + 3_600_000})
    assert made.status_code == 201, made.text
    page = await open_page(room, phone=size == "phone", viewport=SIZES[size])
    await page.context.add_cookies([{"name": "spades_session", "value": vic, "url": room.http}])
    await page.reload()
    await page.wait_for_function(SIGNED_IN)

    # The switch is the first stop after the skip link; Space turns the mode on, and a
    # reload keeps it.
    await page.get_by_role("link", name="Skip to the game").focus()
    await page.keyboard.press("Tab")
    assert (await focused(page)).startswith(SWITCH), await focused(page)
    await page.keyboard.press("Space")
    await expect(page.get_by_role("switch", name="Screen-reader mode")).to_be_checked()
    await page.reload()
    await page.wait_for_function(SIGNED_IN)
    await expect(page.get_by_role("switch", name="Screen-reader mode")).to_be_checked()
    await page.evaluate(LISTEN_JS)
    await shot(page, f"lobby-screen-reader-top-{size}")
    await until_list(page, "Friends online (0 of 1)", lambda rows: rows == [("Wes: offline.", [])],
                     "Wes offline")
    pools = await until_list(page, "Quick play by rules", bool, "the room's pools")
    for sentence, buttons in pools:  # "Quick game: Quick, 250, bags 10/100."
        assert re.fullmatch(r"Quick game: [^·]+\.", sentence), pools
        rules = sentence.removeprefix("Quick game: ").removesuffix(".")
        assert buttons == [f"Play a quick game: {rules}"], pools
    events = await until_list(page, "Tournaments", bool, "the Knock-out")
    links = [name for _, names in events for name in names]  # each event, one link
    club = r"Club night: next, [^,]+, Knock-out of 8, casual; 0 players\."
    assert len(links) == len(events) and any(re.fullmatch(club, link) for link in links), events
    daily = await page.get_by_role("region", name="Daily deal").aria_snapshot()
    assert 'button "Play today\'s deal"' in daily, daily

    # A friend comes online; a host lists a table; a game starts that may be watched.
    friend = SocialClient(room.ws, headers={"Cookie": f"spades_session={wes}"})
    host = SocialClient(room.ws, headers={"Cookie": f"spades_session={ada}"})
    await friend.connect()
    await host.connect()
    try:
        await heard_said(page, "Wes is online.")
        await until_list(page, "Friends online (1 of 1)",
                         lambda rows: rows == [("Wes: in the lobby.", [])], "Wes in the lobby")
        await host.request(CreatePrivate())
        assert (await call(room, ada, "/api/tables/open", {"open": True})).status_code == 200
        opened = await heard_said(page, "Ada opens a table: ")
        assert re.fullmatch(r"Ada opens a table: .+; 3 seats free\.", opened), opened
        rows = await until_list(page, "Open tables", lambda rows: len(rows) == 1, "one table")
        assert OPEN.match(rows[0][0]) and rows[0][1] == ["Join Ada's table"], rows
        await friend.request(QuickPlay())
        friends = await until_list(page, "Friends online (1 of 1)",
                                   lambda rows: rows and "playing" in rows[0][0], "Wes playing")
        assert friends == [("Wes: playing.", ["Watch Wes"])], friends
        watch = await until_list(page, "Watch", lambda rows: len(rows) == 1, "one game")
        sentence, buttons = watch[0]
        assert re.fullmatch(r".+: Wes and .+, 0 points against .+ and .+, 0 points\. "
                            r"Hand 1 of at most \d+, to \d+\.", sentence), watch
        assert len(buttons) == 1 and buttons[0].startswith("Watch Wes, "), watch

        # By keyboard from the switch to the table's Join; a seat taken meanwhile redraws
        # the list, said once, and the focus stays on the Join.
        await page.get_by_role("link", name="Skip to the game").focus()
        stops = await tab_to(page, JOIN)
        assert stops[0].startswith(SWITCH), stops
        # The page asks for its lists now: its own next ask is a minute away, so the
        # news below came by the room's push.
        await page.evaluate("() => window.spadesApp.screen.loadPeople()")
        nora = await make_client(room.ws, name="Nora")
        await nora.request(Join(table=host.table))
        await heard_said(page, "Ada's table: now 2 seats free.")
        await until_list(page, "Open tables",
                         lambda rows: rows and rows[0][0].endswith("2 seats free."), "2 free")
        assert (await focused(page)).startswith(JOIN)
        # Drawn again with nothing new: nothing said again.
        before = await heard(page)
        await page.evaluate("() => window.spadesApp.screen.loadPeople()")
        assert await heard(page) == before
        assert (await focused(page)).startswith(JOIN)
        news = await heard(page)
        for pattern in (r"Wes is online\.", "Ada opens a table: .+",
                        r"Ada's table: now 2 seats free\."):
            assert len(said(news, pattern)) == 1, (pattern, news)
        assert not said(news, "Screen-reader mode on.*"), news  # at the switch, not on a reload

        await shot(page, f"lobby-screen-reader-{size}")
        found = Findings()
        await found.check(page, "the lobby in screen-reader mode")
        assert not found.lines, "\n".join(found.lines)
        await page.set_viewport_size(SIZES[size])

        # Enter joins: the private table's seats are read, Vic among them.
        assert (await focused(page)).startswith(JOIN)
        await page.keyboard.press("Enter")
        await page.wait_for_function(f"window.spadesApp.state.table === {host.table!r}")
        assert (await page_state(page))["seat"] is not None
        seats: list[str] = []
        for _ in range(100):
            region = page.get_by_role("region", name="Private table")
            shown = await region.count()
            seats = [text for text, _ in rows_of(await region.aria_snapshot())] if shown else []
            if any(seat.endswith("you (Vic).") for seat in seats):
                break
            await page.wait_for_timeout(100)
        assert any(re.fullmatch(r"\w+: you \(Vic\)\.", seat) for seat in seats), seats
        assert any(re.fullmatch(r"\w+: Nora, a guest\.", seat) for seat in seats), seats
        assert any(re.fullmatch(r"\w+: Ada, the host\.", seat) for seat in seats), seats
    finally:
        await friend.close()
        await host.close()


@pytest.mark.parametrize("size", list(SIZES))
async def test_a_table_that_fills_is_said_once_and_the_focus_stays_in_the_panel(
        start_room, open_page, make_client, size: str) -> None:
    """A guest in the mode is on the Join of the only open table when its last seats
    are taken: the table is said to be no longer open, once, and the focus, whose button
    went with the row, goes to the panel's heading rather than the page's start."""
    room = await start_room(turn_time_s=600)
    ada = await register(room, "Ada")
    page = await open_page(room, phone=size == "phone", viewport=SIZES[size], screenReader=True)
    await page.evaluate(LISTEN_JS)
    host = SocialClient(room.ws, headers={"Cookie": f"spades_session={ada}"})
    await host.connect()
    try:
        await host.request(CreatePrivate())
        assert (await call(room, ada, "/api/tables/open", {"open": True})).status_code == 200
        await heard_said(page, "Ada opens a table: ")
        await page.get_by_role("link", name="Skip to the game").focus()
        await tab_to(page, JOIN)
        await page.evaluate("() => window.spadesApp.screen.loadPeople()")  # the poll: later
        for name in ("Nora", "Omar", "Pia"):
            guest = await make_client(room.ws, name=name)
            await guest.request(Join(table=host.table))
        await heard_said(page, "Ada's table is no longer open.")
        await until_list(page, "Open tables", lambda rows: rows == [], "no table")
        assert await focused(page) == 'heading "Friends and tables" [level=2]'
        await page.evaluate("() => window.spadesApp.screen.loadPeople()")  # drawn again
        news = [text for region, text in await heard(page) if region == "live"]
        assert news.count("Ada's table is no longer open.") == 1, news
        assert len(news) == len(set(news)), news  # each sentence once
        assert all(text.startswith("Ada") for text in news), news
    finally:
        await host.close()
