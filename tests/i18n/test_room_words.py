"""The room's own words in every language: the lobby's one line of a table's rules (a
quick-play pool, an open table, a game to watch, an invite) goes out as catalogue ids
and arguments beside its English, and every shipped language says each part."""

from __future__ import annotations

from typing import Any

import pytest
from babel import Locale

from server.i18n import LANGUAGES, catalogue, po_path
from server.social.lobby_lists import format_line, rules_line
from server.social.lobby_words import format_part, rules_parts
from server.tables.pools import POOLS
from shared.i18n import TEMPLATES, render
from shared.spades.rules import PRESETS, RANKED_RULES

TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]
# Every rule set the lobby can show: the presets, the pools, the ranked queue's, a
# custom rule set with a name of its own, and rules that do not parse.
RULES: list[dict[str, Any]] = [
    *(r.to_dict() for r in PRESETS.values()), *(r.to_dict() for r in POOLS.values()),
    RANKED_RULES.to_dict(), {"name": "my_house", "bidding": "mirror", "blind_nil": "off"},
    {"bidding": "suicide", "bag_penalty": False, "jokers": True}, {"bogus": 1}]


def say(lang: str, parts: list[Any]) -> str:
    """What a page in ``lang`` shows for ``parts`` (as the page's saidParts does)."""
    words = catalogue(lang)
    rule = Locale.parse(lang.replace("-", "_")).plural_form
    return " · ".join(part if isinstance(part, str) else
                      render(words[part[0]], part[1], lambda k: str(words[k]), rule)
                      for part in parts)


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("bots", [None, "easy", "standard", "challenge"])
def test_the_rules_line_in_parts_says_the_english_line(rules: dict[str, Any],
                                                       bots: str | None) -> None:
    parts = rules_parts(rules, bots)
    assert say("en", parts) == rules_line(rules, bots)
    for part in parts:
        assert isinstance(part, str) or part[0] in TEMPLATES
    fmt = format_part(rules)
    assert say("en", [fmt] if fmt else []) == format_line(rules)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_part_of_the_rules_line_is_in_every_language(lang: str) -> None:
    text = po_path(lang).read_text(encoding="utf-8")
    for key in (k for k in TEMPLATES if k.startswith("lobby_rules.")):
        assert f'msgctxt "{key}"' in text, (lang, key)
    assert say("es", rules_parts(POOLS["quick"].to_dict())) == (
        "Rápida · a 250 · sobrebazas 10/100")
    assert say("fr", rules_parts({"name": "standard"}, "easy")) == (
        "en 500 · Nil à l'aveugle\u00a0: tous · sacs 10/100 · bots niveau Facile")
    assert say("pt-BR", [format_part(PRESETS["cutthroat"].to_dict())]) == (
        "quatro jogadores, cada um por si")
    # A name no catalogue has stays as it is, in every language.
    assert say(lang, rules_parts({"name": "my_house"}))[:9] == "My House "
