"""The archive's pages in the reader's language: a player page (its rating, record,
statistics, recent games, tournaments and, for a signed-in visitor, Follow, Block and the
report form) and a game page (its head, the move line, the board's trick and seats, the
score sheet, the deal proof and the record's links). In Spanish on a phone and in French
at 1280x800; the document says its language, no page scrolls sideways, and no English
word of these parts is left."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.async_api import Page, expect

from .archived import player_document
from .conftest import BROWSER, DESKTOP, PHONE_TALL, shot
from .test_game_page import GAME_ID, long_game
from .test_game_page import serve as serve_game
from .test_i18n_events import no_sideways_scroll
from .test_player_actions import sign_up
from .test_player_page import records
from .test_player_page import serve as serve_player

pytestmark = BROWSER

NBSP = "\u00a0"
I18N = Path(__file__).resolve().parents[2] / "client" / "web" / "i18n"

# What each part says, by language.
WORDS = {
    "es": {
        "player": ["Puntuación ", "Historial de puntuación", "Partidas", "Partidas jugadas",
                   "Finalización", "Estadísticas de Spades", "Manos jugadas",
                   "Contratos cumplidos", "Error medio de apuesta", "Sobrebazas por mano",
                   "Partidas recientes", "Clasificatoria", "Torneos jugados",
                   "Arena · 3 partidas", "7 pts", "Juega desde ", "Tú y Ann",
                   "Denunciar a este jugador"],
        "made": r"^\d+ de \d+ \(\d+\s%\)$",
        "bid_error": r"^[+−]?\d+,\d\d bazas por mano \(ganadas − apostadas\)$",
        "game": ["Jugada a jugada", "Hoja de puntuación", "Descargar el registro (texto)",
                 "… con las manos repartidas", "Sala", "Partida informal · ", " manos · ",
                 "repartidor"],
        "title": r"^Ganaron .+ & .+$",
        "first_line": r"^Jugada 1 de \d+ · Mano 1: reparte .+$",
        "trick": "Baza 1 de 13", "took": "ganó 0", "bid": r"^apuesta (Nil|Nil a ciegas|\d+)$",
        "sheet": ["Mano", "Mano 3"],
        "proof": "Prueba del reparto, mano 1: ✓ Este reparto quedó fijado antes de las apuestas.",
    },
    "fr": {
        "player": ["Classement ", "Historique du classement", "Parties", "Parties jouées",
                   "Assiduité", "Statistiques de Spades", "Donnes jouées", "Contrats réussis",
                   "Écart moyen d'annonce", "Sacs par donne", "Parties récentes", "Classée",
                   "Tournois joués", "Arena · 3 parties", "7 pts", "Joue depuis le ",
                   "Vous et Ann", "Signaler ce joueur"],
        "made": rf"^\d+ sur \d+ \(\d+{NBSP}?\s?%\)$",
        "bid_error": r"^[+−]?\d+,\d\d plis par donne \(faits − annoncés\)$",
        "game": ["Coup par coup", "Feuille de marque", "Télécharger le relevé (texte)",
                 "… avec les mains distribuées", "Salon", "Partie amicale · ", " donnes · ",
                 "donneur"],
        "title": r"^.+ & .+ ont gagné$",
        "first_line": rf"^Coup 1 sur \d+ · Donne 1{NBSP}: .+ distribue$",
        "trick": "Pli 1 sur 13", "took": "a fait 0", "bid": r"^annonce (Nil|Nil à l'aveugle|\d+)$",
        "sheet": ["Donne", "Donne 3"],
        "proof": f"Preuve de la donne, donne 1{NBSP}: "
                 "✓ Cette donne était fixée avant les annonces.",
    },
}
# English that none of these parts may show once translated.
ENGLISH = ["Rating", "Games", "Recent games", "Spades statistics", "Tournaments played",
           "Hands played", "Contracts", "Completion", "never tried", "none yet", "Won",
           "Lost", "Draw", "Ranked", "Casual", "Follow", "Block", "Report", "Loading",
           "Playing since", "Move", "Hand ", "Trick", "Score sheet", "Download", "dealer",
           "took", " deals", " plays ", "Deal proof", "Keys", "Lobby", " hands", " game",
           " won", "A draw", "tricks a hand", "Bids so far", "easy"]


def catalogue(lang: str) -> dict:
    return json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8"))


async def no_english(page: Page) -> None:
    """No word of ENGLISH on the page's screen (its main element)."""
    shown = await page.locator("#screen").inner_text()
    assert not {word for word in ENGLISH if word in shown}, shown


@pytest.mark.parametrize("lang", ["es", "fr"])
async def test_a_player_page_speaks_the_readers_language(room, open_page, lang: str) -> None:
    words = WORDS[lang]
    own = catalogue(lang)
    docs = records()
    page = await open_page(room, viewport=PHONE_TALL if lang == "es" else DESKTOP, lang=lang)
    await sign_up(page, "Una")  # a signed-in visitor: Follow, Block and the report form
    await serve_player(page, docs, player_document("Ann", docs))

    async def events(route) -> None:
        await route.fulfill(status=200, content_type="application/json", body=json.dumps(
            {"events": [{"id": "ev1", "place": 2, "name": "Noche", "points": 7, "kind": "arena",
                         "games": 3}]}))

    await page.route("**/api/players/Ann/events", events)
    await page.goto(f"{room.http}/@/Ann")
    await expect(page.locator("#player-name")).to_have_text("Ann")
    await page.wait_for_function("document.getElementById('screen').dataset.actions === 'shown'")
    assert await page.evaluate("document.documentElement.lang") == lang
    # A screen reader's first Tab stop: the skip link, in the page's language too.
    await expect(page.locator(".skip-link")).to_have_text(own["head.archive.skip"])
    screen = page.locator("#screen")
    await expect(screen).not_to_contain_text(own["archive.loading"])  # the events are read
    for said in words["player"]:
        await expect(screen).to_contain_text(said)
    await expect(page.locator("#stat-made")).to_have_text(re.compile(words["made"]))
    await expect(page.locator("#stat-bid-error")).to_have_text(re.compile(words["bid_error"]))
    outcomes = {own[f"archive.outcome.{o}"] for o in ("won", "lost", "draw")}
    for word in await page.locator("[aria-labelledby=recent-title] .outcome").all_inner_texts():
        assert word in outcomes, word
    # The actions and the report form, in the lobby's words for them.
    await expect(page.locator("#player-follow")).to_have_text(own["people.follow"])
    await expect(page.locator("#player-block")).to_have_text(own["people.block"])
    await page.locator("#player-actions summary").click()
    options = await page.locator("#player-report-reason option").all_inner_texts()
    assert options == [own[f"report.reason.{r}"]
                       for r in ("abuse", "cheating", "stalling", "name", "other")], options
    await expect(page.locator("#player-report-note")).to_have_attribute(
        "placeholder", own["report.note_placeholder"])
    await expect(page.locator("#player-report-go")).to_have_text(own["archive.send_report"])
    # The note's field is wide enough for its placeholder, on a phone too.
    box = await page.locator("#player-report-note").bounding_box()
    assert box and box["width"] >= 240, box
    label = await page.locator("svg#rating-chart").get_attribute("aria-label")
    assert label and "rated games" not in label and str(len(docs)) in label, label
    await no_english(page)
    await no_sideways_scroll(page, "the player page")
    await shot(page, f"i18n-player-page-{lang}")


@pytest.mark.parametrize("lang", ["es", "fr"])
async def test_a_game_page_speaks_the_readers_language(room, open_page, lang: str) -> None:
    words = WORDS[lang]
    doc = long_game()
    page = await open_page(room, viewport=PHONE_TALL if lang == "es" else DESKTOP, lang=lang)
    await serve_game(page, doc)

    async def analysis(route) -> None:  # none asked for yet (the room's own sentence aside)
        await route.fulfill(status=200, content_type="application/json", body=json.dumps(
            {"game": GAME_ID, "you": None, "analyses": []}))

    await page.route(f"**/api/games/{GAME_ID}/analysis", analysis)
    await page.goto(f"{room.http}/g/{GAME_ID}")
    await expect(page.locator("#move-slider")).to_be_visible()
    assert await page.evaluate("document.documentElement.lang") == lang
    screen = page.locator("#screen")
    for said in words["game"]:
        await expect(screen).to_contain_text(said)
    await expect(page.locator("#game-title")).to_have_text(re.compile(words["title"]))  # a team
    line = page.locator("#move-line")
    await expect(line).to_have_text(re.compile(words["first_line"]))
    await expect(page.locator("#deal-proof summary")).to_have_text(words["proof"])
    caption = page.locator(".game-sheet")
    await expect(caption.locator("thead th").first).to_have_text(words["sheet"][0])
    await expect(caption.get_by_role("button", name=words["sheet"][1], exact=True)).to_be_visible()
    # The bids, then the first card: the trick's title and the tricks taken.
    for _ in range(4):
        await page.keyboard.press("ArrowRight")
    await expect(page.locator(".seat-bid").first).to_have_text(re.compile(words["bid"]))
    await page.keyboard.press("ArrowRight")
    await expect(page.locator(".trick-title")).to_have_text(words["trick"])
    await expect(page.locator(".seat-took").first).to_have_text(words["took"])
    await no_english(page)
    await no_sideways_scroll(page, "the game page")
    await shot(page, f"i18n-game-page-{lang}")
