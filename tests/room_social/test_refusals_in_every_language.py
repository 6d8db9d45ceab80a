"""The social layer's refusals, the rate limits' and the storage's travel as catalogue
ids and arguments beside their English (an HTTP refusal's ``key`` and ``args``), and
every shipped language says each of them (docs/i18n.md)."""

from __future__ import annotations

from typing import Any

import pytest
from babel import Locale
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import OutOfMemoryError

import server.social.reasons as social_reasons
from server.errors import sentence_of, storage_error
from server.i18n import LANGUAGES, catalogue, po_path
from server.social.errors import RateLimited
from server.social.store import Limit, Limiter
from shared.i18n import TEMPLATES, Text, render

from .conftest import Start, register
from .test_friends import call

TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]
AREAS = ("social.", "account.", "rate.", "http.", "room.full", "room.no_storage",
         "room.too_many_messages",
         # the pages' refusals beside the table (server/refusals.py)
         "refused.", "archive_refused.", "analysis_refused.", "daily_refused.",
         "lesson_refused.", "table_refused.", "lobby_act.")


def say(lang: str, key: str, args: dict[str, Any]) -> str:
    """The sentence as a page in ``lang`` shows it."""
    words = catalogue(lang)
    rule = Locale.parse(lang.replace("-", "_")).plural_form
    return render(words[key], args, lambda k: str(words[k]), rule)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_refusal_of_the_room_is_in_every_language(lang: str) -> None:
    text = po_path(lang).read_text(encoding="utf-8")
    keys = [k for k in TEMPLATES if k.startswith(AREAS)]
    assert len(keys) >= 70
    for key in keys:
        assert f'msgctxt "{key}"' in text, (lang, key)
        assert catalogue(lang)[key] != TEMPLATES[key], (lang, key)


async def test_a_social_refusal_over_http_carries_its_id_and_arguments(
        start_server: Start) -> None:
    node = await start_server()
    ana = await register(node, "ana")
    missing = await call(node, ana, "/api/follow", {"name": "Nadie"})
    assert missing.status_code == 404
    body = missing.json()
    assert body == {"error": "no_player", "message": "No player is called 'Nadie'.",
                    "key": "social.no_such_player", "args": {"name": "Nadie"}}
    assert say("es", body["key"], body["args"]) == "No hay ningún jugador llamado «Nadie»."
    assert say("fr", body["key"], body["args"]) == \
        "Aucun joueur ne s'appelle «\u00a0Nadie\u00a0»."
    for path, key in (("/api/follow", "social.follow_self"), ("/api/block", "social.block_self"),
                      ("/api/invite", "social.invite_self")):
        refused = (await call(node, ana, path, {"name": "ana"})).json()
        assert (refused["key"], refused["args"]) == (key, {}), refused
        assert refused["message"] == TEMPLATES[key]
    report = (await call(node, ana, "/api/report", {"name": "ana", "reason": "abuse"})).json()
    assert report["key"] == "social.report_self"
    taken = await call(node, ana, "/api/register", {"name": "ANA", "password": "x" * 12})
    assert taken.status_code == 409 and taken.json()["message"] == \
        "The name 'ANA' is taken; choose another."
    assert (taken.json()["key"], taken.json()["args"]) == ("account.name_taken", {"name": "ANA"})
    flag = (await call(node, ana, "/api/follow", {"name": "ana", "on": "yes"})).json()
    assert (flag["error"], flag["message"], flag["key"], flag["args"]) == (
        "malformed", "'on' must be true or false.", "http.flag", {"key": "on"})
    short = (await call(node, ana, "/api/register", {"name": "bea", "password": "x"})).json()
    assert say("pt-BR", short["key"], short["args"]) == \
        "Uma senha precisa de pelo menos 8 caracteres."


async def test_a_rate_limit_says_what_was_limited_and_the_wait(redis: Any) -> None:
    limit = Limit("i18n-test", 1, 60, social_reasons.RATE_FOLLOW)
    limiter = Limiter(redis, clock=lambda: 1_000_000)
    await limiter.hit(limit, "ana")
    with pytest.raises(RateLimited) as refused:
        await limiter.hit(limit, "ana")
    sentence = sentence_of(refused.value)
    assert isinstance(sentence, Text)
    assert str(sentence) == "Too many follows and unfollows. Try again in 60 seconds."
    assert (sentence.key, sentence.args) == ("rate.try_again", {"what": "follow", "count": 60})
    assert say("es", sentence.key, sentence.args) == (
        "Has seguido y dejado de seguir demasiadas veces. Vuelve a intentarlo en 60 segundos.")
    assert say("pt-BR", sentence.key, {"what": "chat", "count": 1}) == (
        "Você está enviando mensagens rápido demais. Tente de novo em 1 segundo.")
    # A limit whose sentence is not catalogued still says it, in English.
    plain = Limit("i18n-plain", 1, 60, "Too many tries.")
    await limiter.hit(plain, "ana")
    with pytest.raises(RateLimited) as english:
        await limiter.hit(plain, "ana")
    assert str(english.value) == "Too many tries. Try again in 60 seconds."


def test_the_storages_refusals_are_catalogued() -> None:
    full = sentence_of(storage_error(OutOfMemoryError("OOM command not allowed")))
    down = sentence_of(storage_error(RedisConnectionError("refused")))
    assert isinstance(full, Text) and isinstance(down, Text)
    assert (full.key, down.key) == ("room.full", "room.no_storage")
    assert str(down) == "The room cannot reach its storage right now; try again."
    assert say("fr", down.key, down.args) == (
        "La salle ne peut pas joindre son stockage pour le moment\u00a0; réessayez.")
