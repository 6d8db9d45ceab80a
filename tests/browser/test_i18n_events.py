"""The tournaments' pages in the reader's language: the lobby's events list and its
"Create an event" form (with the room's refusal of a bad choice in that language), then
an Arena's page as a player joins it, others join, a game is counted and the event ends:
its line of rules and times, its buttons and their note, the standings' headers and a
player's status, the games being played, the podium. In Spanish on a phone and in French
at 1280x800, and a Knock-out's bracket in each; no page scrolls sideways, and no English
word of these parts is left."""

from __future__ import annotations

import dataclasses
import time

import pytest
from playwright.async_api import Page, expect

from server.tournaments.service import Tournaments
from shared.tournaments import Arena, ArenaSettings, Entrant, KnockoutSettings

from .conftest import BROWSER, DESKTOP, PHONE_TALL, shot
from .play import NO_SIDEWAYS_SCROLL
from .test_event_create import sign_up
from .test_screen_reader_event import arena_of, pid
from .test_tournament_pages import entrants

pytestmark = BROWSER

MIN = 60_000
HOUR = 60 * MIN
OTHERS = ["Ada", "Bea", "Cal", "Dov"]
NBSP = "\u00a0"
STANDINGS_FIT = """(() => { const r = document.getElementById('standings-region');
  return r.scrollWidth <= r.clientWidth + 1; })()"""

# What each part says, by language.
WORDS = {
    "es": {
        "lobby": ["Torneos", "Arena de 30 minutos", "próximo", "0 inscritos", "informal"],
        "form": {"title": "Crear un torneo", "name": "Nombre", "rules": "Reglas",
                 "rated": "Clasificatorio", "create": "Crear", "minutes": "Minutos"},
        "refusal": "Un torneo clasificatorio se juega con cuatro jugadores en dos parejas; "
                   "elige unas reglas por parejas o haz que el torneo sea informal.",
        "join": "Unirse", "pause": "Pausa", "leave": "Salir", "done": "Te unes al torneo.",
        "line": ["Arena · 30 minutos · ", "reglas quick", "informal"],
        "headings": ["Clasificación", "En juego ahora"],
        "columns": ["Jugador", "Puntos", "Partidas", "Ganadas"],
        "paused": "(en pausa)", "watch": "Mirar", "running": "En juego: quedan 30 minutos.",
        "podium": ["Podio", "Todas las partidas", "2 puntos"], "finished": "Terminado.",
    },
    "fr": {
        "lobby": ["Tournois", "Arena de 30 minutes", "à venir", "0 inscrit", "amical"],
        "form": {"title": "Créer un tournoi", "name": "Nom", "rules": "Règles",
                 "rated": "Classé", "create": "Créer", "minutes": "Minutes"},
        "refusal": f"Un tournoi classé se joue à quatre joueurs en deux équipes{NBSP}; "
                   "choisissez des règles par équipes ou rendez le tournoi amical.",
        "join": "Rejoindre", "pause": "Pause", "leave": "Quitter",
        "done": "Vous rejoignez le tournoi.",
        "line": ["Arena · 30 minutes · ", "règles quick", "amical"],
        "headings": ["Classement", "En cours de jeu"],
        "columns": ["Joueur", "Points", "Parties", "Gagnées"],
        "paused": "(en pause)", "watch": "Regarder",
        "running": f"En cours{NBSP}: encore 30 minutes.",
        "podium": ["Podium", "Toutes les parties", "2 points"], "finished": "Terminé.",
    },
}
# English that none of these parts may show once translated.
ENGLISH = ["Tournaments", "Create an event", "minute Arena", "Standings", "Playing now",
           "Watch", "Every game", " rules", "casual", "You join", "Player", "Games", "Won",
           "paused", "Resume", "Leave", "Join", "Nobody", "Best of three"]


async def starts_at(service: Tournaments, event_id: str, ms: int) -> None:
    """Move the Arena's start (its end follows) as the clock would bring it."""
    def move(event: object) -> None:
        assert isinstance(event, Arena)
        event.settings = dataclasses.replace(event.settings, starts_ms=ms)

    await service.store.mutate(event_id, move)


async def no_english(page: Page, selector: str) -> None:
    text = await page.locator(selector).inner_text()
    left = [word for word in ENGLISH if word in text]
    assert not left, (left, text)


async def no_sideways_scroll(page: Page, where: str) -> None:
    assert await page.evaluate(NO_SIDEWAYS_SCROLL), where


@pytest.mark.parametrize("lang", ["es", "fr"])
async def test_the_tournaments_pages_speak_the_readers_language(start_room, open_page,
                                                                lang: str) -> None:
    words = WORDS[lang]
    size = PHONE_TALL if lang == "es" else DESKTOP
    room = await start_room(tournament_tick_s=0.0, tournament_calendar="")
    service: Tournaments = room.app.state.tournaments
    arena = await service.create_arena(ArenaSettings(
        "Noche", preset="quick", minutes=30, starts_ms=int(time.time() * 1000) + 3 * HOUR))
    page = await open_page(room, viewport=size, lang=lang)
    await sign_up(page, "Wanda")

    # The lobby's list and form, and the room's refusal, in the reader's language.
    panel = page.locator("#events-panel")
    await expect(panel.locator(f'#events-list li[data-event="{arena.id}"]')).to_be_visible()
    for said in words["lobby"]:
        await expect(panel).to_contain_text(said)
    form = page.locator("#event-create")
    await form.locator("summary").click()
    await expect(form.locator("summary")).to_have_text(words["form"]["title"])
    await form.get_by_label(words["form"]["name"], exact=True).fill("Club")
    await form.get_by_label(words["form"]["rules"], exact=True).select_option("cutthroat")
    await expect(form.get_by_label(words["form"]["minutes"], exact=True)).to_be_visible()
    await form.get_by_label(words["form"]["rated"], exact=True).check()
    await form.get_by_role("button", name=words["form"]["create"], exact=True).click()
    await expect(page.locator("#event-create-error")).to_have_text(words["refusal"])
    await no_english(page, "#events-panel")
    await no_sideways_scroll(page, "the lobby")
    await shot(page, f"i18n-events-lobby-{lang}")

    # The event page: its document in the language, Join pressed and its note.
    await page.goto(f"{room.http}/e/{arena.id}")
    await page.wait_for_function("window.eventFeed === 'open'")
    assert await page.evaluate("document.documentElement.lang") == lang
    await page.get_by_role("button", name=words["join"], exact=True).click()
    await expect(page.locator("#event-note")).to_have_text(words["done"])
    await expect(page.get_by_role("button", name=words["pause"], exact=True)).to_be_visible()
    await expect(page.get_by_role("button", name=words["leave"], exact=True)).to_be_visible()
    for name in OTHERS:
        await service.join(arena.id, [Entrant(pid(name), name, 20.0)])
    await expect(page.locator("#standings tbody tr")).to_have_count(5)

    # Under way: a table of the four others, Cal pausing, the game counted.
    await starts_at(service, arena.id, int(time.time() * 1000))
    await expect(page.locator("#event-phase")).to_have_text(words["running"])
    await service.store.mutate(arena.id, lambda e: arena_of(e).seat(
        "evtable001", [pid(n) for n in OTHERS], int(time.time() * 1000)))
    await expect(page.locator("#playing li")).to_have_count(1)
    await expect(page.locator("#playing li a")).to_have_text(words["watch"])
    await service.pause(arena.id, pid("Cal"))
    await expect(page.locator("#standings")).to_contain_text(words["paused"])
    await service.store.mutate(arena.id, lambda e: arena_of(e).record(
        "evtable001", (1, 2), (), int(time.time() * 1000)))
    await expect(page.locator("#standings tbody tr").first).to_contain_text("Ada")
    await expect(page.locator("#standings tbody tr").first.locator("td").nth(1)).to_have_text("2")
    header = page.locator(".event-page .panel-hero .muted").first
    for said in words["line"]:
        await expect(header).to_contain_text(said)
    for title in words["headings"]:
        await expect(page.get_by_role("heading", name=title, exact=True)).to_be_visible()
    columns = await page.locator("#standings thead th").all_inner_texts()
    assert columns[1:] == words["columns"], columns
    await no_english(page, "#screen")
    await no_sideways_scroll(page, "the event page, under way")
    # The standings' columns fit the panel: its region does not scroll either.
    assert await page.evaluate(STANDINGS_FIT), "the standings scroll sideways"
    await shot(page, f"i18n-event-page-{lang}")

    # The end: the podium with its points, every game.
    await starts_at(service, arena.id, int(time.time() * 1000) - 31 * MIN)
    await expect(page.locator("#event-phase")).to_have_text(words["finished"])
    podium = page.locator("#podium")
    for said in words["podium"]:
        await expect(podium).to_contain_text(said)
    await no_english(page, "#screen")
    await no_sideways_scroll(page, "the event page, finished")
    await shot(page, f"i18n-event-page-finished-{lang}")


KNOCKOUT_WORDS = {
    "es": ["Eliminatoria de 8 · una partida por enfrentamiento", "Cuadro", "Semifinales",
           "Final", "pasa directamente: sin rival", "por decidir"],
    "fr": ["Élimination directe à 8 · une partie par match", "Tableau", "Demi-finales",
           "Finale", f"passe d'office{NBSP}: exempt", "à venir"],
}
VERSUS = {"es": " contra ", "fr": " contre "}


@pytest.mark.parametrize("lang", ["es", "fr"])
async def test_a_knockouts_bracket_speaks_the_readers_language(start_room, open_page,
                                                               lang: str) -> None:
    room = await start_room(tournament_tick_s=0.0, tournament_calendar="")
    service: Tournaments = room.app.state.tournaments
    knockout = await service.create_knockout(KnockoutSettings(
        "Copa", preset="two_handed", size=8, starts_ms=int(time.time() * 1000)))
    for entrant in entrants(3, "ko"):
        await service.join(knockout.id, [entrant])
    await service.tick(sweep=False)  # the tick's pairing is off: this draws the bracket
    page = await open_page(room, viewport=PHONE_TALL if lang == "es" else DESKTOP, lang=lang)
    await page.goto(f"{room.http}/e/{knockout.id}")
    bracket = page.locator("#bracket")
    await expect(bracket.locator("li")).to_have_count(3)  # seed 1's bye, 2 v 3, the final
    screen = page.locator("#screen")
    for said in KNOCKOUT_WORDS[lang]:
        await expect(screen).to_contain_text(said)
    await expect(page.locator("#playing li")).to_contain_text(VERSUS[lang])
    await no_english(page, "#screen")
    await no_sideways_scroll(page, "the bracket")
    await shot(page, f"i18n-event-knockout-{lang}")
