"""The 1830 / 1870 map in the terminal: box-drawing characters in colour (rich).

Each hex of the board (pointy-topped, on the doubled grid of the data file) is a box of
:data:`HW` × 2 columns and :data:`RH` lines; the boxes of one row sit half a box to the
side of the row above, as on the printed board, so each box touches its six neighbours: the
top border is the north-west and north-east side, the left and right borders the west and
east side, the bottom border the south-west and south-east side.  Inside a box:

* lines 1-2: the hex's name (on two lines when long; or its terrain, a water "≈" or
  mountain "▲" with the cost) and 1870's marks;
* line 3: the stops (for track without stops whose exits do not tell which sides join,
  the joins: "W-E NW-SE", "SW+W+NW" for three sides joined with one another, four joins
  on lines 2 and 3): a city's slots as the corporation symbols of its stations (in the
  corporation's colour), an empty slot as "○" or the symbol of the corporation whose home
  it is in brackets ("(PRR)"), a town as "•", an off-board area as its revenues ("30/60");
* line 4: the revenue (a city's or town's, for the current phase), the tile number ("#57")
  and the coordinate as printed, right-aligned.

Track leaving a hex crosses its border as "╫" (through a top or bottom side) or "╪"
(through the west or east side); an impassable side is drawn in red.  The tile's colour is
the box's background (yellow, green, brown, grey; off-board areas red).  Column numbers are
printed above and below the map and row letters at both sides, as on the printed board.
1870 shows the destinations ("→SSW", filled with a tick once reached) and the places for the
port ("Port") and cattle ("Cattle") tokens.

:func:`board` draws the whole map or a region; :func:`strips` cuts the map into regions
that each fit a terminal width; :func:`tile_box` draws one tile in one rotation (the
rotation menu)."""
from __future__ import annotations

import re
from typing import Any, Iterable

from rich.console import Group
from rich.style import Style
from rich.text import Text

from ..web.render.hex18xx import _revenue as revenue_text  # the browser's reading
from ..web.render.hex18xx import _label_names, name_lines

HW = 6                  # columns per half hex: a box is 2 * HW wide (11 inside)
RH = 5                  # lines per row: a border line and 4 inside
INNER = 2 * HW - 1
MARGIN = 3              # the row letters at the left

BG = {"yellow": "#f2dc4c", "green": "#6fb552", "brown": "#b58458", "gray": "#b5b5b5",
      "red": "#c9463f", "blue": "#6fa8dc"}
FG_ON = {"red": "white"}
BORDER = Style(color="grey50")
TRACK = Style(color="bright_white", bold=True)
EDGE_NAME = ["south-west", "west", "north-west", "north-east", "east", "south-east"]
BOX = {frozenset(): " ", frozenset("lr"): "─", frozenset("ud"): "│", frozenset("rd"): "┌",
       frozenset("ld"): "┐", frozenset("ru"): "└", frozenset("lu"): "┘",
       frozenset("udr"): "├", frozenset("udl"): "┤", frozenset("lrd"): "┬",
       frozenset("lru"): "┴", frozenset("lrud"): "┼", frozenset("l"): "─", frozenset("r"): "─",
       frozenset("u"): "│", frozenset("d"): "│"}


def ink(colour: str) -> str:
    """Black or white: the letters that read on the background ``colour`` (#rrggbb)."""
    c = str(colour).lstrip("#")
    if len(c) != 6:
        return "white"
    try:
        r, g, b = (int(c[i:i + 2], 16) for i in (0, 2, 4))
    except ValueError:
        return "white"
    return "black" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "white"


def colour_word(colour: Any) -> str:
    return {"gray": "grey"}.get(str(colour), str(colour))


def data_for(title: str) -> dict[str, Any]:
    """The title's data file (the same one the browser draws from)."""
    from ..web.table18xx import data_of
    return data_of(title)


def tile_exits(tile: dict[str, Any], rotation: int) -> set[int]:
    """The sides (0 south-west, clockwise) the tile's track leaves through."""
    out = set()
    for path in tile.get("paths") or []:
        for n in path[:2]:
            if str(n).startswith("e"):
                out.add((int(str(n)[1:]) + rotation) % 6)
    return out


SHORT = ["SW", "W", "NW", "NE", "E", "SE"]


def track_pairs(tile: dict[str, Any], rotation: int) -> str:
    """The sides a stopless tile's track joins, short: "W-E NW-SE" (a crossing); sides
    that are all joined with one another as one group, "SW+W+NW" (a junction of three
    sides, where a list of its three pairs would not fit the hex)."""
    pairs = set()
    for path in tile.get("paths") or []:
        a, b = str(path[0]), str(path[1])
        if a.startswith("e") and b.startswith("e"):
            ends = sorted(((int(a[1:]) + rotation) % 6, (int(b[1:]) + rotation) % 6))
            pairs.add((ends[0], ends[1]))
    if len(pairs) < 2:
        return ""
    groups: list[set[int]] = []                # the sides joined, side by side
    for a, b in sorted(pairs):
        hit = [g for g in groups if a in g or b in g]
        merged = {a, b}.union(*hit)
        groups = [g for g in groups if g not in hit] + [merged]
    out = []
    for g in sorted(groups, key=min):
        sides = sorted(g)
        every = {(x, y) for i, x in enumerate(sides) for y in sides[i + 1:]}
        if len(sides) > 2 and every <= pairs:
            out.append("+".join(SHORT[e] for e in sides))
        else:
            out += [f"{SHORT[x]}-{SHORT[y]}" for x, y in sorted(pairs) if x in g]
    return " ".join(out)


def joins_words(tile: dict[str, Any], rotation: int) -> str:
    """What the tile's track joins in a rotation, in words: "west to east", "the city to
    the north-west and the east side" (the rotation menu)."""
    stops: dict[str, list[int]] = {}
    pairs = []
    for path in tile.get("paths") or []:
        a, b = str(path[0]), str(path[1])
        if a.startswith("e") and b.startswith("e"):
            pairs.append(f"{EDGE_NAME[(int(a[1:]) + rotation) % 6]} to "
                         f"{EDGE_NAME[(int(b[1:]) + rotation) % 6]}")
        else:
            node, edge = (b, a) if a.startswith("e") else (a, b)
            if edge.startswith("e"):
                stops.setdefault(node, []).append((int(edge[1:]) + rotation) % 6)
    kinds = {"c": "city", "t": "town", "o": "off-board"}
    many = {k: sum(1 for n in stops if n[0] == k) for k in kinds}
    for node, edges in sorted(stops.items()):
        what = kinds.get(node[0], "stop")
        if many.get(node[0], 0) > 1:
            what += f" {int(node[1:]) + 1}"
        sides = [EDGE_NAME[e] for e in sorted(edges)]
        said = sides[0] if len(sides) == 1 else ", ".join(sides[:-1]) + " and " + sides[-1]
        pairs.append(f"{what} to the {said}")
    return "; ".join(pairs) or "no track"


class Canvas:
    """Characters with styles; border lines are collected as directions and turned into
    box-drawing characters at the end."""

    def __init__(self, width: int, height: int) -> None:
        self.w, self.h = width, height
        self.ch = [[" "] * width for _ in range(height)]
        self.st: list[list[Style | None]] = [[None] * width for _ in range(height)]
        self.dirs: dict[tuple[int, int], set[str]] = {}
        self.fixed: set[tuple[int, int]] = set()

    def line_h(self, r: int, c0: int, c1: int) -> None:
        for c in range(c0, c1 + 1):
            d = self.dirs.setdefault((r, c), set())
            if c > c0:
                d.add("l")
            if c < c1:
                d.add("r")

    def line_v(self, c: int, r0: int, r1: int) -> None:
        for r in range(r0, r1 + 1):
            d = self.dirs.setdefault((r, c), set())
            if r > r0:
                d.add("u")
            if r < r1:
                d.add("d")

    def put(self, r: int, c: int, text: str, style: Style | None = None,
            fixed: bool = False) -> None:
        for k, ch in enumerate(text):
            if 0 <= r < self.h and 0 <= c + k < self.w:
                self.ch[r][c + k] = ch
                self.st[r][c + k] = style
                if fixed:
                    self.fixed.add((r, c + k))

    def paint(self, r: int, c0: int, c1: int, style: Style) -> None:
        for c in range(max(0, c0), min(self.w, c1 + 1)):
            if 0 <= r < self.h:
                old = self.st[r][c]
                self.st[r][c] = style + old if old else style

    def lines(self) -> list[Text]:
        for (r, c), d in self.dirs.items():
            if (r, c) in self.fixed or not (0 <= r < self.h and 0 <= c < self.w):
                continue
            self.ch[r][c] = BOX.get(frozenset(d), "┼")
            if self.st[r][c] is None:
                self.st[r][c] = BORDER
        out = []
        for r in range(self.h):
            t = Text(no_wrap=True, overflow="crop")
            run, style = "", self.st[r][0]
            for c in range(self.w):
                if self.st[r][c] != style:
                    t.append(run, style=style or "")
                    run, style = "", self.st[r][c]
                run += self.ch[r][c]
            t.append(run, style=style or "")
            t.rstrip()
            out.append(t)
        return out


def cv_len(cv: "Canvas", row: int, start: int) -> int:
    """How many characters from ``start`` on ``row`` are written (up to the last one)."""
    line = "".join(cv.ch[row][start:start + INNER]).rstrip()
    return len(line)


def _fit(text: str, width: int) -> str:
    return text if len(text) <= width else text[:width - 1] + "…"


class MapView:
    """The board of one position: hexes, laid tiles, stations and marks, from the data file
    and the state's public view (``tiles``, ``tokens``, ``phase``, 1870 ``destinations``,
    ``bonus`` and ``companies``)."""

    def __init__(self, title: str, view: dict[str, Any]) -> None:
        self.title = title
        self.d = data_for(title)
        self.view = view
        self.tiles = {str(t["name"]): t for t in self.d.get("tiles") or []}
        self.colours = {c["sym"]: c.get("color", "#666666") for c in
                        self.d.get("corporations") or []}
        self.hexes = {h["id"]: h for h in self.d.get("hexes") or []}
        self.phase_colour = None
        for ph in self.d.get("phases") or []:
            if str(ph.get("name")) == str(view.get("phase")):
                self.phase_colour = (ph.get("tiles") or [None])[-1]
        self.marks: dict[str, list[tuple]] = {}
        if title == "1870":
            from ..web.render.g1830 import bonus_marks, destination_marks
            self.marks = {h: list(v) for h, v in bonus_marks(self.d, view).items()}
            for h, lst in destination_marks(self.d, view).items():
                self.marks.setdefault(h, []).extend(lst)
        self.letters = {int(h["y"]): re.match(r"[A-Z]+", h["id"]).group(0)  # type: ignore
                        for h in self.hexes.values()}

    def tile_of(self, hid: str) -> tuple[dict[str, Any], int, str | None]:
        """(tile, rotation, laid tile's name or None) of a hex."""
        laid = (self.view.get("tiles") or {}).get(hid)
        h = self.hexes[hid]
        if laid:
            return self.tiles.get(str(laid[0]), h.get("tile") or {}), int(laid[1]), str(laid[0])
        return h.get("tile") or {}, 0, None

    # ---- one hex ------------------------------------------------------------------------
    def corp_style(self, corp: str, home: bool = False) -> Style:
        """A station in its corporation's colour (black or white letters, whichever
        reads); a home not yet placed the same, not bold (it is shown in brackets)."""
        colour = self.colours.get(corp, "#666666")
        return Style(color=ink(colour), bgcolor=colour, bold=not home, italic=home)

    def stops(self, tile: dict[str, Any], tokens: list[list[str]] | None
              ) -> list[tuple[str, Style | None]]:
        parts: list[tuple[str, Style | None]] = []
        for i, city in enumerate(tile.get("cities") or []):
            if parts:
                parts.append(("|", None))
            held = (tokens[i] if tokens and i < len(tokens) else None) or []
            res = list(city.get("reservations") or [])
            for s in range(max(1, int(city.get("slots") or 1))):
                if s:
                    parts.append((" ", None))
                if s < len(held):
                    parts.append((str(held[s]), self.corp_style(str(held[s]))))
                elif s < len(res) and res[s] not in held:
                    parts.append((f"({res[s]})", self.corp_style(str(res[s]), home=True)))
                else:
                    parts.append(("○", None))
        for _ in tile.get("towns") or []:
            parts.append((" •" if parts else "•", Style(bold=True)))
        for off in tile.get("offboards") or []:
            parts.append((revenue_text(off.get("revenue"), None), Style(bold=True)))
        return parts

    def draw_hex(self, cv: Canvas, hid: str, left: int, top: int,
                 highlight: bool = False, tile_override: tuple[dict[str, Any], int] | None
                 = None) -> None:
        h = self.hexes.get(hid, {"id": hid, "tile": {}})
        laid: str | None
        if tile_override is not None:
            tile, rot, laid = tile_override[0], tile_override[1], str(tile_override[0]["name"])
        else:
            tile, rot, laid = self.tile_of(hid)
        printed = h.get("tile") or {}
        colour = str(tile.get("color") or "white")
        base = Style(color=FG_ON.get(colour, "black"), bgcolor=BG[colour]) if colour in BG \
            else None
        for r in range(top + 1, top + RH):
            cv.put(r, left + 1, " " * INNER, base)
        # lines 1-2: the name (on two lines if long), or the terrain and its cost
        name = str(h.get("name") or "")
        terrain = "" if laid else self._terrain(printed)
        named = _name_parts(name) if name else [terrain] if terrain else []
        for k, part in enumerate(named):     # a cut name is whole in the legend
            cv.put(top + 1 + k, left + 1, _fit(part, INNER),
                   (base or Style()) + Style(bold=True))
        # line 3: the stops
        tokens = (self.view.get("tokens") or {}).get(hid) if tile_override is None else None
        parts = self.stops(tile, tokens)
        two_lines = False
        if not parts:
            pairs = track_pairs(tile, rot)
            if len(pairs) > INNER and len(named) < 2:   # four joins: on lines 2 and 3
                words, first = pairs.split(" "), ""
                while words and len((first + " " + words[0]).strip()) <= INNER:
                    first = (first + " " + words.pop(0)).strip()
                cv.put(top + 2, left + 1 + max(0, (INNER - len(first)) // 2), first, base)
                pairs, two_lines = " ".join(words), True
            if len(pairs) > 1:               # which sides join, where the exits do not say
                parts = [(pairs, None)]
        width = sum(len(t) for t, _ in parts)
        c = left + 1 + max(0, (INNER - width) // 2)
        for text, style in parts:
            room = left + 1 + INNER - c
            if room <= 0:
                break
            cv.put(top + 3, c, _fit(text, room), (base or Style()) + style if style else base)
            c += min(len(text), room)
        # line 4: revenue, tile number, coordinate (and 1870's marks)
        third = []
        revs = [revenue_text(x.get("revenue"), self.phase_colour)
                for x in (tile.get("cities") or []) + (tile.get("towns") or [])]
        revs = [x for x in dict.fromkeys(revs) if x not in ("0", "")]
        if revs:
            third.append("$" + "/".join(revs))
        tag = f"#{laid}" if laid and tile.get("name") is not None else ""
        if tag and (len(named) > 1 or two_lines):
            third.append(tag)
        elif tag:
            cv.put(top + 2, left + 1 + INNER - len(tag), tag, base)
        elif name and terrain:
            third.append(terrain.replace("$", ""))
        if tile.get("label") and not laid and not _label_names(str(tile["label"]), name):
            third.append(str(tile["label"]))     # "NY" beside New York's name says nothing
        line3 = " ".join(third)
        coord = hid
        cv.put(top + 4, left + 1, _fit(line3, INNER - len(coord) - 1), base)
        cv.put(top + 4, left + 1 + INNER - len(coord), coord,
               Style(color="bright_white", bgcolor="magenta", bold=True) if highlight
               else (base or Style()) + Style(dim=colour not in BG))
        self._marks(cv, hid, left, top, base, len(named))

    def _terrain(self, printed: dict[str, Any]) -> str:
        out = []
        for t in printed.get("terrain") or []:
            kind = (t.get("terrains") or ["?"])[0]
            mark = "≈" if kind in ("water", "river", "lake") else "▲"
            out.append(f"{mark}${t.get('cost')}" if t.get("cost") else mark)
        return " ".join(out)

    def _marks(self, cv: Canvas, hid: str, left: int, top: int, base: Style | None,
               name_lines_used: int) -> None:
        """1870's marks: after the name on its last line if they fit, else on the line
        below it."""
        marks = self.marks.get(hid) or []
        if not marks:
            return
        words = []
        for m in marks:
            if m[0] == "dest":
                _, corp, where = m
                tick = "✓" if where in ("map", "charter") else ""
                words.append((f"→{corp}{tick}", Style(color=self.colours.get(str(corp)),
                                                       bold=True, reverse=where == "map")))
            else:
                kind, corp = m
                text = {"port": "Port", "cattle": "Cattle"}.get(kind, kind)
                words.append((text + (f" {corp}" if corp else ""),
                              Style(color="deep_sky_blue1" if kind == "port" else "dark_orange",
                                    bold=True, italic=corp is None)))
        row = top + max(1, name_lines_used)
        c = left + 1 + (cv_len(cv, row, left + 1) + 1 if name_lines_used else 0)
        for text, style in words:
            if c + len(text) > left + 1 + INNER and row < top + 2:
                row, c = top + 2, left + 1
            cv.put(row, c, _fit(text, left + 1 + INNER - c), (base or Style()) + style)
            c += len(text) + 1

    # ---- the board ----------------------------------------------------------------------
    def box(self, cv: Canvas, hid: str, left: int, top: int, exits: set[int],
            borders: Iterable[dict[str, Any]] = ()) -> None:
        right, bottom = left + 2 * HW, top + RH
        cv.line_h(top, left, right)
        cv.line_h(bottom, left, right)
        cv.line_v(left, top, bottom)
        cv.line_v(right, top, bottom)
        mid = top + RH // 2
        spots = {0: (bottom, left + HW // 2, "╫"), 1: (mid, left, "╪"),
                 2: (top, left + HW // 2, "╫"), 3: (top, left + HW + HW // 2, "╫"),
                 4: (mid, right, "╪"), 5: (bottom, left + HW + HW // 2, "╫")}
        for b in borders:
            e = int(b.get("edge", 0)) % 6
            if b.get("type") == "impassable":
                style = Style(color="red", bold=True)
            elif b.get("cost"):
                style = Style(color="blue", bold=True)
            else:
                continue
            r, c, _ = spots[e]
            if e in (1, 4):
                for rr in range(top, bottom + 1):
                    cv.put(rr, c, "┃", style, fixed=True)
            else:
                c0 = left if e in (0, 2) else left + HW
                cv.put(r, c0, "━" * (HW + 1), style, fixed=True)
        for e in exits:
            r, c, ch = spots[e]
            cv.put(r, c, ch, TRACK, fixed=True)

    def board(self, highlight: Iterable[str] = (), xs: tuple[int, int] | None = None,
              ys: tuple[int, int] | None = None) -> Group:
        """The map (or the hexes with x in ``xs`` and y in ``ys``, both inclusive), with the
        coordinates of ``highlight`` marked."""
        lit = set(highlight)
        hexes = [h for h in self.hexes.values()
                 if (xs is None or xs[0] <= h["x"] <= xs[1])
                 and (ys is None or ys[0] <= h["y"] <= ys[1])]
        if not hexes:
            return Group(Text("(no hex there)"))
        x0, x1 = min(h["x"] for h in hexes), max(h["x"] for h in hexes)
        y0, y1 = min(h["y"] for h in hexes), max(h["y"] for h in hexes)
        width = (x1 - x0 + 2) * HW + 1
        height = (y1 - y0 + 1) * RH + 1
        cv = Canvas(width, height)
        for h in hexes:
            left, top = (h["x"] - x0) * HW, (h["y"] - y0) * RH
            self.draw_hex(cv, h["id"], left, top, h["id"] in lit)
        for h in hexes:             # borders and track over the boxes
            left, top = (h["x"] - x0) * HW, (h["y"] - y0) * RH
            tile, rot, _ = self.tile_of(h["id"])
            printed = h.get("tile") or {}
            self.box(cv, h["id"], left, top, tile_exits(tile, rot), printed.get("borders") or [])
        body = cv.lines()
        return Group(*self._framed(body, hexes, x0, y0, width))

    def _framed(self, body: list[Text], hexes: list[dict[str, Any]], x0: int, y0: int,
                width: int) -> list[Text]:
        numbers: dict[int, str] = {}
        for h in hexes:
            numbers[int(h["x"])] = h["id"][len(self.letters[int(h["y"])]):]
        axis = [" "] * (width + 1)
        for x, num in numbers.items():
            c = (x - x0) * HW + HW
            for k, ch in enumerate(num):
                if 0 <= c - len(num) // 2 + k < len(axis):
                    axis[c - len(num) // 2 + k] = ch
        head = Text(" " * MARGIN + "".join(axis).rstrip(), style="bold cyan")
        out = [head]
        for i, line in enumerate(body):
            r = y0 + (i - 2) // RH if i >= 2 else None
            label = self.letters.get(r, "") if r is not None and (i - 2) % RH == 0 and \
                i >= 2 else ""
            t = Text()
            t.append(f"{label:>2} ", style="bold cyan")
            t.append_text(line)
            if label:
                line = line.copy()
                line.set_length(width)
                t = Text()
                t.append(f"{label:>2} ", style="bold cyan")
                t.append_text(line)
                t.append(f" {label}", style="bold cyan")
            out.append(t)
        out.append(head)
        return out


class FittedMap:
    """The whole map as a renderable: in strips that fit the console's width, with the
    legend."""

    def __init__(self, title: str, view: dict[str, Any]) -> None:
        self.title, self.view = title, view

    def __rich_console__(self, console: Any, options: Any) -> Any:
        mv = MapView(self.title, self.view)
        for xs in strips(self.title, options.max_width):
            yield mv.board(xs=xs)
        yield legend(self.title)


def full_width(title: str) -> int:
    """Columns the whole map needs (with the row letters at both sides)."""
    hexes = data_for(title).get("hexes") or []
    xs = [h["x"] for h in hexes]
    return (max(xs) - min(xs) + 2) * HW + 1 + 2 * MARGIN


def strips(title: str, width: int) -> list[tuple[int, int]]:
    """Ranges of x (half columns) that each fit ``width`` columns: the whole map when it
    fits, else vertical strips overlapping by one hex."""
    hexes = data_for(title).get("hexes") or []
    lo, hi = min(h["x"] for h in hexes), max(h["x"] for h in hexes)
    per = max(2, (width - 1 - 2 * MARGIN) // HW - 2)      # half columns per strip
    if hi - lo + 1 <= per + 1:
        return [(lo, hi)]
    out, start = [], lo
    while True:
        end = min(hi, start + per)
        out.append((start, end))
        if end >= hi:
            return out
        start = end - 1


def region(title: str, hid: str, width: int, rows: int = 2) -> tuple[tuple[int, int],
                                                                     tuple[int, int]]:
    """The x and y ranges of a view centred on ``hid`` that fits ``width`` columns."""
    hexes = {h["id"]: h for h in data_for(title).get("hexes") or []}
    h = hexes[hid]
    per = max(2, (width - 1 - 2 * MARGIN) // HW - 2)
    x0 = max(0, int(h["x"]) - per // 2)
    return (x0, x0 + per), (max(0, int(h["y"]) - rows), int(h["y"]) + rows)


def tile_box(mv: MapView, tile: dict[str, Any], rotation: int, hid: str) -> list[Text]:
    """One hex with ``tile`` laid in ``rotation`` (the rotation menu's picture)."""
    cv = Canvas(2 * HW + 1, RH + 1)
    mv.draw_hex(cv, hid, 0, 0, tile_override=(tile, rotation))
    mv.box(cv, hid, 0, 0, tile_exits(tile, rotation))
    return cv.lines()


def _name_parts(name: str) -> list[str]:
    """A hex name's lines in its box, as :meth:`MapView.draw_hex` writes them (uncut)."""
    named = name_lines(name, INNER)
    if len(named) > 2:
        named = [named[0], " ".join(named[1:])]
    return [p[:-1] if len(p) > INNER and p.endswith(",") else p for p in named]


def cut_names(title: str) -> list[tuple[str, str, str]]:
    """The places whose name does not fit their hex's box: (coordinate, the name as the
    map shows it, the whole name), for the legend under the map."""
    out = []
    for h in data_for(title).get("hexes") or []:
        name = str(h.get("name") or "")
        parts = _name_parts(name) if name else []
        if any(len(p) > INNER for p in parts):
            out.append((str(h["id"]), " ".join(_fit(p, INNER) for p in parts), name))
    return out


def legend(title: str) -> Text:
    """The map's key, and the whole names of the places whose name is cut on the map."""
    cut = cut_names(title)
    names = ("\nNames cut on the map: " + " · ".join(f"{hid} {shown} = {name}"
                                                     for hid, shown, name in cut)) if cut else ""
    text = ("Map: ╫ ╪ track leaving a hex · PRR a station · (PRR) its home, no station yet · ○ a free city slot · • a town · $40 revenue · #57 the tile laid · "
            "≈ water ▲ mountain with the cost · red side: impassable")
    if title == "1870":
        text = text.replace("PRR", "SSW") + " · →SSW destination (✓ reached) · Port, " \
                                             "Cattle: where the token may go"
    return Text(text + names, style="dim")
