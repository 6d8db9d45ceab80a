"""The archive's pages on games played in a real room and kept by the real archive (its
PostgreSQL database per test): the game-over dialog's and the review's link to the game
page, the game page moved through and checked against the archive's document, the player
page of a ranked player with the chart of their rating, the lobby's Your games, and a
private table's game answered as no game to someone who did not play it."""

from __future__ import annotations

import asyncio
import random
import re

import httpx
from playwright.async_api import Page, expect

from shared.protocol import CreatePrivate, StartGame
from tests.room.conftest import play_until

from .conftest import BROWSER, PHONE_TALL, shot
from .play import page_state, quick_play
from .test_accounts import ranked_game

pytestmark = BROWSER

FETCH_JSON = "(path) => fetch(path, {credentials: 'same-origin'}).then((r) => r.json())"
STATUS_OF = "(path) => fetch(path, {credentials: 'same-origin'}).then((r) => r.status)"


async def archived(page: Page, path: str) -> dict:
    """What the archive answers this page's cookies at ``path``."""
    body: dict = await page.evaluate(FETCH_JSON, path)
    return body


async def to_lobby(page: Page) -> None:
    """Open the lobby: a page load shows it (the player's game is over, so the room
    does not put them back at its table)."""
    origin = re.match(r"https?://[^/]+", page.url)
    assert origin is not None
    await page.goto(f"{origin[0]}/")
    await expect(page.locator(".lobby")).to_be_visible()


def moves(doc: dict) -> int:
    """The game page's positions: each hand's deal, its bids and its cards."""
    return sum(1 + len(h["bids"]) + sum(len(t["cards"]) for t in h["tricks"])
               for h in doc["hands"])


async def check_game_page(page: Page, doc: dict) -> None:
    """The page shows ``doc``: its result, every move on the slider, a passing proof."""
    total = moves(doc)
    await expect(page.locator("#move-slider")).to_have_attribute("max", str(total - 1))
    await expect(page.locator("#game-title")).to_have_text(re.compile(r" won$|^A draw$"))
    totals = [str(t).replace("-", "\u2212") for t in doc["result"]["totals"]]
    await expect(page.locator("#game-final")).to_have_text(
        re.compile(r"^.+ " + re.escape(totals[0]) + r" — .+ " + re.escape(totals[1]) + "$"))
    await expect(page.locator("#deal-proof")).to_have_class(re.compile(r"\bok\b"))
    await page.keyboard.press("End")
    line = page.locator("#move-line")
    await expect(line).to_have_text(re.compile(rf"^Move {total:,} of {total:,} · "))
    await page.keyboard.press("PageUp")
    last = len(doc["hands"])
    await expect(page.locator("#move-line")).to_have_text(re.compile(rf"· Hand {last}: .* deals$"))
    await expect(page.locator("#deal-proof")).to_have_class(re.compile(r"\bok\b"))


async def test_a_casual_game_links_to_its_page_from_the_sheet_and_the_review(
        start_room, open_page, database_url) -> None:
    room = await start_room(turn_time_s=0.0, bot_pace_s=0.02, casual_preset="quick",
                            database_url=database_url)
    page = await open_page(room)
    first = await quick_play(page, "Gus")
    await page.wait_for_function("window.spadesApp.state.status === 'over'", timeout=60_000)
    game_id = f"{first['table']}.0"
    dialog = page.locator("dialog.game-over")
    link = dialog.get_by_role("link", name="Game page")
    await expect(link).to_have_attribute("href", f"/g/{game_id}?just=1")
    await shot(page, "game-over-link-desktop")
    # The review (from the bar, once the sheet is closed) links to the whole game too.
    await dialog.get_by_role("button", name="Close").click()
    await page.locator(".game-over-bar").get_by_role("button", name="Review", exact=True).click()
    review_link = page.locator("dialog .review").get_by_role(
        "link", name="The whole game, move by move")
    await expect(review_link).to_have_attribute("href", f"/g/{game_id}?just=1")
    await review_link.click()
    # (the page waits for the archive, up to the 30 s claim of a failed reader and more)
    await expect(page.locator("#move-slider")).to_be_visible(timeout=75_000)
    await expect(page).to_have_url(re.compile(rf"/g/{re.escape(game_id)}#m=0$"))
    doc = await archived(page, f"/api/games/{game_id}")
    assert doc["id"] == game_id and doc["seats"][first["seat"]]["name"] == "Gus"
    await check_game_page(page, doc)
    await shot(page, "game-page-archived-desktop")
    async with page.expect_download() as info:  # the archive's record.txt
        await page.locator("#download-record").click()
    download = await info.value
    assert download.suggested_filename == f"spades-{game_id}.txt"
    with open(await download.path(), encoding="utf-8") as record:
        assert f'[Game "{game_id}"]' in record.read()
    async with page.expect_download() as info:  # ... and with the dealt hands
        await page.locator("#download-record-dealt").click()
    with open(await (await info.value).path(), encoding="utf-8") as record:
        lines = record.read().splitlines()
    assert "; dealt 0: " in "\n".join(lines) and any(x.startswith("; hand 1, ") for x in lines)
    # The guest's lobby lists the game under Your games; it opens the same page. (The
    # room puts a player back at their table, game over, on a page load: Lobby leaves it.)
    await to_lobby(page)
    games = page.locator("#your-games .games-list a")
    await expect(games).to_have_count(1)
    await expect(games).to_have_attribute("href", f"/g/{game_id}")
    await games.scroll_into_view_if_needed()
    await shot(page, "your-games-desktop")
    await games.click()
    await expect(page.locator("#move-line")).to_have_text(re.compile(r"^Move 1 of "))


async def test_a_ranked_player_page_charts_the_rating_and_opens_the_game(
        start_room, open_page, make_client, database_url) -> None:
    page = await ranked_game(start_room, open_page, make_client, database_url=database_url)
    await page.wait_for_function("window.spadesApp.state.status === 'over'", timeout=60_000)
    state = await page_state(page)
    game_id = f"{state['table']}.0"
    await page.locator("dialog.game-over").get_by_role("link", name="Game page").click()
    await expect(page.locator("#move-slider")).to_be_visible(timeout=75_000)
    doc = await archived(page, f"/api/games/{game_id}")
    assert doc["kind"] == "ranked" and len(doc["ratings"]) == 4
    await check_game_page(page, doc)
    await expect(page.locator(".game-players .rating-change")).to_have_text(
        [re.compile(r"^ 1500 → 1\d{3}$")] * 4)  # each player's first game, from 1500
    # Yael's name leads to her page: her rating, one rated game on the chart, the game.
    await page.locator(".game-players a.player-link", has_text="Yael").click()
    await expect(page).to_have_url(re.compile(r"/@/Yael$"))
    player = await archived(page, "/api/players/Yael")
    assert not player["provisional"] and player["rating"] != 1500
    await expect(page.locator("#player-rating")).to_have_text(str(player["rating"]))
    await expect(page.locator("#player-games")).to_have_text("1")
    chart = page.locator("svg#rating-chart")
    await expect(chart.locator("a.dot-link")).to_have_count(1)
    await expect(chart.locator("a.dot-link")).to_have_attribute("href", f"/g/{game_id}")
    recent = page.locator(".recent-panel .games-list a")
    await expect(recent).to_have_count(1)
    await recent.click()
    await expect(page).to_have_url(re.compile(rf"/g/{re.escape(game_id)}(#m=0)?$"))
    await expect(page.locator("#move-line")).to_have_text(re.compile(r"^Move 1 of "))
    # From the lobby: the account's own page, and another player's from the leaderboard.
    await to_lobby(page)
    await page.locator("#my-page").click()
    await expect(page.locator("#player-name")).to_have_text("Yael")
    await to_lobby(page)
    await page.locator("#leaderboard").get_by_role("link", name="Vic").click()
    await expect(page.locator("#player-name")).to_have_text("Vic")
    await expect(page.locator("#player-games")).to_have_text("1")


async def test_on_a_phone_the_game_over_link_and_the_game_page_fit(
        start_room, open_page, database_url) -> None:
    room = await start_room(turn_time_s=0.0, bot_pace_s=0.02, casual_preset="quick",
                            database_url=database_url)
    page = await open_page(room, phone=True, viewport=PHONE_TALL)
    await quick_play(page, "Pia")
    await page.wait_for_function("window.spadesApp.state.status === 'over'", timeout=60_000)
    dialog = page.locator("dialog.game-over")
    link = dialog.get_by_role("link", name="Game page")
    await expect(link).to_be_visible()
    for control in (link, dialog.get_by_role("button", name="Rematch")):
        box = await control.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE_TALL["width"]
        assert box["height"] >= 44
    await shot(page, "game-over-link-phone")
    await link.click()
    await expect(page.locator("#move-slider")).to_be_visible(timeout=75_000)
    await page.get_by_role("button", name="Next move").click()
    await expect(page.locator("#move-line")).to_have_text(re.compile(r"^Move 2 of .* bids "))
    width = await page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE_TALL["width"], f"the page scrolls sideways ({width}px)"
    await shot(page, "game-page-archived-phone")


async def test_a_private_tables_game_is_no_game_to_another_person(
        start_room, open_page, make_client, database_url) -> None:
    room = await start_room(turn_time_s=0.0, database_url=database_url)
    host = await make_client(room.ws, name="Hana")
    await host.request(CreatePrivate(preset="quick"))
    await host.request(StartGame())
    await play_until(host, rng=random.Random(5))
    game_id = f"{host.table}.0"
    path = f"/api/games/{game_id}"
    deadline = asyncio.get_running_loop().time() + 90
    async with httpx.AsyncClient(base_url=room.http, timeout=10,
                                 cookies={"spades_token": host.token or ""}) as player:
        while (await player.get(path)).status_code != 200:  # 404 until it is kept
            assert asyncio.get_running_loop().time() < deadline
            await asyncio.sleep(0.2)
    page = await open_page(room)  # someone else, who did not play at the table
    assert await page.evaluate(STATUS_OF, path) == 404
    refusal = (await archived(page, path))["error"]
    # the very answer a missing game gets: the page does not tell that it exists
    assert refusal == (await archived(page, "/api/games/none.0"))["error"]
    await page.goto(f"{room.http}/g/{game_id}")
    alert = page.get_by_role("alert").filter(has_text="No game to show")
    await expect(alert).to_contain_text(refusal["message"])
    await expect(page.locator("#move-slider")).to_have_count(0)
