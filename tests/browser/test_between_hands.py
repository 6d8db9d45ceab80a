"""Between tricks and between hands, in real Chromium: the status pill never lies over a
trick's cards (the held last trick included), and the next hand is dealt only once the
hand result is closed, its bid pad shown only once every card has arrived."""

from __future__ import annotations

from playwright.async_api import expect

from .conftest import MOTION, PHONE_TALL
from .play import page_state, play_until, take_turn
from .test_person_screen import nil_position, open_position, play_last_card

pytestmark = MOTION

# The classes of the trick's cards the status pill lies over (none when it is not shown).
PILL_OVER_CARDS = """() => {
  const pill = document.querySelector('.center-status');
  if (!pill || !pill.textContent || pill.offsetParent === null) return [];
  const p = pill.getBoundingClientRect();
  return [...document.querySelectorAll('.trick .played')].filter((c) => {
    const r = c.getBoundingClientRect();
    return p.left < r.right && r.left < p.right && p.top < r.bottom && r.top < p.bottom;
  }).map((c) => `${c.className} under "${pill.textContent}"`);
}"""

# From now on: how many cards the hand showed when the bid pad first appeared.
WATCH_PAD = """() => {
  window.padSeenWith = null;
  new MutationObserver(() => {
    const pad = document.querySelector('.bid-pad');
    if (window.padSeenWith === null && pad && !pad.hidden) {
      window.padSeenWith = document.querySelectorAll('.hand .card-btn').length;
    }
  }).observe(document.body, {subtree: true, childList: true, attributes: true});
}"""


async def test_the_next_hand_waits_for_the_result_and_the_pill_for_the_trick(
        start_room, open_page) -> None:
    # Bots that take a moment (0.35 s at the fast pace): a finished trick is held on the
    # table while the next leader thinks, as a person sees it.
    room = await start_room(bot_pace_s=1.0)
    page = await open_page(room, viewport=PHONE_TALL, phone=True)
    state = await open_position(page, "Dee", "quick", nil_position())
    await play_last_card(page, state)
    # The next hand is in (practice does not pause), but not dealt behind the result.
    await page.wait_for_function("window.spadesApp.state.view.hand_no === 1")
    await page.wait_for_timeout(1200)  # on main the 52 cards fly in well within this
    await expect(page.locator(".result-panel")).to_be_visible()
    await expect(page.locator(".hand .card-btn")).to_have_count(0)
    await expect(page.locator(".bid-pad")).to_be_hidden()
    await page.evaluate(WATCH_PAD)
    await page.locator(".result-panel").get_by_role("button", name="Continue").click()
    await page.wait_for_function("window.padSeenWith !== null", timeout=30_000)
    assert await page.evaluate("window.padSeenWith") == 13

    # Through the tricks of this hand the pill never lies over a card on the table.
    over: list[str] = []

    async def some_tricks(s: dict) -> bool:
        over.extend(await page.evaluate(PILL_OVER_CARDS))
        return s["phase"] == "playing" and s["tricks"] >= 3

    await play_until(page, some_tricks, turn=take_turn, timeout=120)
    assert not over, sorted(set(over))
    assert (await page_state(page))["handNo"] == 1
