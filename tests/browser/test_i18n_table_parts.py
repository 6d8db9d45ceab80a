"""The table's smaller parts in the page's language, in a real Chromium at a casual table:
Spanish on a phone (390x844), French on a laptop (1280x800). The seat's status line (a
turn the autopilot took, away, a seat a bot took), the turn strip of a sheet opened on
one's own turn, a seat's menu and the name prompt say no English, and the page does not
scroll sideways; the line of a table's rules puts a French no-break space before ";"."""

from __future__ import annotations

import re

import pytest
from playwright.async_api import Page, expect

from .conftest import BROWSER, VIEWPORTS, shot
from .play import quick_play
from .test_i18n import layout_problems

pytestmark = BROWSER

NB = "\u00a0"
# Per language: the viewport, and what each part says.
WORDS = {
    "es": {
        "viewport": "phone",
        "scores": "Puntos",
        "strip": "Te toca apostar",
        "clock": r"^ · quedan \d+ s$",
        "notice": "Se acabó el tiempo: el piloto automático jugó el Q♠ por ti. "
                  "Dos veces seguidas y se te considera ausente.",
        "away": ["Estás ausente: el piloto automático juega tus turnos.", "Ya volví"],
        "bot_took": ["Un bot ocupó tu asiento mientras no estabas. La partida te espera.",
                     "Recuperarlo"],
        "menu_title": "Bea · Oeste",
        "menu": ["Seguir", "Bloquear", "Denunciar", "Enviar"],
        "line": "^A 500; ",
        "prompt_title": "Tu nombre en la mesa",
        "prompt": ["Tus amigos en una mesa privada ven este nombre junto a tu asiento.",
                   "Tu nombre", "Sentarse"],
    },
    "fr": {
        "viewport": "desktop",
        "scores": "Scores",
        "strip": "À vous d'annoncer",
        "clock": r"^ · encore \d+ s$",
        "notice": f"Temps écoulé{NB}: le pilote automatique a joué le Q♠ pour vous. "
                  "Deux fois de suite et vous êtes considéré comme absent.",
        "away": [f"Vous êtes absent{NB}: le pilote automatique joue à votre place.",
                 "Je suis de retour"],
        "bot_took": ["Un bot a pris votre place pendant votre absence. La partie vous attend.",
                     "La reprendre"],
        "menu_title": "Bea · Ouest",
        "menu": ["Suivre", "Bloquer", "Signaler", "Envoyer"],
        "line": f"^En 500{NB}; ",
        "prompt_title": "Votre nom à la table",
        "prompt": ["Vos amis à une table privée voient ce nom à côté de votre place.",
                   "Votre nom", "S'asseoir"],
    },
}
# Words of these parts' English, none of which the translations use.
ENGLISH = re.compile(r"\b(the|your|you|time|ran|out|away|back|take|turn|bid|left|follow|"
                     r"block|report|send|sit|down|name|friends|seat|game|waits)\b", re.I)

# The seat's status line for states made here: away, and a seat a bot took with no other
# person at the table (the game waits).
STATUS_JS = """async () => {
  const { SeatStatus } = await import("/js/ui/seat_status.js");
  const said = (state) => {
    const status = new SeatStatus({ request: async () => ({}) }, state);
    status.render();
    return [status.text.textContent, status.button.textContent];
  };
  const bot = { name: "Bot", bot: true };
  const seats = [{ name: "Tia", away: true }, bot, bot, bot];
  return {
    away: said({ seat: 0, seats, status: "playing", extra: {} }),
    bot_took: said({ seat: null, seats: seats.slice(1).concat([null]), status: "playing",
      extra: { reclaim: 0 } }),
  };
}"""

# The real seat status of the table: its turn the autopilot played (the Q♠).
NOTICE_JS = """() => {
  const screen = window.spadesApp.screen, s = window.spadesApp.state;
  screen.seatStatus.onEvent({ s: s.seat, auto: true, a: "play QS" });
  screen.seatStatus.render();
  return screen.seatStatus.text.textContent;
}"""

MENU_JS = """async () => {
  const { openSeatMenu } = await import("/js/ui/seat_menu.js");
  openSeatMenu(1, "Bea", window.spadesApp.state.format.seatName(1), false);
}"""

PROMPT_JS = """async () => {
  const { askName } = await import("/js/ui/name_prompt.js");
  localStorage.removeItem("spades.nameAsked");
  askName({ signedIn: false, session: { name: "Guest 0950" } }, async () => {});
}"""

# The line under the rules of the private form: the standard preset's.
LINE_JS = """async () => {
  const { loadPresets, presetLine } = await import("/js/game/rules.js");
  return presetLine((await loadPresets()).standard);
}"""

WIDE_JS = """() => {
  const root = document.documentElement;
  const wide = [...document.querySelectorAll("dialog[open], dialog[open] *")]
    .filter((el) => el.scrollWidth > el.clientWidth + 1
      && getComputedStyle(el).overflowX !== "visible")
    .map((el) => el.className || el.tagName);
  return { page: root.scrollWidth - root.clientWidth, wide };
}"""


async def no_sideways_scroll(page: Page) -> None:
    wide = await page.evaluate(WIDE_JS)
    assert wide["page"] <= 0 and wide["wide"] == [], wide


async def dialog_in_language(page: Page, name: str) -> None:
    """The open dialog says no English, fits its box and scrolls no way sideways."""
    text = (await page.locator("dialog[open]").inner_text()).replace("\n", " ")
    assert not ENGLISH.search(text), text
    await no_sideways_scroll(page)
    assert await layout_problems(page, "dialog[open]") == []
    await shot(page, name)


@pytest.mark.parametrize("lang", ["es", "fr"])
async def test_the_seat_status_turn_strip_seat_menu_and_name_prompt_in_the_pages_language(
        start_room, open_page, lang: str) -> None:
    want = WORDS[lang]
    room = await start_room(turn_time_s=600.0)
    page = await open_page(room, viewport=VIEWPORTS[want["viewport"]], lang=lang)
    await quick_play(page, "Tia")
    await page.wait_for_function("window.spadesApp.state.myTurn === true", timeout=30_000)

    # The score sheet opened on one's own turn: its strip says the turn and its clock.
    await page.get_by_role("button", name=want["scores"], exact=True).click()
    strip = page.locator("dialog .turn-strip")
    await expect(strip.locator(".turn-text")).to_have_text(want["strip"])
    await expect(strip.locator(".turn-clock")).to_have_text(re.compile(want["clock"]))
    strip_text = await strip.inner_text()
    assert not ENGLISH.search(strip_text), strip_text
    await no_sideways_scroll(page)
    await shot(page, f"i18n-turn-strip-{lang}")
    await page.keyboard.press("Escape")
    await expect(page.locator("dialog[open]")).to_have_count(0)

    # The seat's status line: the turn the autopilot took, away, a seat a bot took.
    notice = await page.evaluate(NOTICE_JS)
    assert notice == want["notice"]
    await expect(page.locator(".seat-status")).to_be_visible()
    await no_sideways_scroll(page)
    await shot(page, f"i18n-seat-status-{lang}")
    status = await page.evaluate(STATUS_JS)
    assert status["away"] == want["away"]
    assert status["bot_took"] == want["bot_took"]
    for text in [notice, *status["away"], *status["bot_took"]]:
        assert not ENGLISH.search(text), text

    # A seat's menu: its title, Follow, Block and the report form.
    await page.evaluate(MENU_JS)
    menu = page.locator("dialog[open]")
    await expect(menu.locator("h2")).to_have_text(want["menu_title"])
    follow, block, report, send = want["menu"]
    await expect(menu.get_by_role("button", name=follow, exact=True)).to_be_visible()
    await expect(menu.get_by_role("button", name=block, exact=True)).to_be_visible()
    await menu.locator("summary").click()
    await expect(menu.locator("summary")).to_have_text(report)
    await expect(menu.get_by_role("button", name=send, exact=True)).to_be_visible()
    await dialog_in_language(page, f"i18n-seat-menu-{lang}")
    await page.keyboard.press("Escape")
    await expect(page.locator("dialog[open]")).to_have_count(0)

    # The line of rules (French: a no-break space before each ";", as before ":").
    line = await page.evaluate(LINE_JS)
    assert re.match(want["line"], line), line
    assert ";" in line and not re.search(f"[^{NB}];" if lang == "fr" else f"{NB};", line), line

    # The name prompt a guest meets before a private table.
    await page.evaluate(PROMPT_JS)
    prompt = page.locator("dialog[open]")
    await expect(prompt.locator("h2")).to_have_text(want["prompt_title"])
    about, label, go = want["prompt"]
    await expect(prompt.locator("p").first).to_have_text(about)
    await expect(prompt.locator("label")).to_have_text(label)
    await expect(prompt.locator("#table-name")).to_have_attribute("placeholder", label)
    await expect(prompt.get_by_role("button", name=go, exact=True)).to_be_visible()
    await dialog_in_language(page, f"i18n-name-prompt-{lang}")
