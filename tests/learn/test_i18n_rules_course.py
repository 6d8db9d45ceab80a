"""The rules page and the course in the reader's language, in a real Chromium: the rules
page of the quick preset and a lesson (a wrong move and its reason, then the right one)
in Spanish on a phone and in French at 1280x800, and the course and a whole lesson in
Brazilian Portuguese. Every part reads in the language (no English heading or label of
these parts is left), the page does not scroll sideways, and the lesson is played
through the page. Screenshots: learn-i18n-*.png."""

from __future__ import annotations

import json

import pytest
from playwright.async_api import Page

from tests.browser.play import NO_SIDEWAYS_SCROLL
from tests.conftest import SHOTS

from .conftest import Pages

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
NBSP = "\u00a0"

RULES = {
    "es": {
        "title": "Reglas de Spades: el ajuste «Rápida»",
        "nav": ["Curso", "Reglas", "Preguntas", "Estrategia"],
        "chips": ["Estándar", "Rápida"],
        "sections": ["Jugadores, equipos y cartas", "Las apuestas", "Nil y Nil a ciegas",
                     "Jugar una baza", "El final de la partida",
                     "Puntuación: seis líneas por equipo en cada mano", "Un ejemplo resuelto",
                     "Los ajustes predefinidos, lado a lado", "Variantes"],
        "glance": {"Partida a": "250 puntos", "Límite de manos": "30 manos",
                   "Sobrebazas": "cada 10 cuestan 100"},
        "example": ["Sur–Norte", "Oeste–Este", "Total acumulado"],
        "explained": "Contrato: 7 apostadas (Sur 4 + Norte 3), 9 ganadas: cumplido",
        "badges": ["ACTIVA AQUÍ", "INACTIVA AQUÍ"],
        "words": ["bazas", "sobrebazas", "picas", "Nil a ciegas"],
    },
    "fr": {
        "title": f"Règles du Spades{NBSP}: le préréglage «{NBSP}Rapide{NBSP}»",
        "nav": ["Cours", "Règles", "FAQ", "Stratégie"],
        "chips": ["Standard", "Rapide"],
        "sections": ["Joueurs, équipes et cartes", "Les annonces", "Nil et Nil à l'aveugle",
                     "Jouer un pli", "La fin de la partie",
                     "Le score : six lignes par équipe, à chaque donne".replace(" :", NBSP + ":"),
                     "Un exemple détaillé", "Les préréglages côte à côte", "Variantes"],
        "glance": {"Partie en": "250 points", "Limite de donnes": "30 donnes",
                   "Sacs": "tous les 10, 100 de pénalité"},
        "example": ["Sud–Nord", "Ouest–Est", "Total cumulé"],
        "explained": f"Contrat{NBSP}: 7 annoncés (Sud 4 + Nord 3), 9 faits{NBSP}: réussi",
        "badges": ["ACTIVE ICI", "INACTIVE ICI"],
        "words": ["plis", "sacs", "pique", "Nil à l'aveugle"],
    },
}
# English none of the rules page's parts may show once translated.
RULES_ENGLISH = ["Spades rules", "Players, teams and cards", "Playing a trick", "Scoring",
                 "A worked example", "Variants", "This table", "On here", "Off here",
                 "Running total", "Contract:", "Game to", "tricks", "bags", "Questions and "
                 "answers", "Strategy notes", "The course", "Highlighted rows"]

LESSON = {
    "es": {
        "kicker": "Lección 3 de 11: ", "title": "Seguir el palo y qué carta gana",
        "step": "Paso 1 de 2", "next_step": "Paso 2 de 2", "move": "Tu jugada:",
        "prompt": "Oeste salió con el 2♣, Norte jugó el A♣ y Este el 8♣. Sigue el palo.",
        "intro": "Sobre esta lección", "teams": ["Nosotros", "Ellos"],
        "label": "Tres de picas, no se puede jugar: debes seguir el palo: tréboles",
        "refused": "No permitido: Debes seguir el palo: tréboles.",
        "after": "El As de Norte era el trébol más alto",
        "seat": "Norte (compañero)", "hint": "Pista",
    },
    "fr": {
        "kicker": f"Leçon 3 sur 11{NBSP}: ", "title": "Fournir et quelle carte gagne",
        "step": "Étape 1 sur 2", "next_step": "Étape 2 sur 2", "move": f"À vous{NBSP}:",
        "prompt": "Ouest a entamé le 2♣, Nord a joué l'A♣ et Est le 8♣. Fournissez.",
        "intro": "À propos de cette leçon", "teams": ["Nous", "Eux"],
        "label": f"Trois de pique, injouable{NBSP}: vous devez fournir à trèfle",
        "refused": f"Interdit{NBSP}: Vous devez fournir à trèfle.",
        "after": "L'As de Nord était le plus haut trèfle",
        "seat": "Nord (partenaire)", "hint": "Indice",
    },
}
LESSON_ENGLISH = ["Lesson", "Your move", "Step", "About this lesson", "Hint", "Us", "Them",
                  "Not allowed", "follow", "partner", "All lessons", "Screen-reader mode"]


def english_left(text: str, words: list[str]) -> list[str]:
    return [word for word in words if word in text]


async def texts(page: Page, selector: str) -> list[str]:
    return [t.strip() for t in await page.locator(selector).all_inner_texts()]


@pytest.mark.parametrize(("lang", "size"), [("es", PHONE), ("fr", DESKTOP)], ids=["es-phone",
                                                                                   "fr-desktop"])
async def test_the_rules_page_in_the_reader_s_language(pages: Pages, lang: str,
                                                       size: dict[str, int]) -> None:
    words = RULES[lang]
    page = await pages.open("/learn/?preset=quick#/rules", size is PHONE, lang=lang, size=size)
    await page.wait_for_selector(".rules-page h1:not(:empty)")
    await page.wait_for_selector("#rules-variants")
    assert await page.evaluate("document.documentElement.lang") == lang
    assert (await page.inner_text("h1")).strip() == words["title"]
    assert await texts(page, "#learn-nav .tools a") == words["nav"]
    chips = await texts(page, ".preset-switch a")
    assert all(chip in chips for chip in words["chips"]), chips
    assert await texts(page, ".rules-page h2") == words["sections"]
    glance = dict(zip(await texts(page, ".glance dt"), await texts(page, ".glance dd"),
                      strict=True))
    assert all(glance.get(k) == v for k, v in words["glance"].items()), glance
    example = await page.inner_text("#rules-example")
    assert all(w in example for w in words["example"]) and words["explained"] in example
    variants = await page.inner_text("#rules-variants")
    assert all(b.lower() in variants.lower() for b in words["badges"])
    body = await page.inner_text("main")
    assert all(w in body for w in words["words"])
    assert english_left(body, RULES_ENGLISH) == []
    assert await page.evaluate(NO_SIDEWAYS_SCROLL)
    SHOTS.mkdir(parents=True, exist_ok=True)
    await page.screenshot(path=str(SHOTS / f"learn-i18n-rules-{lang}.png"))


@pytest.mark.parametrize(("lang", "size"), [("es", PHONE), ("fr", DESKTOP)], ids=["es-phone",
                                                                                   "fr-desktop"])
async def test_a_lesson_in_the_reader_s_language_is_played_through_the_page(
        pages: Pages, lang: str, size: dict[str, int]) -> None:
    words = LESSON[lang]
    page = await pages.open("/learn/#/lesson/following", size is PHONE, lang=lang, size=size)
    await page.wait_for_selector(".lesson-hand .card-btn")
    assert await page.inner_text(".lesson-kicker") == words["kicker"]
    assert words["title"] in await page.inner_text("h1")
    assert await page.inner_text(".lesson-step") == words["step"]
    prompt = await page.inner_text(".lesson-prompt")
    assert prompt.startswith(f"{words['move']} {words['prompt']}"), prompt
    assert await page.inner_text(".lesson-intro summary") == words["intro"]
    assert await texts(page, ".team-name") == words["teams"]
    assert words["seat"] in await page.inner_text(".lesson-felt")
    assert await page.inner_text(".lesson-actions button:not([hidden])") == words["hint"]
    three = page.locator('.lesson-hand .card-btn[data-card="3S"]')
    assert await three.get_attribute("aria-label") == words["label"]
    assert await page.evaluate(NO_SIDEWAYS_SCROLL)
    # The longer words keep the move and the cards to play it with on the first screen.
    box = await page.locator('.lesson-hand .card-btn[data-card="5C"]').bounding_box()
    assert box is not None and box["y"] + box["height"] <= size["height"], box
    SHOTS.mkdir(parents=True, exist_ok=True)
    await page.screenshot(path=str(SHOTS / f"learn-i18n-lesson-{lang}.png"))

    # A card the rules refuse: the engine's reason, in the language.
    await three.click()
    await page.wait_for_selector(".lesson-feedback.bad")
    assert words["refused"] in await page.inner_text(".lesson-feedback")
    # The move the step asks for: the step is done, the next one is shown.
    await page.click('.lesson-hand .card-btn[data-card="5C"]')
    await page.wait_for_function(f"document.querySelector('.lesson-step').textContent === "
                                 f"{json.dumps(words['next_step'])}")
    assert words["after"] in await page.inner_text(".lesson-done")
    shown = await page.inner_text(".lesson")
    assert english_left(shown, LESSON_ENGLISH) == [], shown
    assert await page.evaluate(NO_SIDEWAYS_SCROLL)


async def test_the_course_and_a_lesson_in_brazilian_portuguese(pages: Pages) -> None:
    page = await pages.open("/learn/", True, lang="pt-BR", size=PHONE)
    await page.wait_for_selector(".lesson-list .lesson-link")
    assert await page.evaluate("document.documentElement.lang") == "pt-BR"
    assert await page.inner_text("h1") == "Aprenda a jogar Spades"
    assert await page.inner_text(".course-progress") == "0 de 11 lições concluídas."
    titles = await texts(page, ".lesson-title")
    assert titles[:3] == ["Duplas e contratos", "As apostas e a Dica",
                          "Seguir o naipe e qual carta ganha"], titles
    assert await page.inner_text("a.continue") == "Começar: Duplas e contratos"
    assert await page.evaluate(NO_SIDEWAYS_SCROLL)
    await page.click("a.continue")
    await page.wait_for_selector(".lesson-hand .card-btn")
    assert "Lição 1 de 11" in await page.inner_text("h1")
    await page.click('.lesson-hand .card-btn[data-card="AH"]')
    await page.wait_for_selector(".lesson-end:not([hidden])")
    ending = await page.inner_text(".lesson-end")
    for said in ("Lição concluída", "As duas duplas cumpriram os contratos",
                 "As linhas da sua dupla", "Contrato: 7 apostadas (Sul 4 + Norte 3), 7 ganhas: "
                 "cumprido, 10 × 7 = +70.", "Sobras: nenhuma; a dupla ganhou exatamente o "
                 "contrato.", "Próxima lição ›", "Repetir", "Todas as lições"):
        assert said in ending, (said, ending)
    assert english_left(ending, ["Lesson complete", "Contract", "Bags", "Your team",
                                 "Next lesson", "Replay"]) == []
    assert await page.evaluate(NO_SIDEWAYS_SCROLL)
    SHOTS.mkdir(parents=True, exist_ok=True)
    await page.screenshot(path=str(SHOTS / "learn-i18n-lesson-pt-BR.png"), full_page=True)


async def test_the_questions_and_the_strategy_notes_in_french(pages: Pages) -> None:
    page = await pages.open("/learn/?preset=quick#/faq", lang="fr")
    await page.wait_for_selector(".faq details")
    assert await page.inner_text("h1") == "Questions et réponses"
    assert await page.inner_text(".notes-page > p.fine") == (
        f"Les réponses suivent les règles affichées{NBSP}: le préréglage «{NBSP}Rapide{NBSP}».")
    questions = await texts(page, ".faq summary")
    assert f"Puis-je changer mon annonce{NBSP}?" in questions, questions
    await page.click(".faq details:nth-of-type(6) summary")  # Blind Nil: off in quick
    assert await page.inner_text(".faq details:nth-of-type(6) p") == (
        f"Pas à cette table{NBSP}: le Nil à l'aveugle n'est pas joué.")
    assert await page.inner_text(".faq details:nth-of-type(6) a") == "Ouvrir la position"
    await page.click("#learn-nav a[data-page='strategy']")
    await page.wait_for_selector(".strategy article")
    assert await page.inner_text("h1") == "Notes de stratégie"
    assert await texts(page, ".strategy h2") == ["Compter les plis sûrs",
                                                 "Passer dessous une fois à l'abri",
                                                 "Couvrir un Nil", "Le compteur de sacs"]
    body = await page.inner_text("main")
    assert "Try it" not in body and "Essayez" in body and "sacs" in body
    assert await page.evaluate(NO_SIDEWAYS_SCROLL)


async def test_a_table_s_rules_in_words_follow_the_page_s_language(pages: Pages) -> None:
    """describeRules (the table's rules dialog) reads the catalogue of the page that loaded
    it: here the course's page in Spanish, with a club table's house rules."""
    page = await pages.open("/learn/#/", lang="es")
    await page.wait_for_selector(".lesson-list .lesson-link")
    lines = await page.evaluate("""(async () => {
      const { describeRules } = await import('/js/game/rules.js');
      const presets = await (await fetch('/data/presets.json')).json();
      const rules = { ...presets.club, jokers: true, max_hands: 12, losing_score: -200 };
      return describeRules(rules);
    })()""")
    said = dict(lines)
    assert said["Ajuste"] == "Club" and said["Jugadores"].startswith("Cuatro jugadores en dos")
    assert said["Límite de manos"] == "12 manos (después, la igualdad es empate)"
    assert said["Un equipo pierde en"] == "−200"
    assert said["Baraja"] == "52 cartas, con comodines (por encima del A♠), sin el 2♣ ni el 2♦"
    assert said["Sobrebazas"].startswith("cada ") and "Bags" not in said


async def test_a_preset_chip_keeps_the_language_the_address_named(pages: Pages) -> None:
    # A reader sent a French link (?lang=fr) in a browser set to English: each preset
    # they open from the rules page is French too, its head and its body.
    page = await pages.open("/learn/?preset=quick&lang=fr#/rules")
    await page.wait_for_selector("#rules-variants")
    assert await page.evaluate("document.documentElement.lang") == "fr"
    chip = page.locator(".preset-switch a[href*='preset=club']")
    assert "lang=fr" in (await chip.get_attribute("href") or "")
    await chip.click()
    await page.wait_for_url("**preset=club**")
    await page.wait_for_selector("#rules-variants")
    assert await page.evaluate("document.documentElement.lang") == "fr"
    assert "« Club »" in (await page.inner_text("h1")).replace("\xa0", " ")
