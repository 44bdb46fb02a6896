"""American Rails: flat-topped odd-q map (the Chicago Express geometry) with the
companies' cubes, urbanised hexes, and a company summary."""
from __future__ import annotations

from typing import Any

from . import esc
from .chicago_express import COLOURS, PAD, TERRAIN, H, R, _centre, _corners

URBAN = "#7b3f98"


def _hex(h: dict[str, Any], urban: set[str], colours: dict[str, str]) -> str:
    x, y = _centre(int(h.get("col", 0)), int(h.get("row", 0)))
    terrain = str(h.get("terrain", "plain"))
    hid = esc(h.get("id", ""))
    out = [f'<g class="hex" data-hex="{hid}" data-terrain="{esc(terrain)}">'
           f'<title>{hid} · {esc(terrain)}</title>',
           f'<polygon points="{_corners(x, y)}" fill="{TERRAIN.get(terrain, "#ddd")}" '
           f'stroke="#6b6b6b" stroke-width="1"/>']
    if terrain == "city":
        out.append(f'<circle cx="{x:.1f}" cy="{y - 6:.1f}" r="6" fill="#fff" stroke="#333"/>')
    if h.get("id") in urban:
        out.append(f'<circle class="urbanised" cx="{x:.1f}" cy="{y - 6:.1f}" r="4" '
                   f'fill="{URBAN}"/>')
    cubes = list(h.get("cubes") or [])
    for i, comp in enumerate(cubes):
        cx = x - 6 * len(cubes) + 12 * i + 1
        out.append(f'<rect class="cube" data-company="{esc(comp)}" x="{cx:.1f}" '
                   f'y="{y + 3:.1f}" width="10" height="10" fill="{colours.get(str(comp), "#888")}" '
                   f'stroke="#333" stroke-width="0.8"/>')
    out.append(f'<text x="{x:.1f}" y="{y + H / 2 - 3:.1f}" font-size="6" fill="#555" '
               f'text-anchor="middle">{hid}</text></g>')
    return "".join(out)


def render(state: dict[str, Any]) -> str:
    view = state.get("view") or {}
    hexes = view.get("hexes") or []
    companies = view.get("companies") or []
    colours = {str(c.get("id")): COLOURS.get(str(c.get("color")), "#888") for c in companies}
    urban = set((view.get("board") or {}).get("urbanised") or [])
    cols = max([int(h.get("col", 0)) for h in hexes] + [0]) + 1
    rows = max([int(h.get("row", 0)) for h in hexes] + [0]) + 1
    width = max(PAD * 2 + R * 2 + (cols - 1) * 1.5 * R, 560)
    map_h = PAD * 2 + rows * H + H / 2
    height = map_h + 30 + 16 * len(companies) + 20
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" '
           f'class="board american-rails" font-family="sans-serif" role="img" '
           f'aria-label="cube game board">',
           f'<rect width="{width:.0f}" height="{height:.0f}" fill="#eef3f7"/>', '<g class="map">']
    out += [_hex(h, urban, colours) for h in hexes]
    out.append("</g>")
    top = map_h + 14
    out.append(f'<text x="{PAD}" y="{top}" font-size="11" font-weight="bold">Companies '
               f'(cash · income · shares unsold · cubes left)   year '
               f'{esc(view.get("year", ""))} · {esc(view.get("phase", ""))}</text>')
    for i, c in enumerate(companies):
        y = top + 6 + i * 16
        out.append(f'<rect x="{PAD}" y="{y}" width="12" height="12" '
                   f'fill="{colours.get(str(c.get("id")), "#888")}"/>'
                   f'<text x="{PAD + 18}" y="{y + 10}" font-size="10">{esc(c.get("name"))}: '
                   f'${esc(c.get("cash"))} · {esc(c.get("income"))} · '
                   f'{esc(c.get("shares_unsold"))} · {esc(c.get("cubes_in_supply"))}</text>')
    board = view.get("board") or {}
    if board.get("reconstructed"):
        out.append(f'<text class="reconstructed" x="{PAD}" y="{PAD + 4}" font-size="11" '
                   f'fill="#a11">RECONSTRUCTED board ({esc(board.get("source"))}): the '
                   f'rulebook prints no map</text>')
    out.append("</svg>")
    return "".join(out)
