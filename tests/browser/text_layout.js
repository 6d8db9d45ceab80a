// The text of the page under ``root`` that a person could not read whole: off screen,
// cut by its box or an ancestor's, or overlapping other text. tests/browser/test_i18n.py
(root) => {
  const scope = document.querySelector(root) || document.body;
  const W = window.innerWidth;
  const leaves = [];
  // Visually hidden on purpose (a skip link, the screen-reader switch until focused).
  const clippedAway = (el) => {
    for (let p = el; p && p !== document.body; p = p.parentElement) {
      if (getComputedStyle(p).clip === "rect(0px, 0px, 0px, 0px)") return true;
    }
    return false;
  };
  for (const el of scope.querySelectorAll("*")) {
    if (el.closest(".hand, .card, .card-face, svg, [hidden], dialog:not([open])")) continue;
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own) continue;
    // Not rendered: a closed <details>' content, display none, hidden, transparent.
    if (!el.checkVisibility({ contentVisibilityAuto: true, visibilityProperty: true, opacityProperty: true })) continue;
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || clippedAway(el)) continue;
    const style = getComputedStyle(el);
    leaves.push({ el, r, style });
  }
  const name = (el) => `${el.tagName.toLowerCase()}.${[...el.classList].join(".")} "${el.textContent.trim().slice(0, 40)}"`;
  const problems = [];
  for (const { el, r, style } of leaves) {
    if (r.left < -1 || r.right > W + 1) problems.push(`off screen: ${name(el)} (${Math.round(r.left)}..${Math.round(r.right)})`);
    if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0 && style.overflowX !== "visible") problems.push(`clipped: ${name(el)}`);
    let p = el.parentElement;
    while (p && p !== scope) {
      const ps = getComputedStyle(p);
      if (ps.overflowX !== "visible") {
        const pr = p.getBoundingClientRect();
        if (r.right > pr.right + 1 || r.left < pr.left - 1) { problems.push(`clipped by ${name(p)}: ${name(el)}`); break; }
      }
      p = p.parentElement;
    }
  }
  // Line by line: an inline element that wraps has a box per line, and their union
  // would cover the text beside its first and last lines.
  const overlaps = (p, q) => Math.min(p.right, q.right) - Math.max(p.left, q.left) > 2
    && Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top) > 2;
  for (const leaf of leaves) leaf.lines = [...leaf.el.getClientRects()];
  for (let i = 0; i < leaves.length; i++) {
    for (let j = i + 1; j < leaves.length; j++) {
      const a = leaves[i], b = leaves[j];
      if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
      if (a.lines.some((p) => b.lines.some((q) => overlaps(p, q)))) problems.push(`overlap: ${name(a.el)} / ${name(b.el)}`);
    }
  }
  return problems;
}
