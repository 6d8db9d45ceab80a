"""The daily deal played as a blind player does: started from the lobby by keyboard, a
hand in the screen-reader mode by typed cards, the next hand from the game-over sheet,
and the result page read from Chromium's accessibility tree (ARIA snapshots) alone."""

from __future__ import annotations

import re

import pytest
from playwright.async_api import Page, expect

from server.social.accounts import pid_of

from .conftest import BROWSER, DESKTOP, PHONE_TALL, shot
from .sr_reading import LISTEN_JS, heard, heard_said, wait_for
from .test_daily import SECRET, seed_field

pytestmark = BROWSER


async def tab_to(page: Page, role: str, name: str | re.Pattern[str], most: int = 80) -> None:
    """Press Tab until the control ``role`` named ``name`` has the focus, as a keyboard
    user does (it must be reachable in the tab order)."""
    target = page.get_by_role(role, name=name)  # type: ignore[arg-type]
    for _ in range(most):
        if await target.evaluate("(el) => el === document.activeElement"):
            return
        await page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached the {role} {name!r}")


@pytest.mark.parametrize("size", ["desktop", "phone"])
async def test_a_daily_hand_and_its_result_by_keyboard_from_the_accessibility_tree(
        start_room, open_page, database_url, size) -> None:
    room = await start_room(daily_secret=SECRET, daily_par_every_s=0.0)
    page = await open_page(room, viewport=DESKTOP if size == "desktop" else PHONE_TALL)
    await page.evaluate(LISTEN_JS)
    await page.fill("#guest-name", "Dee")
    # The lobby's daily panel says the penalty for leaving before the deal is begun.
    panel = page.get_by_role("region", name="Daily deal")
    assert "abandoned: −501 points" in await panel.aria_snapshot()
    await tab_to(page, "button", "Play today's deal")
    await page.keyboard.press("Enter")
    # Where the player is, and what leaving costs, are said once the table is there.
    await heard_said(page, "Daily deal: hand 1 of 8. Leaving it before it ends scores −501.")
    await expect(page.get_by_role("heading", level=1)).to_contain_text("Daily deal · hand 1 of 8")
    await tab_to(page, "switch", "Screen-reader mode")
    await page.keyboard.press("Space")
    await tab_to(page, "textbox", re.compile("^Your move"))

    played = 0
    while played < 13:
        table = await wait_for(page, lambda t: "You may bid" in t["Your move"]
                               or "You may play" in t["Your move"], "your turn")
        if "type show" in table["Your move"]:  # Blind Nil is offered before the cards
            await page.keyboard.type("show")
            await page.keyboard.press("Enter")
            await wait_for(page, lambda t: "type show" not in t["Your move"], "the cards shown")
            continue
        if "You may bid" in table["Your move"]:
            await page.keyboard.type("2")
            await page.keyboard.press("Enter")
            await heard_said(page, "You bid 2")
            continue
        legal = re.match(r"You may play: ([^.]*)\.", table["Your move"])
        assert legal, table["Your move"]
        card = legal.group(1).split(", ")[0]
        await page.keyboard.type(card.lower())
        await page.keyboard.press("Enter")
        played += 1
        await heard_said(page, f"You play the {card}.")

    # The hand's score is said, and the game-over sheet's way on is reached by Tab.
    await heard_said(page, "Hand 1 scored. ")
    sheet = page.get_by_role("dialog")
    await expect(sheet).to_contain_text("Hand 1: you scored")
    await tab_to(page, "button", "Next daily hand (2 of 8)")
    await page.keyboard.press("Enter")
    await heard_said(page, "Daily deal: hand 2 of 8.")

    # The rest of the try and a field, as if played; the result page in words.
    token = await page.evaluate("window.spadesApp.room.session.token")
    await seed_field(database_url, pid_of(token))
    await page.evaluate("location.hash = '#/daily'")
    result = page.get_by_role("region", name="Your result")
    await expect(result).to_be_visible()
    words = await result.aria_snapshot()
    assert "hand 2: you scored +10, the field's median +5" in words, words
    assert re.search(r"among 6 players", words), words
    # The field's line names its quartiles (their placeholders were once left as "{q1}").
    assert re.search(r"quartiles [−+]?[\d.]+ / [−+]?[\d.]+ / [−+]?[\d.]+", words), words
    # Each bar of the distribution is read as a range and a number of players, the
    # player's own marked.
    bars = page.get_by_role("list", name="The distribution of totals")
    lines = re.findall(r'- listitem: "?(.*?)"?$', await bars.aria_snapshot(), re.M)
    bar = re.compile(r"\S+ to \S+: \d+ players?( \(you\))?")
    assert lines and all(bar.fullmatch(x) for x in lines), lines
    assert sum(x.endswith("(you)") for x in lines) == 1, lines
    board = page.get_by_role("table")
    await expect(board.get_by_role("columnheader")).to_have_count(3)
    await expect(board.get_by_role("row")).to_have_count(3)  # the head, Ada and Bea
    said = [text for _, text in await heard(page)]
    assert said.count("Daily deal: hand 1 of 8. Leaving it before it ends scores −501.") == 1, said
    await shot(page, f"screen-reader-daily-{size}")
