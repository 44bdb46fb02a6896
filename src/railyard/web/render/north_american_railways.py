"""North American Railways: no map — the share columns and city-card columns drawn as card
columns, and the companies with their cities."""
from __future__ import annotations

from typing import Any

from . import esc
from .chicago_express import COLOURS

CARD_W, CARD_H, GAP, PAD = 118, 34, 8, 12
HEAD = 14  # room for the column numbers above the cards


#: the engine's phase names in the rulebook's words
PHASE_WORDS = {"shares": "phase I: shares", "respond": "phase I: shares (a director answers)",
               "cities": "phase II: cities", "over": "game over"}

def _column_number(x: float, y: float, kind: str, index: int) -> str:
    """"column 1" ... above a column, numbered from 1 as the choices name them."""
    return (f'<text class="column-number" data-kind="{kind}" x="{x + 2}" y="{y}" '
            f'font-size="10" fill="#345">column {index + 1}</text>')


def _share(x: float, y: float, colour: str, lowest: bool = False) -> str:
    """A share card; the lowest of its column (the one a player may pick) has a thick
    border and says so."""
    fill = COLOURS.get(colour, "#888")
    ink = "#222" if colour in ("yellow", "white") else "#fff"
    mark = " · next" if lowest else ""
    return (f'<g class="share-card{" lowest" if lowest else ""}" data-company="{esc(colour)}">'
            f'<rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H - 6}" rx="4" '
            f'fill="{fill}" stroke="{"#000" if lowest else "#333"}" '
            f'stroke-width="{2.5 if lowest else 1}"/>'
            f'<text x="{x + 8}" y="{y + 18}" font-size="11" fill="{ink}"'
            f'{" font-weight=" + chr(34) + "bold" + chr(34) if lowest else ""}>'
            f'{esc(colour)} share{mark}</text></g>')


def _city(x: float, y: float, card: dict[str, Any], lowest: bool = False) -> str:
    c2c = " ★" * int(card.get("coast_to_coast") or 0)
    return (f'<g class="city-card{" lowest" if lowest else ""}" data-city="{esc(card.get("id"))}">'
            f'<rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H - 2}" rx="4" '
            f'fill="{"#fff6d8" if lowest else "#fbf8ef"}" stroke="#333" '
            f'stroke-width="{2.5 if lowest else 1}"/>'
            f'<text x="{x + 6}" y="{y + 13}" font-size="10" font-weight="bold">'
            f'{esc(card.get("name"))}{esc(c2c)}</text><text x="{x + 6}" y="{y + 26}" '
            f'font-size="9">cost ${esc(card.get("cost"))} · income ${esc(card.get("income"))}'
            f'</text></g>')


def render(state: dict[str, Any]) -> str:
    view = state.get("view") or {}
    shares = view.get("share_columns") or []
    cities = view.get("city_columns") or []
    companies = view.get("companies") or []
    ncols = max(len(shares), len(cities), 1)
    width = max(PAD * 2 + ncols * (CARD_W + GAP), 520)
    share_h = max([len(c) for c in shares] + [0]) * (CARD_H - 10) + CARD_H + HEAD
    city_h = max([len(c) for c in cities] + [0]) * (CARD_H + 2) + CARD_H + HEAD
    top_cities = 40 + share_h + 24
    top_comp = top_cities + city_h + 20
    deck = view.get("deck") or {}
    notice = 34 if deck.get("reconstructed") else 0     # two lines under the companies
    height = top_comp + 18 * len(companies) + 20 + notice
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" '
           f'class="board nar" font-family="sans-serif" role="img" aria-label="card columns">',
           f'<rect width="{width:.0f}" height="{height:.0f}" fill="#eef3f7"/>',
           f'<text x="{PAD}" y="24" font-size="12" font-weight="bold">Share columns (pick the '
           f'lowest) · round '
           f'{esc(view.get("round", ""))} · '
           f'{esc(PHASE_WORDS.get(str(view.get("phase")), ""))}</text>']
    for i, col in enumerate(shares):
        x = PAD + i * (CARD_W + GAP)
        out.append(_column_number(x, 34 + HEAD - 4, "share", i))
        for j, colour in enumerate(col):
            out.append(_share(x, 34 + HEAD + j * (CARD_H - 10), str(colour),
                              j == len(col) - 1))
    out.append(f'<text x="{PAD}" y="{top_cities - 8}" font-size="12" font-weight="bold">'
               f'City columns (the lowest card of a column is for sale)</text>')
    for i, col in enumerate(cities):
        x = PAD + i * (CARD_W + GAP)
        out.append(_column_number(x, top_cities + HEAD - 4, "city", i))
        for j, card in enumerate(col):
            if isinstance(card, dict):
                out.append(_city(x, top_cities + HEAD + j * (CARD_H + 2), card,
                                 j == len(col) - 1))
    out.append(f'<text x="{PAD}" y="{top_comp}" font-size="12" font-weight="bold">'
               f'Companies</text>')
    for i, c in enumerate(companies):
        y = top_comp + 8 + i * 18
        cities_txt = ", ".join(str(x.get("name", x.get("id"))) if isinstance(x, dict) else str(x)
                               for x in (c.get("cities") or []))[:90]
        state_txt = "founded" if c.get("founded") else "not founded"
        out.append(f'<rect x="{PAD}" y="{y}" width="12" height="12" '
                   f'fill="{COLOURS.get(str(c.get("id")), "#888")}" stroke="#333"/>'
                   f'<text x="{PAD + 18}" y="{y + 10}" font-size="10">{esc(c.get("name"))} '
                   f'({state_txt}) cash ${esc(c.get("cash"))} · income '
                   f'${esc(c.get("income"))} · {esc(cities_txt)}</text>')
    if notice:
        y = height - notice + 6
        out.append(f'<text class="reconstructed" x="{PAD}" y="{y}" font-size="11" fill="#a11">'
                   f'RECONSTRUCTED deck: the rulebook prints no card values'
                   f'<tspan x="{PAD}" dy="14" font-size="10">'
                   f'{esc(deck.get("name"))}</tspan></text>')
    out.append("</svg>")
    return "".join(out)
