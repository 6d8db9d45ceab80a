"""News at the table said once, in screen-reader mode, as the live regions say it: a
partner's Blind Nil, that Blind Nil broken (and not again at the partner's next trick),
a partner gone away and back, and the person's own seat away (not again at every
move the autopilot then makes), and a sheet's turn line (not again at every second of
its clock).

The partner is a client of the room (a person at another screen) hosting a private
table with no clock: its bids and cards are the test's, so the position comes from a
fixed deal, not a whole game. The person plays through the page's move box."""

from __future__ import annotations

import re

import pytest
from playwright.async_api import Page, expect

from client.room_client import RoomClient
from shared.protocol import CreatePrivate, StartGame
from shared.spades import Game, RuleSet

from .conftest import BROWSER
from .play import page_state, quick_play
from .sr_reading import LISTEN_JS, heard, heard_said

pytestmark = BROWSER

ME, WEST, PARTNER = 0, 1, 2
DEALER = WEST  # North, the partner, bids and leads first


def partner_aces() -> tuple[int, str, str]:
    """A deal seed where North holds the aces of two side suits that every other seat
    holds too: North's two leads win the first two tricks, whatever the others play."""
    rules = RuleSet.preset("standard")
    for seed in range(5_000):
        game = Game.new(rules, seed, dealer=DEALER)
        hands = [game.hand_of(seat) for seat in range(4)]
        suits = [suit for suit in "HDC" if f"A{suit}" in hands[PARTNER]
                 and all(any(c[1] == suit for c in hands[s]) for s in range(4) if s != PARTNER)]
        if len(suits) >= 2:
            return seed, f"A{suits[0]}", f"A{suits[1]}"
    raise AssertionError("no such deal: widen the search")


async def partner_acts(partner: RoomClient, action: str) -> None:
    """At the partner's next turn, ``action``."""
    while not partner.my_turn:
        await partner.next_update(timeout=30)
    await partner.act(action)


async def my_move(page: Page, move: str | None = None) -> None:
    """At the person's turn, ``move`` (else the first card allowed) typed in the box."""
    await page.wait_for_function("window.spadesApp.state.myTurn === true", timeout=30_000)
    if move is None:
        legal = (await page_state(page))["legal"]
        move = next(a[5:] for a in legal if a.startswith("play "))
    box = page.get_by_role("textbox", name=re.compile("^Your move"))
    await box.fill(move)
    await box.press("Enter")


async def said(page: Page, pattern: str) -> list[str]:
    return [text for _, text in await heard(page) if re.search(pattern, text)]


async def test_a_partner_s_blind_nil_broken_and_the_away_seats_are_said_once(
        start_room, open_page, make_client, monkeypatch: pytest.MonkeyPatch) -> None:
    # A socket closed is away at once (no window); no bot takes the seat meanwhile.
    room = await start_room(reconnect_window_s=0.0, reconnect_grace_s=600.0, bot_pace_s=0.3)
    seed, first_ace, second_ace = partner_aces()
    monkeypatch.setattr("server.web.social_handlers.new_deal", lambda seats=4: (seed, DEALER))
    partner = await make_client(room.ws, name="Nora")
    created = await partner.request(CreatePrivate(preset="standard", seat=PARTNER, turn=0))
    page = await open_page(room, screenReader=True)
    await page.evaluate(LISTEN_JS)
    await page.fill("#guest-name", "Sam")
    await page.fill("#join-code", created.code)
    await page.click("#join-go")
    await page.wait_for_function(f"window.spadesApp.state.seat === {ME}")
    await partner.request(StartGame())

    await partner_acts(partner, "bid blind nil")
    await heard_said(page, "Nora, your partner, bids Blind Nil")
    await my_move(page, "look")
    await page.wait_for_function("window.spadesApp.state.view.hand_hidden === false")
    await my_move(page, "3")
    await partner_acts(partner, f"play {first_ace}")
    await my_move(page)
    await heard_said(page, "Nora's Nil is broken.")
    await partner_acts(partner, f"play {second_ace}")
    await my_move(page)
    await page.wait_for_function("window.spadesApp.state.view.tricks_won[2] === 2")
    assert len(await said(page, "bids Blind Nil")) == 1, await heard(page)
    assert len(await said(page, "Nil is broken")) == 1, await heard(page)

    # The partner's socket closes: away, said once; the partner's client connects again
    # at once, and is back (said once too).
    await partner.drop()
    await heard_said(page, "Nora is away")
    await heard_said(page, "Nora is back")
    assert len(await said(page, "Nora is away")) == 1, await heard(page)
    assert len(await said(page, "Nora is back")) == 1, await heard(page)


async def test_one_s_own_seat_away_is_said_once_not_at_every_move(start_room, open_page) -> None:
    # A short clock (ten times longer in the mode): two turns run out, and the person is
    # away while the autopilot plays their turns and the bots theirs.
    room = await start_room(turn_time_s=0.3, bot_pace_s=0.3)
    page = await open_page(room, screenReader=True)
    await page.evaluate(LISTEN_JS)
    await quick_play(page, "Ivy")
    status = page.locator(".seat-status")
    await expect(status).to_contain_text("You are away", timeout=60_000)
    moves = len(await said(page, r" (plays|play|bids|bid) "))
    for _ in range(300):  # eight moves more, the person's own by the autopilot among them
        if len(await said(page, r" (plays|play|bids|bid) ")) >= moves + 8:
            break
        await page.wait_for_timeout(100)
    assert len(await said(page, "You are away")) == 1, await heard(page)
    await page.get_by_role("button", name="I'm back").click()
    await expect(status).to_be_hidden()


async def test_a_sheet_s_turn_line_is_said_once_while_its_clock_counts(start_room,
                                                                       open_page) -> None:
    # A sheet opened on one's own turn says the turn in its strip; its clock counts down
    # beside it for the eye, not into the reader's ear at every second.
    room = await start_room(turn_time_s=600.0)
    page = await open_page(room)
    await quick_play(page, "Ivy")
    await page.wait_for_function("window.spadesApp.state.myTurn === true", timeout=30_000)
    await page.evaluate(LISTEN_JS)
    await page.get_by_role("button", name="Scores").click()
    strip = page.locator("dialog .turn-strip")
    await expect(strip).to_contain_text("Your turn to bid")
    await expect(strip).to_contain_text(re.compile(r"\b5\d\ds left"), timeout=10_000)  # 600s, then
    await expect(strip).to_contain_text(re.compile(r"\b5\d[0-7]s left"), timeout=10_000)  # twice
    lines = [text for _, text in await heard(page) if "Your turn" in text]
    assert len(lines) <= 1 and all(line == "Your turn to bid" for line in lines), lines
