"""The refusals of the pages beside the table (the archive's, the analysis's, the daily
deal's, the lessons') travel as catalogue ids and arguments beside their English (in the
archive's and the daily deal's ``{"error": {...}}`` too), and a Spanish reader meets no
English sentence in them (docs/i18n.md)."""

from __future__ import annotations

import json
import re
from typing import Any

import httpx
import pytest

from server.daily.service import today
from server.errors import InvalidRules, NotHost, SeatError, sentence_of
from server.i18n.catalogues import written
from server.tables.lobby import Lobby, Sitter
from shared.i18n import Text
from tests.i18n.test_protocol_problems_in_every_language import say

from .conftest import Start, origin, register
from .test_friends import call

# Every key of these areas is in every language: test_refusals_in_every_language.py.
PLACEHOLDER = re.compile(r"\{[a-z_]+(?::[a-z_]+)?\}")  # one left unfilled
# English words of these refusals that no translation keeps.
ENGLISH = re.compile(r"\b(There|is|not|the|archived|game|with|player|called|daily|deal|"
                     r"yet|You|have|played|this|lesson|rules|must|object|options|Move|"
                     r"accepted|Start|again|Only|analysis|server)\b")


def spanish(error: dict[str, Any]) -> str:
    """An answer's refusal as a Spanish page says it; none of its English is left."""
    assert "key" in error and "args" in error, error
    shown = say("es", error["key"], error["args"])
    assert not PLACEHOLDER.search(shown) and not ENGLISH.search(shown), shown
    return shown


async def test_the_archives_daily_deals_and_analysiss_refusals_carry_their_ids(
        start_server: Start) -> None:
    node = await start_server()
    ana = await register(node, "ana")
    game = await call(node, ana, "/api/games/nope")
    assert game.status_code == 404
    error = game.json()["error"]
    assert (error["code"], error["message"], error["key"]) == (
        "no_game", "There is no archived game with that id.", "archive_refused.no_game")
    assert spanish(error) == "No hay ninguna partida archivada con ese id."
    player = (await call(node, ana, "/api/players/Nadie")).json()["error"]
    assert player["message"] == "No player is called 'Nadie'."
    assert spanish(player) == "No hay ningún jugador llamado 'Nadie'."
    day = (await call(node, ana, "/api/daily/2999-01-01")).json()["error"]
    assert (day["code"], day["key"], day["args"]) == (
        "no_day", "daily_refused.no_day", {"day": "'2999-01-01'"})
    spanish(day)
    mine = (await call(node, ana, f"/api/daily/{today()}/me")).json()["error"]
    assert mine["key"] == "daily_refused.no_try"
    assert spanish(mine) == "No has jugado el reto diario de este día."
    async with httpx.AsyncClient(base_url=node.http) as web:
        asked = await web.post("/api/games/nope/analysis", headers=origin(node))
        stranger = await web.post("/api/games/nope/analysis")
    assert asked.status_code == 404 and spanish(asked.json()["error"])
    assert stranger.json()["error"]["key"] == "http.own_page"
    spanish(stranger.json()["error"])


async def test_the_lessons_refusals_carry_their_ids(start_server: Start) -> None:
    node = await start_server()
    async with httpx.AsyncClient(base_url=node.http) as web:
        lesson = (await web.get("/api/lessons/nope")).json()
        move = (await web.post("/api/lessons/teams/move", json={"move": ""})).json()
        replay = (await web.post("/api/lessons/teams/move",
                                 json={"moves": ["bid 13"], "move": "bid 4"})).json()
        rules = (await web.get("/api/rules", params={"rules": json.dumps(
            {"jokers": 1, "bidding": "auction"})})).json()
        broken = (await web.get("/api/rules", params={"rules": "{"})).json()
    assert lesson["key"] == "lesson_refused.no_lesson"
    assert spanish(lesson) == "No hay ninguna lección 'nope'."
    assert move["key"] == "lesson_refused.move_as_text"
    spanish(move)
    # A refused replay says the engine's reason inside, each in the reader's language.
    assert replay["key"] == "lesson_refused.start_again"
    assert replay["args"]["problem"][0] == "lesson_refused.not_accepted"
    assert replay["message"].startswith("Move 1 ('bid 13') was not accepted: ")
    assert spanish(replay).startswith("La jugada 1 ('bid 13') no se aceptó: ")
    assert rules["message"] == "Invalid rules: jokers must be true or false."
    assert say("es", rules["key"], rules["args"]) == (
        "Reglas no válidas. jokers debe ser verdadero o falso.")
    assert broken["key"] == "lesson_refused.rules_not_json"
    spanish(broken)


def test_a_private_tables_lobby_refuses_in_the_readers_language() -> None:
    host, guest = Sitter("p-host", "Ana"), Sitter("p-bea", "Bea")
    lobby = Lobby.create(host, "standard")
    with pytest.raises(NotHost) as not_host:
        lobby.move("p-bea", 0, 1)
    sentence = sentence_of(not_host.value)
    assert str(sentence) == "Only the host may move players."
    assert written(sentence, "es") == "Solo el anfitrión puede mover jugadores."
    started = lobby.choose_seat(guest, 1).start("p-host")
    with pytest.raises(SeatError) as late:
        started.choose_seat(guest, 2)
    assert written(sentence_of(late.value), "fr") == (
        "La partie a commencé\u00a0; vous ne pouvez plus choisir une place.")
    for refused in (lambda: lobby.choose_seat(guest, 0), lambda: lobby.remove("p-host", 2),
                    lambda: Lobby.create(host, "standard", bot_level="expert"),
                    lambda: Lobby.create(host, "nope"), lambda: lobby.choose_seat(guest, 9)):
        with pytest.raises((InvalidRules, SeatError)) as err:
            refused()
        shown = written(sentence_of(err.value), "es")
        assert isinstance(sentence_of(err.value), Text) and not ENGLISH.search(shown), shown
