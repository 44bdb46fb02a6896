"""Readable sentences for Chicago Express actions (the game log)."""
from __future__ import annotations

from typing import Any, Mapping

from .board import ACTIONS


def describe(state: Any, action: Mapping[str, Any]) -> str:
    who = state.players[action["player"]] if isinstance(action.get("player"), int) and \
        0 <= action["player"] < len(state.players) else "?"
    kind = action.get("type")
    b = state.board
    if kind == "bid":
        return f"{who} bids ${action.get('amount')} for a {action.get('company', 'share')} share"
    if kind == "pass":
        if state.auction is not None:
            lot = b.companies[state.auction.lot].id
            return f"{who} passes on the {lot} share"
        return f"{who} passes"
    if kind == "choose":
        name = action.get("action")
        if name in ACTIONS:
            i = ACTIONS.index(name)
            return (f"{who} chooses {name} (pointer {state.dials[i] + 1} of "
                    f"{b.dials[i]})")
        return f"{who} chooses {name}"
    if kind == "offer":
        c = b.company_index.get(action.get("company"))
        low = f" (minimum bid ${state.minimum_bid(c)})" if c is not None else ""
        return f"{who} offers a {action.get('company')} share for auction{low}"
    if kind == "forgo":
        return f"{who} forgoes the action"
    if kind == "end_build":
        return f"{who} stops building"
    if kind == "build":
        h = b.index.get(action.get("hex"))
        cost = (f" for ${state.build_cost(h)} from the company's treasury; its income rises "
                f"by ${state.build_income(h)}") if h is not None else ""
        name = f" ({b.names[h]})" if h is not None and b.names[h] else ""
        return f"{who} builds the {action.get('company')} to {action.get('hex')}{name}{cost}"
    if kind == "develop":
        h = b.index.get(action.get("hex"))
        name = f" ({b.names[h]})" if h is not None and b.names[h] else ""
        return f"{who} develops {action.get('hex')}{name}{_develop_effect(state, h)}"
    return f"{who}: {dict(action)}"


def _develop_effect(state: Any, h: int | None) -> str:
    """What developing hex ``h`` does ("Entwicklung eines Spielfeldes"): the income of each
    company with a locomotive there rises; on a forest each gets money from the bank."""
    if h is None:
        return ""
    from ...cube.hexgrid import bits
    b = state.board
    comps = [b.companies[c].id for c in bits(state.occ[h])]
    if not comps:
        return ""
    i = b.industry_of[h]
    if i is not None:
        ind = b.industries[i]
        k = state.industry[i]
        if k + 1 >= len(ind.values):
            return ""
        gain = ind.values[k + 1] - ind.values[k]
        return (f": {ind.name} steps up from {ind.values[k]} to {ind.values[k + 1]}; the "
                f"income of {', '.join(comps)} rises by ${gain}")
    parts = []
    if b.bonus[h]:
        parts.append(f"the income of {', '.join(comps)} rises by ${b.bonus[h]}")
    if b.dev_cash[h]:
        parts.append(f"{', '.join(comps)} get{'s' if len(comps) == 1 else ''} "
                     f"${b.dev_cash[h]} each from the bank")
    return (": " + "; ".join(parts)) if parts else ""
