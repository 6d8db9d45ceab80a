"""What the room says of a table and its refusals, in the page's language, in a real
Chromium: Spanish on a phone (390x844), French on a laptop (1280x800). An open table's
line of rules in the lobby and an invite's (format and rules), both sent by the server
as catalogue ids and arguments beside the English, and a sign-in's and a follow's
refusals ("no such player"), HTTP refusals with their ids; then, joined by the invite,
the private lobby's words. Nothing scrolls sideways and no text is cut or overlaps."""

from __future__ import annotations

import pytest
from playwright.async_api import expect

from server.i18n import catalogue
from server.i18n.audit import page_catalogue
from server.social.lobby_words import format_part, rules_parts
from shared.i18n import render
from shared.protocol import CreatePrivate
from shared.spades.rules import PRESETS
from tests.i18n.test_room_words import say
from tests.room_social.conftest import PASSWORD, SocialClient, register
from tests.room_social.test_friends import call

from .conftest import BROWSER, DESKTOP, PHONE_TALL, shot
from .play import NO_SIDEWAYS_SCROLL
from .test_accounts import SIGNED_IN
from .test_i18n import layout_problems

pytestmark = BROWSER

VIEWPORTS = {"es": ("phone", PHONE_TALL), "fr": ("desktop", DESKTOP)}


@pytest.mark.parametrize("lang", ["es", "fr"])
async def test_a_tables_rules_and_a_social_refusal_in_the_pages_language(
        room, open_page, lang: str) -> None:
    device, viewport = VIEWPORTS[lang]
    olga = await register(room, "Olga")
    host = SocialClient(room.ws, headers={"Cookie": f"spades_session={olga}"})
    await host.connect()
    try:
        await host.wait_for(lambda c: c.pid is not None)
        await host.request(CreatePrivate())
        listed = await call(room, olga, "/api/tables/open", {"open": True})
        assert listed.status_code == 200, listed.text

        page = await open_page(room, viewport=viewport, lang=lang)
        words = catalogue(lang)
        # The sign-in panel: the room's refusal of a name nobody has, by its id.
        await page.fill("#acct-name", "Lia")
        await page.fill("#acct-pass", PASSWORD)
        await page.click("#sign-in")
        await expect(page.locator("#toast")).to_have_text(str(words["account.no_match"]))
        await page.fill("#acct-name", "Lia")
        await page.fill("#acct-pass", PASSWORD)
        await page.click("#register")
        await page.wait_for_function(SIGNED_IN)

        standard = PRESETS["standard"].to_dict()
        line = say(lang, rules_parts(standard, "standard"))
        assert "500" in line and "Blind Nil any" not in line
        row = page.locator("#open-tables li").first
        await expect(row).to_contain_text(f"{line} · ")
        await expect(row).to_contain_text("Olga")

        # A follow of nobody: the room's refusal, by its id, in the page's language.
        await page.fill("#people-name", "Nadie")
        await page.click("#follow-go")
        await expect(page.locator("#toast")).to_have_text(
            render(str(words["social.no_such_player"]), {"name": "Nadie"}, str, str))

        # An invite by name: the table's format and rules, in the page's language.
        sent = await call(room, olga, "/api/invite", {"name": "Lia"})
        assert sent.status_code == 200, sent.text
        fmt = format_part(standard)
        assert fmt is not None
        await expect(page.locator("#invite-rules")).to_have_text(
            f"{say(lang, [fmt])} · {line}")

        assert await page.evaluate(NO_SIDEWAYS_SCROLL)
        assert await layout_problems(page, ".lobby") == []
        await page.evaluate("document.querySelector('#open-tables').scrollIntoView()")
        await shot(page, f"i18n-room-words-{lang}-{device}")

        # Joined by the invite: the private lobby's words in the page's language.
        await page.click("#invite-join")
        lobby = page.locator(".private-lobby")
        await expect(lobby).to_be_visible()
        own = page_catalogue(lang)
        await expect(page.locator("#private-title")).to_have_text(str(own["plobby.title"]))
        await expect(lobby.locator(".waiting")).to_have_text(
            str(own["plobby.waiting_for"]).replace("{name}", "Olga"))
        await expect(lobby.locator(".seat-row.open .sitter").first).to_have_text(
            str(own["plobby.empty"]) + " ")
        assert await page.evaluate(NO_SIDEWAYS_SCROLL)
        assert await layout_problems(page, ".private-lobby") == []
        await shot(page, f"i18n-room-words-private-{lang}-{device}")
    finally:
        await host.close()
