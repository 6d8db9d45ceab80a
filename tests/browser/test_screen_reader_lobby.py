"""The private lobby (a host waiting for friends) in screen-reader mode, read as a blind
host does, from Chromium's accessibility tree and the live regions only: the seats read
as a list of sentences, the host's controls reached and named by Tab, and each change
said once: a friend sitting down, moving, leaving, the bots taking the empty seats, the
game starting (started by keyboard). At 1280x800, then 390x844 on the same table."""

from __future__ import annotations

import re

from playwright.async_api import Page, expect

from client.room_client import RoomClient
from shared.protocol import ChooseSeat, Join

from .conftest import BROWSER, PHONE_TALL
from .play import open_private
from .sr_reading import LISTEN_JS, heard, heard_said, until_read

pytestmark = BROWSER

# The host's controls, as the tree names them (role and name), every one reached by Tab.
HOST_CONTROLS = [
    'button "Rules"', 'textbox "Invite link"', 'button "Copy link"',
    'textbox "Invite a player by name"', 'button "Invite"',
    'button "Sit in the West seat"', 'combobox "Move Wanda to another seat"',
    'checkbox "Spectators may watch', 'button "Start now"',
]
# The seats as the host reads them before anyone else sits (seat 0 is South; the list
# goes by team: South and North, then West and East).
EMPTY = ["South: you (Wanda), the host, a guest.", "North: empty.", "West: empty.", "East: empty."]


async def seats_read(page: Page) -> list[str]:
    """The seat sentences of the private table's lists, as the tree gives them."""
    snapshot = await page.get_by_role("region", name="Private table").aria_snapshot()
    return re.findall(r'- listitem:\s*\n\s*- text: "?([^"\n]+?)"?\s*$', snapshot, re.M)


async def seats_say(page: Page, wanted: list[str]) -> None:
    await until_read(page, seats_read, wanted, "the seats")


async def tab_names(page: Page, last: str) -> list[str]:
    """Tab from where the focus is until ``last`` has it: each stop's role and name."""
    names: list[str] = []
    for _ in range(40):
        await page.keyboard.press("Tab")
        name = (await page.locator(":focus").aria_snapshot()).strip().removeprefix("- ")
        names.append(name)
        if name.startswith(last):
            return names
    raise AssertionError(f"Tab never reached {last}: {names}")


async def table_code(page: Page) -> str:
    """The table's code, as the tree reads it ("Table code K 7 P Q 2 M")."""
    invite = await page.get_by_role("group", name="Invite").aria_snapshot()
    found = re.search(r"Table code ((?:\w ){5}\w)", invite)
    assert found, invite
    return found.group(1).replace(" ", "")


def said_once(news: list[tuple[str, str]], sentence: str) -> None:
    times = [text for region, text in news if region == "live" and text == sentence]
    assert len(times) == 1, (sentence, news)


async def test_the_private_lobby_read_and_run_by_keyboard(room, open_page, make_client) -> None:
    page = await open_page(room, screenReader=True)
    await open_private(page, "Wanda", "partners", {}, clock=False)
    await page.evaluate(LISTEN_JS)
    await seats_say(page, EMPTY)
    # No table in words before the start (it would say "You are watching: no hand.").
    await expect(page.get_by_role("region", name="Screen-reader table")).to_have_count(0)
    await page.get_by_role("region", name="Private table").focus()
    await page.keyboard.press("h")  # nor does its key read it
    assert not [text for _, text in await heard(page) if "watching" in text], await heard(page)
    names = await tab_names(page, 'button "Start now"')
    for control in HOST_CONTROLS:
        assert any(name.startswith(control) for name in names), (control, names)

    # A friend sits down (the host's partner's seat), moves to West, and leaves.
    friend: RoomClient = await make_client(room.ws, name="Nora")
    await friend.request(Join(code=await table_code(page)))
    await heard_said(page, "Nora sits in the North seat.")
    await friend.request(ChooseSeat(seat=1))
    await heard_said(page, "Nora moves to the West seat.")
    await seats_say(page, ["South: you (Wanda), the host, a guest.", "North: empty.",
                           "West: Nora, a guest.", "East: empty."])
    await friend.leave()
    await heard_said(page, "Nora leaves the West seat.")

    # On a phone: the same list and controls; Start by keyboard, the bots and the start
    # said once each.
    await page.set_viewport_size(PHONE_TALL)
    await seats_say(page, EMPTY)
    await page.get_by_role("region", name="Private table").focus()
    names = await tab_names(page, 'button "Start now"')
    for control in HOST_CONTROLS:
        assert any(name.startswith(control) for name in names), (control, names)
    await page.keyboard.press("Enter")
    await heard_said(page, "The game starts.")
    await expect(page.get_by_role("region", name="Screen-reader table")).to_have_count(1)
    news = await heard(page)
    for sentence in ["Nora sits in the North seat.", "Nora moves to the West seat.",
                     "Nora leaves the West seat.", "The game starts."]:
        said_once(news, sentence)
    bots = [found.group(1) for _, text in news
            if (found := re.match(r"A bot, .+, takes the (\w+) seat\.$", text))]
    assert sorted(bots) == ["East", "North", "West"], news
