"""What a person at the table sees (issue 13, "What a new user saw" 3-8), in real Chromium:
the end of a game stays reachable after its sheet is closed, no panel of ours covers the
action area, the phone's score sheet, review and hand fit, score lines say which tricks
counted with Nil on the quick rules, the viewer's team comes first for every seat, and
the smaller things (focus, keys, the seat to act, presets). The game-over bar is in
test_game_over.py, a card's reason going with its trick in test_table.py."""

from __future__ import annotations

import re

from playwright.async_api import Page, expect

from .conftest import BROWSER, DESKTOP, PHONE_TALL, shot
from .play import deal_if_asked, page_state, take_turn, uncovered, uncovered_when_settled
from .positions import last_card_position


async def practice_bid_turn(page: Page, name: str) -> dict:
    """From the lobby: start practice (Easy, fast bots), wait for my bid, show my cards:
    the pad with its Tip key is the action area. Practice waits for the person."""
    await page.fill("#guest-name", name)
    await page.locator("input[name=pace][value=fast]").check()
    await page.click("#start-practice")
    await page.wait_for_function("window.spadesApp.state.myTurn === true", timeout=15_000)
    await deal_if_asked(page)
    state = await page_state(page)
    assert state["phase"] == "bidding"
    if state["hidden"]:
        await page.click('.bid-pad [data-bid="look"]')
    await expect(page.locator(".bid-pad .tip-btn")).to_be_visible()
    return await page_state(page)

pytestmark = BROWSER


async def open_position(page: Page, name: str, preset: str, position: dict) -> dict:
    """A practice table at ``position`` (the person's last card to play), through the
    page's own request; waits until that card is the person's to play."""
    await page.fill("#guest-name", name)
    await page.evaluate("([name, preset, position]) => window.spadesApp.rename(name, true)"
                        ".then(() => window.spadesApp.sendForTable('practice',"
                        " {level: 'easy', pace: 'fast', preset, position}))",
                        [name, preset, position])
    await page.wait_for_selector(".table-screen")
    await page.wait_for_function("window.spadesApp.state.myTurn === true", timeout=15_000)
    return await page_state(page)


async def play_last_card(page: Page, state: dict) -> None:
    """Play the one card left; the hand is scored and its result shown."""
    await take_turn(page, state)
    await expect(page.locator(".result-panel")).to_be_visible()


def nil_position(seat: int = 0) -> dict:
    """quick rules: South bids 3, North Nil and takes 1 trick, the team takes 3 in all
    (so South's contract is set: North's trick is a bag, not counted)."""
    def want(game) -> bool:
        won = game.history[0]["tricks"]
        return won[2] == 1 and won[0] + won[2] == 3
    bids = {0: "bid 3", 1: "bid 3", 2: "bid nil", 3: "bid 3"}
    return last_card_position("quick", seat, bids, want)


async def test_the_chat_panel_leaves_the_action_area_and_east_uncovered(start_room, open_page
                                                                      ) -> None:
    # A long turn time: the bid waits for the test however slow the machine is.
    room = await start_room(turn_time_s=600.0)
    for size, label in ((DESKTOP, "desktop"), (PHONE_TALL, "phone")):
        page = await open_page(room, viewport=size, phone=size is PHONE_TALL)
        await practice_bid_turn(page, f"Cher{label[0]}")
        await page.get_by_role("button", name="Chat").click()
        panel = page.locator("#chat-panel")
        await expect(panel).to_be_visible()
        for target in (".bid-pad", ".bid-pad .tip-btn", ".bid-pad .bid-go"):
            answer = await uncovered_when_settled(page, target, "#chat-panel")
            assert answer == "ok", (label, target)
        if size is DESKTOP:
            assert await uncovered_when_settled(page, ".seat.at-right", "#chat-panel") == "ok"
            assert await uncovered_when_settled(page, ".seat.at-top", "#chat-panel") == "ok"
        # The Tip key works with the chat open, and the chat stays usable.
        await page.locator(".bid-pad .tip-btn").click()
        await expect(page.locator(".bid-pad .tip-line")).to_contain_text("Tip:")
        assert await uncovered(page, "#chat-panel .chat-on") == "ok"
        await shot(page, f"chat-open-{label}")


async def test_a_nil_score_line_on_quick_says_which_tricks_counted(room, open_page) -> None:
    page = await open_page(room)
    await play_last_card(page, await open_position(page, "Nell", "quick", nil_position()))
    panel = page.locator(".result-panel")
    contract = panel.locator("tr", has=page.locator("th", has_text=re.compile("^Contract$")))
    us = contract.locator("td.cell").first
    await expect(us.locator(".note")).to_have_text(
        "bid 3, took 3, 1 of them by the Nil bidder (not counted): set")
    await expect(us.locator(".pts")).to_have_text("−30")
    bags = panel.locator("tr", has=page.locator("th", has_text=re.compile("^Bags$")))
    await expect(bags.locator("td.cell").first.locator(".note")).to_have_text("1 Nil-bidder trick")
    await shot(page, "nil-line-quick-desktop")


HEADS_JS = "(sel) => [...document.querySelectorAll(sel)].map((e) => e.textContent.trim())"


async def test_a_west_seat_sees_us_first_everywhere(room, open_page) -> None:
    # A hand that goes on: the top bar, the hand result and the score sheet.
    page = await open_page(room)
    await play_last_card(page, await open_position(page, "Wen", "quick", nil_position(seat=1)))
    assert await page.evaluate(HEADS_JS, ".scorebox .team-name") == ["Us", "Them"]
    assert await page.evaluate(HEADS_JS, ".result-panel thead th") == ["Line", "Us", "Them"]
    # The Us column holds the West seat's team (team 1).
    us_total = page.locator(".result-panel tr.total").last.locator("td.cell").first
    state = await page_state(page)
    scores = await page.evaluate("window.spadesApp.state.view.scores")
    await expect(us_total).to_have_text(str(scores[state["seat"] % 2]))
    await page.get_by_role("button", name="Continue").click()
    await page.get_by_role("button", name="Scores").click()
    heads = await page.evaluate(HEADS_JS, "dialog .score-table thead th")
    assert heads[:3] == ["Line", "Us", "Them"]
    await shot(page, "west-seat-us-first")
    # A hand that ends the game (West-East reach 250): the game-over line and its bar.
    def ends(game) -> bool:
        return game.over
    position = last_card_position("quick", 1, {s: "bid 3" for s in range(4)}, ends,
                                  scores=(120, 245))
    other = await open_page(room)
    await take_turn(other, await open_position(other, "Wes", "quick", position))
    dialog = other.locator("dialog.game-over")
    await expect(dialog.locator(".final")).to_have_text(re.compile(r"^Us \d+ — Them \d+$"))
    await dialog.get_by_role("button", name="Close").click()
    await expect(other.locator(".game-over-bar .over-line")).to_contain_text(
        re.compile(r"Us \d+ — Them \d+$"))


# Does anything in ``box`` stick out sideways (scroll or overflow past the viewport)?
OVERFLOW_JS = """(selector) => {
  const box = document.querySelector(selector);
  if (!box) return `no ${selector}`;
  const bad = [];
  if (box.scrollWidth > box.clientWidth + 1) {
    bad.push(`${selector} scrolls: ${box.scrollWidth} > ${box.clientWidth}`);
  }
  const page = document.documentElement;
  if (page.scrollWidth > page.clientWidth) bad.push("the page scrolls sideways");
  for (const th of box.querySelectorAll("th, td")) {
    const r = th.getBoundingClientRect();
    if (r.right > document.documentElement.clientWidth + 0.5 || r.left < -0.5) {
      bad.push(`${th.textContent.slice(0, 20)} past the edge`);
    }
  }
  return bad.join("; ") || "ok";
}"""

# The widest strip of each card a tap reaches (sampled along a line near its top).
EXPOSED_JS = """() => [...document.querySelectorAll(".hand .card-btn")].map((b) => {
  const r = b.getBoundingClientRect();
  let wide = 0;
  for (let x = Math.ceil(r.left); x < r.right; x++) {
    const hit = document.elementFromPoint(x, r.top + 12);
    if (hit && b.contains(hit)) wide += 1;
  }
  return {card: b.dataset.card, wide, bottom: r.bottom};
})"""


async def test_the_phone_shows_the_whole_sheet_review_hand_and_seats(room, open_page) -> None:
    page = await open_page(room, viewport=PHONE_TALL, phone=True)
    await play_last_card(page, await open_position(page, "Pia", "quick", nil_position()))
    assert await page.evaluate(OVERFLOW_JS, ".result-panel") == "ok"
    await shot(page, "result-phone")
    await page.get_by_role("button", name="Review the hand").click()
    await expect(page.locator("dialog .review")).to_be_visible()
    assert await page.evaluate(OVERFLOW_JS, "dialog .dialog-body") == "ok"
    await expect(page.locator("dialog .review .verify summary")).to_be_visible()
    await shot(page, "review-phone")
    await page.keyboard.press("Escape")
    await page.get_by_role("button", name="Continue").click()
    await page.get_by_role("button", name="Scores").click()
    assert await page.evaluate(OVERFLOW_JS, "dialog .dialog-body") == "ok"
    await expect(page.locator("dialog .score-table th", has_text="Them")).to_be_in_viewport(ratio=1)
    await page.keyboard.press("Escape")
    # The next hand: 13 cards, each with at least 40 px to tap, all on screen.
    await expect(page.locator(".hand .card-btn")).to_have_count(13)
    await page.wait_for_function("!window.spadesApp.screen.center.dealing")
    for card in await page.evaluate(EXPOSED_JS):
        assert card["wide"] >= 40 and card["bottom"] <= PHONE_TALL["height"], card
    # The partner's badge and every seat's compass name are shown.
    await expect(page.locator(".seat.at-top .tag.partner")).to_be_visible()
    for where, name in (("top", "North"), ("left", "West"), ("right", "East"), ("bottom", "South")):
        await expect(page.locator(f".seat.at-{where} .dir")).to_have_text(name)
        assert await uncovered(page, f".seat.at-{where} .dir") == "ok", where
    assert await uncovered(page, ".seat.at-top .tag.partner") == "ok"
    await shot(page, "hand-phone")


FOCUS_IN_JS = ("(sel) => document.activeElement !== document.body"
               " && !!document.activeElement.closest(sel)")


async def test_focus_keys_and_the_seat_to_act_at_the_bid(start_room, open_page) -> None:
    room = await start_room(turn_time_s=600.0)
    page = await open_page(room)
    await practice_bid_turn(page, "Flo")
    # "bidding…" only on the seat whose bid it is (mine).
    await expect(page.locator(".seat .bid", has_text="bidding…")).to_have_count(1)
    await expect(page.locator(".seat.at-bottom .bid")).to_have_text("bidding…")
    # Tip redraws the pad: the focus goes to the bid it chose, not to the page.
    await page.locator(".bid-pad .tip-btn").click()
    await expect(page.locator(".bid-pad .tip-line")).to_contain_text("Tip:")
    await page.wait_for_function(FOCUS_IN_JS, arg=".bid-pad")
    assert await page.evaluate("document.activeElement.classList.contains('tipped')")
    # ? lists the keys.
    await page.keyboard.press("?")
    keys = page.locator("dialog.keys-dialog")
    await expect(keys).to_contain_text("Tip")
    await expect(keys).to_contain_text("Last trick")
    await expect(keys).to_contain_text("Undo")  # a practice table
    await page.keyboard.press("Escape")
    # A bid closes the pad: the focus goes to the hand.
    await page.click(".bid-pad .bid-go")
    await page.wait_for_function(FOCUS_IN_JS, arg=".hand")
    # The hand result's Continue: the focus stays on the table.
    other = await open_page(room)
    await play_last_card(other, await open_position(other, "Fox", "quick", nil_position()))
    await other.get_by_role("button", name="Continue").click()
    await other.wait_for_function(FOCUS_IN_JS, arg=".table-screen")


async def test_presets_have_readable_names_and_a_line_each(room, open_page) -> None:
    page = await open_page(room)
    preset = page.locator("#preset")
    await expect(preset.locator("option")).to_have_count(4)
    labels = await preset.locator("option").all_inner_texts()
    assert labels[:2] == ["Standard — the usual game", "Quick — a short game"], labels
    about = page.locator("#preset-about")
    await expect(about).to_have_text(re.compile(r"^To 500; Blind Nil .*; 10 bags cost 100\.$"))
    await preset.select_option("quick")
    await expect(about).to_contain_text("To 250 or −200, at most 30 hands; no Blind Nil")
    await expect(about).to_contain_text("a Nil bidder's tricks are bags, not the partner's")
