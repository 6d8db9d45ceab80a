"""The room's own words in every language: the lobby's one line of a table's rules (a
quick-play pool, an open table, a game to watch, an invite) goes out as catalogue ids
and arguments beside its English, and every shipped language says each part."""

from __future__ import annotations

from typing import Any

import pytest
from babel import Locale

from server.errors import InvalidRules, sentence_of
from server.i18n import LANGUAGES, catalogue, po_path
from server.i18n.catalogues import written
from server.social.lobby_lists import format_line, rules_line
from server.social.lobby_words import format_part, rules_parts
from server.tables.lobby import host_rules
from server.tables.pools import POOLS
from shared.i18n import TEMPLATES, Text, render
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


def test_rule_problems_alone_or_several_are_said_in_every_language() -> None:
    """A problem the form's fields can make, alone or with others (up to three), is a
    catalogue sentence reading each problem's words; more than three, or a problem of
    the protocol's (a field's type, a choice not in its list), is a sentence made of the
    problems' sentences, each with the option's name (rules_refused.many)."""
    with pytest.raises(InvalidRules) as three:
        host_rules("standard", {"target_score": 20, "min_team_bid": 2, "bidding": "mirror"})
    sentence = sentence_of(three.value)
    assert isinstance(sentence, Text) and sentence.key == "rules_refused.three"
    assert str(sentence).startswith("Invalid rules: The target score must be between 50")
    words = catalogue("es")
    rule = Locale.parse("es").plural_form
    spanish = render(words[sentence.key], sentence.args, lambda k: str(words[k]), rule)
    assert spanish.startswith("Reglas no válidas. La puntuación objetivo debe estar entre")
    assert "{" not in spanish and "rules_problem" not in spanish
    with pytest.raises(InvalidRules) as one:
        host_rules("two_handed", {"partnerships": True})
    alone = sentence_of(one.value)
    assert isinstance(alone, Text) and (alone.key, alone.args) == (
        "rules_refused.one", {"first": "solo_2"})
    assert str(alone) == ("Invalid rules: 2 players play without partnerships "
                          "(partnerships must be off).")
    with pytest.raises(InvalidRules) as four:  # more than three
        host_rules("cutthroat", {"target_score": 20, "min_team_bid": 2, "bidding": "suicide"})
    many = sentence_of(four.value)
    assert isinstance(many, Text) and many.key == "rules_refused.many"
    assert str(many).endswith("(one of each team bids Nil).")  # the four problems in a row
    french = written(many, "fr")
    assert french.startswith("Règles non valides. Le score à atteindre") and "must" not in french
    with pytest.raises(InvalidRules) as typed:
        host_rules("standard", {"jokers": 1, "blind_nil": "sometimes"})
    wrong = sentence_of(typed.value)
    assert str(wrong) == "Invalid rules: jokers must be true or false."
    assert written(wrong, "es") == "Reglas no válidas. jokers debe ser verdadero o falso."
    for lang in TRANSLATED:
        text = po_path(lang).read_text(encoding="utf-8")
        for key in (k for k in TEMPLATES if k.startswith(("rules_problem.", "rules_refused."))):
            assert f'msgctxt "{key}"' in text, (lang, key)


def test_the_codecs_refusals_carry_their_ids() -> None:
    """A frame the codec cannot read, and a display name it refuses, keep their English
    and carry their catalogue ids (the protocol's own words stay English arguments)."""
    from shared.protocol import Error
    from shared.protocol.base import ProtocolError
    from shared.protocol.codec import decode

    def refusal(frame: str) -> Error:
        with pytest.raises(ProtocolError) as caught:
            decode(frame)
        return Error.of(caught.value.code, sentence_of(caught.value))

    envelope = refusal("[1]")
    assert (envelope.code, envelope.key) == ("malformed", "codec.not_envelope")
    assert envelope.msg == 'a message must be an object {"t": type, "d": data, "id": n}'
    unknown = refusal('{"t": "nope"}')
    assert (unknown.key, unknown.args, unknown.msg) == (
        "codec.unknown_type", {"type": "'nope'"}, "unknown message type 'nope'")
    long_name = refusal('{"t": "name", "d": {"name": "' + "x" * 30 + '"}}')
    assert (long_name.code, long_name.msg) == ("bad_name", "A name has at most 20 characters.")
    assert (long_name.key, long_name.args) == ("display_name.too_long", {"count": 20})
    words = catalogue("fr")
    rule = Locale.parse("fr").plural_form
    assert render(words[long_name.key], long_name.args, lambda k: str(words[k]), rule) == (
        "Un nom compte au plus 20 caractères.")
    hidden = refusal('{"t": "name", "d": {"name": "a\\u200bb"}}')
    assert (hidden.key, hidden.args) == ("display_name.invisible", {"code": "200b"})
