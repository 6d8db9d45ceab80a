"""The game page's replay in screen-reader mode, read as a blind player does: stepped by
keyboard (arrows, PageUp/PageDown, Home/End), each step said once in the polite live
region (the bid or the card, the trick's winner, at a hand's end its score lines), the
position read from the accessibility tree ("The position in words": every hand by suit
with counts, the trick, the bids and tricks, the score, the last trick) and by single
keys. Nothing is read from the page's visual structure. At 1280x800 and 390x844."""

from __future__ import annotations

import re

import pytest
from playwright.async_api import Page, expect

from .conftest import BROWSER, DESKTOP, PHONE_TALL, shot
from .sr_reading import LISTEN_JS, heard, regions
from .test_game_page import long_game, move_count, open_game

pytestmark = BROWSER

SEATS = ["South", "West", "North", "East"]
RANKS = {"two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7",
         "eight": "8", "nine": "9", "ten": "T", "jack": "J", "queen": "Q", "king": "K",
         "ace": "A"}
COUNTS = ["No", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
          "Eleven", "Twelve", "Thirteen"]


def total(n: int) -> str:
    return str(n).replace("-", "\u2212")


async def words(page: Page) -> dict[str, str]:
    """The regions of "The position in words", from the accessibility tree."""
    section = page.get_by_role("region", name="The position in words")
    return regions(await section.aria_snapshot())


def hands_read(text: str, names: list[str]) -> list[set[str]]:
    """The cards of each seat, as the Hands region says them: "Ann, South: Spades: ace,
    ten. Two cards. Hearts: none. … Thirteen cards in all." (the counts checked too)."""
    held: list[set[str]] = []
    heads = [f"{name}, {SEATS[seat]}:" for seat, name in enumerate(names)]
    starts = [text.index(head) for head in heads]
    for seat, start in enumerate(starts):
        part = text[start + len(heads[seat]):starts[seat + 1] if seat + 1 < 4 else len(text)]
        cards: set[str] = set()
        for suit, ranks, count in re.findall(
                r"(Spades|Hearts|Diamonds|Clubs): (?:none\.|([a-z, ]+)\. (\w+) cards?\.)", part):
            if ranks:
                got = [RANKS[r] + suit[0] for r in ranks.split(", ")]
                assert COUNTS[len(got)] == count, part
                cards |= set(got)
        if cards:
            assert f"{COUNTS[len(cards)]} card{'s' if len(cards) > 1 else ''} in all." in part
        held.append(cards)
    return held


async def live_lines(page: Page) -> list[str]:
    return [text for region, text in await heard(page) if region == "live"]


async def press(page: Page, key: str, said: list[str], count: int = 1) -> list[str]:
    """Press ``key``; the ``count`` sentences the live region says then (kept in ``said``)."""
    await page.keyboard.press(key)
    for _ in range(200):
        lines = await live_lines(page)
        if len(lines) >= len(said) + count:
            new = lines[len(said):]
            said.extend(new)
            return new
        await page.wait_for_timeout(50)
    raise AssertionError(f"{key}: never said {count} more: {await heard(page)}")


@pytest.mark.parametrize("size", ["desktop", "phone"])
async def test_the_replay_stepped_by_keyboard_and_read_in_words(room, open_page, size) -> None:
    doc = long_game()
    names = [s["name"] for s in doc["seats"]]
    teams = [f"{names[0]} & {names[2]}", f"{names[1]} & {names[3]}"]
    page = await open_game(open_page, room, doc, screenReader=True,
                           viewport=DESKTOP if size == "desktop" else PHONE_TALL)
    await expect(page.get_by_role("switch", name="Screen-reader mode")).to_be_checked()
    await page.evaluate(LISTEN_JS)
    first = doc["hands"][0]
    dealt = [set(cards) for cards in first["hands"]]
    told = await words(page)
    assert hands_read(told["Hands"], names) == dealt
    assert told["Score"] == f"Score before hand 1: {teams[0]}, 0. {teams[1]}, 0."

    # The four bids, then the first trick's four cards, a step each, each said once.
    said: list[str] = []
    for bid in first["bids"]:
        shown = {"nil": "Nil", "blind_nil": "Blind Nil"}.get(bid["bid"], bid["bid"])
        assert await press(page, "ArrowRight", said) == [f"{names[bid['seat']]} bids {shown}."]
    trick = first["tricks"][0]
    for k in range(4):
        who = names[(trick["leader"] + k) % 4]
        end = f"; {names[trick['winner']]} wins trick 1" if k == 3 else ""
        [line] = await press(page, "ArrowRight", said)
        assert re.fullmatch(rf"{who} plays the \w+ of \w+{end}\.", line), line
    told = await words(page)
    assert told["Trick"].startswith("Trick 1 of 13: ") and told["Trick"].endswith(
        f"{names[trick['winner']]} wins the trick."), told["Trick"]
    assert hands_read(told["Hands"], names) == [held - set(trick["cards"]) for held in dealt]
    assert told["Last trick"].startswith(
        f"Last trick, trick 1, won by {names[trick['winner']]}: {names[trick['leader']]} the "
    ), told["Last trick"]
    for seat, name in enumerate(names):
        assert f"{name}, {SEATS[seat]}: bid " in told["Bids and tricks"], told["Bids and tricks"]

    # The next hand's deal, and back one move: the last card of hand 1, with its score.
    second = doc["hands"][1]
    assert await press(page, "PageDown", said) == [f"Hand 2: {names[second['dealer']]} deals."]
    card, scored = await press(page, "ArrowLeft", said, 2)
    assert re.fullmatch(rf".* plays the \w+ of \w+; {names[first['tricks'][12]['winner']]} "
                        r"wins trick 13\.", card), card
    sides = [f"{team}: bid {s['bid']}, took {s['took']}: " for team, s in
             zip(teams, first["score"], strict=True)]
    assert scored.startswith(f"Hand 1 scored. {sides[0]}") and sides[1] in scored, scored
    assert all(f", total {total(s['total'])}." in scored for s in first["score"]), scored
    told = await words(page)
    assert told["Score"].startswith(
        f"Score after hand 1: {teams[0]}, {total(first['score'][0]['total'])}. "
        f"{teams[1]}, {total(first['score'][1]['total'])}. Hand 1 scored."), told["Score"]
    assert hands_read(told["Hands"], names) == [set(), set(), set(), set()]

    # The single keys read the regions as the tree shows them.
    for key, region in [("t", "Trick"), ("s", "Score"), ("h", "Hands"),
                        ("b", "Bids and tricks"), ("l", "Last trick"), ("p", "Played cards")]:
        assert await press(page, key, said) == [told[region]]
    [keys] = await press(page, "?", said)
    assert keys.startswith("Keys: ") and keys in told["The position in words"], keys
    # Home and End: the game's two ends.
    assert await press(page, "Home", said) == [f"Hand 1: {names[first['dealer']]} deals."]
    card, scored = await press(page, "End", said, 2)
    assert scored.startswith(f"Hand {len(doc['hands'])} scored."), scored
    # Nothing was said twice, nor anything more (a step says its lines at once).
    assert await live_lines(page) == said
    # On the slider its value text says the move: the live region does not say it again.
    slider = page.get_by_role("slider", name="Move")
    await slider.focus()
    await page.keyboard.press("ArrowLeft")
    await expect(slider).to_have_accessible_name("Move")
    for _ in range(100):  # one move back from the last (its index, as the tree gives it)
        if f'"{move_count(doc) - 2}"' in await slider.aria_snapshot():
            break
        await page.wait_for_timeout(50)
    else:
        raise AssertionError(await slider.aria_snapshot())
    assert await live_lines(page) == said
    await shot(page, f"replay-in-words-{size}")
