"""What every rendered page's numbers must read like: a negative number with a real
minus sign (U+2212, "−120"), never the ASCII hyphen ("-120"), and a count of one with
its noun in the singular ("1 bag", never "1 bags")."""

from __future__ import annotations

import re

from playwright.async_api import Page

# A hyphen before a digit that is not inside a word, a date or an id ("2026-11-30",
# "t1a2b3-1" are fine): a number written with the ASCII hyphen for its minus.
ASCII_MINUS = re.compile(r"(?<![\w\-/.:])-\d")
NOUNS = ("bags", "tricks", "points", "hands", "games", "decisions", "mistakes", "times",
         "overtricks", "analyses", "players", "cards", "moves", "seats", "slips", "blunders",
         "wins", "losses", "days", "minutes", "seconds", "hours", "nils")
ONE_PLURAL = re.compile(r"(?<![\d.,])\b1 (" + "|".join(NOUNS) + r")\b", re.IGNORECASE)


def misread(text: str) -> list[str]:
    """The places in ``text`` where a number reads wrong (with a little context)."""
    found = [m for pattern in (ASCII_MINUS, ONE_PLURAL) for m in pattern.finditer(text)]
    return [text[max(0, m.start() - 30):m.end() + 10].replace("\n", " ") for m in found]


async def assert_numbers_read_right(page: Page) -> str:
    """Fail on an ASCII minus or a "1 bags" plural in the page's text; the text back."""
    text = await page.evaluate("document.body.innerText")
    wrong = misread(text)
    assert not wrong, f"numbers that read wrong on {page.url}: {wrong}"
    return text
