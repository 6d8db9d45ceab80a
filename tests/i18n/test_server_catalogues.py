"""The server's catalogues: every shipped language says every sentence the engine can
refuse with, with the English's placeholders and its own CLDR plural forms; an ``err``
and a seat view carry a refusal's id and arguments; the page's route serves them."""

from __future__ import annotations

import re

import httpx
import pytest
from babel import Locale

from server.errors import InvalidRules, sentence_of
from server.i18n import LANGUAGES, catalogue, negotiate, po_path
from server.i18n.catalogues import plural_categories
from server.node import create_app
from server.settings import Settings
from server.tables.lobby import host_rules
from shared.i18n import TEMPLATES, render
from shared.i18n.text import ENGLISH_WORDS, Pattern
from shared.protocol import Error, from_wire_view, to_wire_view
from shared.spades import IllegalAction
from tests.engine.support import look_and_bid, play_cards, rig
from tests.engine.test_play import COURSE, DEAL_A

_PLACEHOLDER = re.compile(r"\{[a-z_][a-z0-9_]*(?::[a-z_]+)?\}")
TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]
# Words a language may write as English does: names kept (docs/i18n.md: "Nil", "Whiz";
# French says "Jokers", "Double Nil", "Suicide" and "standard" too), the Spanish "no" and
# the French "six" (the Tip's "six long tricks").
SAME_NAMES = {"Nil", "Whiz", "whiz", "Jokers", "Double Nil", "Suicide", "suicide", "standard",
              "no", "six"}


def may_read_as_english(pattern: Pattern) -> bool:
    """A pattern with no word of its own ("{first} + {second}", "±{value}"), or a name
    kept in every language: a translation equal to it is no English left over."""
    return isinstance(pattern, str) and (
        not re.search(r"[A-Za-z]", _PLACEHOLDER.sub("", pattern)) or pattern in SAME_NAMES)


def placeholders(pattern: Pattern) -> set[str]:
    forms = [pattern] if isinstance(pattern, str) else list(pattern.values())
    return {p for form in forms for p in _PLACEHOLDER.findall(form)}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_server_sentence_is_translated_with_its_placeholders(lang: str) -> None:
    english = {**TEMPLATES, **ENGLISH_WORDS}
    text = po_path(lang).read_text(encoding="utf-8")
    said = catalogue(lang)
    for key, pattern in english.items():
        assert f'msgctxt "{key}"' in text, f"{lang} lacks {key}"
        assert said[key] != pattern or may_read_as_english(pattern), (lang, key)
        assert placeholders(said[key]) == placeholders(pattern), (lang, key)
        if not isinstance(pattern, str):
            assert set(said[key]) == set(plural_categories(lang)), (lang, key)


def say(lang: str, key: str, args: dict[str, str | int]) -> str:
    words = catalogue(lang)
    rule = Locale.parse(lang.replace("-", "_")).plural_form
    return render(words[key], args, lambda k: str(words[k]), rule)


def test_a_refusal_reaches_the_wire_as_an_id_and_arguments() -> None:
    game = play_cards(look_and_bid(rig(COURSE, DEAL_A), "3", "5", "1", "4"), "2H")
    with pytest.raises(IllegalAction) as caught:
        game.apply(1, "play 2S")
    err = Error.of("illegal", caught.value.reason)
    assert (err.msg, err.key, err.args) == ("You must follow hearts.", "illegal.follow_suit",
                                            {"suit": "H"})
    assert say("fr", err.key, err.args) == "Vous devez fournir à cœur."
    assert say("es", err.key, err.args) == "Debes seguir el palo: corazones."
    assert say("pt-BR", "illegal.pass_count", {"count": 3}) == \
        "Passe exatamente 3 cartas ao seu parceiro."
    plain = Error.of("internal", "The server failed.")
    assert plain.key is None and plain.args is None

    view = game.view(1).to_dict()
    wire = to_wire_view(view)
    assert list(wire["unplayable"]) == ["You must follow hearts."]
    assert wire["why"] == [["illegal.follow_suit", {"suit": "H"}]]
    back = from_wire_view(wire)
    assert back == view and back["unplayable"]["2S"].key == "illegal.follow_suit"


def test_accept_language_picks_a_shipped_language() -> None:
    assert negotiate("pt-BR,pt;q=0.9,en;q=0.5") == "pt-BR"
    assert negotiate("es-MX,es;q=0.8") == "es"
    assert negotiate("pt") == "pt-BR"
    assert negotiate("fr-CA, en;q=0.4") == "fr"
    assert negotiate("de-DE,de;q=0.9") == "en"
    assert negotiate("") == "en"


async def test_the_page_reads_the_server_catalogue_in_its_language() -> None:
    app = create_app(Settings(redis_url="redis://127.0.0.1:1/0"))
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app),
                                 base_url="http://room") as http:
        auto = await http.get("/api/i18n/auto", headers={"accept-language": "fr-FR,fr;q=0.9"})
        assert auto.status_code == 200
        body = auto.json()
        assert body["lang"] == "fr" and body["messages"]["suit.S"] == "pique"
        assert body["languages"] == list(LANGUAGES)
        missing = await http.get("/api/i18n/xx")
        assert missing.status_code == 404 and missing.json()["error"] == "no_language"


async def test_a_reload_gets_304_and_never_another_language_s_catalogue() -> None:
    app = create_app(Settings(redis_url="redis://127.0.0.1:1/0"))
    french = {"accept-language": "fr-FR,fr;q=0.9", "accept-encoding": "gzip"}
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app),
                                 base_url="http://room") as http:
        first = await http.get("/api/i18n/auto", headers=french)
        assert first.status_code == 200 and first.json()["lang"] == "fr"
        assert first.headers["content-encoding"] == "gzip"
        assert first.num_bytes_downloaded < len(first.content) / 3
        assert first.headers["cache-control"] == "no-cache"
        assert first.headers["vary"] == "accept-language, cookie, accept-encoding"
        etag = first.headers["etag"]
        assert etag.startswith('W/"')
        # The reload: the same language, either form's ETag, a list of them.
        for held in (etag, etag.removeprefix("W/"), f'"old", {etag}'):
            again = await http.get("/api/i18n/auto", headers={**french, "if-none-match": held})
            assert again.status_code == 304 and again.content == b"", held
            assert again.headers["etag"] == etag
        # The reader's language changed since (or another account signed in): the French
        # copy the browser holds is not confirmed; the Spanish comes whole.
        spanish = await http.get("/api/i18n/auto", headers={
            "accept-language": "es", "accept-encoding": "gzip", "if-none-match": etag})
        assert spanish.status_code == 200 and spanish.json()["lang"] == "es"
        assert spanish.headers["etag"] != etag
        named = await http.get("/api/i18n/fr", headers={"if-none-match": etag})
        assert named.status_code == 304  # the same bytes by name
        # No gzip asked for: the same JSON as it is, a strong ETag, its length.
        plain = await http.get("/api/i18n/fr", headers={"accept-encoding": "identity"})
        assert "content-encoding" not in plain.headers
        assert plain.content == first.content
        assert plain.headers["content-length"] == str(len(plain.content))
        assert plain.headers["etag"] == etag.removeprefix("W/")
        assert plain.headers["content-type"] == "application/json"
        head = await http.head("/api/i18n/fr", headers={"accept-encoding": "gzip"})
        assert head.status_code == 200 and head.content == b""
        assert head.headers["content-length"] == str(first.num_bytes_downloaded)


def test_a_rule_pair_the_private_form_offers_is_refused_with_an_id() -> None:
    """Mirror bids with Blind Nil on, alone: the host's err carries its catalogue id (the
    form says it in the host's language); several problems at once read their words."""
    with pytest.raises(InvalidRules) as caught:
        host_rules("standard", {"bidding": "mirror"})
    err = Error.of(caught.value.code, sentence_of(caught.value))
    assert (err.msg, err.key, err.args) == (
        "Invalid rules: Mirror bids are fixed by the spades held, so Blind Nil must be off.",
        "rules_refused.mirror_blind_nil", {})
    assert say("es", err.key, {}).startswith("Reglas no válidas: en espejo")
    with pytest.raises(InvalidRules) as both:
        host_rules("standard", {"bidding": "mirror", "min_team_bid": 2})
    two = Error.of(both.value.code, sentence_of(both.value))
    assert two.msg == (
        "Invalid rules: A minimum team bid only applies with standard bidding. Mirror bids "
        "are fixed by the spades held, so Blind Nil must be off.")
    assert (two.key, two.args) == ("rules_refused.two", {"first": "min_team_bid_standard",
                                                         "second": "mirror_blind_nil"})


def test_a_hint_reason_inside_a_reason_travels_as_its_id() -> None:
    """The Hint's reason for a card is a catalogue sentence whose English is the reason
    as it was; a reason made of another (what the seat plays for, a seat's name) sends
    that one as ``[key, args]`` in the ``advice``, so each is said in the reader's
    language."""
    from shared.bots import reasons as R
    from shared.protocol import Advice

    why = R.LEAD_BEATEN(aim=R.DUCK_MADE())
    assert why == "duck: your contract is made, more tricks are bags; lead a card others will beat"
    advice = Advice.of("play 3S", R.TRUMP_SAFE(card="♠3", who=R.SEAT_LEFT()))
    assert advice.why == "trump with ♠3: the player on your left is out of the suit too"
    assert (advice.key, advice.args) == (
        "advice.trump_safe", {"card": "♠3", "who": ["advice.seat_left", {}]})
    west = Advice.of("play 3S", R.TRUMP_SAFE_SEAT(card="♠3", who="West"))
    assert (west.why, west.args) == ("trump with ♠3: West is out of the suit too",
                                     {"card": "♠3", "who": "West"})
    assert Advice.of("play 2H", "a plain sentence").key is None
    spanish = catalogue("es")
    said = render(spanish["advice.lead_beaten"], {"aim": render(
        spanish["advice.duck_made"], {}, lambda key: str(spanish[key]), lambda n: "other")},
        lambda key: str(spanish[key]), lambda n: "other")
    assert said == "cede: tu contrato está hecho, más bazas son sobrebazas; " \
        "sal con una carta que los demás superen"
