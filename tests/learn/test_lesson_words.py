"""The lessons in the reader's language: a lesson's sentences carry their catalogue ids,
each language's room.po translates every one of them, from the English the lesson says
now (an entry left behind by a changed lesson fails), and the lesson routes answer in the
language asked for."""

from __future__ import annotations

import httpx
import pytest
from babel.messages.pofile import read_po

from server.i18n.catalogues import LANGUAGES, po_path
from shared.course import all_scenarios

TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]
TEXTS = {key: text for s in all_scenarios() for key, text in s.texts().items()}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_translated_lesson_sentence_translates_what_the_lesson_says(lang: str) -> None:
    with po_path(lang).open("rb") as po:
        entries = [m for m in read_po(po) if m.context and m.context.startswith("course.lesson.")]
    assert entries, f"{lang} translates no lesson"
    for entry in entries:
        assert entry.context in TEXTS, f"{lang}: {entry.context} is no lesson's sentence"
        assert entry.id == TEXTS[entry.context], f"{lang}: {entry.context} translates old English"
        assert entry.string and entry.string != entry.id, f"{lang}: {entry.context} is empty"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_sentence_of_every_lesson_is_in_each_language(lang: str) -> None:
    text = po_path(lang).read_text(encoding="utf-8")
    lacking = [key for key in TEXTS if f'msgctxt "{key}"' not in text]
    assert lacking == [], f"{lang} lacks {lacking}"


async def test_a_lesson_and_its_moves_answer_in_the_language_asked_for(
        http: httpx.AsyncClient) -> None:
    english = (await http.get("/api/lessons/following")).json()
    spanish = (await http.get("/api/lessons/following?lang=es")).json()
    assert english["title"] == "Following suit and which card wins"
    assert spanish["title"] != english["title"] and spanish["steps"][0]["prompt"] != \
        english["steps"][0]["prompt"]
    assert spanish["view"]["hand"] == english["view"]["hand"]
    moved = (await http.post("/api/lessons/following/move?lang=fr",
                             json={"moves": [], "move": "play 3S"})).json()
    assert (moved["result"], moved["kind"]) == ("wrong", "illegal")
    assert moved["reason"] == "Vous devez fournir à trèfle.", moved["reason"]
    unknown = (await http.get("/api/lessons/following?lang=xx")).json()
    assert unknown["title"] == english["title"]


async def test_the_rules_document_answers_in_the_language_asked_for(
        http: httpx.AsyncClient) -> None:
    english = (await http.get("/api/rules?preset=quick")).json()
    french = (await http.get("/api/rules?preset=quick&lang=fr")).json()
    assert english["title"] == "Spades rules: the quick preset"
    assert french["title"] == "Règles du Spades\u00a0: le préréglage «\u00a0Rapide\u00a0»"
    assert [s["id"] for s in french["sections"]] == [s["id"] for s in english["sections"]]
    assert french["sections"][3]["title"] == "Jouer un pli"
    assert french["example"]["sides"] == ["Sud–Nord", "Ouest–Est"]
    assert french["example"]["teams"] == english["example"]["teams"]
    assert french["example"]["explained"][1][2] == (
        "Nil\u00a0: Ouest, au Nil, a fait 1 pli\u00a0: −100. Total de la ligne −100.")
    spanish = (await http.get("/api/rules?preset=quick&lang=es")).json()
    assert spanish["score_lines"][1]["name"] == "Sobrebazas"
    assert dict(spanish["at_a_glance"])["Partida a"] == "250 puntos"
