"""The page's catalogues: every key the code names is in the English and in every
shipped language (same placeholders, the language's CLDR plural forms); no English is
left in a converted module; the key script says the same."""

from __future__ import annotations

import subprocess
import sys

from server.i18n import audit
from server.social.chat import QUICK_PHRASES


def test_no_shipped_language_lacks_a_key() -> None:
    assert audit.missing() == []
    assert audit.extra() == []


def test_no_english_is_left_in_a_converted_module() -> None:
    assert audit.english_left() == []


def test_the_english_check_sees_a_label_written_in_code() -> None:
    source = """
import { t } from "../i18n.js";
const a = h("button", { class: "tool leave", onclick: go }, "Leave");
const b = t(ok ? "table.chat" : "table.leave");
announce(`${who} wins the trick.`);
if (event.key === "Escape") close();  // a key name, not shown
const c = h("p", {}, "Nothing to see."); // i18n: a test of the opt-out
"""
    found = audit.english_literals("js/ui/sample.js", source)
    assert found == ["js/ui/sample.js:3: Leave", "js/ui/sample.js:5: ${who} wins the trick."]


def test_the_english_check_sees_a_refusal_written_in_a_server_module() -> None:
    source = """
def route(x):
    if x is None:
        raise Refused(404, "no_game", "There is no game like that.")
    if x == 1:
        raise Refused(400, "bad", R.NO_GAME())  # catalogued
    if x == 2:
        return _error(503, "down", f"The archive is down: {x}")
    log.info("Not for a person, not a refusal")
    headers = {"Retry-After": "60"}
    raise ValueError(  # i18n: the operator's setting
        "DATABASE_URL must be set")
"""
    found = audit.english_literals("server/web/sample.py", source)
    assert found == ["server/web/sample.py:4: There is no game like that.",
                     "server/web/sample.py:8: The archive is down: "]


def test_the_key_script_lists_nothing_missing() -> None:
    result = subprocess.run([sys.executable, str(audit.ROOT / "scripts" / "i18n_keys.py")],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "missing: none" in result.stdout


def test_every_quick_phrase_of_the_room_is_in_the_catalogue() -> None:
    english = audit.page_catalogue("en")
    phrases = {k.removeprefix("chat.phrase."): v for k, v in english.items()
               if k.startswith("chat.phrase.")}
    assert phrases == QUICK_PHRASES


def test_the_page_and_the_audit_read_the_same_placeholders() -> None:
    """The page and the server fill what the audit checks: a name the audit took for a
    placeholder but the page's pattern missed ("{q1}", a digit) was shown as it is."""
    from shared.i18n.text import _PLACEHOLDER as SERVER
    filled = r"\{([a-z_][a-z0-9_]*)(?::([a-z_]+))?\}"
    assert f"/{filled}/g" in (audit.WEB / "js" / "i18n.js").read_text(encoding="utf-8")
    assert SERVER.pattern == filled
    assert audit._PLACEHOLDER.pattern == filled.replace("([a-z_][a-z0-9_]*)", "[a-z_][a-z0-9_]*") \
        .replace("(?::([a-z_]+))?", "(?::[a-z_]+)?")
