"""The end of a game in French on a 390 px phone: the game-over sheet and the hand review
it opens speak French (outcome, actions, tricks, the deal's check) and no text is
clipped, off screen or overlapping."""

from __future__ import annotations

import re

from playwright.async_api import expect

from .conftest import BROWSER, PHONE_TALL, shot
from .play import quick_play
from .test_i18n import layout_problems

pytestmark = BROWSER


async def test_the_game_over_sheet_and_review_in_french_fit_a_phone(start_room, open_page
                                                                     ) -> None:
    # A turn time of 0: the autopilot plays the guest's turns to the game's end.
    room = await start_room(turn_time_s=0.0, bot_pace_s=0.02)
    page = await open_page(room, viewport=PHONE_TALL, lang="fr")
    await quick_play(page, "Léa")
    await page.wait_for_function("window.spadesApp.state.status === 'over'", timeout=60_000)

    sheet = page.locator("dialog.game-over")
    await expect(sheet).to_be_visible()
    await expect(sheet.locator("h2")).to_have_text(
        re.compile(r"^(Vous gagnez\u00a0!|Ils gagnent|Match nul)$"))
    await expect(sheet.locator(".final")).to_have_text(re.compile(r"^Nous −?\d+ — Eux −?\d+$"))
    await expect(sheet.locator("caption")).to_have_text(re.compile(r"^Donne \d+$"))
    for name in ("Salon", "Revoir la dernière donne", "Revanche"):
        await expect(sheet.get_by_role("button", name=name, exact=True)).to_be_visible()
    assert await layout_problems(page, "dialog[open]") == []
    await shot(page, "i18n-game-over-fr-phone")

    await sheet.get_by_role("button", name="Revoir la dernière donne").click()
    review = page.locator("dialog[open] .review")
    await expect(review).to_be_visible()
    await expect(review.locator(".trick-no").first).to_have_text("Pli 1")
    await expect(review.locator(".trick-winner").first).to_have_text(
        re.compile(r"^(Sud|Ouest|Nord|Est) prend$"))
    await expect(review.get_by_role("heading", name="Pli par pli")).to_be_visible()
    # Who played each card, by the French initials (West is Ouest: O).
    initials = await review.locator(".review-tricks .played small").all_inner_texts()
    assert set(initials) == set("SONE")
    await expect(review.locator(".review-hand h3").first).to_have_text(
        re.compile(r"^(Sud|Ouest|Nord|Est) \(vous\) · annonce (\d+|Nil|Nil à l'aveugle)$"))
    # The deal's check, opened: its verdict and proof in French too.
    await expect(review.locator(".verify")).to_have_class(re.compile(r"\bok\b"))
    await review.locator(".verify summary").click()
    await expect(review.locator(".verify")).to_contain_text(re.compile(
        r"Cette donne était fixée avant les annonces|La graine correspond à l'engagement"))
    await expect(review.locator(".proof")).to_contain_text("Mélanger avec cette graine distribue "
                                                           "exactement ces 4 mains")
    await shot(page, "i18n-review-fr-phone")
    # Scrolled back to the top: what scrolls under the sheet's fixed title is not clipped.
    await page.evaluate("""() => {
      for (const el of document.querySelectorAll("dialog[open], dialog[open] *")) el.scrollTop = 0;
    }""")
    assert await layout_problems(page, "dialog[open]") == []
