"""Issue 24, point 6 (part): on the printed maps of 1830 and 1870, drawn in chromium, no two
texts overlap (hex names, hex coordinates, terrain costs, revenues, labels) and none is cut
by the edge of the drawing.  Maps with laid tiles are not covered yet (docs/web.md)."""
from __future__ import annotations

import pytest

from .browser18xx import browser  # noqa: F401

pytestmark = pytest.mark.slow

MEASURE = """() => {
 const ts = [...document.querySelectorAll('svg text')].filter(t => t.textContent.trim());
 const boxes = ts.map(t => { const r = t.getBoundingClientRect();
   return {t: t.textContent, x0: r.left, y0: r.top, x1: r.right, y1: r.bottom}; });
 const svg = document.querySelector('svg').getBoundingClientRect();
 const out = [];
 for (let i = 0; i < boxes.length; i++) { const a = boxes[i];
   if (a.x0 < svg.left - .5 || a.x1 > svg.right + .5 || a.y0 < svg.top - .5 || a.y1 > svg.bottom + .5)
     out.push('cut: ' + a.t);
   for (let j = i + 1; j < boxes.length; j++) { const b = boxes[j];
     const ox = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0), oy = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
     if (ox > 1 && oy > 1) out.push(a.t + ' / ' + b.t); } }
 return {n: boxes.length, out};
}"""


@pytest.mark.parametrize("title", ["1830", "1870"])
def test_printed_map_labels_never_overlap_or_get_cut(browser, title):  # noqa: F811
    from railyard.engine import Game
    from railyard.web.render import g1830, g1870
    g = Game(title, ["Ann", "Bob", "Cy"], 1)
    svg = (g1830 if title == "1830" else g1870).render({"title": title,
                                                        "view": g.public_view()})
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.set_content(f"<html><body style='margin:0'>{svg}</body></html>")
    got = page.evaluate(MEASURE)
    hexes = sum(1 for h in g.state.st.board.hexes) if hasattr(g.state.st.board, "hexes") else 0
    assert got["n"] > max(100, hexes), got["n"]           # names, coordinates, costs...
    assert got["out"] == [], got["out"]
