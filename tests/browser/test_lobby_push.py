"""The lobby is told, not polling: a friend who comes online or sits down on another
node, the game they start, and a table a host lists there show in the lobby's friends,
Watch and open tables within seconds, with no reload (the page's own slow poll is a
minute away each time)."""

from __future__ import annotations

from playwright.async_api import Page, expect

from shared.protocol import CreatePrivate, QuickPlay
from tests.room_social.conftest import PASSWORD, SocialClient, register
from tests.room_social.test_friends import call

from .conftest import BROWSER, shot
from .play import held_down
from .test_accounts import SIGNED_IN, account_form

pytestmark = BROWSER

# An upper bound with room for a loaded machine, and well under the old 10 s poll.
TOLD_MS = 5_000


async def asked_just_now(page: Page) -> None:
    """The page asks for its lists now, so its next poll is a whole period away: what
    shows within TOLD_MS after this came by a push."""
    await page.evaluate("() => window.spadesApp.screen.loadPeople()")


async def test_a_friend_on_another_node_shows_in_the_lobby_without_a_reload(
        start_room, open_page) -> None:
    a = await start_room(turn_time_s=600)
    b = await start_room(turn_time_s=600)
    ann, bob = await register(a, "Ann"), await register(b, "Bob")
    for node, cookie, name in ((a, ann, "Bob"), (b, bob, "Ann")):  # friends: both ways
        assert (await call(node, cookie, "/api/follow", {"name": name})).status_code == 200
    page = await open_page(a)
    await account_form(page, "Ann", PASSWORD, "#sign-in")
    await page.wait_for_function(SIGNED_IN)
    watcher = await open_page(b, phone=True)  # a guest on the other node, on a phone
    row = page.locator("#friends-list li[data-name='Bob']")
    await expect(row).to_contain_text("offline")

    await asked_just_now(page)
    friend = SocialClient(b.ws, headers={"Cookie": f"spades_session={bob}"})
    await friend.connect()
    try:
        await expect(row).to_contain_text("in the lobby", timeout=TOLD_MS)
        await asked_just_now(page)
        await asked_just_now(watcher)
        await friend.request(QuickPlay())  # with three bots, after the short fill wait
        await expect(row).to_contain_text("playing", timeout=TOLD_MS)
        game = f".watch-row[data-table='{friend.table}']"
        await expect(page.locator(game)).to_have_count(1, timeout=TOLD_MS)
        await expect(watcher.locator(game)).to_have_count(1, timeout=TOLD_MS)
        await shot(page, "lobby-pushed-friend-and-watch")
        await shot(watcher, "lobby-pushed-watch-phone")
        # A host on the other node lists a private table: the open tables follow.
        cy = await register(b, "Cyd")
        host = SocialClient(b.ws, headers={"Cookie": f"spades_session={cy}"})
        await host.connect()
        try:
            await host.request(CreatePrivate())
            await asked_just_now(page)
            listed = await call(b, cy, "/api/tables/open", {"open": True})
            assert listed.status_code == 200, listed.text
            await expect(page.locator("#open-tables li")).to_contain_text(
                ["Cyd"], timeout=TOLD_MS)
        finally:
            await host.close()
    finally:
        await friend.close()


def heard(name: str, online: bool) -> str:
    """A page condition: the lobby has heard friend ``name`` is online (or offline)."""
    return f"""() => (window.spadesApp.screen.peopleHeard?.friends?.friends || [])
        .some((f) => f.name === {name!r} && (f.doing !== 'offline') === {str(online).lower()})"""


async def test_watch_pressed_as_the_lists_change_opens_the_game(start_room, open_page) -> None:
    # News redraws the people panel: a redraw that lands while Watch is held down must
    # not replace the button under the finger and swallow the click; the news is drawn
    # at the release.
    node = await start_room(turn_time_s=600)
    ann, bob, cyd = [await register(node, name) for name in ("Ann", "Bob", "Cyd")]
    for cookie, name in ((ann, "Bob"), (bob, "Ann"), (ann, "Cyd"), (cyd, "Ann")):
        assert (await call(node, cookie, "/api/follow", {"name": name})).status_code == 200
    page = await open_page(node)
    await account_form(page, "Ann", PASSWORD, "#sign-in")
    await page.wait_for_function(SIGNED_IN)
    bob_plays = SocialClient(node.ws, headers={"Cookie": f"spades_session={bob}"})
    await bob_plays.connect()
    cyd_comes = SocialClient(node.ws, headers={"Cookie": f"spades_session={cyd}"})
    try:
        await bob_plays.request(QuickPlay())
        watch = page.locator("#friends-list li[data-name='Bob'] button", has_text="Watch")
        await expect(watch).to_be_visible()
        cyd_row = page.locator("#friends-list li[data-name='Cyd']")
        await expect(cyd_row).to_contain_text("offline")
        # Held on the panel's title as Cyd comes online: drawn at the release.
        await held_down(page, page.locator("#people-panel h2"))
        await cyd_comes.connect()
        await page.wait_for_function(heard("Cyd", online=True))
        await page.mouse.up()
        await expect(cyd_row).to_contain_text("in the lobby")
        # Held on Watch as Cyd leaves: the click still opens Bob's game.
        await held_down(page, watch)  # held as long as the news takes
        await cyd_comes.close()
        await page.wait_for_function(heard("Cyd", online=False))
        await page.mouse.up()
        await page.wait_for_function(f"window.spadesApp.state.table === {bob_plays.table!r}")
    finally:
        await cyd_comes.close()
        await bob_plays.close()
