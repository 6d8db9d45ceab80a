"""The deal's pace, on Playwright's fake clock so the machine's speed does not matter.

The first bidder's clock runs while the cards fly, so a deal of any size (a six-player
game deals 102) lasts as long as one of 52 cards, and timers that fire late deal every
card due by then instead of stretching the deal."""

from __future__ import annotations

from .conftest import MOTION

pytestmark = MOTION

DEAL_JS = """async (total) => {
  const { CenterView } = await import('/js/ui/center_view.js');
  const view = new CenterView();
  document.body.append(view.el);
  window.dealt = 0;
  window.dealDone = false;
  view.deal(0, 0, total, (k) => { window.dealt = k; }).then(() => { window.dealDone = true; });
  const { pace } = await import('/js/ui/settings.js');
  return 52 * pace().dealMs;
}"""

STATE_JS = "() => [window.dealt, window.dealDone]"


async def test_a_deal_of_102_cards_lasts_as_long_as_one_of_52(room, open_page) -> None:
    page = await open_page(room)
    await page.clock.install()
    await page.clock.pause_at(await page.evaluate("Date.now() + 1000"))
    deal_ms = await page.evaluate(DEAL_JS, 102)
    await page.clock.run_for(round(deal_ms * 0.9))
    dealt, done = await page.evaluate(STATE_JS)
    assert not done and 90 <= dealt < 102, dealt
    await page.clock.run_for(round(deal_ms * 0.1) + 50)
    assert await page.evaluate(STATE_JS) == [102, True]


async def test_late_timers_deal_every_card_due(room, open_page) -> None:
    page = await open_page(room)
    await page.clock.install()
    await page.clock.pause_at(await page.evaluate("Date.now() + 1000"))
    deal_ms = await page.evaluate(DEAL_JS, 52)
    # A jump of half the deal fires the waiting timer once, as a busy machine would.
    await page.clock.fast_forward(deal_ms // 2)
    dealt, done = await page.evaluate(STATE_JS)
    assert 25 <= dealt <= 27 and not done, dealt
    await page.clock.run_for(deal_ms)
    assert await page.evaluate(STATE_JS) == [52, True]
