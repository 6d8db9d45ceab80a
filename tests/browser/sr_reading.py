"""Reading the screen-reader mode as a blind player does: the regions of its section
from Chromium's accessibility tree (an ARIA snapshot), and every sentence its live
regions said (``LISTEN_JS`` starts the listening)."""

from __future__ import annotations

import re

from playwright.async_api import Page

# Every sentence added to a live region, as a screen reader hears it (its region's
# politeness with it): the regions take sentences out again after a while.
LISTEN_JS = """() => {
  window.heard = [];
  for (const id of ["live", "live-now"]) {
    new MutationObserver((changes) => {
      for (const change of changes) for (const node of change.addedNodes) {
        window.heard.push([id, node.textContent]);
      }
    }).observe(document.getElementById(id), {childList: true});
  }
}"""


def regions(snapshot: str) -> dict[str, str]:
    """The text of each region (and the move form) of the screen-reader table's ARIA
    snapshot (the paragraphs of a region joined), by name; "" for the table's own."""
    out: dict[str, str] = {}
    region = ""
    for line in snapshot.splitlines():
        named = re.match(r'\s*- (?:region|form) "([^"]+)"', line)
        if named:
            region = "" if named.group(1) == "Screen-reader table" else named.group(1)
            continue
        text = re.match(r'\s*- paragraph: "?(.*?)"?$', line)
        if text:
            out[region] = f"{out.get(region, '')} {text.group(1)}".strip()
    return out


async def read_table(page: Page) -> dict[str, str]:
    table = page.get_by_role("region", name="Screen-reader table")
    return regions(await table.aria_snapshot())


async def heard(page: Page) -> list[tuple[str, str]]:
    return [tuple(x) for x in await page.evaluate("() => window.heard")]


async def heard_said(page: Page, start: str) -> str:
    """The sentence starting with ``start`` once a live region has said it."""
    for _ in range(300):
        for _, text in await heard(page):
            if text.startswith(start):
                return text
        await page.wait_for_timeout(100)
    raise AssertionError(f"never heard {start!r}: {await heard(page)}")


async def wait_for(page: Page, check, what: str) -> dict[str, str]:
    """The regions once ``check(regions)`` holds (read every tenth of a second)."""
    for _ in range(300):
        table = await read_table(page)
        if check(table):
            return table
        await page.wait_for_timeout(100)
    raise AssertionError(f"the table never said: {what} (it says {table})")
