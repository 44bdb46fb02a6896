"""Corporations closing in the closed zone (3.2.4)."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import G1870State


def close_if_closed(g: "G1870State", corp: str) -> bool:
    """3.2.4: markers leave the map, shares vanish, cash to the bank, trains to the pool,
    its privates close, the certificate limit is recomputed; it never returns."""
    s = g.s
    c = s["corps"][corp]
    if c["closed"] or c["pos"] is None or not g.st.market.is_closed(c["pos"]):
        return False
    key = f"{c['pos'][0]},{c['pos'][1]}"
    s["stacks"][key].remove(corp)
    c["pos"] = None
    c["closed"] = True
    c["floated"] = False
    s["bank"] += c["cash"]
    c["cash"] = 0
    s["train_pool"].extend(c["trains"])
    c["trains"] = []
    for hex_id, cities in s["tokens"].items():
        for held in cities:
            if corp in held:
                held.remove(corp)
    s["holders"][corp] = {"ipo": [], "pool": []}
    for comp in s["companies"].values():
        if comp["owner"] == corp:
            comp["closed"] = True
    s["closed_count"] += 1
    return True
