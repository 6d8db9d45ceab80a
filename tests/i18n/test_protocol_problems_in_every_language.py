"""The problems only a crafted frame or request can cause travel as catalogue sentences
too: a field's problem inside ``codec.bad_field`` (``field.*``, by pydantic's error
type, the field's path as an argument), a rule option's type or choice and a refusal of
more than three rule problems (``rules_problem.*``, ``rules_refused.many``). A Spanish,
French or Portuguese reader meets no English sentence; the English stays in the frame."""

from __future__ import annotations

import re
from typing import Any

import pytest
from babel import Locale

from server.i18n import LANGUAGES, catalogue, po_path
from server.i18n.catalogues import written
from shared import protocol as p
from shared.i18n import TEMPLATES, Text, render
from shared.spades import RuleSet

TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]
# English words of these sentences that no translation keeps.
ENGLISH = re.compile(r"\b(must|required|whole|number|true|false|field|least|most|"
                     r"characters?|items?|Invalid|rules|Unknown|option|preset|choose|"
                     r"Give|either|between|cards|list|object)\b")


def say(lang: str, key: str, args: dict[str, Any]) -> str:
    """The sentence as a page in ``lang`` shows it (``t``): an argument ``[key, args]``
    is a sentence too, said in the same language."""
    words = catalogue(lang)
    rule = Locale.parse(lang.replace("-", "_")).plural_form
    filled = {name: say(lang, value[0], value[1]) if isinstance(value, list) else value
              for name, value in args.items()}
    return render(words[key], filled, lambda k: str(words[k]), rule)


def refused(frame: str) -> p.Error:
    with pytest.raises(p.ProtocolError) as err:
        p.decode(frame)
    return p.Error.of("malformed", err.value.args[0])


FRAMES = [  # (frame, the field problem's key, its English)
    ('{"t":"act","d":{"v":"3","a":"play AS"}}', "field.whole_number", "v must be a whole number."),
    ('{"t":"act","d":{"v":3}}', "field.missing", "a is required."),
    ('{"t":"act","d":{"v":3,"a":"play AS","z":1}}', "field.extra",
     "z is not a field of this message."),
    ('{"t":"join","d":{"table":"ab","seat":9}}', "field.at_most", "seat must be at most 5."),
    ('{"t":"join","d":{"table":"ab","watch":"yes"}}', "field.flag",
     "watch must be true or false."),
    ('{"t":"create","d":{"turn":7}}', "field.choice", "turn must be one of 0, 15, 30, 60."),
    ('{"t":"say","d":{"text":"' + "x" * 801 + '"}}', "field.text_too_long",
     "text has at most 800 characters."),
    ('{"t":"join","d":{"table":"a b"}}', "field.table_id",
     "A table id is 1 to 32 letters, digits, '-' or '_'."),
    ('{"t":"say","d":{}}', "field.text_or_phrase", "Give either a text or a quick phrase."),
]


@pytest.mark.parametrize(("frame", "key", "english"), FRAMES)
def test_a_fields_problem_is_a_catalogue_sentence_in_every_language(
        frame: str, key: str, english: str) -> None:
    err = refused(frame)
    assert err.key == "codec.bad_field" and err.args is not None
    assert err.msg.endswith(": " + english)  # the English kept for tools
    problem = err.args["problem"]
    assert isinstance(problem, list) and problem[0] == key
    for lang in TRANSLATED:
        shown = say(lang, err.key, err.args)
        assert "{" not in shown and not ENGLISH.search(shown), (lang, shown)


def test_the_spanish_reader_reads_a_fields_problem_with_its_path() -> None:
    err = refused('{"t":"join","d":{"table":"ab","seat":9}}')
    assert err.args is not None
    assert say("es", err.key or "", err.args) == "mensaje 'join': seat debe ser como máximo 5."
    err = refused('{"t":"act","d":{"v":3}}')
    assert err.args is not None
    assert say("fr", err.key or "", err.args) == "message 'act'\u00a0: a est obligatoire."


RULES = [  # rules a crafted request sends, and the English refusal
    ({"bag_penalty": 1}, "Invalid rules: bag_penalty must be true or false."),
    ({"losing_score": "low"}, "Invalid rules: losing_score must be a whole number or none."),
    ({"blind_nil": "sometimes"},
     "Invalid rules: blind_nil must be one of off, any, trailing, opening_bidder."),
    ({"nil_value": -5, "nil_pass": 3}, "Invalid rules: nil_value must be between 0 and 1000. "
     "nil_pass must be 0, 1 or 2 cards."),
    ({"target_score": 20, "bag_limit": 0, "min_team_bid": 9, "name": ""},
     "Invalid rules: The target score must be between 50 and 10000. The bag limit must be "
     "between 1 and 100. The minimum team bid must be between 0 and 4. The rules need a "
     "name of 1 to 40 characters."),
    ({"fly": True}, "Unknown rule option(s): fly."),
]


@pytest.mark.parametrize(("rules", "english"), RULES)
def test_a_rule_problem_of_the_protocol_is_said_in_every_language(
        rules: dict[str, Any], english: str) -> None:
    with pytest.raises(ValueError) as err:
        RuleSet.from_dict(rules)
    sentence = err.value.args[0]
    assert isinstance(sentence, Text) and str(sentence) == english
    for lang in TRANSLATED:
        shown = written(sentence, lang)
        assert "{" not in shown and not ENGLISH.search(shown), (lang, shown)
    with pytest.raises(ValueError) as preset:
        RuleSet.preset("fast")
    assert written(preset.value.args[0], "pt-BR").startswith("Não existe a predefinição 'fast'")


def test_every_field_and_rule_problem_is_translated() -> None:
    keys = [k for k in TEMPLATES if k.startswith(("field.", "rules_problem.", "rules_refused."))]
    assert len(keys) >= 40
    for lang in TRANSLATED:
        text = po_path(lang).read_text(encoding="utf-8")
        for key in keys:
            assert f'msgctxt "{key}"' in text, (lang, key)
            if key != "rules_refused.join":  # "{first} {rest}": no word of its own
                assert catalogue(lang)[key] != TEMPLATES[key], (lang, key)
