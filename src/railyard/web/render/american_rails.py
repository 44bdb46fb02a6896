"""American Rails board: the published map with pointy-top hexes, odd rows shifted half a hex
to the right; terrain, cities with their full/shared values, black squares (no development),
the three special-connection cities, development markers and the companies' cubes.  Row
letters and column numbers sit in the margins; city names are drawn after all hexes so that
no hex covers them.  Below the map (never over it): the legend, the companies and a note on
where the board comes from.  The SVG scales to its container (viewBox, width 100%)."""
from __future__ import annotations

import math
from typing import Any

from . import esc

R = 26.0                       # hex radius (centre to corner)
W = math.sqrt(3) * R           # hex width (pointy-top)
DY = 1.5 * R                   # row spacing
LEFT, TOP = 22.0, 22.0         # margins holding the row letters and column numbers
PAD = 10.0
SEA = "#cfe2ec"
TERRAIN = {"plain": "#e4ecbe", "forest": "#9cc08a", "mountain": "#c9ab88", "city": "#f6efe0"}
ROWS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
DEV = "#222222"               # development markers are black houses
SPECIAL = "#b3261e"


def _centre(col: int, row: int) -> tuple[float, float]:
    x = LEFT + W / 2 + col * W + (W / 2 if row % 2 else 0.0)
    y = TOP + R + row * DY
    return x, y


def _corners(x: float, y: float, r: float = R) -> str:
    return " ".join(f"{x + r * math.cos(math.radians(60 * k - 90)):.1f},"
                    f"{y + r * math.sin(math.radians(60 * k - 90)):.1f}" for k in range(6))


def _colour(value: Any) -> str:
    text = str(value or "")
    if len(text) == 7 and text.startswith("#") and all(c in "0123456789abcdefABCDEF"
                                                        for c in text[1:]):
        return text
    return "#888888"


def _ink(colour: str) -> str:
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return "#111" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#fff"


def _terrain_mark(terrain: str, x: float, y: float) -> str:
    if terrain == "mountain":
        return (f'<path d="M{x - 9:.1f},{y + 5:.1f} L{x - 2:.1f},{y - 7:.1f} L{x + 2:.1f},'
                f'{y - 1:.1f} L{x + 4:.1f},{y - 4:.1f} L{x + 10:.1f},{y + 5:.1f} Z" '
                f'fill="#8a6a48" opacity="0.75"/>')
    if terrain == "forest":
        return "".join(f'<path d="M{x + dx - 5:.1f},{y + 4:.1f} L{x + dx:.1f},{y - 7:.1f} '
                       f'L{x + dx + 5:.1f},{y + 4:.1f} Z" fill="#4f7f3c" opacity="0.8"/>'
                       for dx in (-5, 5))
    return ""


def _hex(h: dict[str, Any], colours: dict[str, str], names: dict[str, str]) -> str:
    col, row = int(h.get("col", 0)), int(h.get("row", 0))
    x, y = _centre(col, row)
    terrain = str(h.get("terrain", "plain"))
    hid = esc(h.get("id", ""))
    cubes = [str(c) for c in (h.get("cubes") or [])]
    tip = [str(h.get("id", ""))]
    if h.get("name"):
        tip.append(f'{h["name"]} {h.get("full")}/{h.get("shared")}')
        if h.get("black_square"):
            tip.append("black square: cannot be developed")
        if h.get("special"):
            tip.append("special connection")
        if h.get("urbanised"):
            tip.append("developed")
    else:
        tip.append({"plain": "plains"}.get(terrain, terrain))
    if cubes:
        tip.append("cubes: " + ", ".join(names.get(c, c) for c in cubes))
    out = [f'<g class="hex" data-hex="{hid}" data-terrain="{esc(terrain)}">'
           f'<title>{esc(" · ".join(tip))}</title>',
           f'<polygon points="{_corners(x, y)}" fill="{TERRAIN.get(terrain, "#ddd")}" '
           f'stroke="#7d7d72" stroke-width="0.8"/>']
    if terrain == "city":
        ring = SPECIAL if h.get("special") else "#333"
        out.append(f'<circle cx="{x:.1f}" cy="{y - 12:.1f}" r="{7.5 if h.get("special") else 6}" '
                   f'fill="#fff" stroke="{ring}" stroke-width="{2.5 if h.get("special") else 1.5}"'
                   f'/>')
        if h.get("special"):
            out.append(f'<circle class="special" cx="{x:.1f}" cy="{y - 12:.1f}" r="2.8" '
                       f'fill="{SPECIAL}"/>')
        value = f'{esc(h.get("full"))}/{esc(h.get("shared"))}'
        vx = x + 4 if h.get("black_square") else x
        out.append(f'<text class="value" x="{vx:.1f}" y="{y + 3:.1f}" font-size="9.5" '
                   f'font-weight="bold" text-anchor="middle" fill="#111">{value}</text>')
        if h.get("black_square"):
            out.append(f'<rect class="black-square" x="{x - 14:.1f}" y="{y - 4:.1f}" '
                       f'width="7" height="7" fill="#000"/>')
        if h.get("urbanised"):
            hx, hy = x + 12, y - 12
            out.append(f'<path class="development" d="M{hx - 5:.1f},{hy + 5:.1f} '
                       f'V{hy - 1:.1f} L{hx:.1f},{hy - 6:.1f} L{hx + 5:.1f},{hy - 1:.1f} '
                       f'V{hy + 5:.1f} Z" fill="{DEV}" stroke="#fff" stroke-width="0.8"/>')
    else:
        out.append(_terrain_mark(terrain, x, y - 9 if cubes else y))
    if cubes:
        size = 11.0 if len(cubes) <= 3 else 9.0      # legible at phone width too
        per_row = 3
        for i, comp in enumerate(cubes):
            r_i, c_i = divmod(i, per_row)
            n_row = min(per_row, len(cubes) - r_i * per_row)
            cx = x - n_row * (size + 1.5) / 2 + c_i * (size + 1.5)
            cy = y + (6 if terrain == "city" else 0) + r_i * (size + 1.5)
            fill = colours.get(comp, "#888888")
            out.append(f'<rect class="cube" data-company="{esc(comp)}" x="{cx:.1f}" '
                       f'y="{cy:.1f}" width="{size}" height="{size}" rx="1" fill="{fill}" '
                       f'stroke="#111" stroke-width="1.3"/>')
    out.append("</g>")
    return "".join(out)


def _label(h: dict[str, Any]) -> str:
    """A city name under its hex's top, on a light halo; drawn after every hex."""
    x, y = _centre(int(h.get("col", 0)), int(h.get("row", 0)))
    return (f'<text x="{x:.1f}" y="{y + R - 3:.1f}" font-size="8.5" text-anchor="middle" '
            f'fill="#1a1a1a" stroke="#fffdf6" stroke-width="2.6" paint-order="stroke" '
            f'stroke-linejoin="round">{esc(h.get("name"))}</text>')


def _spaces(view: dict[str, Any], spaces: list[str], labels: list[str], left: float,
            top: float) -> list[str]:
    """The action spaces, top to bottom as printed, with the player on each space in each of
    the round's three phases, and the player order."""
    names = [str(p.get("name", "?")) if isinstance(p, dict) else str(p)
             for p in (view.get("players") or [])]

    def who(seat: Any) -> str:
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else ""
    columns = [c if isinstance(c, dict) else {} for c in (view.get("columns") or [])]
    order = ", ".join(who(s) for s in (view.get("player_order") or [])) or "-"
    out = [f'<g class="action-spaces" font-size="10">'
           f'<text x="{left:.1f}" y="{top - 7:.1f}" font-size="11" font-weight="bold">'
           f'Year {esc(view.get("year", ""))} · {esc(view.get("phase", ""))} · player order: '
           f'{esc(order)}</text>'
           f'<text x="{left:.1f}" y="{top + 8:.1f}" fill="#555">Action spaces (top acts first '
           f'next)</text>']
    cw, c0 = 66.0, 215.0
    for j in range(len(columns)):
        out.append(f'<text x="{left + c0 + j * cw:.1f}" y="{top + 8:.1f}" fill="#555">'
                   f'phase {j + 1}</text>')
    for i, label in enumerate(labels):
        y = top + 22 + i * 14
        out.append(f'<text x="{left:.1f}" y="{y:.1f}">{esc(label)}</text>')
        sid = spaces[i] if i < len(spaces) else ""
        for j, col in enumerate(columns):
            if sid in col:
                out.append(f'<text class="space-marker" x="{left + c0 + j * cw:.1f}" '
                           f'y="{y:.1f}" font-weight="bold">{esc(who(col[sid])[:10])}</text>')
    out.append("</g>")
    return out


def render(state: dict[str, Any]) -> str:
    view = state.get("view") or {}
    hexes = [h for h in (view.get("hexes") or []) if isinstance(h, dict)]
    companies = [c for c in (view.get("companies") or []) if isinstance(c, dict)]
    board = view.get("board") or {}
    colours = {str(c.get("id")): _colour(c.get("color")) for c in companies}
    names = {str(c.get("id")): str(c.get("name")) for c in companies}
    cols = max([int(h.get("col", 0)) for h in hexes] + [0]) + 1
    rows = max([int(h.get("row", 0)) for h in hexes] + [0]) + 1
    width = LEFT + W * (cols + 0.5) + PAD
    map_h = TOP + 2 * R + (rows - 1) * DY + PAD
    legend_top = map_h + 8
    comp_top = legend_top + 34
    labels = [str(x) for x in (view.get("action_space_labels") or [])]
    spaces = [str(x) for x in (view.get("action_spaces") or [])]
    height = comp_top + max(16 * len(companies), 14 * len(labels) + 22) + 40
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" '
           f'width="100%" preserveAspectRatio="xMidYMin meet" '
           f'class="board american-rails" font-family="sans-serif" role="img" '
           f'aria-label="American Rails board">',
           f'<rect width="{width:.0f}" height="{height:.0f}" fill="#fbf8f1"/>',
           f'<rect class="sea" x="{LEFT - 4:.1f}" y="{TOP - 4:.1f}" '
           f'width="{width - LEFT - PAD + 8:.1f}" height="{map_h - TOP - PAD + 8:.1f}" '
           f'fill="{SEA}" rx="6"/>']
    out.append('<g class="coords" font-size="9" fill="#6b6b6b" text-anchor="middle">')
    for c in range(cols):
        x, _ = _centre(c, 0)
        out.append(f'<text x="{x:.1f}" y="{TOP - 8:.1f}">{c + 1}</text>')
    for r in range(rows):
        _, y = _centre(0, r)
        out.append(f'<text x="{LEFT / 2 - 1:.1f}" y="{y + 3:.1f}">{ROWS[r % 26]}</text>')
    out.append("</g>")
    out.append('<g class="map">')
    out += [_hex(h, colours, names) for h in hexes]
    out.append("</g>")
    out.append('<g class="labels" pointer-events="none">')
    out += [_label(h) for h in hexes if h.get("name")]
    out.append("</g>")
    # legend, under the map
    y = legend_top + 10
    out.append(f'<g class="legend" font-size="10" fill="#333">'
               f'<text x="{PAD}" y="{y:.1f}">4/3 = value alone / shared</text>'
               f'<rect x="{PAD + 150}" y="{y - 7:.1f}" width="7" height="7" fill="#000"/>'
               f'<text x="{PAD + 161}" y="{y:.1f}">black square: no development</text>'
               f'<circle cx="{PAD + 330}" cy="{y - 4:.1f}" r="5" fill="#fff" '
               f'stroke="{SPECIAL}" stroke-width="2"/>'
               f'<text x="{PAD + 340}" y="{y:.1f}">special connection (+$10 per pair)</text>'
               f'<path d="M{PAD + 540},{y + 1:.1f} V{y - 5:.1f} L{PAD + 545},{y - 10:.1f} '
               f'L{PAD + 550},{y - 5:.1f} V{y + 1:.1f} Z" fill="{DEV}"/>'
               f'<text x="{PAD + 555}" y="{y:.1f}">development marker '
               f'({esc(view.get("urbanisation_markers", ""))} left)</text></g>')
    out.append(f'<text x="{PAD}" y="{legend_top + 27:.1f}" font-size="11" font-weight="bold">'
               f'Companies: treasury · income · unsold shares · cubes left</text>')
    for i, c in enumerate(companies):
        y = comp_top + i * 16
        fill = colours.get(str(c.get("id")), "#888888")
        out.append(f'<rect x="{PAD}" y="{y}" width="11" height="11" fill="{fill}" '
                   f'stroke="#222" stroke-width="0.8"/>'
                   f'<text x="{PAD + 17}" y="{y + 10}" font-size="10">{esc(c.get("name"))}: '
                   f'${esc(c.get("cash"))} · income {esc(c.get("income"))} · '
                   f'{esc(c.get("shares_unsold"))} unsold · {esc(c.get("cubes_in_supply"))} '
                   f'cubes</text>')
    out += _spaces(view, spaces, labels, width * 0.45, comp_top)
    note_y = comp_top + max(16 * len(companies), 14 * len(labels) + 22) + 14
    if board.get("published"):
        note = ("Published board, transcribed: New York and Buffalo as the rulebook prints them; "
                "most other city values read from a low-resolution image of the board.")
    else:
        note = f"Board of the game's creator: {board.get('title', '')}"
    out.append(f'<text class="provenance" x="{PAD}" y="{note_y:.1f}" font-size="9" '
               f'fill="#666">{esc(note)}</text>')
    out.append("</svg>")
    return "".join(out)
