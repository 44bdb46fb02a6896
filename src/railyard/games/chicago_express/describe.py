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
        return f"{who} offers a {action.get('company')} share"
    if kind == "forgo":
        return f"{who} forgoes the action"
    if kind == "end_build":
        return f"{who} stops building"
    if kind == "build":
        h = b.index.get(action.get("hex"))
        cost = f" for ${state.build_cost(h)}" if h is not None else ""
        name = f" ({b.names[h]})" if h is not None and b.names[h] else ""
        return f"{who} builds the {action.get('company')} to {action.get('hex')}{name}{cost}"
    if kind == "develop":
        h = b.index.get(action.get("hex"))
        name = f" ({b.names[h]})" if h is not None and b.names[h] else ""
        return f"{who} develops {action.get('hex')}{name}"
    return f"{who}: {dict(action)}"
