"""Pointer targets a person can hit (WCAG 2.2's 2.5.8, and the house's finger on phones):
every control shown on the page, measured as a person meets it."""

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
    if (getComputedStyle(el).clip !== 'auto') continue;
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
