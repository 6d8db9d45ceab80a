"""The lobby's other panels in the page's language, in a real Chromium: Spanish on a
phone (390x844), French on a laptop (1280x800). A guest's account form and ranked note,
then signed in: the people panel (friends, follow / block, the report form, open tables,
Watch), the account, ranked and leaderboard panels, and the private table form with its
house rules and the room's refusal beside Create. The people panel's rows and the invite
notice are drawn by the page's own module (ui/lobby_people.js) from rows as
GET /api/lobby sends them, so each count and number shows; nothing scrolls sideways and
no text is cut or overlaps."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.async_api import Page, expect

from server.i18n import catalogue
from tests.room_social.conftest import PASSWORD

from .conftest import BROWSER, DESKTOP, PHONE_TALL, shot
from .play import NO_SIDEWAYS_SCROLL
from .test_accounts import SIGNED_IN
from .test_i18n import layout_problems

pytestmark = BROWSER

# What the page says, by language (lobby_words.json): per panel, {selector: its text}
# (a text starting with "^" is a pattern), and the people panel's rows below.
WEB_I18N = Path(__file__).resolve().parents[2] / "client" / "web" / "i18n"
WORDS = json.loads((Path(__file__).parent / "lobby_words.json").read_text(encoding="utf-8"))
# The people panel's rows and the invite notice, drawn by the page's module: friends
# (one playing, one offline), a block, a quick-play pool, open tables with one and two
# free seats, a ranked game to watch (a negative score), and an invite.
ROWS_JS = """async () => {
  const { peoplePanel, inviteNotice } = await import("/js/ui/lobby_people.js");
  const app = { openTable() {}, hostedTable: () => null, inviteByName() {}, people() {},
                report() {}, quickPool() {}, joinOpen() {} };
  const friends = [{ name: "Ana", doing: "playing", table: "t1" },
                   { name: "Beto", doing: "offline" }];
  const open = [{ table: "o1", rules: "R", free: 1, host: "Ana" },
                { table: "o2", rules: "R", free: 2 }];
  const watch = [{ table: "w1", kind: "ranked", rating: 1512, rules: "R", teams: [[0, 2], [1, 3]],
                   players: ["A", "B", "C", "D"], ratings: [1500, 1510, 1520, 1530],
                   scores: [120, -40], hand: 3, max_hands: 25, target: 500 }];
  const data = { friends: { friends, blocked: ["Zoe", "Yan"] },
                 lobby: { pools: [{ pool: "quick", rules: "R" }], open, watch } };
  const box = document.createElement("div");
  box.append(...peoplePanel(app, data));
  const texts = (selector, root = box) =>
    [...root.querySelectorAll(selector)].map((el) => el.textContent);
  const invite = { from_name: "Ana", expires: Date.now() + 90000, seated: ["Ana", "Beto"] };
  const notice = inviteNotice(invite, () => {});
  return {
    friends: texts("#friends-list li"), online: texts("h3")[0], blocked: texts("p.fine")[0],
    open: texts("#open-tables li"), watch: texts("#watch-list li"), pools: texts("#quick-pools li"),
    reasons: texts("#report-reason option"), notice: texts("p, button", notice),
  };
}"""
VIEWPORTS = {"phone": PHONE_TALL, "desktop": DESKTOP}


def text(want: str) -> str | re.Pattern[str]:
    return re.compile(want) if want.startswith("^") else want


async def says(page: Page, expected: dict[str, str]) -> None:
    for selector, want in expected.items():
        await expect(page.locator(selector)).to_have_text(text(want))


def same(got: list[str] | str, want: list[str] | str) -> bool:
    if isinstance(want, str):
        return got == want
    return len(got) == len(want) and all(
        re.fullmatch(w, g) if w.startswith("^") else g == w for g, w in zip(got, want, strict=True))


@pytest.mark.parametrize("lang", ["es", "fr"])
async def test_the_lobbys_people_account_ranked_and_private_form_in_the_pages_language(
        room, open_page, lang: str) -> None:
    words = WORDS[lang]
    device = words["viewport"]
    page = await open_page(room, viewport=VIEWPORTS[device], lang=lang)
    await says(page, words["guest"])
    # A screen reader's first Tab stop: the skip link, in the page's language too.
    page_words = json.loads((WEB_I18N / f"{lang}.json").read_text(encoding="utf-8"))
    await expect(page.locator(".skip-link")).to_have_text(page_words["head.room.skip"])

    await page.fill("#acct-name", "Lia")
    await page.fill("#acct-pass", PASSWORD)
    await page.click("#register")
    await page.wait_for_function(SIGNED_IN)
    await says(page, words["signed_in"])
    await says(page, words["private_form"])
    reasons = await page.locator("#report-reason option").all_text_contents()
    assert reasons == words["rows"]["reasons"]

    rows = await page.evaluate(ROWS_JS)
    wrong = {name: (rows[name], want) for name, want in words["rows"].items()
             if not same(rows[name], want)}
    assert not wrong, wrong

    # No text cut or overlapping, nothing wider than the screen, with the house rules open.
    await page.locator("details.house-rules summary").click()
    assert await page.evaluate(NO_SIDEWAYS_SCROLL)
    assert await layout_problems(page, ".lobby") == []
    for part, selector in (("people", "#people-panel"), ("private", "#private-form-title"),
                           ("house-rules", "details.house-rules"), ("board", "#leaderboard")):
        await page.evaluate("(s) => document.querySelector(s).scrollIntoView()", selector)
        await shot(page, f"i18n-lobby-{part}-{lang}-{device}")

    # Rules the engine refuses: the room's sentence beside Create, in the page's language.
    await page.locator("#rule-bidding").select_option("mirror")
    await page.click("#create-private")
    refusal = page.locator("#private-form-error")
    await expect(refusal).to_have_text(str(catalogue(lang)["rules_refused.mirror_blind_nil"]))
    await expect(page.locator(".private-lobby")).to_have_count(0)
    assert await page.evaluate(NO_SIDEWAYS_SCROLL)
    assert await layout_problems(page, ".lobby") == []
