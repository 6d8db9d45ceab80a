"""What a person can reach on a page: pointer targets big enough to hit (WCAG 2.2's
2.5.8, and the house's finger on phones), and a keyboard focus no panel hides (2.4.11)."""

from __future__ import annotations

from playwright.async_api import Page

# Every visible control smaller than ``min`` px either way, as "what WxH". A radio or
# check box is hit through its label; a link inside a sentence is WCAG's inline
# exception; a card of the hand counts by its strip not covered by the next card (in
# its row); a disabled control is no target, nor one drawn only on focus (the skip
# link). The rating chart's points are WCAG's spacing exception: each is hit within
# 12 px of its centre, and the same games are links in the list of games.
SMALL_TARGETS_JS = """(min) => {
  const out = [];
  const controls = 'a[href], button, input:not([type=hidden]), select, textarea, summary,'
    + ' [role=button], [role=tab], [role=switch], [tabindex]:not([tabindex="-1"])';
  const name = (el) => (el.getAttribute('aria-label') || el.textContent || el.id
    || el.className || el.tagName).trim().replace(/\\s+/g, ' ').slice(0, 40);
  for (const el of document.querySelectorAll(controls)) {
    if (el.disabled || el.closest('[inert], [aria-hidden=true], .rating-chart')) continue;
    let clipped = false;  // drawn only on focus: itself or a wrapper clipped away
    for (let p = el; p && p !== document.body && !clipped; p = p.parentElement) {
      clipped = getComputedStyle(p).clip !== 'auto';
    }
    if (clipped) continue;
    let target = el;
    if (el.matches('input[type=radio], input[type=checkbox]')) {
      target = el.closest('label')
        || (el.id && document.querySelector(`label[for="${el.id}"]`)) || el;
    }
    const box = target.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    if (getComputedStyle(target).visibility === 'hidden') continue;
    if (el.tagName === 'A' && getComputedStyle(el).display === 'inline'
        && el.parentElement.textContent.trim() !== el.textContent.trim()) continue;
    let width = box.width;
    const slot = el.closest('.hand .slot');
    const next = slot && slot.nextElementSibling;
    const after = next && next.getBoundingClientRect();
    if (after && after.top < box.bottom && after.left > box.left) {
      width = Math.min(width, after.left - box.left);
    }
    if (width < min - 0.5 || box.height < min - 0.5) {
      const size = `${width.toFixed(0)}x${box.height.toFixed(0)}`;
      out.push(`${el.tagName.toLowerCase()} "${name(el)}" ${size}`);
    }
  }
  return out;
}"""


async def small_targets(page: Page, least: int) -> list[str]:
    """The controls shown on ``page`` smaller than ``least`` px wide or tall."""
    found: list[str] = await page.evaluate(SMALL_TARGETS_JS, least)
    return found


# The focused control, unless a person can see some of it (WCAG 2.2's 2.4.11): of nine
# points spread over its box, one at least is on screen and reaches it (or a label
# holding it) rather than a panel drawn over it.
FOCUS_HIDDEN_JS = """() => {
  const el = document.activeElement;
  if (!el || el === document.body || el.id === 'screen') return null;
  const box = el.getBoundingClientRect();
  for (const fx of [0.1, 0.5, 0.9]) {
    for (const fy of [0.1, 0.5, 0.9]) {
      const x = box.left + box.width * fx, y = box.top + box.height * fy;
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
      const hit = document.elementFromPoint(x, y);
      if (hit && (hit === el || el.contains(hit) || hit.contains(el))) return null;
    }
  }
  const over = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  const what = (e) => e ? `${e.tagName.toLowerCase()}.${e.className}`.slice(0, 60) : 'off screen';
  const name = (el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 30);
  return `${what(el)} "${name}" under ${what(over)}`;
}"""


async def hidden_focus(page: Page, stops: int = 80) -> list[str]:
    """Tab through the page (at most ``stops`` times, until the focus comes round): every
    focused control that a panel hides entirely or that stays off screen."""
    found: list[str] = []
    first = None
    for _ in range(stops):
        await page.keyboard.press("Tab")
        here = await page.evaluate(
            "() => document.activeElement && document.activeElement.outerHTML.slice(0, 200)")
        if here == first:
            break
        first = first or here
        hidden = await page.evaluate(FOCUS_HIDDEN_JS)
        if hidden:
            found.append(hidden)
    return found
