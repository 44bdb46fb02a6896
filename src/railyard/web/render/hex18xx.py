"""Drawing of 18xx maps (pointy-topped hexes on a doubled grid) from the shared data format:
every hex shows its current tile — the printed one, or the laid tile in its rotation — drawn
from the tile's path data (edges ``e0``-``e5`` clockwise from south-west, cities ``c*``,
towns ``t*``, off-boards ``o*``), with city slots, station tokens, revenues, terrain costs,
labels and names (long ones on two lines), and a title's markers (1870: port and cattle
tokens, destination markers).  Track, stops and revenues carry classes (``track``,
``city``/``slot``, ``town``, ``revenue``, ``label``) so tests can read the drawing.  Also
draws a single tile for previews."""
from __future__ import annotations

import itertools
import math
from typing import Any

from . import esc

R = 30.0                          # centre to corner
W = math.sqrt(3) * R              # flat side to flat side
PAD = 16.0
TILE_FILL = {"white": "#f4f1e8", "yellow": "#f7e35a", "green": "#79c35a", "brown": "#c08a5c",
             "gray": "#bdbdbd", "red": "#d9534f", "blue": "#6fa8dc"}
EDGE_ANGLE = [120, 180, 240, 300, 0, 60]     # e0 south-west ... e5 south-east (y down)


def centre(x: int, y: int) -> tuple[float, float]:
    return PAD + W / 2 + x * W / 2, PAD + R + y * 1.5 * R


def corners(cx: float, cy: float, r: float = R) -> str:
    return " ".join(f"{cx + r * math.cos(math.radians(30 + 60 * k)):.1f},"
                    f"{cy + r * math.sin(math.radians(30 + 60 * k)):.1f}" for k in range(6))


def edge_point(cx: float, cy: float, edge: int, scale: float = 1.0) -> tuple[float, float]:
    a = math.radians(EDGE_ANGLE[edge % 6])
    d = W / 2 * scale
    return cx + d * math.cos(a), cy + d * math.sin(a)


def _revenue(rev: Any, colour: str | None) -> str:
    if not isinstance(rev, dict):
        return str(rev)
    values = list(dict.fromkeys(rev.values()))
    if len(values) == 1:
        return str(values[0])
    if colour and colour in rev:
        return str(rev[colour])
    return "/".join(str(v) for v in values)


def _node_positions(tile: dict[str, Any], rotation: int, cx: float, cy: float
                    ) -> dict[str, tuple[float, float]]:
    nodes = [f"c{i}" for i in range(len(tile.get("cities") or []))]
    nodes += [f"t{i}" for i in range(len(tile.get("towns") or []))]
    nodes += [f"o{i}" for i in range(len(tile.get("offboards") or []))]
    edges: dict[str, list[int]] = {n: [] for n in nodes}
    for path in tile.get("paths") or []:
        a, b = path[0], path[1]
        for n, other in ((a, b), (b, a)):
            if n in edges and other.startswith("e"):
                edges[n].append((int(other[1:]) + rotation) % 6)
    out = {}
    for i, n in enumerate(nodes):
        if len(nodes) == 1 or n.startswith("o"):
            out[n] = (cx, cy)
        elif edges[n]:
            pts = [edge_point(cx, cy, e) for e in edges[n]]
            mx = sum(p[0] for p in pts) / len(pts)
            my = sum(p[1] for p in pts) / len(pts)
            k = 0.5 if len(pts) == 1 else 0.35
            if math.hypot(mx - cx, my - cy) < 1:      # straight through: off the centre,
                mx, my, k = pts[0][0], pts[0][1], 0.4  # so crossing lines' stops differ
            dx, dy = (mx - cx) * k, (my - cy) * k
            d = math.hypot(dx, dy)
            if len(nodes) > 1 and 0 < d < R * 0.45:   # stops of one tile kept apart
                dx, dy = dx * R * 0.45 / d, dy * R * 0.45 / d
            out[n] = (cx + dx, cy + dy)
        else:
            off = (i - (len(nodes) - 1) / 2) * R * 0.7
            out[n] = (cx + off, cy)
    _spread_cities(tile, out, cx, cy)
    return out


def _spread_cities(tile: dict[str, Any], pos: dict[str, tuple[float, float]], cx: float,
                   cy: float) -> None:
    """Move a tile's cities apart (away from each other, a step at a time, no further than
    0.6 R from the centre) until their rows of slots no longer overlap (New York's two
    two-slot cities)."""
    cities = tile.get("cities") or []
    half = [max(1, int(c.get("slots") or 1)) * 7.5 + 1 for c in cities]
    for _ in range(12):
        moved = False
        for i in range(len(cities)):
            for j in range(i + 1, len(cities)):
                (xi, yi), (xj, yj) = pos[f"c{i}"], pos[f"c{j}"]
                if abs(xi - xj) >= half[i] + half[j] or abs(yi - yj) >= 17:
                    continue
                dx, dy = xi - xj, yi - yj
                d = math.hypot(dx, dy) or 1.0
                for k, sign in ((i, 1), (j, -1)):
                    x, y = pos[f"c{k}"]
                    nx, ny = x + sign * 2 * dx / d, y + sign * 2 * dy / d
                    if math.hypot(nx - cx, ny - cy) <= R * 0.6:
                        pos[f"c{k}"] = (nx, ny)
                        moved = True
        if not moved:
            return


Box = tuple[float, ...]          # x0, y0, x1, y1 (and, for a name's placing, what it is)


def _hits(box: Box, boxes: list[Any], margin: float = 0.5) -> bool:
    return any(box[0] < b[2] - margin and b[0] < box[2] - margin and
               box[1] < b[3] - margin and b[1] < box[3] - margin for b in boxes)


def _text_box(x: float, y: float, text: str, size: float, anchor: str = "start") -> Box:
    """The box of a line of text at baseline ``y`` (a generous estimate of the glyphs:
    capitals and digits are wider than other letters)."""
    w = sum(0.8 if ch.isupper() else 0.64 for ch in text) * size
    x0 = x - w / 2 if anchor == "middle" else x
    return (x0, y - size * 0.95, x0 + w, y + size * 0.3)


#: advance widths (em) of bold sans-serif letters (Arial / Liberation Sans Bold metrics,
#: rounded up): a hex name's box is measured with them, a little wider than the glyphs
_BOLD = {**{c: 0.28 for c in "il.,'|"}, **{c: 0.36 for c in "fjrt -()/"},
         **{c: 0.89 for c in "mw"}, **{c: 0.95 for c in "MW"}, "I": 0.3, "J": 0.56,
         "&": 0.73, **{c: 0.56 for c in "0123456789$"}}


def _bold_width(text: str, size: float) -> float:
    """The width of a line of bold text (a name) at ``size``, 8 % above the metrics."""
    return 1.08 * size * sum(_BOLD.get(ch, 0.74 if ch.isupper() else 0.62) for ch in text)


def _lines_box(lines: list[str], x: float, first: float, size: float) -> Box:
    """The box of a name's lines (bold, centred at ``x``), the first with its baseline at
    ``first``, each next line ``size + 0.5`` lower."""
    w = max(_bold_width(line, size) for line in lines)
    return (x - w / 2, first - size * 0.95, x + w / 2,
            first + size * 0.3 + (len(lines) - 1) * (size + 0.5))


def _revenue_spot(x: float, y: float, slots: int, r: float, cx: float, cy: float,
                  taken: list[Box], hw: float = 6.5) -> tuple[float, float]:
    """Where a city's revenue circle goes: beside its slots (right above, left above,
    right below, left below; then beside, above, below and further out), kept inside the
    hex and clear of the tile's other slots and revenues; ``hw``: half its width."""
    first = None
    hh = 6.5 if hw <= 6.5 else 6.0          # half the height (a wide one's box is 12 high)
    half = slots * r
    spots = [(x + sx * (half + 5), y + sy * (r + 2)) for sx, sy in
             ((1, -1), (-1, -1), (1, 1), (-1, 1))]
    spots += [(x + half + hw + 1, y), (x - half - hw - 1, y), (x, y - r - 7), (x, y + r + 7)]
    for sx, sy in ((1, -1), (-1, -1), (1, 1), (-1, 1)):    # then further out
        spots.append((x + sx * (half + hw + 3), y + sy * (r + 6)))
    for rx, ry in spots:
        far = math.hypot(rx - cx, ry - cy) / (R * 0.86)
        if far > 1:                  # kept inside the hex, clear of the neighbours' text
            rx, ry = cx + (rx - cx) / far, cy + (ry - cy) / far
        first = first or (rx, ry)
        box = (rx - hw, ry - hh, rx + hw, ry + hh)
        if not _hits(box, taken) and _inside(box, cx, cy):
            return rx, ry                  # wholly inside the hex
    grid = [(cx + i * 1.0, cy + j * 1.0) for i in range(-28, 29) for j in range(-28, 29)]
    grid.sort(key=lambda p: math.hypot(p[0] - x, p[1] - y))     # the nearest free place
    for rx, ry in grid:
        box = (rx - hw, ry - hh, rx + hw, ry + hh)
        if _inside(box, cx, cy) and not _hits(box, taken):
            return rx, ry
    return first or (x, y)


def draw_tile(tile: dict[str, Any], rotation: int, cx: float, cy: float,
              tokens: list[list[str]] | None = None, colours: dict[str, str] | None = None,
              phase_colour: str | None = None, taken: list[Box] | None = None,
              fit: bool = False, label: bool = True) -> list[str]:
    """The tile's SVG parts; ``taken``, if given, receives the boxes of what the tile
    prints (city slots, revenues, label) so that the hex name can be placed clear of them;
    ``fit``: a laid tile, whose label is placed clear of its stops (a printed hex keeps the
    printed place); ``label``: whether to draw the tile's label."""
    colours = colours or {}
    taken = [] if taken is None else taken
    fill = TILE_FILL.get(str(tile.get("color")), "#eee")
    out = [f'<polygon points="{corners(cx, cy)}" fill="{fill}" stroke="#555" '
           f'stroke-width="1"/>']
    pos = _node_positions(tile, rotation, cx, cy)
    for path in tile.get("paths") or []:
        a, b = path[0], path[1]
        pts = []
        for n in (a, b):
            if n.startswith("e"):
                pts.append(edge_point(cx, cy, int(n[1:]) + rotation))
            else:
                pts.append(pos.get(n, (cx, cy)))
        if a.startswith("e") and b.startswith("e"):
            d = (f"M{pts[0][0]:.1f},{pts[0][1]:.1f} Q{cx:.1f},{cy:.1f} "
                 f"{pts[1][0]:.1f},{pts[1][1]:.1f}")
        else:
            d = f"M{pts[0][0]:.1f},{pts[0][1]:.1f} L{pts[1][0]:.1f},{pts[1][1]:.1f}"
        out.append(f'<path class="track" d="{d}" fill="none" stroke="#222" '
                   f'stroke-width="4" stroke-linecap="round"/>')
    towns = tile.get("towns") or []
    town_shared = len(towns) > 1 and len({_revenue(tw.get("revenue"), phase_colour)
                                          for tw in towns}) == 1
    for i in range(len(towns)):             # every dot's box first: revenues keep clear
        x, y = pos[f"t{i}"]
        taken.append((x - 4.5, y - 4.5, x + 4.5, y + 4.5, 0))   # 0: a town's dot
    for i, town in enumerate(towns):
        x, y = pos[f"t{i}"]
        out.append(f'<circle class="town" data-node="t{i}" cx="{x:.1f}" cy="{y:.1f}" '
                   f'r="4.5" fill="#222"/>')
        rev = _revenue(town.get("revenue"), phase_colour)
        if rev not in ("0", "") and not (i and town_shared):  # one revenue for twin towns
            w = len(rev) * 8 * 0.62            # right above the dot, or where it is free
            spots = [(x + 6, y - 5), (x + 6, y + 11), (x - 6 - w, y - 5), (x - 6 - w, y + 11)]
            spots += sorted(((cx + a * 1.0, cy + b * 1.0) for a in range(-28, 29)
                             for b in range(-28, 29)),
                            key=lambda p: math.hypot(p[0] - x - 6, p[1] - y + 5))
            tx, ty = next((s for s in spots if _inside(_text_box(*s, rev, 8), cx, cy)
                           and not _hits(_text_box(*s, rev, 8), taken)), spots[0])
            taken.append(_text_box(tx, ty, rev, 8) + (2,))      # 2: a revenue
            out.append(f'<text class="revenue" data-node="t{i}" x="{tx:.1f}" '
                       f'y="{ty:.1f}" font-size="8">{esc(rev)}</text>')
    cities = tile.get("cities") or []
    for i, city in enumerate(cities):       # every slot's box first: revenues keep clear
        x, y = pos[f"c{i}"]
        n = max(1, int(city.get("slots") or 1))
        taken.append((x - n * 7.5, y - 7.5, x + n * 7.5, y + 7.5))
    shared = len(cities) > 1 and len({_revenue(c.get("revenue"), phase_colour)
                                      for c in cities}) == 1
    for i, city in enumerate(cities):
        x, y = pos[f"c{i}"]
        slots = max(1, int(city.get("slots") or 1))
        held = (tokens[i] if tokens and i < len(tokens) else []) or []
        r = 7.5
        out.append(f'<g class="city" data-node="c{i}">')
        for s in range(slots):
            sx = x + (s - (slots - 1) / 2) * 2 * r
            out.append(f'<circle class="slot" cx="{sx:.1f}" cy="{y:.1f}" r="{r}" fill="#fff" '
                       f'stroke="#222" stroke-width="1.2"/>')
            if s < len(held):
                corp = str(held[s])
                out.append(f'<g class="token" data-corporation="{esc(corp)}">'
                           f'<circle cx="{sx:.1f}" cy="{y:.1f}" r="{r - 1}" '
                           f'fill="{esc(colours.get(corp, "#666"))}"/>'
                           f'<text x="{sx:.1f}" y="{y + 2.3:.1f}" '
                           f'font-size="{6 if len(corp[:4]) <= 3 else 5}" fill="#fff" '
                           f'text-anchor="middle">{esc(corp[:4])}</text></g>')
            elif s < len(city.get("reservations") or []):
                held_by = str(city["reservations"][s])[:4]
                out.append(f'<text x="{sx:.1f}" y="{y + 2.3:.1f}" '
                           f'font-size="{5.5 if len(held_by) <= 3 else 5}" '
                           f'fill="#777" text-anchor="middle">'
                           f'{esc(held_by)}</text>')
        out.append("</g>")
        rev = _revenue(city.get("revenue"), phase_colour)
        if rev not in ("0", "") and not (shared and i):   # one revenue for the tile's cities
            fs = 7 if len(rev) <= 3 else 6              # a wide revenue ("20/40/50"):
            hw = 6.5 if len(rev) <= 3 else len(rev) * fs * 0.25 + 2     # smaller, boxed
            rx, ry = _revenue_spot(x, y, slots, r, cx, cy, taken, hw)
            hh = 6.5 if hw <= 6.5 else 6.0
            taken.append((rx - hw, ry - hh, rx + hw, ry + hh, 2))
            ring = (f'<circle class="revenue-mark" cx="{rx:.1f}" cy="{ry:.1f}" r="6.5" '
                    if hw <= 6.5 else
                    f'<rect class="revenue-mark" x="{rx - hw:.1f}" y="{ry - 6:.1f}" '
                    f'width="{2 * hw:.1f}" height="12" rx="6" ')
            out.append(ring +
                       f'fill="#fff" stroke="#222" stroke-width=".8"/><text class="revenue" '
                       f'data-node="c{i}" x="{rx:.1f}" y="{ry + fs * 0.35:.1f}" '
                       f'font-size="{fs}" text-anchor="middle">{esc(rev)}</text>')
    label_part: list[str] = []      # placed after the revenues, drawn last
    if label and tile.get("label"):
        label_text = str(tile["label"])
        lx, ly, size = cx - W / 2 + 5, cy + 4, 8.0    # at the left, or where no stop is
        spots = ((-W / 2 + 5, 4), (W / 2 - 5, 4), (-W / 4, -R * 0.3), (W / 4, -R * 0.3),
                 (-W / 2 + 5, R * 0.3), (W / 2 - 5, R * 0.3), (0, R * 0.62), (0, -R * 0.62))
        found = False
        for sz in (8.0, 6.0):        # as printed if free, or clear of the stops
            lw = _text_box(0, 0, label_text, sz)[2]
            for fx, fy in spots:
                x = cx + fx - (lw if fx > 0 else lw / 2 if fx == 0 else 0)
                box = _text_box(x, cy + fy, label_text, sz)
                if _inside(box, cx, cy) and not _hits(box, taken):
                    lx, ly, size, found = x, cy + fy, sz, True
                    break
            if found:
                break
        if not found:                # the nearest free place to the printed one
            grid = sorted(((cx + i * 1.0, cy + j * 1.0) for i in range(-26, 27)
                           for j in range(-26, 27)),
                          key=lambda p: math.hypot(p[0] - lx, p[1] - ly))
            for sz in (8.0, 6.0):
                spot = _free_spot(grid, lambda x, y: [_text_box(x, y, label_text, sz)],
                                  cx, cy, taken, None)
                if spot:
                    lx, ly, size = spot[0], spot[1], sz
                    break
        taken.append(_text_box(lx, ly, label_text, size) + (3,))   # 3: the label
        label_part.append(f'<text class="label" x="{lx:.1f}" y="{ly:.1f}" '
                          f'font-size="{size:g}" font-weight="bold">{esc(label_text)}</text>')
    for i, off in enumerate(tile.get("offboards") or []):
        out.append(f'<text class="revenue" data-node="o{i}" x="{cx:.1f}" y="{cy + 4:.1f}" '
                   f'font-size="10" font-weight="bold" text-anchor="middle" fill="#fff">'
                   f'{esc(_revenue(off.get("revenue"), None))}</text>')
    out += label_part
    return out


WATER = {"water", "river", "lake"}


def _terrain(t: dict[str, Any], cx: float, cy: float, taken: list[Box] | None = None,
             layouts: tuple[str, ...] = ("stacked", "beside", "cost")) -> list[str]:
    """A terrain cost: rivers as a blue band, water and lakes as waves, mountains as a
    brown peak; the cost of laying track there below the mark.  Mark and cost go below the
    middle, above the hex coordinate, or, if the tile's stops, revenues, label or name lie
    there (``taken``, which receives their boxes), at the nearest free place in the hex,
    in the first of ``layouts`` that fits: "stacked" (the mark above the cost), "beside"
    (the cost at its right), "cost" (the cost alone, in the terrain's colour)."""
    kind = (t.get("terrains") or ["?"])[0]
    cost = t.get("cost")
    text = f"${cost}" if cost else ""

    w = _bold_width(text, 7.5)
    layout = layouts[0]

    def boxes(x: float, y: float) -> list[Box]:
        out: list[Box] = []
        mx = x - w / 2 - 1 if layout == "beside" and text else x   # the mark's middle
        my = y + 5 if layout == "beside" else y
        if kind in WATER and layout != "cost":
            out.append((mx - 9.8, my - 8.5, mx + 9.8, my - 0.3))
        elif kind != "river" and layout != "cost":
            out.append((mx - 7.5, my - 10.5, mx + 7.5, my + 0.5))
        if text:
            tx = x + 10.5 if layout == "beside" else x
            out.append((tx - w / 2, y + 8 - 7.5 * 0.95, tx + w / 2, y + 8 + 7.5 * 0.3))
        return out

    x, y = cx, cy + R * 0.3       # mark and cost end above the hex coordinate at the bottom
    if taken is not None:
        spots = [(x, y)] + sorted(((cx + i * 1.0, cy + j * 1.0) for i in range(-26, 27)
                                   for j in range(-26, 27)),
                                  key=lambda p: math.hypot(p[0] - x, p[1] - y))
        for layout in layouts:
            found = _free_spot(spots, boxes, cx, cy, taken, None)
            if found or not text or kind == "river":
                break
        layout = layout if found else layouts[0]
        x, y = found or (x, y)
        taken += [b + (2,) for b in boxes(x, y)]
    mx = x - w / 2 - 1 if layout == "beside" and text else x
    my = y + 5 if layout == "beside" else y
    tx = x + 10.5 if layout == "beside" else x
    out = []
    if layout == "cost" and kind != "river":
        pass
    elif kind == "river":
        out.append(f'<path class="river" d="M{cx - W / 2:.1f},{cy + 4:.1f} q{W / 4:.1f},-8 '
                   f'{W / 2:.1f},0 t{W / 2:.1f},0" fill="none" stroke="#3b7dd8" '
                   f'stroke-width="5" stroke-opacity=".55"/>')
    elif kind in WATER:
        out.append(f'<path class="{esc(kind)}" d="M{mx - 9:.1f},{my - 6:.1f} q2.25,-3 4.5,0 '
                   f't4.5,0 t4.5,0 t4.5,0 M{mx - 9:.1f},{my - 2:.1f} q2.25,-3 4.5,0 t4.5,0 '
                   f't4.5,0 t4.5,0" fill="none" stroke="#3b7dd8" stroke-width="1.6"/>')
    else:
        out.append(f'<path class="{esc(kind)}" d="M{mx - 7:.1f},{my:.1f} l7,-10 l7,10 z" '
                   f'fill="#7a5230"/>')
    if cost:
        out.append(f'<text class="cost" x="{tx:.1f}" y="{y + 8:.1f}" font-size="7.5" '
                   f'font-weight="bold" '
                   f'text-anchor="middle" fill="{"#1d4f9c" if kind in WATER else "#5a3a1c"}"'
                   f'>${esc(cost)}</text>')
    return out


def _free_spot(spots: list[tuple[float, float]], boxes: Any, cx: float, cy: float,
               taken: list[Box], default: Any) -> Any:
    """The first of ``spots`` where every box of ``boxes(x, y)`` lies inside the hex and
    clear of ``taken``; ``default`` if none."""
    for px, py in spots:
        bs = boxes(px, py)
        if all(_inside(b, cx, cy) for b in bs) and not any(_hits(b, taken) for b in bs):
            return px, py
    return default


def _border(b: dict[str, Any], cx: float, cy: float) -> list[str]:
    """An impassable hex side (thick dark line) or a side with a crossing cost."""
    e = int(b.get("edge", 0)) % 6
    a = math.radians(EDGE_ANGLE[e])
    pts = [(cx + R * math.cos(a + s * math.pi / 6), cy + R * math.sin(a + s * math.pi / 6))
           for s in (-1, 1)]
    colour = "#7a1010" if b.get("type") == "impassable" else "#3b7dd8"
    out = [f'<line class="border {esc(b.get("type") or "")}" x1="{pts[0][0]:.1f}" '
           f'y1="{pts[0][1]:.1f}" x2="{pts[1][0]:.1f}" y2="{pts[1][1]:.1f}" '
           f'stroke="{colour}" stroke-width="4" stroke-linecap="round"/>']
    if b.get("cost"):
        mx, my = edge_point(cx, cy, e, 0.8)
        out.append(f'<text x="{mx:.1f}" y="{my + 3:.1f}" font-size="7" text-anchor="middle" '
                   f'fill="{colour}">${esc(b["cost"])}</text>')
    return out


def _destination(mark: tuple, k: int, n: int, cx: float, cy: float,
                 colours: dict[str, str]) -> list[str]:
    """1870 destination marker (9.6): the corporation's symbol in its colour — an outline
    while the destination is not reached, filled with a tick once the marker lies on the
    map, dashed with a tick when it went on the charter."""
    _, corp, where = mark
    colour = esc(colours.get(str(corp), "#666"))
    w, h = 24.0, 9.0
    x = cx + (k - (n - 1) / 2) * (w + 2) - w / 2
    y = cy + R * 0.28
    reached = where in ("map", "charter")
    fill = colour if where == "map" else "#fff"
    ink = "#fff" if where == "map" else colour
    dash = ' stroke-dasharray="2 1.5"' if where == "charter" else ""
    say = {"map": "reached; its marker is on the map (the city counts double for it)",
           "charter": "reached; its marker went on the charter"}.get(str(where),
                                                                     "not reached yet")
    return [f'<g class="destination{" reached" if reached else ""}" '
            f'data-corporation="{esc(corp)}"><title>Destination of {esc(corp)}: {say}</title>'
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{w}" height="{h}" rx="2" fill="{fill}" '
            f'stroke="{colour}" stroke-width="1.4"{dash}/>'
            f'<text x="{x + w / 2:.1f}" y="{y + 7:.1f}" font-size="6.5" font-weight="bold" '
            f'text-anchor="middle" fill="{ink}">{esc(str(corp)[:4])}'
            f'{" ✓" if reached else ""}</text></g>']


def _mark(mark: tuple[str, str | None], cx: float, cy: float) -> list[str]:
    """A title's marker on a hex (1870: where the port or cattle token may go, or lies)."""
    kind, corp = mark
    x, y = cx + W * 0.28, cy - R * 0.25
    fill = "#1d4f9c" if kind == "port" else "#8a5a00"
    text = "⚓" if kind == "port" else "C"
    out = [f'<g class="bonus {esc(kind)}"><title>{esc(kind)}'
           f'{" token of " + esc(corp) if corp else " (possible place)"}</title>'
           f'<circle cx="{x:.1f}" cy="{y:.1f}" r="5.5" fill="{fill if corp else "#fff"}" '
           f'stroke="{fill}" stroke-width="1.2"/>'
           f'<text x="{x:.1f}" y="{y + 2.8:.1f}" font-size="7" text-anchor="middle" '
           f'fill="{"#fff" if corp else fill}">{text}</text></g>']
    return out


def name_lines(name: str, width: int = 10) -> list[str]:
    """A hex name on one line, or on two split where it reads best (after "&" or ",",
    else at the space nearest the middle); never cut."""
    if len(name) <= width or " " not in name:
        return [name]
    for sep in (" & ", ", ", " / "):
        if sep in name:
            a, b = name.split(sep, 1)
            return [a + sep.rstrip(), b] if sep != " & " else [a, "& " + b]
    spaces = [i for i, ch in enumerate(name) if ch == " "]
    cut = min(spaces, key=lambda i: abs(i - len(name) / 2))
    return [name[:cut], name[cut + 1:]]


def _inside(box: Box, cx: float, cy: float) -> bool:
    """Whether a box lies inside the (pointy-topped) hex centred at ``cx, cy``."""
    for x, y in ((box[0], box[1]), (box[2], box[1]), (box[0], box[3]), (box[2], box[3])):
        dx, dy = abs(x - cx), abs(y - cy)
        if dx > W / 2 - 1.5 or dy > R - 1.5 - dx / math.sqrt(3):
            return False
    return True


#: where a name may go on a laid tile, in order of preference: (dx, dy of its middle) as
#: fractions of R: the top as printed, the bottom, then the sides
_NAME_SPOTS = [(0, -0.6), (0, 0.55), (-0.35, -0.45), (0.35, -0.45), (-0.35, 0.45),
               (0.35, 0.45), (-0.45, 0), (0.45, 0), (0, -0.3), (0, 0.3), (-0.5, -0.2),
               (0.5, -0.2), (-0.5, 0.2), (0.5, 0.2)]


Place = tuple[float, float, float, bool, list[str]]


def _name_places(lines: list[str], size: float, cx: float, cy: float,
                 taken: list[tuple[float, ...]]):
    """The places of a hex name on a tile, best first, as ``(x, baseline of the first line,
    font size, covers the coordinate, lines)``: the first of :data:`_NAME_SPOTS` (at the
    name's size, then smaller) inside the hex where it covers none of ``taken`` (the tile's
    stops, tokens, revenues, its coordinate and the neighbours' ones); then any free place
    inside the hex (nearest the top), on its lines or on one line, down to 0.6 of its size;
    then the same covering the hex's own coordinate (which is then left out: the hex keeps
    its name)."""
    # a box's fifth item says what it is: 0 a town's dot, 1 the hex's coordinate (a name
    # may cover it, if need be), 2 a revenue, 3 a label, 4 a neighbour's coordinate
    coord = [b for b in taken if len(b) == 5 and b[4] == 1]
    layouts = [lines] + ([[" ".join(lines)]] if len(lines) > 1 else [])
    for avoid in (taken, [b for b in taken if len(b) == 4 or b[4] != 1]):
        for sz in (size, size * 0.85, size * 0.75):
            step = sz + 0.5
            for fx, fy in _NAME_SPOTS:
                x = cx + fx * R
                first = cy + fy * R - (len(lines) - 1) * step / 2 + sz * 0.3
                box = _lines_box(lines, x, first, sz)
                if _inside(box, cx, cy) and not _hits(box, avoid):
                    yield x, first, sz, _hits(box, coord), lines
        for sz in (size, size * 0.9, size * 0.8, size * 0.7, size * 0.6):
            for ls in layouts:
                w = max(_bold_width(line, sz) for line in ls)
                h = sz * 1.25 + (len(ls) - 1) * (sz + 0.5)
                spots = [(cx + i * 0.5, cy + j * 0.5) for i in range(-52, 53)
                         for j in range(-56, 57)]
                spots.sort(key=lambda p: math.hypot(p[0] - cx, p[1] - (cy - R * 0.6)))
                for x, mid in spots:
                    first = mid - h / 2 + sz * 0.95
                    box = (x - w / 2, mid - h / 2, x + w / 2, mid + h / 2)
                    if _inside(box, cx, cy) and not _hits(box, avoid):
                        yield x, first, sz, _hits(box, coord), ls
                        break


def _name_place(lines: list[str], size: float, cx: float, cy: float,
                taken: list[tuple[float, ...]] | None) -> Place | None:
    """The best of :func:`_name_places` (``None`` if the name fits nowhere); without
    ``taken``, the top of the hex as printed."""
    if taken is None:
        return cx, cy - R * 0.55 - (len(lines) - 1) * (size + 0.5), size, False, lines
    return next(_name_places(lines, size, cx, cy, taken), None)


def _name_box(lines: list[str], x: float, first: float, size: float) -> Box:
    """The box of a name's lines, the first with its baseline at ``first``."""
    return _lines_box(lines, x, first, size)


def _label_names(label: str, name: str) -> bool:
    """Whether a tile's label is the place's short name: its first letter(s) or the
    initials of its first words ("NY" for New York & Newark; not "OO", and not a single
    letter such as "B", which stands for Baltimore and Boston alike)."""
    words = [w for w in name.replace("&", " ").split() if w[:1].isalpha()]
    initials = "".join(w[0] for w in words).upper()
    return len(label) > 1 and (initials.startswith(label.upper()) or
                               name.upper().startswith(label.upper()))


def _name_size(name: str) -> tuple[list[str], float]:
    """A hex name's lines and font size: sized to stay inside the hex's width, clear of the
    neighbours' coordinates and terrain costs (issue 24: no label overlaps another)."""
    lines = name_lines(name)
    longest = max(len(x) for x in lines)
    return lines, min(7.5 if len(lines) == 1 else 6, 52.0 / max(1, longest) * 1.55)


def _coord_boxes(hid: str, cx: float, cy: float) -> list[Box]:
    """The boxes of the hex's coordinate (1: a name may cover it, and then it is left out)
    and of its upper neighbours' coordinates, which reach into the hex at its top corners
    (4: nothing covers them)."""
    y = cy + R * 0.93
    return [_text_box(cx, y, hid, 5.5, "middle") + (1,),
            *(_text_box(cx + dx, y - 1.5 * R, "D10", 5.5, "middle") + (4,)
              for dx in (-W / 2, W / 2))]


def _stops(h: dict[str, Any]) -> list[Box]:
    """The boxes of the city slots and town dots of an untiled hex's printed tile."""
    cx, cy = centre(int(h["x"]), int(h["y"]))
    drawn: list[Box] = []
    draw_tile(h.get("tile") or {}, 0, cx, cy, None, None, None, drawn, label=False)
    return [b for b in drawn if len(b) == 4 or b[4] == 0]


def _printed_name(h: dict[str, Any], near: list[Box] = ()) -> Place | None:
    """Where an untiled hex's name goes: at the top of the hex as printed (it may reach
    over the hex's sides), or, if a stop of the printed tile or of a neighbour's (``near``)
    lies there (1830's New York), the best free place in the hex (:func:`_name_places`)."""
    if not h.get("name"):
        return None
    cx, cy = centre(int(h["x"]), int(h["y"]))
    lines, size = _name_size(str(h["name"]))
    top: Place = (cx, cy - R * 0.55 - (len(lines) - 1) * (size + 0.5), size, False, lines)
    stops = _stops(h) + list(near)
    if not _hits(_lines_box(lines, cx, top[1], size), stops):
        return top
    return next(_name_places(lines, size, cx, cy,
                             stops + _coord_boxes(str(h["id"]), cx, cy)), top)


def printed_name_box(h: dict[str, Any], near: list[Box] = ()) -> Box | None:
    """The box of an untiled hex's name (:func:`_printed_name`): a laid tile's name beside
    it keeps clear of it."""
    place = _printed_name(h, near)
    return None if place is None else _lines_box(place[4], place[0], place[1], place[2])


def draw_hex(h: dict[str, Any], tile: dict[str, Any], rotation: int,
             tokens: list[list[str]] | None, colours: dict[str, str],
             phase_colour: str | None, marks: Any = None,
             reserved: tuple[Box, ...] = (), near: tuple[Box, ...] = ()) -> tuple[str, str]:
    """The hex's drawing and, apart, its name: the map draws every name after all hexes,
    so no neighbour's tile covers a name that reaches over the hex's side; ``reserved``:
    the boxes of the neighbours' printed names, ``near``: of their printed stops."""
    cx, cy = centre(int(h["x"]), int(h["y"]))
    hid = esc(h["id"])
    title = f"{hid} {esc(h.get('name') or '')}".strip()
    out = [f'<g class="hex" data-hex="{hid}"><title>{title}</title>']
    # the hex coordinate at the bottom is taken from the start (a name may cover it: 1),
    # and so are the printed names of the neighbours that reach into the hex
    taken: list[Box] = [*_coord_boxes(str(h["id"]), cx, cy), *reserved]
    coord_box = list(taken)
    printed = h.get("tile") or {}
    laid = tile is not printed
    own = _printed_name(h, list(near)) if not laid else None
    if own is not None:              # a printed hex's name stays on top: revenues keep clear
        taken.append(_lines_box(own[4], own[0], own[1], own[2]))
    terrain: list[str] = []
    start, fixed = len(out), list(taken)
    tries = (("stacked", "beside", "cost"), ("beside", "cost"), ("cost",))
    for k, layouts in enumerate(tries + tries[:1]):    # the first again if none leaves room
        taken[:] = fixed
        if not laid and printed.get("terrain"):   # placed before the revenues and the label
            drawn: list[Box] = []
            draw_tile(tile, rotation, cx, cy, None, None, None, drawn, label=False)
            scratch = taken + [b for b in drawn if len(b) == 4 or b[4] == 0]
            before, terrain = len(scratch), []
            for t in printed["terrain"]:
                terrain += _terrain(t, cx, cy, scratch, layouts)
            taken += scratch[before:]
        del out[start:]
        out += draw_tile(tile, rotation, cx, cy, tokens, colours, phase_colour, taken, laid)
        if laid or not printed.get("terrain") or k == len(tries) or all(   # else less
                # room for the terrain
                _inside(b, cx, cy) for b in taken if len(b) == 5 and b[4] in (2, 3)):
            break
    tile_len = len(out) - start
    out += terrain
    for b in printed.get("borders") or []:
        out += _border(b, cx, cy)
    dests = [m for m in marks or () if m[0] == "dest"]
    for mark in marks or ():
        if mark[0] != "dest":
            out += _mark(mark, cx, cy)
    for k, mark in enumerate(dests):
        out += _destination(mark, k, len(dests), cx, cy, colours)
    name, hide_coord = "", False
    if h.get("name"):
        lines, size = _name_size(str(h["name"]))
        place = own if not laid else _name_place(lines, size, cx, cy, taken)
        if place is None and laid and tile.get("label") and not _label_names(
                str(tile["label"]), str(h["name"])):
            # no room for the name beside an "OO": the name, not the label, is drawn (the
            # tile's two cities show what the label says)
            bare = list(coord_box)
            tile_parts = draw_tile(tile, rotation, cx, cy, tokens, colours, phase_colour,
                                   bare, laid, label=False)
            place = _name_place(lines, size, cx, cy, bare)
            out[start:start + tile_len] = tile_parts
            tile_len = len(tile_parts)
        if place is None and _label_names(str(tile.get("label") or ""), str(h["name"])):
            # a full tile (New York's two cities with four stations) whose label names the
            # place ("NY", "B"): the label stands for the name, kept in the hex's tooltip
            lines = []
        if place is None and laid and lines:
            # crowded (a two-line name beside a full double city): the name takes a place
            # clear of the stops and tokens, and the tile's revenues and label are placed
            # again around it
            hard = [b for b in taken[len(coord_box):] if len(b) == 4 or b[4] == 0]
            hard += coord_box
            for spot in itertools.islice(_name_places(lines, size, cx, cy, hard), 30):
                box = _name_box(spot[4], spot[0], spot[1], spot[2])
                again = list(coord_box) + [box]
                parts = draw_tile(tile, rotation, cx, cy, tokens, colours, phase_colour,
                                  again, laid)
                new = again[len(coord_box) + 1:]
                if not _hits(box, [b for b in new if len(b) == 4 or b[4] != 0]) and not any(
                        _hits(b, [o for o in again if o is not b and (len(o) == 4 or o[4])])
                        for b in new if len(b) == 5 and b[4] > 1):
                    out[start:start + tile_len] = parts
                    tile_len = len(parts)
                    place = spot
                    break
        nx, top, size, hide_coord, lines = place or (
            cx, cy - R * 0.55 - (len(lines) - 1) * (size + 0.5), size, False, lines)
        step = size + 0.5
        spans = "".join(f'<tspan x="{nx:.1f}" y="{top + k * step:.1f}">{esc(line)}</tspan>'
                        for k, line in enumerate(lines))
        if spans:
            name = (f'<text class="hex-name" data-hex="{hid}" font-size="{size}" '
                    f'text-anchor="middle" fill="#111" stroke="#fff" stroke-width="2" '
                    f'paint-order="stroke" font-weight="bold">{spans}</text>')
    if not hide_coord:
        out.append(f'<text class="coord" x="{cx:.1f}" y="{cy + R * 0.93:.1f}" '
                   f'font-size="5.5" fill="#555" text-anchor="middle">{hid}</text>')
    out.append("</g>")
    return "".join(out), name


def render_map(data: dict[str, Any], view: dict[str, Any], extra_height: float = 0,
               marks: dict[str, list[tuple[str, str | None]]] | None = None
               ) -> tuple[list[str], float, float]:
    """The hexes of the map; ``marks``: a title's markers per hex (see :func:`_mark`)."""
    tiles = {t["name"]: t for t in data.get("tiles") or []}
    colours = {c["sym"]: c.get("color", "#666") for c in data.get("corporations") or []}
    laid = view.get("tiles") or {}
    tokens = view.get("tokens") or {}
    phase_colour = None
    for ph in data.get("phases") or []:
        if str(ph.get("name")) == str(view.get("phase")):
            phase_colour = (ph.get("tiles") or [None])[-1]
    hexes = data.get("hexes") or []
    width = PAD * 2 + W / 2 * (max(h["x"] for h in hexes) + 2)
    height = PAD * 2 + R * 2 + 1.5 * R * max(h["y"] for h in hexes) + extra_height
    out: list[str] = []
    names: list[str] = []
    memo = _memo(data)
    near, printed, stops = _neighbours(data)
    for h in hexes:
        if h["id"] in laid:
            name, rot = laid[h["id"]][0], int(laid[h["id"]][1])
            tile = tiles.get(str(name), h.get("tile") or {})
        else:
            name, tile, rot = None, h.get("tile") or {}, 0
        held = tokens.get(h["id"])
        # most hexes look the same from one move to the next: draw each look once
        mk = tuple((marks or {}).get(h["id"], ()))
        # every tile's parts keep clear of the neighbours' printed names
        reserved = tuple(b for n in near.get(h["id"], ()) if n not in laid
                         for b in [printed[n]] if b is not None)
        key = (h["id"], name, rot, phase_colour, reserved,
               tuple(tuple(map(str, c or ())) for c in held) if held else None, mk)
        svg = memo.get(key)
        if svg is None:
            if len(memo) > 20_000:
                memo.clear()
            svg = memo[key] = draw_hex(h, tile, rot, held, colours, phase_colour, mk,
                                       reserved, stops.get(h["id"], ()))
        out.append(svg[0])
        if svg[1]:
            names.append(svg[1])
    out += names
    return out, width, height


_NEAR: dict[int, tuple[Any, ...]] = {}


def _neighbours(data: dict[str, Any]) -> tuple[dict[str, tuple[str, ...]],
                                               dict[str, Box | None],
                                               dict[str, tuple[Box, ...]]]:
    """Per hex its neighbours, the box of its printed name, and the boxes of its
    neighbours' printed stops (kept with the title's data)."""
    entry = _NEAR.get(id(data))
    if entry is None or entry[0] is not data:
        hexes = data.get("hexes") or []
        pos = {h["id"]: centre(int(h["x"]), int(h["y"])) for h in hexes}
        near = {a: tuple(b for b, (x, y) in pos.items() if b != a and
                         math.hypot(x - ax, y - ay) < W * 1.1)
                for a, (ax, ay) in pos.items()}
        own = {h["id"]: _stops(h) for h in hexes}
        stops = {a: tuple(b for n in near[a] for b in own[n]) for a in near}
        entry = _NEAR[id(data)] = (data, near, {h["id"]: printed_name_box(h, stops[h["id"]])
                                                for h in hexes}, stops)
    return entry[1], entry[2], entry[3]


_MEMOS: dict[int, tuple[dict[str, Any], dict[tuple[Any, ...], str]]] = {}


def _memo(data: dict[str, Any]) -> dict[tuple[Any, ...], str]:
    """The drawn hexes of one title's data (kept with the data, so ids are not reused)."""
    entry = _MEMOS.get(id(data))
    if entry is None or entry[0] is not data:
        entry = _MEMOS[id(data)] = (data, {})
    return entry[1]


def tile_svg(tile: dict[str, Any], rotation: int) -> str:
    size = 2 * R + 4
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W + 4:.0f} {size:.0f}" '
           f'width="{W + 4:.0f}" height="{size:.0f}">']
    out += draw_tile(tile, rotation, W / 2 + 2, R + 2)
    out.append("</svg>")
    return "".join(out)
