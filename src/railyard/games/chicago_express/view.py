"""The public (JSON) view of a Chicago Express state, for UIs and tools."""
from __future__ import annotations

from typing import Any

from ...cube.hexgrid import bits
from .board import ACTIONS


_STATIC: dict[int, tuple[Any, list[dict[str, Any]]]] = {}


def _static_hexes(b: Any) -> list[dict[str, Any]]:
    """The parts of each hex's view that never change during a game (made once per board:
    the view of a version is built for every read of the web page)."""
    got = _STATIC.get(id(b))
    if got is None or got[0] is not b:
        got = (b, [{
            "id": hid, "col": b.cols[h], "row": b.rows[h], "terrain": b.terrain[h],
            "name": b.names[h], "cost": b.cost[h],
            "income": None if b.industry_of[h] is not None else b.income[h],
            "bonus": b.bonus[h] if b.development[h] == "once" else None,
            "buildable": bool(b.buildable >> h & 1),
        } for h, hid in enumerate(b.hex_ids)])
        _STATIC[id(b)] = got
    return got[1]


def _hexes(s: Any, b: Any) -> list[dict[str, Any]]:
    """Every hex's view; the dicts of hexes whose locomotives and house did not change
    since the previous view of this state are reused (a version's view is built for the
    web page after every action, and an action changes a few hexes)."""
    occ, houses = tuple(s.occ), s.houses_mask
    prev = s.__dict__.get("_hex_view")
    if prev is not None and prev[0] is b and prev[1] == occ and prev[2] == houses:
        return prev[3]
    old = prev[3] if prev is not None and prev[0] is b else None
    old_occ = prev[1] if old is not None else None
    old_houses = prev[2] if old is not None else 0
    hexes = []
    for h, static in enumerate(_static_hexes(b)):
        if old is not None and old_occ[h] == occ[h] and \
                (old_houses >> h & 1) == (houses >> h & 1):
            hexes.append(old[h])
            continue
        hexes.append({
            **static,
            "locomotives": [b.companies[c].id for c in bits(occ[h])] if occ[h] else [],
            "house": bool(houses >> h & 1),
        })
    s.__dict__["_hex_view"] = (b, occ, houses, hexes)
    return hexes


def public_view(s: Any) -> dict[str, Any]:
    b = s.board
    companies = []
    for c, comp in enumerate(b.companies):
        companies.append({
            "id": comp.id, "name": comp.name, "color": comp.color,
            "open": s.opened[c], "cash": s.ccash[c], "income": s.income[c],
            "locomotives_left": s.locos[c], "shares_total": comp.shares,
            "shares_left": s.treasury[c], "shares_sold": s.sold(c),
            "start_hex": b.hex_ids[comp.start_hex],
            "hexes": [b.hex_ids[h] for h in bits(s.network[c])],
            "next_minimum_bid": s.minimum_bid(c) if s.opened[c] and s.treasury[c] else None,
        })
    players = []
    for p, name in enumerate(s.players):
        players.append({"name": name, "cash": s.cash[p],
                        "shares": {comp.id: s.held[c][p] for c, comp in enumerate(b.companies)
                                   if s.held[c][p]}})
    hexes = _hexes(s, b)
    industry = {ind.name: {"hex": b.hex_ids[ind.hex], "value": s.industry_value(i),
                           "values": list(ind.values)}
                for i, ind in enumerate(b.industries)}
    res = s.result()
    view: dict[str, Any] = {
        "title": s.title,
        "status": "finished" if s.over else "active",
        "phase": s.phase,
        "current_player": s.current_player,
        "turn_player": s.turn,
        "players": players,
        "companies": companies,
        "hexes": hexes,
        "houses_left": s.houses_left,
        "industry": industry,
        "dials": {name: {"used": s.dials[i], "max": b.dials[i]} for i, name in enumerate(ACTIONS)},
        "auction": None if s.auction is None else {
            **s.auction.to_json(), "lot": b.companies[s.auction.lot].id},
        "build": None if s.phase != "build" else {
            "company": None if s.build_company is None else b.companies[s.build_company].id,
            "built": s.built, "max": 3},
        "chicago_reached": s.chicago_reached,
        "general_dividends": s.general_dividends,
        "end_conditions": s.end_conditions(),
        "bank_paid_out": 10_000 - s.bank,
        "result": None if res is None else res.to_json(s.players),
    }
    return view
