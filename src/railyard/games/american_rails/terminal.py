"""Terminal rendering for ``railyard play``: board summary, companies, players, action spaces."""
from __future__ import annotations

from typing import TYPE_CHECKING

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
    t.append(f"   to act: {who} ({st.step})   bank ${st.bank}   "
             f"urbanisation markers {st.markers_left}\n")
    tag = "RECONSTRUCTED board" if st.board.reconstructed else "board"
    t.append(f"{tag}: {st.board.title}", style="italic yellow" if st.board.reconstructed
             else "italic")
    if st.removed_company is not None:
        t.append(f"   (removed for 3 players: {RULES.companies[st.removed_company].name})")
    if st.end_reason:
        t.append(f"\nGame over: {st.end_reason}", style="bold red")
    return t


def _companies(st: "AmericanRailsState") -> Table:
    t = Table(title="Companies", show_edge=False)
    for col in ("company", "cash", "income", "div/share", "unsold", "removed", "cubes left",
                "on board", "bonus"):
        t.add_column(col, justify="left" if col == "company" else "right")
    for c in st.in_play:
        co = RULES.companies[c]
        t.add_row(Text(co.name, style=co.color if co.color != "white" else "bold"),
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
        mark = " +U" if st.urban[h] else (" ■" if not b.urbanisable[h] else "")
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
    return Text(f"Auction of a {RULES.companies[a.lot].name} share: {high}; "
                f"passed: {', '.join(out) or 'nobody'}", style="cyan")


def render(state: "AmericanRailsState") -> RenderableType:
    parts: list[RenderableType] = [_header(state), _companies(state), _players(state),
                                   _spaces(state), _cities(state)]
    auction = _auction(state)
    if auction is not None:
        parts.append(auction)
    if state.step == "expand":
        parts.append(Text(f"{state.expand_left} cube(s) left in this expansion", style="cyan"))
    return Group(*parts)
