"""The account's language through the page, in a real Chromium: a signed-in player picks
French in the table's settings on a laptop (1280x800); signing in on a phone (390x844,
an English browser) draws that page in French."""

from __future__ import annotations

import re

from playwright.async_api import expect

from tests.room_social.conftest import PASSWORD, register

from .conftest import BROWSER, DESKTOP, PHONE_TALL, shot
from .test_accounts import SIGNED_IN, account_form

pytestmark = BROWSER

FRENCH = ("document.documentElement.lang === 'fr' && window.spadesApp && "
          "window.spadesApp.room.state === 'open'")


async def test_a_language_picked_signed_in_follows_the_account_to_another_browser(
        room, open_page) -> None:
    await register(room, "Fleur")
    laptop = await open_page(room, viewport=DESKTOP)
    await account_form(laptop, "Fleur", PASSWORD, "#sign-in")
    await laptop.wait_for_function(SIGNED_IN)
    await laptop.click("#start-practice")
    await laptop.wait_for_selector(".table-screen")
    await laptop.click(".table-bar [aria-haspopup=dialog]:has-text('⚙')")
    await laptop.select_option("dialog[open] #settings-lang", "fr")
    await laptop.wait_for_function(FRENCH)
    await expect(laptop.locator(".table-bar .leave")).to_have_text("Quitter")

    phone = await open_page(room, viewport=PHONE_TALL)
    assert await phone.evaluate("document.documentElement.lang") == "en"
    await account_form(phone, "Fleur", PASSWORD, "#sign-in")
    await phone.wait_for_function(FRENCH)
    # The lobby, or the account's practice table it is seated at: in French either way.
    shown = phone.locator(".table-bar .leave, #play-now").first
    await expect(shown).to_have_text(re.compile("^(Quitter|Jouer maintenant)$"))
    await shot(phone, "account-language-fr-phone")
