"""Chicago Express board: flat-topped hexes in odd-q offset (odd columns half a hex lower),
terrain colours, build cost (red) and income, houses, locomotives in company colours, the
cities' names and the hex coordinates the texts use (letters and numbers round the map); below
the map the income track, the industry tracks and the three action dials."""
from __future__ import annotations

import math
from typing import Any

from . import esc

R = 24.0                       # hex radius (centre to corner)
H = math.sqrt(3) * R           # hex height
PAD = 12.0
EDGE = 16.0                    # room for the coordinates around the map

TERRAIN = {"plain": "#d8e8a8", "forest": "#6f9e58", "mountain": "#b89a78", "town": "#f3e7c4",
           "city": "#eac7c0", "industry": "#b9bfd6"}
COLOURS = {"red": "#d1342b", "blue": "#2b5fd1", "yellow": "#f0c419", "green": "#2e9b4e",
           "black": "#222222", "white": "#f8f8f8", "orange": "#e8821e"}


PHASE_WORDS = {"opening_auction": "opening auction", "choose_action": "choosing an action",
               "offer_share": "offering a share", "auction": "share auction",
               "build": "building track", "develop": "developing", "game_over": "game over"}


def _centre(col: int, row: int) -> tuple[float, float]:
    x = PAD + EDGE + R + col * 1.5 * R
    y = PAD + EDGE + H / 2 + row * H + (H / 2 if col % 2 else 0.0)
    return x, y


def _corners(x: float, y: float, r: float = R) -> str:
    pts = []
    for k in range(6):
        a = math.pi / 3 * k
        pts.append(f"{x + r * math.cos(a):.1f},{y + r * math.sin(a):.1f}")
    return " ".join(pts)


def _colour(name: Any) -> str:
    return COLOURS.get(str(name), "#888888")


def _hex(h: dict[str, Any], colours: dict[str, str]) -> str:
    """One hex; memoised on what it shows (most hexes look the same from move to move)."""
    locos = tuple(map(str, h.get("locomotives") or ()))
    key = tuple(map(h.get, _KEYS))
    if locos:
        key += locos + tuple(colours.get(c, "#888") for c in locos)
    try:
        svg = _HEXES.get(key)
    except TypeError:              # an unhashable value: draw it without the memo
        return _draw_hex(h, locos, colours)
    if svg is None:
        if len(_HEXES) > 20_000:
            _HEXES.clear()
        svg = _HEXES[key] = _draw_hex(h, locos, colours)
    return svg


_KEYS = ("id", "col", "row", "terrain", "cost", "income", "name", "house")
_HEXES: dict[tuple[Any, ...], str] = {}


def _draw_hex(h: dict[str, Any], locos: tuple[str, ...], colours: dict[str, str]) -> str:
    x, y = _centre(int(h.get("col", 0)), int(h.get("row", 0)))
    terrain = str(h.get("terrain", "plain"))
    hid = esc(h.get("id", ""))
    parts = [f'<g class="hex" data-hex="{hid}" data-terrain="{esc(terrain)}">',
             f'<title>{hid}{" " + esc(h["name"]) if h.get("name") else ""} · {esc(terrain)} · '
             f'cost {esc(h.get("cost"))} · income {esc(h.get("income"))}</title>',
             f'<polygon points="{_corners(x, y)}" fill="{TERRAIN.get(terrain, "#ddd")}" '
             f'stroke="#6b6b6b" stroke-width="1"/>']
    if terrain == "town":
        parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="5" fill="#fff" stroke="#333"/>')
    elif terrain == "city":
        parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="8" fill="#fff" stroke="#333" '
                     f'stroke-width="2"/>')
    elif terrain == "industry":
        parts.append(f'<rect x="{x - 6:.1f}" y="{y - 6:.1f}" width="12" height="12" '
                     f'fill="#fff" stroke="#333"/>')
    elif terrain == "mountain":
        parts.append(f'<path d="M{x - 8:.1f},{y + 4:.1f} L{x:.1f},{y - 7:.1f} '
                     f'L{x + 8:.1f},{y + 4:.1f} Z" fill="#8a6d4f"/>')
    elif terrain == "forest":
        parts.append(f'<circle cx="{x:.1f}" cy="{y - 2:.1f}" r="5" fill="#3d6b2e"/>')
    cost = h.get("cost")
    if cost:                       # the eastern cities cost nothing: no "0" printed
        # a named hex has its name at the bottom: its cost goes to the left of the centre
        cx, cy = (x - 15, y + 3) if h.get("name") else (x, y + H / 2 - 4)
        parts.append(f'<text x="{cx:.1f}" y="{cy:.1f}" class="cost" font-size="9" '
                     f'text-anchor="middle" fill="#c0392b">{esc(cost)}</text>')
    income = h.get("income")
    if income:
        parts.append(f'<text x="{x:.1f}" y="{y - H / 2 + 11:.1f}" font-size="9" '
                     f'text-anchor="middle" fill="#1a1a1a">{esc(income)}</text>')
    if h.get("house"):
        hx, hy = x + 10, y - 6
        parts.append(f'<path class="house" d="M{hx - 5:.1f},{hy + 4:.1f} V{hy - 1:.1f} '
                     f'L{hx:.1f},{hy - 6:.1f} L{hx + 5:.1f},{hy - 1:.1f} V{hy + 4:.1f} Z" '
                     f'fill="#8b2f1f" stroke="#fff" stroke-width="0.8"/>')
    for i, comp in enumerate(locos):
        # locomotives: a row of company-coloured blocks across the hex's middle
        lx = x - 6.5 * len(locos) + 13 * i + 0.5
        parts.append(f'<rect class="loco" data-company="{esc(comp)}" x="{lx:.1f}" '
                     f'y="{y - 1:.1f}" width="12" height="9" rx="2" '
                     f'fill="{colours.get(str(comp), "#888")}" stroke="#000" '
                     f'stroke-width="0.9"><title>{esc(comp)} locomotive</title></rect>')
    parts.append("</g>")
    return "".join(parts)


def _name(h: dict[str, Any]) -> str:
    """A city's or town's name, drawn after every hex so that no neighbour covers it."""
    x, y = _centre(int(h.get("col", 0)), int(h.get("row", 0)))
    return (f'<text x="{x:.1f}" y="{y + 17:.1f}" font-size="8" font-weight="bold" '
            f'text-anchor="middle" fill="#1a1a1a" stroke="#fff" stroke-width="2.2" '
            f'paint-order="stroke" class="name">{esc(str(h["name"]))}</text>')


def _coordinates(hexes: list[dict[str, Any]]) -> list[str]:
    """The hex names the game's texts use ("N3": column letter, row number) along the map's
    edges: each column's letter above and below it, each row's number at both sides."""
    cols: dict[int, str] = {}
    rows: set[int] = set()
    for h in hexes:
        hid = str(h.get("id", ""))
        if hid[:1].isalpha():
            cols[int(h.get("col", 0))] = hid[:1]
        rows.add(int(h.get("row", 0)))
    if not cols:
        return []
    last_row = max(rows)
    out = ['<g class="coordinates" font-size="8" fill="#555" text-anchor="middle">']
    top = PAD + EDGE - 5                              # one line above the map, one below
    bottom = _centre(1, last_row)[1] + H / 2 + 11
    for c, letter in sorted(cols.items()):
        x = _centre(c, 0)[0]
        out.append(f'<text x="{x:.1f}" y="{top:.1f}">{esc(letter)}</text>'
                   f'<text x="{x:.1f}" y="{bottom:.1f}">{esc(letter)}</text>')
    first, last = min(cols), max(cols)
    for r in sorted(rows):
        lx, ly = _centre(first, r)
        rx, ry = _centre(last, r)
        out.append(f'<text x="{lx - R - 6:.1f}" y="{ly + 3:.1f}">{r}</text>'
                   f'<text x="{rx + R + 6:.1f}" y="{ry + 3:.1f}">{r}</text>')
    out.append("</g>")
    return out


def _income_track(companies: list[dict[str, Any]], top: float, width: float) -> list[str]:
    top_value = max([40] + [int(c.get("income") or 0) for c in companies])
    per_row = 25
    cell = (width - 2 * PAD) / per_row
    out = [f'<text x="{PAD}" y="{top - 4:.1f}" font-size="11" font-weight="bold">Income</text>']
    for v in range(top_value + 1):
        x = PAD + (v % per_row) * cell
        y = top + (v // per_row) * 22
        out.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{cell - 1:.1f}" height="20" '
                   f'fill="#fbf8ef" stroke="#bbb"/><text x="{x + 2:.1f}" y="{y + 8:.1f}" '
                   f'font-size="7" fill="#777">{v}</text>')
    at: dict[int, int] = {}
    for c in companies:
        if not c.get("open") and not c.get("hexes"):
            continue
        v = int(c.get("income") or 0)
        k = at.get(v, 0)
        at[v] = k + 1
        x = PAD + (v % per_row) * cell + 4 + 5 * k
        y = top + (v // per_row) * 22 + 14
        out.append(f'<circle class="income-marker" data-company="{esc(c.get("id"))}" '
                   f'cx="{x:.1f}" cy="{y:.1f}" r="4" fill="{_colour(c.get("color"))}" '
                   f'stroke="#fff"/>')
    return out


def _industry(industry: dict[str, Any], left: float, top: float) -> list[str]:
    out = [f'<text x="{left}" y="{top - 4:.1f}" font-size="11" font-weight="bold">'
           f'Industry</text>']
    for i, (name, t) in enumerate(industry.items()):
        y = top + i * 20
        out.append(f'<text x="{left}" y="{y + 13:.1f}" font-size="10">{esc(name)}</text>')
        for j, val in enumerate(t.get("values") or []):
            x = left + 70 + j * 20
            on = val == t.get("value")
            out.append(f'<rect x="{x}" y="{y}" width="18" height="17" fill="'
                       f'{"#8b2f1f" if on else "#fbf8ef"}" stroke="#999"/>'
                       f'<text x="{x + 9}" y="{y + 12}" font-size="9" text-anchor="middle" '
                       f'fill="{"#fff" if on else "#333"}">{esc(val)}</text>')
    return out


def _dials(dials: dict[str, Any], left: float, top: float) -> list[str]:
    out = [f'<text x="{left}" y="{top - 4:.1f}" font-size="11" font-weight="bold">'
           f'Action pointers (red = used up)</text>']
    for i, (name, d) in enumerate(dials.items()):
        y = top + i * 20
        used, most = int(d.get("used") or 0), int(d.get("max") or 0)
        out.append(f'<text x="{left}" y="{y + 13}" font-size="10">{esc(str(name).capitalize())}</text>')
        for k in range(most + 1):
            x = left + 60 + k * 16
            fill = "#c0392b" if k == most else "#fbf8ef"
            out.append(f'<rect x="{x}" y="{y}" width="14" height="17" fill="{fill}" '
                       f'stroke="#999"/>')
        px = left + 60 + min(used, most) * 16 + 7
        out.append(f'<circle class="dial" data-dial="{esc(name)}" cx="{px}" cy="{y + 8.5}" '
                   f'r="4.5" fill="#222"/>')
    return out


def _companies(companies: list[dict[str, Any]], left: float, top: float) -> list[str]:
    out = [f'<text x="{left}" y="{top - 4:.1f}" font-size="11" font-weight="bold">'
           f'Companies (cash · income · shares left)</text>']
    for i, c in enumerate(companies):
        y = top + i * 14
        out.append(f'<g class="company" data-company="{esc(c.get("id"))}">'
                   f'<rect x="{left}" y="{y + 1}" width="12" height="10" '
                   f'fill="{_colour(c.get("color"))}" stroke="#555" stroke-width="0.5"/>'
                   f'<text x="{left + 16}" y="{y + 10}" font-size="10">{esc(c.get("id"))}'
                   f'{"" if c.get("open") else " (not open)"}: ${esc(c.get("cash"))} · '
                   f'{esc(c.get("income"))} · {esc(c.get("shares_left"))}/'
                   f'{esc(c.get("shares_total"))}</text></g>')
    return out


def render(state: dict[str, Any]) -> str:
    view = state.get("view") or {}
    hexes = view.get("hexes") or []
    companies = view.get("companies") or []
    colours = {str(c.get("id")): _colour(c.get("color")) for c in companies}
    cols = max([int(h.get("col", 0)) for h in hexes] + [0]) + 1
    rows = max([int(h.get("row", 0)) for h in hexes] + [0]) + 1
    width = PAD * 2 + EDGE * 2 + R * 2 + (cols - 1) * 1.5 * R
    map_h = PAD * 2 + EDGE * 2 + rows * H + H / 2
    track_top = map_h + 18
    income_rows = (max([40] + [int(c.get("income") or 0) for c in companies]) // 25) + 1
    lower = track_top + income_rows * 22 + 26
    height = lower + 90
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" '
           f'class="board chicago-express" font-family="sans-serif" role="img" '
           f'aria-label="Chicago Express board">',
           f'<rect width="{width:.0f}" height="{height:.0f}" fill="#eef3f7"/>',
           '<g class="map">']
    out += [_hex(h, colours) for h in hexes]
    out += [_name(h) for h in hexes if h.get("name")]
    out += _coordinates(hexes)
    out.append("</g>")
    out += _income_track(companies, track_top, width)
    out += _industry(view.get("industry") or {}, PAD, lower)
    out += _dials(view.get("dials") or {}, PAD + 250, lower)
    out += _companies(companies, PAD + 430, lower)
    houses = view.get("houses_left")
    if houses is not None:
        x = PAD + 250
        out.append(f'<text x="{x}" y="{lower + 76}" font-size="11">Houses left: '
                   f'<tspan font-weight="bold">{esc(houses)}</tspan> · now: '
                   f'<tspan font-weight="bold">{esc(PHASE_WORDS.get(str(view.get("phase")), ""))}'
                   '</tspan></text>')
    out.append("</svg>")
    return "".join(out)
