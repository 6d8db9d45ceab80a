"""The table in the reader's language, in a real Chromium: a seat and a spectator of one
table in two languages see the same game, each with its own labels and the server's
reasons in its language; the pseudo-locale (every string 40% longer) leaves no text
clipped, off screen or overlapping at 390 px."""

from __future__ import annotations

from pathlib import Path

from babel import Locale
from playwright.async_api import Page, expect

from server.i18n import catalogue
from shared.i18n import render

from .conftest import BROWSER, DESKTOP, PHONE_TALL, shot
from .play import click_card, page_state, play_until, quick_play

pytestmark = BROWSER

# Every text element of the table screen: on screen, not cut by its box or a parent's,
# overlapping no other text (the hand's cards overlap by design and are left out).
LAYOUT_JS = (Path(__file__).parent / "text_layout.js").read_text(encoding="utf-8")

PUBLIC_JS = """() => {
  const s = window.spadesApp.state, v = s.view;
  return {v: s.v, table: s.table, bids: v.bids, trick: v.trick, won: v.tricks_won,
          scores: v.scores, to_act: v.to_act, hand_no: v.hand_no};
}"""


def said(lang: str, key: str, args: dict) -> str:
    """The server's sentence ``key`` as the page in ``lang`` shows it."""
    words = catalogue(lang)
    rule = Locale.parse(lang.replace("-", "_")).plural_form
    return render(words[key], args, lambda k: str(words[k]), rule)


async def layout_problems(page: Page, root: str = ".table-screen") -> list[str]:
    problems: list[str] = await page.evaluate(LAYOUT_JS, root)
    return problems


async def test_a_seat_and_a_spectator_in_two_languages_see_the_same_table(room, open_page) -> None:
    seat = await open_page(room, viewport=DESKTOP, lang="fr")
    assert await seat.evaluate("document.documentElement.lang") == "fr"
    state = await quick_play(seat, "Lou")
    watcher = await open_page(room, viewport=PHONE_TALL, lang="es", path=f"/#/t/{state['table']}")
    await watcher.wait_for_function("window.spadesApp.state.view !== null")
    assert (await page_state(watcher))["seat"] is None

    # Each reads its own language: the seat's French, the spectator's Spanish.
    await expect(seat.locator(".table-bar .leave")).to_have_text("Quitter")
    await expect(watcher.locator(".table-bar .back")).to_have_text("‹ Sala")
    await expect(watcher.locator(".watching")).to_have_text("Estás mirando esta mesa.")
    await expect(seat.locator(".title-btn")).to_have_text("Détente · en 250")
    await expect(watcher.locator(".title-btn")).to_have_text("Informal · a 250")
    partner = ("South", "West", "North", "East")[(state["seat"] + 2) % 4]
    await expect(seat.locator(".seat.at-top .dir")).to_have_text(catalogue("fr")[f"seat.{partner}"])
    await expect(watcher.locator(".seat.at-top .dir")).to_have_text("Norte")

    # A reason the server gives, in the seat's language: a card tapped when it is not
    # the seat's turn to play, and a play sent while the bidding goes on.
    async def my_bid(s: dict) -> bool:
        return s["phase"] == "bidding" and s["myTurn"]

    mine = await play_until(seat, my_bid, timeout=60)
    refused = await seat.evaluate("""(v) => window.spadesApp.room.request("act", {v, a: "play 2C"})
        .then(() => "", (err) => err.message)""", mine["v"])
    assert refused == said("fr", "illegal.phase_bidding", {})

    # A dimmed card says why in French: the server's reason by its id and arguments.
    def dimmed(s: dict) -> bool:
        return s["phase"] == "playing" and s["myTurn"] and bool(s["unplayable"])

    state = await play_until(seat, dimmed, timeout=90)
    card, english = next(iter(state["unplayable"].items()))
    key, args = await seat.evaluate("(r) => window.spadesApp.state.view.why[r]", english)
    french = said("fr", key, args)
    assert french != english
    await click_card(seat, card)
    await expect(seat.locator("#toast")).to_contain_text(french.rstrip(".")[1:])

    # The same game on both screens, at the same version.
    await watcher.wait_for_function(f"window.spadesApp.state.v >= {state['v']}")
    seen = await seat.evaluate(PUBLIC_JS)
    watched = await watcher.evaluate(PUBLIC_JS)
    assert watched == seen
    await shot(seat, "i18n-seat-fr-desktop")
    await shot(watcher, "i18n-spectator-es-phone")


async def test_the_pseudo_locale_leaves_no_text_clipped_at_390px(room, open_page) -> None:
    page = await open_page(room, viewport=PHONE_TALL, lang="en-XA")
    assert await layout_problems(page, ".lobby") == []
    await quick_play(page, "Pia")
    await expect(page.locator(".table-bar .leave")).to_contain_text("Léávé")

    async def bidding(s: dict) -> bool:
        return s["phase"] == "bidding" and s["myTurn"] and not s["hidden"]

    async def playing(s: dict) -> bool:
        return s["phase"] == "playing" and s["myTurn"]

    await play_until(page, bidding, timeout=60)
    await page.wait_for_selector(".bid-pad:not([hidden])")
    assert await layout_problems(page) == []
    await play_until(page, playing, timeout=60)
    await expect(page.locator(".seat.at-right .won")).to_be_visible()
    assert await layout_problems(page) == []
    await shot(page, "i18n-pseudo-phone")
    await page.click(".table-bar [aria-haspopup=dialog]:has-text('⚙')")
    await expect(page.locator("dialog[open] #settings-lang")).to_be_visible()
    assert await layout_problems(page, "dialog[open]") == []
