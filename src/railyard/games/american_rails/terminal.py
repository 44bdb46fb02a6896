"""Terminal rendering for ``railyard play``: the map (cubes by company, development markers),
companies, players, action spaces."""
from __future__ import annotations

from typing import TYPE_CHECKING

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from .rules import RULES

if TYPE_CHECKING:
    from .state import AmericanRailsState


def _header(st: "AmericanRailsState") -> Text:
    phase = "setup auction" if st.phase == 0 else f"action phase {st.phase} of {RULES.phases}"
    who = st.players[st.actor] if st.actor is not None else "-"
    t = Text()
    t.append(f"Year {st.year}, {phase}", style="bold")
    t.append(f"  to act: {who} ({st.step})  bank ${st.bank}  "
             f"development markers {st.markers_left}\n")
    b = st.board
    t.append(f"{b.title}" if b.published else f"own board: {b.title}", style="italic")
    if st.removed_company is not None:
        t.append(f"   (removed for 3 players: {RULES.companies[st.removed_company].name})")
    if st.end_reason:
        t.append(f"\nGame over: {st.end_reason}", style="bold red")
    return t


def _companies(st: "AmericanRailsState") -> Table:
    t = Table(title="Companies", show_edge=False)
    for col in ("company", "cash", "income", "div/sh", "unsold", "out", "cubes",
                "on map", "bonus"):
        t.add_column(col, justify="left" if col == "company" else "right")
    for c in st.in_play:
        co = RULES.companies[c]
        t.add_row(Text(co.name[0], style=_cube_style(c)) + Text(f" {co.name}"),
                  f"${st.ccash[c]}", str(st.income[c]), str(st.dividend_per_share(c)),
                  str(st.shares_left[c]), str(st.shares_out[c]), str(st.cubes_left[c]),
                  str(len(st.comp_hexes[c])), f"+{RULES.connection_bonus * st.pairs[c]}")
    return t


def _players(st: "AmericanRailsState") -> Table:
    t = Table(title="Players", show_edge=False)
    t.add_column("order", justify="right")
    t.add_column("player")
    t.add_column("cash", justify="right")
    t.add_column("shares")
    for s in range(st.n):
        pos = st.track.index(s) + 1 if s in st.track else "-"
        shares = ", ".join(f"{RULES.companies[c].name} {st.held[s][c]}" for c in st.in_play
                           if st.held[s][c])
        style = "bold" if s == st.actor else ""
        t.add_row(str(pos), Text(st.players[s], style=style), f"${st.cash[s]}", shares or "-")
    return t


def _spaces(st: "AmericanRailsState") -> Table:
    t = Table(title="Action spaces (top = first in the next phase)", show_edge=False)
    t.add_column("space")
    for i in range(RULES.phases):
        t.add_column(f"phase {i + 1}")
    for i, s in enumerate(RULES.spaces):
        label = RULES.space_labels[s]
        if s == "take2" and st.n < 4:
            label = "Take $2"
        t.add_row(label, *[st.players[col[i]] if col[i] is not None else "." for col in
                           st.columns])
    return t


def _cities(st: "AmericanRailsState") -> Table:
    b = st.board
    t = Table(title="Cities with cubes", show_edge=False)
    for col in ("city", "hex", "full/shared", "companies"):
        t.add_column(col)
    for h in b.cities:
        m = st.hexmask[h]
        if not m:
            continue
        comps = [RULES.companies[c].name for c in range(len(RULES.companies)) if m >> c & 1]
        mark = " +dev" if st.urban[h] else (" ■" if not b.urbanisable[h] else "")
        t.add_row(f"{b.names[h]}{mark}", b.ids[h], f"{b.full[h]}/{b.shared[h]}",
                  ", ".join(comps))
    return t


def _auction(st: "AmericanRailsState") -> Text | None:
    a = st.auction
    if a is None:
        return None
    high = (f"high bid ${a.high_bid} by {st.players[a.high_bidder]}"
            if a.high_bidder is not None else f"no bid yet (minimum ${a.min_bid})")
    out = [st.players[s] for s in sorted(a.passed)]
    return Text(f"Auction of a share of {RULES.companies[a.lot].name}: {high}; "
                f"passed: {', '.join(out) or 'nobody'}", style="cyan")


def render(state: "AmericanRailsState") -> RenderableType:
    parts: list[RenderableType] = [_header(state), board_map(state), _companies(state),
                                   _players(state), _spaces(state), _cities(state)]
    auction = _auction(state)
    if auction is not None:
        parts.append(auction)
    if state.step == "expand":
        parts.append(Text(f"{state.expand_left} cube(s) left in this expansion", style="cyan"))
    return Group(*parts)


# ---- the map -------------------------------------------------------------------------------
CELL = 4          # characters per hex; odd rows start CELL // 2 further right
_TERRAIN_CELL = {"plain": ("  . ", "green"), "forest": ("  ♣ ", "dark_green"),
                 "mountain": ("  ▲ ", "rgb(140,90,40)")}


def _ink(hex_colour: str) -> str:
    """Black or white text, whichever reads on ``hex_colour`` (#rrggbb)."""
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    return "black" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "white"


def _cube_style(c: int) -> str:
    colour = RULES.companies[c].color
    return f"bold {_ink(colour)} on {colour}"


def city_codes(st: "AmericanRailsState") -> dict[int, str]:
    """A three-letter code per city for the map: the initials of a name of several words
    (``STL``, ``NY``), otherwise its first letter and the first two later letters that make
    the code unique (``CHI``, ``CHA``, ``CHR``)."""
    b = st.board
    cached = _CODES.get(id(b))
    if cached is not None and cached[0] is b:
        return cached[1]
    codes: dict[int, str] = {}
    used: set[str] = set()
    for h in b.cities:
        name = "".join(ch for ch in (b.names[h] or "?").upper() if ch.isalpha() or ch == " ")
        words = name.replace(".", "").split() or ["?"]
        first = (["".join(w[0] for w in words)[:3]] if len(words) > 1 else []) + \
            [words[0][:3]]
        letters = "".join(words)
        tail = [letters[0] + a + bb for i, a in enumerate(letters[1:], 1)
                for bb in letters[i + 1:]]
        for code in [*first, *tail, *(f"{letters[0]}{n:02d}" for n in range(100))]:
            if code not in used:
                break
        used.add(code)
        codes[h] = code
    _CODES[id(b)] = (b, codes)
    return codes


_CODES: dict[int, tuple] = {}


def board_map(st: "AmericanRailsState") -> Group:
    """The board as text: two lines per hex row (odd rows shifted right as on the board).
    The first line names the hex (city code, ``■`` black square, ``+`` a development
    marker; special-connection cities underlined) or shows its terrain; the second shows one
    letter per company cube on the hex, in the company's colour."""
    b = st.board
    codes = city_codes(st)
    at = {(b.cols[h], b.rows[h]): h for h in range(len(b.ids))}
    lo = min(b.cols)
    hi = max(b.cols)
    out = Text()
    out.append("  " + "".join(f"{c + 1:<{CELL}}" for c in range(lo, hi + 1)).rstrip() + "\n",
               style="dim")
    for r in range(b.nrows):
        lines = [Text(f"{ROW_LETTER[r]:<2}" + " " * (2 if r % 2 else 0), style="dim"),
                 Text("  " + " " * (2 if r % 2 else 0))]
        for c in range(lo, hi + 1):
            h = at.get((c, r))
            if h is None:
                lines[0].append(" " * CELL)
                lines[1].append(" " * CELL)
                continue
            if b.names[h] is not None:
                mark = "+" if st.urban[h] else ("■" if not b.urbanisable[h] else " ")
                style = "bold underline" if h in b.special else "bold"
                lines[0].append(f"{codes[h]:<3}", style=style)
                lines[0].append(mark, style="magenta" if mark == "+" else "")
            else:
                cell, style = _TERRAIN_CELL[b.terrain[h]]
                lines[0].append(cell, style=style)
            cubes = [c2 for c2 in range(len(RULES.companies)) if st.hexmask[h] >> c2 & 1]
            shown = cubes if len(cubes) <= CELL else cubes[:CELL - 1]
            for c2 in shown:
                lines[1].append(RULES.companies[c2].name[0], style=_cube_style(c2))
            if len(shown) < len(cubes):
                lines[1].append("+", style="bold")
            lines[1].append(" " * (CELL - len(shown) - (len(shown) < len(cubes))))
        for line in lines:
            line.rstrip()
            out.append_text(line)
            out.append("\n")
    out.append("Cubes: ")
    for c in st.in_play:
        out.append(f"{RULES.companies[c].name[0]}", style=_cube_style(c))
        out.append(f" {RULES.companies[c].name}  ")
    out.append("\n. plains  ♣ forest  ▲ mountain  ■ black square: no development  "
               "+ developed  underlined: special connection")
    cities = Columns([Text(f"{codes[h]} {b.names[h]} {b.full[h]}/{b.shared[h]}")
                      for h in b.cities], padding=(0, 2))
    return Group(out, cities)


ROW_LETTER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
