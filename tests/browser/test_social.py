"""Two browsers at one table: opening a table's link, and chat with a per-seat mute.

Chat needs the room's chat messages (``chat_on``, ``say``, ``mute``); until the room
has them the chat test checks that the panel says chat is coming, and the gap is listed
in docs/client-web.md.
"""

from __future__ import annotations

from playwright.async_api import expect

from shared.protocol import CLIENT_MESSAGES

from .play import page_state, quick_play

CHAT_READY = {"chat_on", "say", "mute"} <= set(CLIENT_MESSAGES)


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


async def test_chat_with_a_mute(room, open_page) -> None:
    host = await open_page(room)
    await quick_play(host, "Hana")
    await host.get_by_role("button", name="Chat").click()
    panel = host.locator("#chat-panel")
    await expect(panel).to_be_visible()
    if not CHAT_READY:
        await expect(panel).to_contain_text("Chat is off")
        await panel.get_by_role("button", name="Turn chat on").click()
        await expect(panel).to_contain_text("coming to this room")
        return
    await panel.get_by_role("button", name="Turn chat on").click()
    friend = await open_page(room, path="/" + host.url.split("/", 3)[3])
    await friend.wait_for_function("window.spadesApp.state.table !== null")
    await friend.get_by_role("button", name="Chat").click()
    await friend.locator("#chat-panel").get_by_role("button", name="Turn chat on").click()
    await panel.get_by_label("Message").fill("hello <b>there</b>")
    await panel.get_by_role("button", name="Send").click()
    log = friend.locator("#chat-panel .chat-log")
    await expect(log).to_contain_text("hello <b>there</b>")  # text, never markup
    host_seat = (await page_state(host))["seat"]
    await friend.locator(f'#chat-panel .mutes input[data-seat="{host_seat}"]').check()
    await panel.get_by_role("button", name="Good game").click()
    await host.wait_for_timeout(500)
    await expect(log).not_to_contain_text("Good game")
