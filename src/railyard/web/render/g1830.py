"""1830: the map (printed and laid tiles, tokens) and, below it, the stock chart with the
corporations' markers, the bank, phase, round and the train depot."""
from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any

from . import esc
from .hex18xx import PAD, render_map, tile_svg

CELL_W, CELL_H = 34, 18
MARKET_FILL = {"p": "#e7e7e7", "y": "#f7e35a", "o": "#f3a44f", "b": "#c08a5c", "c": "#777"}


@lru_cache(maxsize=4)
def load(package: str, name: str) -> dict[str, Any]:
    ref = resources.files(package).joinpath(f"data/{name}")
    return json.loads(ref.read_text(encoding="utf-8"))


def data() -> dict[str, Any]:
    return load("railyard.games.g1830", "1830.json")


def _market(d: dict[str, Any], view: dict[str, Any], colours: dict[str, str], top: float
            ) -> list[str]:
    out = [f'<text x="{PAD}" y="{top - 4}" font-size="11" font-weight="bold">Stock market</text>']
    at: dict[tuple[int, int], list[str]] = {}
    for sym, c in (view.get("corporations") or {}).items():
        pos = c.get("pos") if isinstance(c, dict) else None
        if isinstance(pos, list) and len(pos) == 2:
            at.setdefault((int(pos[0]), int(pos[1])), []).append(sym)
    for r, row in enumerate(d.get("market") or []):
        for col, cell in enumerate(row):
            if not cell:
                continue
            x, y = PAD + col * CELL_W, top + r * CELL_H
            price = cell.rstrip("abcdefghijklmnopqrstuvwxyz")
            zone = cell[len(price):len(price) + 1]
            out.append(f'<rect x="{x}" y="{y}" width="{CELL_W - 1}" height="{CELL_H - 1}" '
                       f'fill="{MARKET_FILL.get(zone, "#fbf8ef")}" stroke="#aaa"/>'
                       f'<text x="{x + 2}" y="{y + 8}" font-size="7">{esc(price)}</text>')
            for k, sym in enumerate(at.get((r, col), [])):
                out.append(f'<rect class="market-marker" data-corporation="{esc(sym)}" '
                           f'x="{x + 2 + (k % 4) * 8}" y="{y + 10 + (k // 4) * 4}" width="7" '
                           f'height="6" fill="{esc(colours.get(sym, "#666"))}"/>')
    return out


def render(state: dict[str, Any]) -> str:
    return render_with(data(), state, "1830")


def render_with(d: dict[str, Any], state: dict[str, Any], name: str) -> str:
    """Map, stock chart and status line of an 18xx title whose data file has the shared
    format and whose view has ``tiles``, ``tokens`` and ``corporations[sym].pos``."""
    view = state.get("view") or {}
    colours = {c["sym"]: c.get("color", "#666") for c in d.get("corporations") or []}
    market_rows = len(d.get("market") or [])
    extra = 40 + market_rows * CELL_H + 50
    hexes, width, height = render_map(d, view, extra)
    width = max([width] + [PAD * 2 + len(row) * CELL_W for row in d.get("market") or []])
    map_bottom = height - extra
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" '
           f'class="board g{esc(name)}" font-family="sans-serif" role="img" '
           f'aria-label="{esc(name)} board">',
           f'<rect width="{width:.0f}" height="{height:.0f}" fill="#e9eef2"/>',
           '<g class="map">', *hexes, "</g>"]
    top = map_bottom + 24
    out += _market(d, view, colours, top)
    line_y = top + market_rows * CELL_H + 18
    depot = [f"{k}×{v}" for k, v in (view.get("depot") or {}).items() if v is None or v]
    summary = (f"Phase {view.get('phase', '?')} · {view.get('round', '')} round · bank "
               f"${view.get('bank', '?')} · next trains: {', '.join(map(str, depot[:4]))}")
    out.append(f'<text x="{PAD}" y="{line_y}" font-size="11">{esc(summary)}</text>')
    out.append("</svg>")
    return "".join(out)


def render_tile(state: dict[str, Any], name: str, rotation: int) -> str | None:
    return tile_with(data(), name, rotation)


def tile_with(d: dict[str, Any], name: str, rotation: int) -> str | None:
    tile = next((t for t in d.get("tiles") or [] if t["name"] == name), None)
    return None if tile is None else tile_svg(tile, rotation)


def _title_data(state: dict[str, Any]) -> tuple[dict[str, Any], str]:
    title = str(state.get("title"))
    if title == "1870":
        return load("railyard.games.g1870", "1870.json"), "1870"
    return data(), "1830"


BONUS_PRIVATES = {"SCC": "cattle", "GSC": "port"}     # 1870: the token each private places


def bonus_marks(d: dict[str, Any], view: dict[str, Any]
                ) -> dict[str, list[tuple[str, str | None]]]:
    """1870: where the cattle and port tokens may go (while their private is open and the
    token not placed) and where they lie, with the corporation holding them."""
    out: dict[str, list[tuple[str, str | None]]] = {}
    bonus = view.get("bonus") or {}
    comps = view.get("companies") or {}
    for comp in d.get("companies") or []:
        kind = BONUS_PRIVATES.get(comp.get("sym"))
        if kind is None:
            continue
        placed = bonus.get(kind)
        if placed:
            if "closed" not in placed[2:]:
                out.setdefault(str(placed[0]), []).append((kind, str(placed[1])))
            continue
        if (comps.get(comp["sym"]) or {}).get("closed"):
            continue
        for ab in comp.get("abilities") or []:
            if ab.get("type") == "assign_hexes":
                for h in ab.get("hexes") or []:
                    out.setdefault(h, []).append((kind, None))
    return out


def destination_marks(d: dict[str, Any], view: dict[str, Any]
                      ) -> dict[str, list[tuple[str, str, str | None]]]:
    """1870 (9.6): each open corporation's destination (its ``assign_hexes`` ability in
    the data file) with where its marker went once reached (``view["destinations"]``)."""
    reached = view.get("destinations") or {}
    corps = view.get("corporations") or {}
    out: dict[str, list[tuple[str, str, str | None]]] = {}
    for c in d.get("corporations") or []:
        sym = c["sym"]
        if (corps.get(sym) or {}).get("closed"):
            continue
        for ab in c.get("abilities") or []:
            if ab.get("type") == "assign_hexes":
                for h in ab.get("hexes") or []:
                    where = (reached.get(sym) or {}).get("marker")
                    out.setdefault(h, []).append(("dest", sym, where))
    return out


def render_map_only(state: dict[str, Any]) -> str:
    """The map alone (no chart): the 18xx table shows the stock market as HTML."""
    d, name = _title_data(state)
    view = state.get("view") or {}
    marks = None
    if name == "1870":
        marks = bonus_marks(d, view)
        for h, lst in destination_marks(d, view).items():
            marks.setdefault(h, []).extend(lst)
    hexes, width, height = render_map(d, view, 0, marks)
    return "".join([
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" '
        f'class="board map-only g{esc(name)}" font-family="sans-serif" role="img" '
        f'aria-label="{esc(name)} map">',
        f'<rect width="{width:.0f}" height="{height:.0f}" fill="#e9eef2"/>',
        '<g class="map">', *hexes, "</g></svg>"])


ZONE_CLASS = {"y": "yellow", "o": "orange", "b": "brown", "c": "closed", "p": "par"}


def market_html(state: dict[str, Any]) -> str:
    """The stock market chart as an HTML grid: each cell's price and zone, the par cells,
    and the corporations' markers in their stacking order (top first)."""
    d, _ = _title_data(state)
    view = state.get("view") or {}
    colours = {c["sym"]: c.get("color", "#666") for c in d.get("corporations") or []}
    corps = view.get("corporations") or {}
    stacks = view.get("stacks") or {}
    at: dict[tuple[int, int], list[str]] = {}
    for sym, c in corps.items():
        pos = c.get("pos") if isinstance(c, dict) else None
        if isinstance(pos, list) and len(pos) == 2 and not c.get("closed"):
            at.setdefault((int(pos[0]), int(pos[1])), []).append(sym)
    for key, lst in at.items():
        order = stacks.get(f"{key[0]},{key[1]}") or []
        lst.sort(key=lambda s: order.index(s) if s in order else 99)
    rows = []
    for r, row in enumerate(d.get("market") or []):
        cells = []
        for col, cell in enumerate(row):
            if not cell:
                cells.append('<td class="void"></td>')
                continue
            price = cell.rstrip("abcdefghijklmnopqrstuvwxyz")
            zones = " ".join(ZONE_CLASS.get(z, z) for z in cell[len(price):])
            chips = "".join(
                f'<span class="chip" data-corporation="{esc(s)}" style="--corp: '
                f'{esc(colours.get(s, "#666"))}">{esc(s)}</span>' for s in at.get((r, col), []))
            cells.append(f'<td class="cell {esc(zones)}" data-price="{esc(price)}" '
                         f'data-row="{r}" data-col="{col}"><span class="p">{esc(price)}</span>'
                         f'{chips}</td>')
        rows.append("<tr>" + "".join(cells) + "</tr>")
    legend = ('<p class="legend"><span class="cell par">par</span> '
              '<span class="cell yellow">not counted for the certificate limit</span> '
              '<span class="cell orange">may hold more than 60%</span> '
              '<span class="cell brown">may buy several at once</span></p>')
    return ('<div class="market-wrap"><table class="market" id="market">'
            + "".join(rows) + "</table>" + legend + "</div>")
