"""The table on a phone (390x844), in real Chromium, measured: at six players the bid pad
leaves every seat and its bid in view, a hand of 17 lays out in even rows, the open chat
is a sheet under the felt that leaves the seats in view, and what a finger taps at the
table and in a private table's lobby is at least 44 px tall."""

from __future__ import annotations

from playwright.async_api import Page, expect

from .conftest import MOTION, PHONE_TALL, shot
from .play import deal_if_asked, page_state, play_until, quick_play, take_turn, uncovered

pytestmark = MOTION

SIX_PLACES = ("bottom", "lower-left", "upper-left", "top", "upper-right", "lower-right")
# The rows of the hand: how many cards start at each height.
HAND_ROWS_JS = """() => {
  const rows = {};
  for (const b of document.querySelectorAll('.hand .card-btn')) {
    const y = Math.round(b.getBoundingClientRect().top);
    rows[y] = (rows[y] || 0) + 1;
  }
  return Object.keys(rows).map(Number).sort((a, b) => a - b).map((y) => rows[y]);
}"""
FINGER = 44
# At one's turn, the cards already in the trick that have landed: each one's place and the
# seat badges it runs under (its box and a badge's overlapping).
TRICK_UNDER_SEATS_JS = """() => {
  const seats = [...document.querySelectorAll('.felt .seat')];
  return [...document.querySelectorAll('.trick .played')]
    .filter((card) => card.getAnimations().length === 0)
    .map((card) => {
      const r = card.getBoundingClientRect();
      const under = seats.filter((seat) => { const p = seat.getBoundingClientRect();
        return p.left < r.right && r.left < p.right && p.top < r.bottom && r.top < p.bottom; });
      return [card.className.replace(/played |arriving| winner/g, ''), under.length];
    });
}"""


async def tall_enough(page: Page, selector: str) -> None:
    # Found and measured in one script turn (``evaluate_all`` is one call; a locator's
    # ``evaluate`` finds the element, then measures it in a second): the private lobby
    # draws its keys afresh on every table message, so a key found by one call may be
    # gone by the next (0x0, detached).
    await expect(page.locator(selector).first).to_be_visible()
    box = await page.locator(selector).evaluate_all("""(els) => {
      const r = els[0].getBoundingClientRect();
      return {width: r.width, height: r.height};
    }""")
    assert box["height"] >= FINGER and box["width"] >= FINGER, (selector, box)


async def seats_in_view(page: Page, places: tuple[str, ...], cover: str) -> None:
    for place in places:
        answer = await uncovered(page, f".seat.at-{place}", cover)
        assert answer == "ok", (place, answer)


async def test_six_players_on_a_phone_bid_chat_and_tap(start_room, open_page) -> None:
    # A long turn time: the bid waits for the test however slow the machine is.
    room = await start_room(turn_time_s=600.0)
    page = await open_page(room, phone=True, viewport=PHONE_TALL)
    await page.fill("#guest-name", "Sia")
    form = page.locator("form", has=page.locator("#start-practice"))
    await form.locator('#practice-format input[value="six_handed"]').check()
    await form.locator("input[name=pace][value=fast]").check()
    await page.click("#start-practice")
    await page.wait_for_function("window.spadesApp.state.myTurn === true", timeout=30_000)
    await page.wait_for_function(  # a fresh practice game: Deal first
        "!document.querySelector('#deal-btn').hidden"
        " || !document.querySelector('.bid-pad').hidden")
    await deal_if_asked(page)
    if (await page_state(page))["hidden"]:
        await page.click('.bid-pad [data-bid="look"]')
    pad = page.locator(".bid-pad")
    await expect(pad).to_be_visible()  # once the deal's last card has landed
    await expect(pad.locator(".bid-num")).to_have_count(18)
    # Every seat (the lower pair with the bids made before this one) beside the pad.
    await seats_in_view(page, SIX_PLACES, ".bid-pad")
    assert await uncovered(page, ".bid-pad", ".hand-wrap") == "ok"
    # Seventeen cards: two even rows (nine and eight), not eight, eight and one.
    await expect(page.locator(".hand .card-btn")).to_have_count(17)
    assert await page.evaluate(HAND_ROWS_JS) == [9, 8]
    await shot(page, "six-phone-bid")

    # The chat opens as a sheet under the felt: the seats and the pad stay in view.
    await page.get_by_role("button", name="Chat", exact=True).click()
    await expect(page.locator("#chat-panel")).to_be_visible()
    await seats_in_view(page, SIX_PLACES, "#chat-panel")
    # ... and the pad ends above the Hint/Undo bar (it overlapped its top by ~10 px).
    assert await uncovered(page, ".bid-pad", "#chat-panel, .hand-wrap, .practice-bar") == "ok"
    assert await uncovered(page, ".practice-bar", ".bid-pad") == "ok"
    assert await uncovered(page, "#chat-panel .chat-on") == "ok"
    await shot(page, "six-phone-chat")
    await page.locator("#chat-panel").get_by_role("button", name="Close chat").click()

    # What a finger taps in the bar, and Last trick once a trick is over.
    for target in (".table-bar .back", ".table-bar .title-btn", '.tools [aria-label="Settings"]',
                   ".tools .tool:visible"):
        await tall_enough(page, target)
    await play_until(page, lambda s: s["phase"] == "playing" and s["tricks"] >= 1,
                     turn=take_turn, timeout=90)
    await expect(page.locator(".last-trick-btn")).to_be_visible()
    await tall_enough(page, ".last-trick-btn")

    # In play with the chat sheet open, the trick's cards lie between the badges (they
    # slid under the NW and NE ones): checked at one's turn once the NE card is down.
    await page.get_by_role("button", name="Chat", exact=True).click()
    seen: list = []

    async def upper_cards_down(state: dict) -> bool:
        if not (state["myTurn"] and state["phase"] == "playing"):
            return False
        seen[:] = await page.evaluate(TRICK_UNDER_SEATS_JS)
        return any(place == "at-upper-right" for place, _ in seen)

    await play_until(page, upper_cards_down, turn=take_turn, timeout=120)
    await seats_in_view(page, SIX_PLACES, "#chat-panel")
    assert all(under == 0 for _, under in seen), seen
    await shot(page, "six-phone-chat-trick")


async def test_the_chat_sheet_leaves_four_seats_in_view(room, open_page) -> None:
    page = await open_page(room, phone=True, viewport=PHONE_TALL)
    await page.fill("#guest-name", "Cleo")
    await page.click("#start-practice")
    await page.wait_for_function("window.spadesApp.state.view !== null", timeout=30_000)
    await page.get_by_role("button", name="Chat", exact=True).click()
    await expect(page.locator("#chat-panel")).to_be_visible()
    await seats_in_view(page, ("bottom", "left", "top", "right"), "#chat-panel")
    await shot(page, "chat-open-sheet-phone")


async def test_chat_turned_on_at_a_casual_table_keeps_the_phone_s_width(start_room, open_page
                                                                         ) -> None:
    # With a bid to make, the chat's sheet is short: its heading (and the key that turns
    # chat off) once scrolled away under the felt as the sheet scrolled to the box one
    # types in. The heading, the last message and the box must all be in view at once.
    room = await start_room(turn_time_s=600.0)  # the bid waits however slow the machine
    page = await open_page(room, phone=True, viewport=PHONE_TALL)
    await quick_play(page, "Pia")
    await expect(page.locator(".bid-pad")).to_be_visible(timeout=60_000)
    await page.get_by_role("button", name="Chat", exact=True).click()
    await page.get_by_role("button", name="Turn chat on").click()
    box = page.locator("#chat-panel input")
    await box.fill("hi all")
    await box.press("Enter")
    await expect(page.locator("#chat-panel .chat-log li")).to_have_count(1)
    await box.focus()
    for part in ("#chat-panel .panel-head h2", "#chat-panel .panel-head button",
                 "#chat-panel .chat-log li:last-child", "#chat-panel input",
                 '.bid-pad [data-bid="bid nil"]', ".bid-pad .bid-go"):
        answer = await uncovered(page, part)
        assert answer == "ok", (part, answer)
    await seats_in_view(page, ("bottom", "left", "top", "right"), "#chat-panel")
    await shot(page, "phone-chat-while-bidding")
    # The bid made, the quick phrases are back, in one row that scrolls on its own: the
    # row's width once widened the whole table past the screen (it scrolled sideways).
    await take_turn(page, await page_state(page))
    await expect(page.locator(".bid-pad")).to_be_hidden()
    phrases = page.locator("#chat-panel .phrases button")
    await expect(phrases.first).to_be_visible()
    await phrases.first.tap()
    await expect(page.locator("#chat-panel .chat-log li")).to_have_count(2)
    # (Against the screen's width: a phone's layout viewport widens to what overflows.)
    width = await page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE_TALL["width"], width
    await seats_in_view(page, ("bottom", "left", "top", "right"), "#chat-panel")


async def test_the_private_lobby_keys_are_a_finger_tall(room, open_page) -> None:
    page = await open_page(room, phone=True, viewport=PHONE_TALL)
    await page.fill("#guest-name", "Pip")
    await page.click("#create-private")
    await page.wait_for_selector(".private-lobby")
    await expect(page.get_by_role("button", name="Sit in the West seat")).to_be_visible()
    for target in ('.private-lobby [data-key="rules"]', '.private-lobby [data-key="sit-1"]',
                   ".table-bar .back", ".table-bar .title-btn"):
        await tall_enough(page, target)
