"""Reading the screen-reader mode as a blind player does: the regions of its section
from Chromium's accessibility tree (an ARIA snapshot), and every sentence its live
regions said (``LISTEN_JS`` starts the listening)."""

from __future__ import annotations

import re

from playwright.async_api import Page

# Every sentence a live region says, as a screen reader hears it (with the region's id,
# or its role): the sentences added to #live and #live-now (which take them out again
# after a while), and the whole text of a status or alert region each time anything in
# it is written (such a region is atomic: any change is read as the whole again).
LISTEN_JS = """() => {
  window.heard = [];
  const LIVE = '[aria-live], [role=status], [role=alert], [role=log]';
  new MutationObserver((changes) => {
    const whole = new Set();
    for (const change of changes) {
      const node = change.target.nodeType === 1 ? change.target : change.target.parentElement;
      const region = node && node.closest(LIVE);
      if (!region || region.getAttribute('aria-live') === 'off') continue;
      const atomic = region.getAttribute('aria-atomic') === 'true'
        || (!region.hasAttribute('aria-atomic')
            && ['status', 'alert'].includes(region.getAttribute('role')));
      if (atomic) {
        whole.add(region);
        continue;
      }
      const name = region.id || region.getAttribute('role');
      for (const added of change.addedNodes) {
        if (added.textContent.trim()) window.heard.push([name, added.textContent]);
      }
    }
    for (const region of whole) {
      const text = region.textContent.trim();
      if (text && !region.closest('[hidden]')) {
        window.heard.push([region.id || region.getAttribute('role'), text]);
      }
    }
  }).observe(document.body, {childList: true, subtree: true, characterData: true});
}"""


def regions(snapshot: str) -> dict[str, str]:
    """The text of each region (and the move form) of the screen-reader table's ARIA
    snapshot (the paragraphs of a region joined), by name; "" for the table's own. A
    no-break space (French puts one before ":") reads as a space."""
    out: dict[str, str] = {}
    region = ""
    for line in snapshot.splitlines():
        named = re.match(r'\s*- (?:region|form) "([^"]+)"', line)
        if named:
            region = "" if named.group(1) == "Screen-reader table" else named.group(1)
            continue
        text = re.match(r'\s*- paragraph: "?(.*?)"?$', line)
        if text:
            out[region] = f"{out.get(region, '')} {text.group(1)}".replace("\u00a0", " ").strip()
    return out


async def read_table(page: Page, name: str = "Screen-reader table") -> dict[str, str]:
    """The regions of the screen-reader table (``name``: the table's, in the page's language)."""
    table = page.get_by_role("region", name=name)
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


async def wait_for(page: Page, check, what: str,
                   name: str = "Screen-reader table") -> dict[str, str]:
    """The regions once ``check(regions)`` holds (read every tenth of a second)."""
    for _ in range(300):
        table = await read_table(page, name)
        if check(table):
            return table
        await page.wait_for_timeout(100)
    raise AssertionError(f"the table never said: {what} (it says {table})")


async def until_read(page: Page, read, wanted: list[str], what: str) -> None:
    """Wait (every tenth of a second, 15 s at most) until ``read(page)`` gives ``wanted``."""
    for _ in range(150):
        if await read(page) == wanted:
            return
        await page.wait_for_timeout(100)
    raise AssertionError(f"{what} read {await read(page)}, not {wanted}")
