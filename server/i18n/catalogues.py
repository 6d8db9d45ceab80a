"""Reading the server's gettext catalogues into ``{id: pattern}`` (the shape the page's
``t()`` reads, docs/i18n.md).

One ``.po`` per language, ``locale/<lang>/LC_MESSAGES/room.po``: each entry's
``msgctxt`` is its catalogue id, ``msgid`` the English (from the code, the source of
truth: ``shared.i18n.TEMPLATES``), ``msgstr`` the translation; plural entries have one
``msgstr[i]`` per CLDR category of the language, in CLDR order (Babel's Plural-Forms).
English needs no file: it is the code's.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from babel import Locale, negotiate_locale
from babel.messages.pofile import read_po
from babel.plural import _plural_tags

import server.errors  # registers the room's sentences
import server.refusals  # registers the archive's, analysis's, daily deal's and lessons' refusals
import server.social.lobby_words  # registers the lobby's rules words
import server.social.reasons  # noqa: F401  (registers the social layer's sentences)
import shared.bots.reasons  # registers the Hint's reasons
import shared.course.words  # registers the rules page's and the score lines' words
import shared.protocol.refusals  # registers the codec's refusals
import shared.spades.reasons  # registers the engine's sentences
import shared.tournaments.reasons  # noqa: F401  (registers the tournaments' refusals)
from shared.i18n import TEMPLATES, Text, render
from shared.i18n.text import ENGLISH_WORDS, Pattern

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
# The shipped languages as the page names them (BCP 47); English first, the fallback.
LANGUAGES = ("en", "es", "pt-BR", "fr")


def po_path(lang: str) -> Path:
    """Where the catalogue of ``lang`` (a BCP 47 tag of LANGUAGES) is kept."""
    return LOCALE_DIR / lang.replace("-", "_") / "LC_MESSAGES" / "room.po"


def plural_categories(lang: str) -> list[str]:
    """The CLDR plural categories of ``lang``, in the order of its ``msgstr[i]``."""
    rule = Locale.parse(lang.replace("-", "_")).plural_form
    used = set(rule.tags) | {"other"}
    return [tag for tag in _plural_tags if tag in used]


@cache
def catalogue(lang: str) -> dict[str, Pattern]:
    """Every server sentence and word in ``lang`` (one of LANGUAGES), by id. A
    translation missing from the file reads as the English (the test suite forbids
    that in a shipped language)."""
    english: dict[str, Pattern] = {**TEMPLATES, **ENGLISH_WORDS}
    if lang == "en":
        return english
    if lang not in LANGUAGES:
        raise ValueError(f"{lang!r} is not a shipped language ({', '.join(LANGUAGES)}).")
    with po_path(lang).open("rb") as po:
        entries = read_po(po, locale=lang.replace("-", "_"))
    tags = plural_categories(lang)
    out = dict(english)
    for message in entries:
        key, text = message.context, message.string
        if not key or not text or (isinstance(text, tuple) and not all(text)):
            continue
        out[key] = text if isinstance(text, str) else dict(zip(tags, text, strict=True))
    return out


def written(text: str, lang: str) -> str:
    """``text`` in ``lang``: a ``Text`` by its catalogue entry, its arguments that are
    sentences too (a clause inside a sentence); a sentence the language lacks, and plain
    text, as they are (English)."""
    if not isinstance(text, Text) or lang == "en" or lang not in LANGUAGES:
        return text
    words = catalogue(lang)
    pattern = words.get(text.key)
    if pattern is None:
        return text
    args = {name: written(value, lang) if isinstance(value, Text) else value
            for name, value in text.args.items()}
    rule = Locale.parse(lang.replace("-", "_")).plural_form
    return render(pattern, args, lambda key: str(words.get(key, key)), rule)


def in_language(data: object, lang: str) -> object:
    """JSON-shaped ``data`` (dicts, lists, tuples) with every ``Text`` in it written in
    ``lang``."""
    if isinstance(data, str):
        return written(data, lang)
    if isinstance(data, dict):
        return {key: in_language(value, lang) for key, value in data.items()}
    if isinstance(data, list | tuple):
        return [in_language(value, lang) for value in data]
    return data


def negotiate(accept_language: str) -> str:
    """The shipped language an ``Accept-Language`` header prefers, else English."""
    wanted = []
    for part in accept_language.split(","):
        tag = part.split(";")[0].strip()
        if tag and tag != "*":
            wanted.append(tag.replace("-", "_"))
    found = negotiate_locale(wanted, [lang.replace("-", "_") for lang in LANGUAGES], sep="_")
    if found is None:  # "pt" alone, "es-MX": the language without its region
        bases = {lang.split("-")[0]: lang for lang in LANGUAGES}
        found = next((bases[t.split("_")[0]] for t in wanted if t.split("_")[0] in bases), "en")
    return str(found).replace("_", "-")
