"""Terminal rendering of a Chicago Express state (used by ``railyard play``)."""
from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from ...cube.hexgrid import bits
from .board import ACTIONS

TERRAIN = {"plain": ".", "forest": "f", "mountain": "^", "town": "o", "industry": "I",
           "city": "C"}
STYLE = {"PRR": "red", "B&O": "blue", "C&O": "yellow", "NYC": "green", "WAB": "white"}
LETTER = {"PRR": "P", "B&O": "B", "C&O": "O", "NYC": "N", "WAB": "W"}

#: the engine's steps in the rulebook's words
STEP_WORDS = {
    "opening_auction": "the opening auctions", "choose_action": "choosing an action",
    "offer_share": "offering a share for auction", "auction": "an auction",
    "build": "building track", "develop": "developing", "game_over": "the game is over",
}


def hex_map(s: Any) -> Text:
    """The board as text: columns A..S west to east; odd columns drawn half a row lower.
    Each hex: terrain sign (. plain, f forest, ^ mountain, o town, I industry, C city),
    then the letters of the companies there, '*' when developed."""
    b = s.board
    at = {(b.cols[h], b.rows[h]): h for h in range(len(b.hex_ids))}
    ncols = max(b.cols) + 1
    nrows = max(b.rows) + 1
    width = 4  # a hex may spill into the next column: that one is drawn on the other line
    out = Text()
    out.append("   " + "".join(f"{chr(65 + c):<{width}}" for c in range(ncols)) + "\n", "dim")
    for r in range(nrows):
        for half in (0, 1):
            line = Text(f"{r:>2} " if half == 0 else "   ", "dim")
            for c in range(half, ncols, 2):
                h = at.get((c, r))
                target = 3 + c * width
                if len(line) < target:
                    line.append(" " * (target - len(line)))
                if h is None:
                    continue
                line.append(TERRAIN[b.terrain[h]],
                            "bold" if b.terrain[h] in ("city", "industry") else "dim")
                for ci in bits(s.occ[h]):
                    cid = b.companies[ci].id
                    line.append(LETTER[cid], STYLE[cid])
                if s.houses_mask >> h & 1:
                    line.append("*", "magenta")
            out.append(line)
            out.append("\n")
    return out


def render(s: Any) -> Group:
    b = s.board
    comp = Table(title="Companies", expand=False)
    for col in ("company", "cash", "income", "locos left", "shares left", "sold", "hexes"):
        comp.add_column(col, justify="right" if col != "company" else "left")
    for c, co in enumerate(b.companies):
        name = Text(co.id, STYLE[co.id])
        if not s.opened[c]:
            name.append(" (not open)", "dim")
        comp.add_row(name, f"${s.ccash[c]}", str(s.income[c]), str(s.locos[c]),
                     str(s.treasury[c]), str(s.sold(c)), str(s.network[c].bit_count()))
    players = Table(title="Players")
    players.add_column("player")
    players.add_column("cash", justify="right")
    players.add_column("shares")
    for p, name in enumerate(s.players):
        shares = ", ".join(f"{s.held[c][p]}x{co.id}" for c, co in enumerate(b.companies)
                           if s.held[c][p])
        marker = " <" if p == s.current_player else ""
        players.add_row(name + marker, f"${s.cash[p]}", shares or "-")
    dials = "  ".join(f"{name}: {s.dials[i]}/{b.dials[i]}" + (" RED" if s.dials[i] >= b.dials[i]
                                                              else "")
                      for i, name in enumerate(ACTIONS))
    industry = "  ".join(f"{ind.name} {s.industry_value(i)}" for i, ind in
                         enumerate(b.industries))
    status = Text(f"Pointers: {dials}\nIndustry: {industry}   Houses left: {s.houses_left}   "
                  f"General dividends: {s.general_dividends}   Now: "
                  f"{STEP_WORDS.get(s.phase, s.phase)}")
    if s.auction is not None:
        a = s.auction
        high = f"${a.high_bid} by {s.players[a.high_bidder]}" if a.high_bid is not None else "none"
        status.append(f"\nAuction of a {b.companies[a.lot].id} share: minimum ${a.min_bid}, "
                      f"high bid {high}")
    ends = s.end_conditions()
    if ends:
        status.append("\nGame ends after the next general dividend: " + "; ".join(ends), "bold")
    return Group(hex_map(s), comp, players, status)
