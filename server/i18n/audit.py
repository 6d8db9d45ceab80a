"""The catalogues' audit: the keys a shipped language lacks, the keys nothing uses, and
English left in code outside the catalogue (``scripts/i18n_keys.py`` prints them; the
test suite fails on any missing key or left-over English).

The page's keys are the ``t("...")`` and ``tParts("...")`` calls in ``client/web/js`` and
``client/web/learn/js`` (a
call with a template key, ``t(`settings.${field}`)``, uses every key of its prefix); the
server's are ``shared.i18n.TEMPLATES`` and the words they read. A module named in
:data:`CONVERTED` has every sentence in the catalogue: a string literal there that reads
as English is a failure (a line may say why it is not: ``// i18n: <why>``). A server
module (``server/...py``) in it has every refusal in the catalogue: a string that reads
as English given to a ``raise`` or to a refusal (``Refused``, ``Refusal``, ``_error``...)
is a failure (``# i18n: <why>`` on its line when it is not for a person).
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterator
from pathlib import Path

from babel import Locale

from .catalogues import LANGUAGES, catalogue, plural_categories, po_path

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "client" / "web"
JS = WEB / "js"
# The course's pages (/learn/) have their own modules beside the room's.
LEARN = WEB / "learn" / "js"
# The page's modules whose every sentence is in the catalogue (grows module by module).
CONVERTED = (
    "js/ui/table_screen.js",
    "js/ui/hand_view.js",
    "js/ui/settings.js",
    "js/ui/bid_pad.js",
    "js/ui/score_sheet.js",
    "js/ui/lobby.js",
    "js/ui/game_over.js",
    "js/ui/review.js",
    "js/ui/chat.js",
    "js/ui/leave.js",
    "js/ui/keys_help.js",
    "js/ui/sr_lobby.js",
    "js/pages/replay_words.js",
    "js/pages/replay_reader.js",
    "js/pages/event_words.js",
    "js/pages/event_page.js",
    "js/ui/lobby_events.js",
    "js/ui/event_form.js",
    "js/ui/daily.js",
    "js/game/cards.js",
    "js/game/typed_move.js",
    "js/ui/lobby_people.js",
    "js/ui/lobby_ranked.js",
    "js/ui/private_form.js",
    "learn/js/main.js",
    "learn/js/api.js",
    "learn/js/course_list.js",
    "learn/js/lesson_player.js",
    "learn/js/table_view.js",
    "learn/js/sr_lesson.js",
    "learn/js/rules_view.js",
    "learn/js/progress.js",
    "js/ui/private_lobby.js",
    "js/main.js",
    "js/game/table_text.js",
    "js/ui/sr_table.js",
    "js/ui/draw_step.js",
    "js/ui/pass_step.js",
    "js/ui/practice.js",
    "js/ui/hand_analysis.js",
    "js/game/review_marks.js",
    "js/ui/analysis_place.js",
    "js/pages/analysis_view.js",
    "js/ui/seat_status.js",
    "js/ui/turn_strip.js",
    "js/ui/seat_menu.js",
    "js/ui/name_prompt.js",
    "js/ui/center_view.js",
    "js/ui/your_games.js",
    "js/ui/card_view.js",
    "js/ui/sr_public_lobby.js",
    "js/net/accounts.js",
    "js/net/people_api.js",
    "js/net/room.js",
    "js/game/format.js",
    "js/ui/dialog.js",
    "js/net/codec.js",
    "js/i18n.js",
    "js/game/deal_check.js",
    "js/game/numbers.js",
    "js/net/local_times.js",
    "js/net/table_state.js",
    "js/ui/dom.js",
    "js/ui/sound.js",
    "js/pages/game_page.js",
    "js/pages/player_page.js",
    "js/pages/games_list.js",
    "js/pages/player_actions.js",
    "js/pages/game_board.js",
    "js/pages/replay.js",
    "js/pages/rating_chart.js",
    "js/pages/main.js",
    "js/pages/api.js",
    "js/pages/events_api.js",
    "js/game/rules.js",
    # The server's refusals of the pages beside the table (server/refusals.py).
    "server/web/http_archive.py",
    "server/web/http_analysis.py",
    "server/web/http_daily.py",
    "server/web/http_learn.py",
    "server/web/analysis_handler.py",
    "server/web/daily_handler.py",
    "server/analysis/store.py",
    "server/archive/db.py",
    "server/tables/lobby.py",
)
# The calls that make a refusal a person reads (beside every ``raise``).
_REFUSERS = frozenset({"Refused", "Refusal", "_Refused", "_error", "JSONResponse"})

_T_CALL = re.compile(r"\b(?:t|tParts)\(\s*\"([a-zA-Z_.]+)\"")
# t(a ? "key.one" : "key.two"), and one more level of ?: (three keys)
_T_TERNARY = re.compile(r"\bt\(\s*[^()\"`]*\?\s*\"([a-zA-Z_.]+)\"\s*:\s*"
                        r"(?:[^()\"`]*\?\s*)?\"([a-zA-Z_.]+)\"(?:\s*:\s*\"([a-zA-Z_.]+)\")?")
# t(`settings.${field}`), said(english, `title.${kind}`): every key of the prefix is used
_T_PREFIX = re.compile(r"\b(?:t\(|said\([^`()]*,)\s*`([a-zA-Z_.]*)\$\{")
_PLACEHOLDER = re.compile(r"\{[a-z_][a-z0-9_]*(?::[a-z_]+)?\}")


def page_catalogue(lang: str) -> dict[str, str | dict[str, str]]:
    """The page's own catalogue of ``lang`` (client/web/i18n/<lang>.json)."""
    loaded: dict[str, str | dict[str, str]] = json.loads(
        (WEB / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
    return loaded


_PAGE_HEADS = Path(__file__).resolve().parents[1] / "web" / "http_pages.py"


def _scripts() -> Iterator[Path]:
    found = [*JS.rglob("*.js"), *LEARN.rglob("*.js")]
    yield from sorted(p for p in found if "vendor" not in p.parts)


def used_keys() -> tuple[set[str], set[str]]:
    """The keys the page's code names, and the prefixes of keys it builds."""
    keys: set[str] = set()
    prefixes: set[str] = set()
    for path in _scripts():
        text = path.read_text(encoding="utf-8")
        keys |= set(_T_CALL.findall(text))
        for found in _T_TERNARY.findall(text):
            keys |= {k for k in found if k}
        prefixes |= set(_T_PREFIX.findall(text))
    return keys, prefixes


def placeholders(pattern: str | dict[str, str]) -> set[str]:
    forms = [pattern] if isinstance(pattern, str) else list(pattern.values())
    return {p for form in forms for p in _PLACEHOLDER.findall(form)}


def missing() -> list[str]:
    """Every problem that fails the suite: a key the code names that no catalogue has,
    a key or plural form a shipped language lacks, placeholders that differ, a brace
    that is no placeholder (the page would show it as it is: "{q1}")."""
    problems: list[str] = []
    english = page_catalogue("en")
    server = catalogue("en")
    for lang in LANGUAGES:
        for key, pattern in page_catalogue(lang).items():
            forms = [pattern] if isinstance(pattern, str) else list(pattern.values())
            if any(ch in _PLACEHOLDER.sub("", form) for form in forms for ch in "{}"):
                problems.append(f"{lang}: {key!r} has a brace that is no placeholder")
    keys, prefixes = used_keys()
    for key in sorted(keys - english.keys() - server.keys()):
        problems.append(f"en: the code names {key!r}, which no catalogue has")
    for prefix in sorted(prefixes):
        if prefix and not any(k.startswith(prefix) for k in [*english, *server]):
            problems.append(f"en: the code builds keys {prefix!r}..., which no catalogue has")
    for lang in LANGUAGES:
        if lang == "en":
            continue
        own = page_catalogue(lang)
        tags = set(plural_categories(lang))
        ordinals = set(Locale.parse(lang.replace("-", "_")).ordinal_form.tags) | {"other"}
        for key, pattern in english.items():
            if key not in own:
                problems.append(f"{lang}: lacks {key!r}")
                continue
            if placeholders(own[key]) != placeholders(pattern):
                problems.append(f"{lang}: {key!r} has other placeholders than the English")
            forms = ordinals if key == "ordinal" else tags  # "1st": the ordinal categories
            if isinstance(pattern, dict) and (not isinstance(own[key], dict)
                                              or set(own[key]) != forms):
                problems.append(f"{lang}: {key!r} needs the plural forms {sorted(forms)}")
        text = po_path(lang).read_text(encoding="utf-8")
        for key in server:
            if f'msgctxt "{key}"' not in text:
                problems.append(f"{lang}: room.po lacks {key!r}")
    return problems


def unused() -> list[str]:
    """Keys of the page's catalogue that no code names (a server key is always used)."""
    keys, prefixes = used_keys()
    # A key named in a list or read by name (messages.ordinal) counts as used too.
    # The server's page heads (server/web/http_pages.py) write some of the page's keys.
    text = "\n".join(path.read_text(encoding="utf-8") for path in [*_scripts(), _PAGE_HEADS])
    return sorted(k for k in page_catalogue("en")
                  if k not in keys and not any(p and k.startswith(p) for p in prefixes)
                  and f'"{k}"' not in text and f".{k} " not in text)


def extra() -> list[str]:
    """Keys a translation has that the English lacks."""
    english = page_catalogue("en")
    return [f"{lang}: {key!r}" for lang in LANGUAGES if lang != "en"
            for key in page_catalogue(lang) if key not in english]


# --- English left in a converted module ------------------------------------------------

_COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
_LITERAL = re.compile(r"\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`", re.S)
# A literal right after these is not shown to a person: classes, selectors, key names...
_TECHNICAL = re.compile(r"(?:class:|className\s*=|querySelector(?:All)?\(|matches\(|closest\("
                        r"|classList\.\w+\(|===|!==|dataset\.\w+\s*=|addEventListener\(|type:"
                        r"|role:|setAttribute\(\"[\w-]+\",|\bsound\(|getItem\(|setItem\(|import"
                        r"|from|case|className:|\bt\(|\btParts\(|matchMedia\()\s*$")
_WORDS = re.compile(r"[A-Z][a-z]{1,}|[a-z]{2,}[ ,.:;!?…]+[a-z]{2,}")


def english_literals(relative: str, source: str | None = None) -> list[str]:
    """The string literals of a page module (``source``: its text, else read from
    client/web) that read as English, as ``module:line: text``."""
    if relative.endswith(".py"):
        return _python_english(relative, source)
    if source is None:
        source = (WEB / relative).read_text(encoding="utf-8")
    out: list[str] = []
    for number, line in enumerate(source.splitlines(), 1):
        if "// i18n:" in line:
            continue
        code = _COMMENT.sub("", line) if not line.lstrip().startswith(("*", "/*")) else ""
        for found in _LITERAL.finditer(code):
            text = found.group(0)[1:-1]
            shown = re.sub(r"\$\{[^}]*\}", " ", text)
            if _TECHNICAL.search(code[:found.start()]) or not _WORDS.search(shown):
                continue
            if re.fullmatch(r"(?:bid|play|pass) [\w ]+|look", shown):  # a game action
                continue
            if re.fullmatch(r"[\w.-]+\.(?:js|json|css|png|svg)|[#./]?[\w/.#:-]*", shown) and \
                    not re.match(r"[A-Z][a-z]", shown):
                continue
            out.append(f"{relative}:{number}: {text}")
    return out


def _python_english(relative: str, source: str | None = None) -> list[str]:
    """The English given to a ``raise`` or a refusal in a server module (``relative``
    to the repository), as ``module:line: text``."""
    if source is None:
        source = (ROOT / relative).read_text(encoding="utf-8")
    lines = source.splitlines()
    calls: list[ast.Call] = []
    keys: set[int] = set()  # a mapping's keys name things (a header): not sentences
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Dict):
            keys |= {id(k) for k in node.keys if k is not None}
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
            calls.append(node.exc)
        elif isinstance(node, ast.Call) and _called(node) in _REFUSERS:
            calls.append(node)
    out: list[str] = []
    for call in calls:
        for arg in [*call.args, *(k.value for k in call.keywords)]:
            for part in ast.walk(arg):
                if not isinstance(part, ast.Constant) or not isinstance(part.value, str) \
                        or id(part) in keys:
                    continue
                said = {lines[part.lineno - 1], lines[call.lineno - 1]}
                if any("# i18n:" in line for line in said) or not _WORDS.search(part.value):
                    continue
                out.append(f"{relative}:{part.lineno}: {part.value}")
    return sorted(set(out))


def _called(call: ast.Call) -> str:
    func = call.func
    return func.id if isinstance(func, ast.Name) else \
        func.attr if isinstance(func, ast.Attribute) else ""


def english_left() -> list[str]:
    """English literals left in every converted module."""
    return [item for module in CONVERTED for item in english_literals(module)]
