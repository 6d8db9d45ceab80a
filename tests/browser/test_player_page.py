"""The player page /@/NAME on games played with the engine, in the archive's shapes
(tests/browser/archived.py): the rating and its SVG chart (a point per rated game, each
a link to its game), the record and the Spades statistics, the recent games opening
their game page; the lobby's "Your games" opening a game page; a phone and a desktop."""

from __future__ import annotations

import json
import re

from playwright.async_api import Page, expect

from server.archive.api import game_json
from shared.archive import GameRecord

from .archived import game_record, played_game, player_document
from .conftest import BROWSER, PHONE_TALL, shot

pytestmark = BROWSER

NAMES = ["Ann", "Bot West", "Cleo", "Bot East"]


def records(count: int = 9) -> list[GameRecord]:
    return [game_record(played_game(seed), f"g{seed}", NAMES, kind="ranked",
                        accounts=["Ann", None, None, None], day=seed)
            for seed in range(1, count + 1)]


async def serve(page: Page, kept: list[GameRecord], player: dict) -> None:
    by_id = {r.id: game_json(r) for r in kept}

    async def games(route) -> None:
        game_id = route.request.url.rsplit("/", 1)[1]
        doc = by_id.get(game_id)
        await route.fulfill(status=200 if doc else 404, content_type="application/json",
                            body=json.dumps(doc or {"error": {"code": "no_game",
                                                              "message": "No such game."}}))

    async def players(route) -> None:
        await route.fulfill(status=200, content_type="application/json", body=json.dumps(player))

    async def mine(route) -> None:
        await route.fulfill(status=200, content_type="application/json",
                            body=json.dumps({"games": player["recent"]}))

    await page.route(re.compile(r".*/api/games/[^/]+$"), games)
    await page.route("**/api/players/Ann", players)
    await page.route("**/api/my-games", mine)


async def test_the_player_page_charts_the_rating_and_opens_recent_games(room, open_page) -> None:
    docs = records()
    player = player_document("Ann", docs)
    page = await open_page(room)
    await serve(page, docs, player)
    await page.goto(f"{room.http}/@/Ann")
    await expect(page.locator("#player-name")).to_have_text("Ann")
    await expect(page.locator("#player-rating")).to_have_text(str(player["rating"]))
    await expect(page.locator("#player-games")).to_have_text(str(len(docs)))
    stats = player["stats"]
    made = stats["contracts_made"]
    await expect(page.locator("#stat-made")).to_have_text(
        re.compile(rf"^{made} of {made + stats['contracts_set']} \(\d+%\)$"))
    await expect(page.locator("#stat-nil")).to_have_text(re.compile(r"never tried|\d+ of \d+"))
    # The chart: one point per rated game, each a link to that game; the line through them.
    chart = page.locator("svg#rating-chart")
    await expect(chart).to_be_visible()
    await expect(chart.locator("circle.dot")).to_have_count(len(docs))
    points = await chart.locator("polyline.line").get_attribute("points")
    assert points is not None and len(points.split()) == len(docs)
    # Higher ratings are drawn higher (a smaller y): the chart follows the history.
    ys = [float(p.split(",")[1]) for p in points.split()]
    ratings = [h["rating"] for h in player["rating_history"]]
    for i in range(1, len(ys)):
        assert (ratings[i] > ratings[i - 1]) == (ys[i] < ys[i - 1]), (ratings, ys)
    label = re.compile(rf"over {len(docs)} rated games")
    await expect(chart).to_have_attribute("aria-label", label)
    await shot(page, "player-desktop")
    # A recent game opens its game page.
    newest = player["recent"][0]
    await page.locator(f".games-list a[data-game='{newest['id']}']").click()
    await expect(page).to_have_url(re.compile(rf"/g/{newest['id']}(#m=0)?$"))
    await expect(page.locator("#move-slider")).to_be_visible()
    # Its player's name leads back to the player page; a chart point opens its game.
    await page.locator(".game-players a.player-link").click()
    await expect(page).to_have_url(re.compile(r"/@/Ann$"))
    await page.locator("svg#rating-chart a.dot-link").first.click()
    await expect(page).to_have_url(re.compile(rf"/g/{docs[0].id}(#m=0)?$"))


async def test_the_player_page_fits_a_phone(room, open_page) -> None:
    docs = records()
    page = await open_page(room, viewport=PHONE_TALL, phone=True)
    await serve(page, docs, player_document("Ann", docs))
    await page.goto(f"{room.http}/@/Ann")
    chart = page.locator("svg#rating-chart")
    await expect(chart).to_be_visible()
    box = await chart.bounding_box()
    assert box and box["width"] <= PHONE_TALL["width"] and box["height"] >= 100
    width = await page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE_TALL["width"], f"the page scrolls sideways ({width}px)"
    await shot(page, "player-phone")


async def test_an_unknown_player_says_so(room, open_page) -> None:
    page = await open_page(room)
    await page.goto(f"{room.http}/@/Nobody")
    await expect(page.get_by_role("alert").filter(has_text="No player to show")).to_be_visible()


async def test_your_games_on_the_lobby_open_a_game_page(room, open_page) -> None:
    docs = records(3)
    page = await open_page(room)
    await serve(page, docs, player_document("Ann", docs))
    await page.reload()
    await page.wait_for_function("window.spadesApp && window.spadesApp.room.state === 'open'")
    panel = page.locator("#your-games")
    links = panel.locator(".games-list a")
    await expect(links).to_have_count(3)
    await links.first.click()
    await expect(page).to_have_url(re.compile(rf"/g/{docs[-1].id}(#m=0)?$"))
    await expect(page.locator("#move-line")).to_have_text(re.compile(r"^Move 1 of "))
