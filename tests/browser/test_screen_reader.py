"""The screen-reader mode, played as a blind player does: a whole hand by keyboard alone,
the test knowing its hand, the trick, whose turn and the score only from what Chromium's
accessibility tree exposes (ARIA snapshots) and what the live regions say."""

from __future__ import annotations

import re

import pytest
from playwright.async_api import expect

from .conftest import BROWSER, DESKTOP, PHONE_TALL, shot
from .sr_reading import LISTEN_JS, heard, heard_said, read_table, wait_for

pytestmark = BROWSER

SUITS = {"spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C"}
RANKS = {"two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7", "eight": "8",
         "nine": "9", "ten": "T", "jack": "J", "queen": "Q", "king": "K", "ace": "A"}


def typed(card_name: str, style: int) -> str:
    """"Queen of spades" typed as QS, q s or queen of spades, by turns."""
    rank, suit = card_name.lower().split(" of ")
    code = RANKS[rank] + SUITS[suit]
    return [code, f"{code[0].lower()} {code[1].lower()}", card_name.lower()][style % 3]


@pytest.mark.parametrize("size", ["desktop", "phone"])
async def test_a_whole_hand_by_keyboard_from_the_accessibility_tree(room, open_page, size) -> None:
    page = await open_page(room, viewport=DESKTOP if size == "desktop" else PHONE_TALL)
    await page.evaluate(LISTEN_JS)
    await page.fill("#guest-name", "Sam")
    await page.keyboard.press("Enter")  # the name form plays now
    # The table's switch, not the lobby's, which is on the page until the table comes.
    switch = page.locator(".table-bar").get_by_role("switch", name="Screen-reader mode")
    await expect(switch).to_be_visible(timeout=15_000)
    # The switch is the table's first stop: Tab from the skip link reaches it.
    await page.get_by_role("link", name="Skip to the game").focus()
    await page.keyboard.press("Tab")
    await expect(switch).to_be_focused()
    await page.keyboard.press("Space")
    await expect(switch).to_be_checked()
    box = page.get_by_role("textbox", name=re.compile("^Your move"))
    while not await box.evaluate("(el) => el === document.activeElement"):
        await page.keyboard.press("Tab")

    # The bid: the hand is read by suit with counts; a word that is no bid is refused aloud.
    table = await wait_for(page, lambda t: "You may bid" in t["Your move"], "your bid")
    hand = table["Your hand"]
    assert re.search(r"^Spades: .*\. Thirteen cards in all\.$", hand), hand
    await page.keyboard.type("lots")
    await page.keyboard.press("Enter")
    await expect(page.locator("#live-now")).to_contain_text('"lots" is not a bid')
    await page.keyboard.press("Control+A")
    await page.keyboard.type("nil" if "Nil" in table["Your move"] and size == "phone" else "3")
    await page.keyboard.press("Enter")

    played = 0
    refused = False
    while played < 13:
        table = await wait_for(page, lambda t: "You may play" in t["Your move"],
                               "your card")
        legal = re.match(r"You may play: ([^.]*)\.", table["Your move"])
        assert legal, table["Your move"]
        cards = legal.group(1).split(", ")
        assert f"Trick {played + 1}" in table["Trick"], table["Trick"]
        if not refused and "Not playable" in table["Your move"]:
            # A card the rules forbid: the reason is said at once, nothing is played.
            barred = re.search(r"Not playable, ([^:]*): ([^,.]*)", table["Your move"])
            assert barred
            await page.keyboard.type(typed(barred.group(2), 0))
            await page.keyboard.press("Enter")
            reason = re.compile(re.escape(barred.group(1)), re.I)
            await expect(page.locator("#live-now")).to_contain_text(reason)
            await page.keyboard.press("Control+A")
            refused = True
        await page.keyboard.type(typed(cards[0], played))
        await page.keyboard.press("Enter")
        played += 1
        await heard_said(page, f"You play the {cards[0]}.")

    # The hand is over: every card played was said, each trick's winner, and the score.
    said = await heard_said(page, "Hand 1 scored. ")
    score = await read_table(page)
    sentences = [text for _, text in await heard(page)]
    assert sum(" plays the " in s for s in sentences) == 39, sentences
    assert sum(s.startswith("You play the ") for s in sentences) == 13
    assert sum(s.endswith("wins the trick.") or s == "You win the trick." for s in sentences) == 13
    assert not any("You wins" in s for s in sentences)
    assert any(s.startswith("You bid ") for s in sentences)
    # What the tree says is the table's score, and the hand's score lines were said
    # with each side's total as the Score region has it.
    totals = re.findall(r"(Us|Them): (\u2212?\d+) points", score["Score and bags"])
    state = await page.evaluate("() => window.spadesApp.state.view.scores")
    assert sorted(int(n.replace("\u2212", "-")) for _, n in totals) == sorted(state), score
    assert re.fullmatch(r"Hand 1 scored\. Us: (bid|no contract).*, total "
                        f"{totals[0][1]}\\. Them: .*, total {totals[1][1]}\\.", said), said
    await shot(page, f"screen-reader-{size}")


async def test_keys_read_the_table_and_the_room_gives_ten_times_the_time(room, open_page) -> None:
    page = await open_page(room, screenReader=True)
    await page.evaluate(LISTEN_JS)
    await page.fill("#guest-name", "Kim")
    await page.keyboard.press("Enter")
    table = await wait_for(page, lambda t: "You may bid" in t["Your move"], "your bid")
    # The room's turn is 30 s here; a screen-reader player's is ten times that.
    said = " ".join(text for _, text in await heard(page))
    assert re.search(r"Your turn to bid\. (29\d|300) seconds left\.", said), said
    await page.get_by_role("switch", name="Screen-reader mode").focus()
    for key, region in [("h", "Your hand"), ("b", "Bids and tricks"), ("s", "Score and bags"),
                        ("p", "Played cards"), ("l", "Last trick"), ("t", "Trick")]:
        await page.keyboard.press(key)
        await expect(page.locator("#live p").last).to_have_text(
            table[region] + (f" {table['Your move']}" if key == "h" else ""))
    await page.keyboard.press("c")
    clock = re.compile(r"^Your turn: \d+ seconds left\.$")
    await expect(page.locator("#live p").last).to_have_text(clock)
    await page.keyboard.press("?")
    await expect(page.locator("#live p").last).to_contain_text("Keys: H, your hand")
    # In the move box the same letters are typing, not commands.
    box = page.get_by_role("textbox", name=re.compile("^Your move"))
    await box.focus()
    await page.keyboard.type("h")
    await expect(box).to_have_value("h")

