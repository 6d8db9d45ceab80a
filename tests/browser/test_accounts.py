"""Accounts, the ranked queue and the leaderboard in the page: a guest refused from
ranked with a sentence that says to sign in, registering at a (private, not started)
table (the seat is kept),
signing out and in, the queue's time waited, and a whole ranked game (the page's player
and three accounts over sockets) ending with the rating change and the leaderboard."""

from __future__ import annotations

import asyncio
import re
from types import SimpleNamespace
from zoneinfo import ZoneInfo

import redis.asyncio as redis_async
from playwright.async_api import Page, expect

from server.social.reports import Sanctions
from shared.protocol import Queue
from tests.room.conftest import LocalServer
from tests.room_social.conftest import PASSWORD, register

from .conftest import BROWSER, PHONE_TALL, is_csp_violation, shot
from .play import page_state

pytestmark = BROWSER

DESKTOP = {"width": 1280, "height": 800}
SIGNED_IN = "window.spadesApp.room.signedIn === true && window.spadesApp.room.state === 'open'"
SIGNED_OUT = "window.spadesApp.room.signedIn === false && window.spadesApp.room.state === 'open'"


async def account_form(page: Page, name: str, password: str, button: str) -> None:
    await page.fill("#acct-name", name)
    await page.fill("#acct-pass", password)
    await page.click(button)


async def until_doing(room: LocalServer, pid: str, doing: str) -> None:
    """Wait until the room's presence says ``pid`` is doing ``doing``."""
    deadline = asyncio.get_running_loop().time() + 10
    while (await room.social.presence.doing_of([pid]))[pid] != doing:
        assert asyncio.get_running_loop().time() < deadline, f"never {doing}"
        await asyncio.sleep(0.05)


async def test_register_at_a_table_sign_out_and_sign_in(room, open_page) -> None:
    page = await open_page(room)
    await page.click("#ranked-queue")  # a guest: the room says to sign in
    await expect(page.locator("#ranked-note")).to_contain_text(re.compile("sign in", re.I))
    # A private table that waits for its host to start: no game runs (and none can end
    # over the page) however long registering takes.
    await page.fill("#guest-name", "Ula")
    await page.click("#create-private")
    await page.wait_for_selector(".private-lobby")
    before = await page_state(page)
    assert before["status"] == "filling" and before["seat"] == 0
    await page.get_by_role("button", name="Back to the lobby").click()
    await account_form(page, "Ula_R", PASSWORD, "#register")
    await expect(page.locator("#signed-in-as")).to_contain_text("Ula_R")
    await page.wait_for_function(SIGNED_IN)
    await expect(page.locator("#play-now")).to_be_visible()
    await expect(page.locator("#guest-name")).to_have_count(0)  # an account's name is fixed
    # A guest who registers keeps the table they were at.
    await page.get_by_role("button", name="Back to your table").click()
    await page.wait_for_selector(".table-screen")
    after = await page_state(page)
    assert (after["table"], after["seat"]) == (before["table"], before["seat"])
    # Friends see what the page shows: the table, then the lobby (the seat is kept).
    me = await page.evaluate("fetch('/api/me').then((r) => r.json())")
    await until_doing(room, me["pid"], f"playing:{after['table']}")
    await page.get_by_role("button", name="Back to the lobby").click()
    await until_doing(room, me["pid"], "lobby")
    # The ranked queue, with the time waited counting up.
    await page.click("#ranked-queue")
    line = page.locator("#ranked-panel .queue-line")
    await expect(line).to_have_text(re.compile(r"In the queue: \d+s waited"))
    await expect(line).to_have_text(re.compile(r"In the queue: [1-9]\d*s waited"))
    await page.click("#ranked-leave")
    await expect(line).to_have_text("")
    # Sign out: a guest again (the name box is back); a wrong password is refused.
    await page.click("#sign-out")
    await expect(page.locator("#acct-name")).to_be_visible()
    await page.wait_for_function(SIGNED_OUT)
    await expect(page.locator("#guest-name")).to_be_visible()
    await account_form(page, "Ula_R", "not the password", "#sign-in")
    await expect(page.locator("#toast")).to_contain_text("do not match")
    await page.wait_for_function(SIGNED_OUT)
    await account_form(page, "ula_r", PASSWORD, "#sign-in")  # names ignore case
    await expect(page.locator("#signed-in-as")).to_contain_text("Ula_R")
    await page.wait_for_function(SIGNED_IN)


async def ranked_game(start_room, open_page, make_client, **settings) -> Page:
    """A ranked game under way: the page's account Yael and Vic, Wes and Xan over sockets,
    matched by the queue. Turn time 0: every player's turns go to the autopilot at once
    (bots' pace is 0), so a whole 500-point game takes seconds; a minute's grace keeps
    anyone from being scored as a leaver."""
    room = await start_room(turn_time_s=0.0, match_every_s=0.1, **settings)
    others = []
    for n, name in enumerate(("Vic", "Wes", "Xan")):  # other people, other addresses
        cookie = await register(room, name)
        others.append(await make_client(room.ws, headers={
            "Cookie": f"spades_session={cookie}", "X-Forwarded-For": f"192.0.2.{n + 1}"}))
    page = await open_page(room)
    await account_form(page, "Yael", PASSWORD, "#register")
    await page.wait_for_function(SIGNED_IN)
    for client in others:
        await client.request(Queue(on=True))
    await page.click("#ranked-queue")
    await page.wait_for_function("window.spadesApp.state.kind === 'ranked'", timeout=15_000)
    return page


async def test_a_ranked_game_shows_the_rating_change_and_the_board(start_room, open_page,
                                                                   make_client) -> None:
    page = await ranked_game(start_room, open_page, make_client)
    await expect(page.locator(".title-btn")).to_contain_text("Ranked · to 500")
    # Each seat's name has its rating beside it (four newcomers: 1500, as the game began),
    # for the players and for a spectator on a phone.
    ratings = page.locator(".seat .seat-rating")
    await expect(ratings).to_have_text(["1500"] * 4)
    await shot(page, "ranked-seat-ratings")
    table = (await page_state(page))["table"]
    room = SimpleNamespace(http=await page.evaluate("location.origin"))
    spectator = await open_page(room, phone=True, path=f"/#/t/{table}")
    await expect(spectator.locator(".seat .seat-rating")).to_have_text(["1500"] * 4)
    await expect(spectator.locator(".seat").first).to_have_attribute(
        "aria-label", re.compile(r", rated 1500, "))
    if await spectator.locator("dialog.game-over[open]").count():  # the fast game ended
        await spectator.keyboard.press("Escape")
    await shot(spectator, "ranked-seat-ratings-phone")
    await page.wait_for_function("window.spadesApp.state.status === 'over'", timeout=60_000)
    dialog = page.locator("dialog.game-over")
    # On the 1500 scale, a whole number, no "?" after the first game.
    rated_line = re.compile(r"Your rating: 1\d{3} \([+−]\d+\) · #[1-4] on the leaderboard")
    await expect(dialog.locator("#rated-line")).to_contain_text(rated_line)
    await expect(dialog.get_by_role("button", name="Rematch")).to_have_count(0)
    await dialog.get_by_role("button", name="Lobby").click()
    await expect(page.locator("#back-to-table")).to_have_count(0)  # the game is over
    board = page.locator("#leaderboard")
    await expect(board.locator("tbody tr")).to_have_count(4)
    for name in ("Vic", "Wes", "Xan", "Yael"):
        await expect(board).to_contain_text(name)
    await expect(board.locator("tbody tr td:nth-child(3)")).to_have_text(
        [re.compile(r"^1\d{3}$")] * 4)  # each rating on the 1500 scale, none with a "?"
    await expect(board.locator("tr.me")).to_contain_text("Yael")
    await expect(page.locator("#board-you")).to_have_text(re.compile(r"You: #[1-4] · "))
    await expect(page.locator("#account-panel")).to_contain_text("Ranked games1")
    # Opening the site again: the lobby, not the finished table; the table's link shows
    # the sheet with the rating change it made, not "Rating the game…".
    await page.reload()
    await page.wait_for_function(SIGNED_IN)
    await expect(page.locator(".lobby")).to_be_visible()
    await expect(page.locator(".table-screen")).to_have_count(0)
    await expect(page.locator("#back-to-table")).to_have_count(0)
    await page.evaluate(f"location.hash = '#/t/{table}'")
    await expect(dialog.locator("#rated-line")).to_contain_text(rated_line)


async def test_sign_out_is_this_device_and_everywhere_is_said_on_the_others(
        room, open_page) -> None:
    await register(room, "Zed")
    laptop, phone = await open_page(room), await open_page(room, phone=True)
    for page in (laptop, phone):
        await account_form(page, "Zed", PASSWORD, "#sign-in")
        await expect(page.locator("#signed-in-as")).to_contain_text("Zed")
        await page.wait_for_function(SIGNED_IN)
    # Sign out on the laptop: the laptop is a guest, the phone stays signed in.
    await laptop.click("#sign-out")
    await laptop.wait_for_function(SIGNED_OUT)
    await phone.reload()  # what the phone's next visit sees: still its own session
    await expect(phone.locator("#signed-in-as")).to_contain_text("Zed")
    await phone.wait_for_function(SIGNED_IN)
    # Sign out everywhere from the laptop: the phone is told why, and is a guest.
    await account_form(laptop, "Zed", PASSWORD, "#sign-in")
    await laptop.wait_for_function(SIGNED_IN)
    await laptop.click("#sign-out-everywhere")
    await expect(laptop.locator("#toast")).to_contain_text("Signed out on every device")
    await expect(phone.locator("#signed-out-elsewhere")).to_contain_text(
        "Sign out everywhere was chosen on another of your devices")
    await phone.wait_for_function(SIGNED_OUT)
    await expect(phone.locator("#acct-name")).to_be_visible()
    await expect(laptop.locator("#signed-out-elsewhere")).to_have_count(0)
    await phone.get_by_role("button", name="OK").click()
    await expect(phone.locator("#banner")).to_be_hidden()


async def test_sign_in_is_within_the_first_screen(room, open_page) -> None:
    """A guest reaches Sign in from the top of the lobby, phone and desktop: the link is
    on the first screen, takes them to the form with the name box focused; signed in,
    it is gone."""
    page = await open_page(room, phone=True, viewport=PHONE_TALL)
    for size in (PHONE_TALL, DESKTOP):
        await page.set_viewport_size(size)
        await page.evaluate("window.scrollTo(0, 0)")
        link = page.locator("#to-sign-in")
        await expect(link).to_be_visible()
        box = await link.bounding_box()
        assert box is not None and box["y"] + box["height"] <= size["height"], box
        if size is PHONE_TALL:
            assert box["height"] >= 44, box
            await shot(page, "lobby-sign-in-phone")
    await link.click()
    await expect(page.locator("#acct-name")).to_be_focused()
    await expect(page.locator("#acct-name")).to_be_in_viewport()
    await account_form(page, "Sia_R", PASSWORD, "#register")
    await page.wait_for_function(SIGNED_IN)
    await expect(page.locator("#to-sign-in")).to_be_hidden()


async def test_a_refusal_gives_its_time_in_the_readers_time_zone(room, browser,
                                                                 redis_url: str) -> None:
    """The room's sentence says "until ... UTC"; the page shows the moment in the
    browser's own time zone (here Kolkata, UTC+5:30), with no UTC left in it."""
    context = await browser.new_context(timezone_id="Asia/Kolkata", locale="en-GB")
    blocked: list[str] = []  # under the room's CSP, as open_page's pages
    context.on("console", lambda m: blocked.append(m.text) if is_csp_violation(m) else None)
    try:
        page = await context.new_page()
        await page.goto(room.http)
        await page.wait_for_function("window.spadesApp && window.spadesApp.room.state === 'open'")
        await account_form(page, "Tia_Z", PASSWORD, "#register")
        await page.wait_for_function(SIGNED_IN)
        pid = await page.evaluate("fetch('/api/me').then((r) => r.json()).then((m) => m.pid)")
        client = redis_async.Redis.from_url(redis_url)
        try:
            end = await Sanctions(client).impose(pid, "ranked_ban", 3 * 3600)
        finally:
            await client.aclose()
        await page.click("#ranked-queue")
        note = page.locator("#toast")
        local = end.astimezone(ZoneInfo("Asia/Kolkata"))
        await expect(note).to_contain_text(f"until {local.day} {local:%b}, {local:%H:%M}")
        await expect(note).not_to_contain_text("UTC")
    finally:
        await context.close()
    assert not blocked, blocked
