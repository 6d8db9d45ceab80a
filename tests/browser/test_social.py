"""Two or three browsers at one table: a casual table's link, a private table hosted from
the lobby and joined by its invite link (chat with a mute) or by its code (seats chosen,
a player removed, the game started with bots)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.async_api import Locator, Page, expect

from shared.protocol import CreatePrivate
from tests.room_social.conftest import register
from tests.room_social.test_friends import call

from .conftest import BROWSER, DESKTOP, PHONE_TALL, shot
from .play import held_down, page_state, quick_play

pytestmark = BROWSER


async def host_private_table(page: Page, name: str) -> dict:
    """From the lobby: a private table with Easy bots; returns {table, code, link}."""
    await page.fill("#guest-name", name)
    form = page.locator("form", has=page.locator("#create-private"))
    await form.get_by_label("Easy").check()
    await page.click("#create-private")
    await page.wait_for_selector(".private-lobby")
    code = page.locator("#invite-code")
    await expect(code).to_have_text(re.compile(r"^[A-HJ-KM-NP-Z2-9]{6}$"))
    link = await page.locator("#invite-link").input_value()
    state = await page_state(page)
    assert state["status"] == "filling" and state["seat"] == 0
    return {"table": state["table"], "code": await code.inner_text(), "link": link}


async def test_start_pressed_as_a_friend_sits_down_starts_the_game(room, open_page) -> None:
    # The panel is redrawn at every table message: one that lands while the host holds
    # Start down must not swallow the click.
    host = await open_page(room)
    table = await host_private_table(host, "Hana")
    friend = await open_page(room)
    await friend.fill("#guest-name", "Finn")
    await friend.fill("#join-code", table["code"])
    # Held as long as the friend takes, however long that is.
    await held_down(host, host.locator("#start-private"))
    await friend.click("#join-go")
    await friend.wait_for_function("window.spadesApp.state.seat !== null")
    await host.wait_for_function(  # the host's page heard it mid-press
        "window.spadesApp.state.seats.some((s) => s && s.name === 'Finn')")
    await host.mouse.up()
    await host.wait_for_function("window.spadesApp.state.status === 'playing'")


async def open_chat(page: Page) -> None:
    await page.get_by_role("button", name="Chat", exact=True).click()
    panel = page.locator("#chat-panel")
    await expect(panel).to_contain_text("Chat is off")
    await panel.get_by_role("button", name="Turn chat on").click()
    await expect(panel.get_by_role("textbox", name="Message")).to_be_visible()


async def chatting_while_bidding(
        start_room, open_page, **page_args: Any) -> tuple[Page, Locator, Locator]:
    """A casual table with the chat open while the bid pad waits (a 600 s turn: the bid
    waits for the test, by construction), "Pia: hello there" sent by Enter; the page,
    the chat panel and its box."""
    room = await start_room(turn_time_s=600)
    page = await open_page(room, **page_args)
    await quick_play(page, "Pia")
    await expect(page.locator(".bid-pad")).to_be_visible(timeout=60_000)  # the layout to test
    await open_chat(page)
    panel = page.locator("#chat-panel")
    box = panel.get_by_role("textbox", name="Message")
    await box.fill("hello there")
    await box.press("Enter")
    await expect(panel.locator(".chat-log")).to_contain_text("Pia: hello there")
    return page, panel, box


async def test_a_second_browser_opens_the_table_link(room, open_page) -> None:
    host = await open_page(room)
    state = await quick_play(host, "Hana")
    link = host.url
    assert link.endswith(f"#/t/{state['table']}")
    friend = await open_page(room, path="/" + link.split("/", 3)[3])
    await friend.wait_for_function("window.spadesApp.state.table !== null")
    seen = await page_state(friend)
    assert seen["table"] == state["table"]
    # The friend sees the same four seats (from the public view: no cards of anyone).
    await expect(friend.locator(".seat", has_text="Hana")).to_be_visible()
    if seen["seat"] is None:
        await expect(friend.locator(".watching")).to_contain_text("watching")
        await expect(friend.locator(".hand .card-btn")).to_have_count(0)
    # Back in the lobby, the friend's Watch list shows the game: its kind and rules,
    # each side with its players and score, and how far it has gone.
    await friend.get_by_role("button", name="Back to the lobby").click()
    row = friend.locator(f'#watch-list .watch-row[data-table="{state["table"]}"]')
    await expect(row.locator(".watch-rules")).to_have_text(re.compile(r"^Quick · 250 · "))
    await expect(row.locator(".watch-score")).to_have_text(
        re.compile(r"^Hana & .+ \d+ · .+ & .+ \d+$"))
    await expect(row.locator(".watch-progress")).to_have_text(
        re.compile(r"^Hand \d+ of at most 30 · to 250$"))


async def test_chat_with_a_mute_at_a_private_table_joined_by_link(room, open_page) -> None:
    host = await open_page(room)
    table = await host_private_table(host, "Hana")
    friend = await open_page(room, path="/" + table["link"].split("/", 3)[3])
    # A guest opening an invite is asked the name the table will show (not "Guest 0950").
    await friend.fill("#table-name", "Finn")
    await friend.click("#table-name-go")
    await friend.wait_for_function(f"window.spadesApp.state.table === {table['table']!r} "
                                   "&& window.spadesApp.state.seat !== null")
    await expect(host.locator(".private-lobby .seat-row.open")).to_have_count(2)
    await expect(host.locator(".private-lobby")).to_contain_text("Finn")
    # The friend sits in the empty seat opposite the host: the host's partner.
    assert (await page_state(friend))["seat"] == 2
    await expect(host.locator('.private-lobby .seat-row[data-seat="2"]')).to_contain_text("Finn")
    await open_chat(host)
    await open_chat(friend)
    host_panel, friend_panel = host.locator("#chat-panel"), friend.locator("#chat-panel")
    await host_panel.get_by_role("textbox", name="Message").fill("hello <b>there</b>")
    await host_panel.get_by_role("button", name="Send").click()
    friend_log = friend_panel.locator(".chat-log")
    await expect(friend_log).to_contain_text("Hana: hello <b>there</b>")  # text, never markup
    assert await friend_log.locator("b", has_text="there").count() == 0
    await friend_panel.get_by_role("textbox", name="Message").fill("hi Hana")
    await friend_panel.get_by_role("button", name="Send").click()
    await expect(host_panel.locator(".chat-log")).to_contain_text("hi Hana")
    # The friend mutes the host's seat: the host's messages no longer reach them (the
    # room decides), and what the host said is hidden at once.
    await friend_panel.locator('.mutes input[data-seat="0"]').check()
    await expect(friend_log).not_to_contain_text("hello")
    await host_panel.get_by_role("button", name="Good game").click()
    await expect(host_panel.locator(".chat-log")).to_contain_text("Hana: Good game")  # the echo
    await friend_panel.get_by_role("button", name="Nice bid").click()
    await expect(friend_log).to_contain_text("Nice bid")
    await expect(host_panel.locator(".chat-log")).to_contain_text("Nice bid")
    await expect(friend_log).not_to_contain_text("Good game")
    # A late look (a reload) brings the kept messages, still filtered by the mute.
    await friend.reload()
    await friend.wait_for_function("window.spadesApp.state.table !== null")
    await friend.get_by_role("button", name="Chat", exact=True).click()
    await expect(friend_panel.locator(".chat-log")).to_contain_text("Nice bid")
    await expect(friend_panel.locator(".chat-log")).not_to_contain_text("Good game")
    await expect(friend_panel.locator('.mutes input[data-seat="0"]')).to_be_checked()


async def test_a_private_table_joined_by_code_seats_and_start(room, open_page) -> None:
    host = await open_page(room)
    table = await host_private_table(host, "Hana")
    friend = await open_page(room)
    await friend.fill("#guest-name", "Finn")
    # A code misheard first: the room's sentence, which the good code then takes away.
    toast = friend.locator("#toast")
    await friend.fill("#join-code", "ZZZZZZ")
    await friend.click("#join-go")
    await expect(toast).to_have_class(re.compile(r"\bshow\b"))
    await expect(toast).to_contain_text("code")
    await friend.fill("#join-code", table["code"].lower())  # as read aloud: any case
    await friend.click("#join-go")
    await friend.wait_for_function(f"window.spadesApp.state.table === {table['table']!r}")
    await expect(toast).not_to_have_class(re.compile(r"\bshow\b"))
    await expect(friend.locator(".private-lobby .waiting")).to_contain_text("Waiting for Hana")
    # The friend sits in North, the host's partner (the empty seat opposite the host),
    # moves to West and back.
    north = host.locator('.private-lobby .seat-row[data-seat="2"]')
    await expect(north).to_contain_text("Finn")
    await friend.get_by_role("button", name="Sit in the West seat").click()
    await expect(host.locator('.private-lobby .seat-row[data-seat="1"]')).to_contain_text("Finn")
    await friend.get_by_role("button", name="Sit in the North seat").click()
    await expect(north).to_contain_text("Finn")
    # A third person joins and the host removes them before the start.
    third = await open_page(room)
    await third.fill("#guest-name", "Zed")
    await third.fill("#join-code", table["code"])
    await third.click("#join-go")
    await expect(host.locator(".private-lobby")).to_contain_text("Zed")
    await shot(host, "private-desktop")
    await host.get_by_role("button", name="Remove Zed from the table").click()
    await expect(third.locator("#toast")).to_contain_text("no longer at this table")
    await expect(third.locator("#play-now")).to_be_visible()
    await expect(host.locator(".private-lobby")).not_to_contain_text("Zed")
    # The host moves the friend to East and back to North, then starts: bots fill two seats.
    await host.get_by_role("combobox", name="Move Finn to another seat").select_option("3")
    await expect(host.locator('.private-lobby .seat-row[data-seat="3"]')).to_contain_text("Finn")
    await host.get_by_role("combobox", name="Move Finn to another seat").select_option("2")
    await expect(north).to_contain_text("Finn")
    await host.get_by_label("Spectators may watch").check()
    await friend.wait_for_function("window.spadesApp.state.lobby.watch === true")
    await host.get_by_role("button", name="Start now").click()
    for page in (host, friend):
        await page.wait_for_function("window.spadesApp.state.view !== null")
        await expect(page.locator(".private-lobby")).to_be_hidden()
        await expect(page.locator(".seat .tag.bot")).to_have_count(2)
    await expect(friend.locator(".seat.at-top")).to_contain_text("Hana")
    await expect(friend.locator(".seat.at-top .tag.partner")).to_be_visible()
    assert (await page_state(friend))["seat"] == 2


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
async def test_the_chat_box_empties_on_send_and_keeps_a_refused_message(
        start_room, open_page, phone: bool) -> None:
    """Enter or Send clears the box once the room takes the message (the echo of one's
    own line redraws the panel before the answer comes); a refused message stays in the
    box with the room's reason on screen in the panel, over its heading, clear of every
    seat (under the top bar it hid North's name and bid) and of the box.
    The note lives in the panel, so it moves with it (placed once on the page, it was
    left behind when the bid pad came and moved the phone's chat sheet)."""
    page, panel, box = await chatting_while_bidding(start_room, open_page, phone=phone)
    await expect(box).to_have_value("")
    await box.fill("second one")
    await panel.get_by_role("button", name="Send").click()
    await expect(panel.locator(".chat-log")).to_contain_text("Pia: second one")
    await expect(box).to_have_value("")
    await shot(page, f"chat-sent-{'phone' if phone else 'desktop'}")
    # Only a zero-width space: the page sends it, the room refuses it ("needs some text").
    await box.fill("\u200b")
    await box.press("Enter")
    note = panel.locator(".chat-note")
    await expect(note).to_contain_text("needs some text")
    await expect(note).to_have_role("alert")  # read out at once
    await shot(page, f"chat-refused-{'phone' if phone else 'desktop'}")
    await expect(box).to_have_value("\u200b")
    placed = await note.bounding_box()
    typed = await box.bounding_box()
    size = page.viewport_size
    assert placed is not None and typed is not None and size is not None
    assert not overlap(placed, typed), (placed, typed)
    panel_box = await panel.bounding_box()
    assert panel_box is not None and placed["y"] >= panel_box["y"] - 1, (placed, panel_box)
    assert placed["x"] >= 0 and placed["x"] + placed["width"] <= size["width"], placed
    for seat in await page.locator(".seat").all():
        badge = await seat.bounding_box()
        assert badge is None or not overlap(placed, badge), (placed, badge)


def overlap(a: dict, b: dict) -> bool:
    return (a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"]
            and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"])


# The boxes of the invite's keys and of its two fields, as the page lays them out now.
INVITE_BOXES_JS = """(invite) => {
  const box = (el) => {
    if (!el) return null;
    const r = el.getBoundingClientRect();
    return {x: r.x, y: r.y, width: r.width, height: r.height};
  };
  return {keys: [...invite.querySelectorAll("button")].map(box),
          fields: Object.fromEntries(["#invite-link", "#invite-name"].map(
            (f) => [f, box(invite.querySelector(f))]))};
}"""


# On a desktop the link shares its row with the code, whose width varies with its letters:
# the link is 246 px beside "NVTGX2" and 194 px beside "WWWWWW", the widest code.
@pytest.mark.parametrize(("size", "least"), [(PHONE_TALL, 160), (DESKTOP, 180)],
                         ids=["phone", "desktop"])
async def test_the_invite_fields_have_room_to_read_and_type(room, open_page, size: dict,
                                                            least: int) -> None:
    """The host's invite link and invite-by-name fields are wide enough to read the link
    and type a name, and no key of the invite lies over them."""
    host = await open_page(room, viewport=size)
    await host_private_table(host, "Tomas")
    # One read of the whole invite: the lobby may be drawn again between two reads, and
    # a key measured as it is replaced has no box.
    boxes = await host.locator(".private-lobby .invite").evaluate(INVITE_BOXES_JS)
    keys = boxes["keys"]
    for field in ("#invite-link", "#invite-name"):
        box = boxes["fields"][field]
        assert box is not None and box["width"] >= least, (field, box)
        assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"], (field, box)
        for key in keys:
            assert key["width"] > 0 and not overlap(box, key), (field, box, key)
    await shot(host, f"private-invite-{'phone' if size is PHONE_TALL else 'desktop'}")


async def test_a_guest_joining_an_open_table_is_asked_a_name(room, open_page,
                                                             make_client) -> None:
    """A guest joins a listed table from the lobby's Open tables: asked the name the
    table will show first, as from an invite (never seated as "Guest 0950")."""
    cookie = await register(room, "Olga_H")
    host = await make_client(room.ws, headers={"Cookie": f"spades_session={cookie}"})
    await host.request(CreatePrivate(watch=True))
    assert (await call(room, cookie, "/api/tables/open", {"open": True})).status_code == 200
    page = await open_page(room, phone=True, viewport=PHONE_TALL)
    join = page.locator("#open-tables li", has_text="Olga_H").get_by_role("button", name="Join")
    await join.click()
    await page.fill("#table-name", "Gia")
    await page.click("#table-name-go")
    await page.wait_for_function(f"window.spadesApp.state.table === {host.table!r} "
                                 "&& window.spadesApp.state.seat !== null")
    await expect(page.locator(".private-lobby")).to_contain_text("Gia")
