"""Paying out or withholding (9.4) and the marker moves that go with it."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...eighteen import operating as core
from .closing import close_if_closed

if TYPE_CHECKING:
    from .state import G1870State

KINDS = ("full", "half", "withhold")


def company_half(revenue: int) -> int:
    """9.4.2 (ruling, 18xx.games): the corporation keeps half, rounded down to $10."""
    return revenue // 20 * 10


def distribute(g: "G1870State", corp: str, amount: int) -> None:
    """9.4.1: each 10 % pays amount/10 to its holder: players, the corporation for IPO and
    redeemed shares; pool shares pay nothing (the money stays in the bank)."""
    core.distribute(g, corp, amount, ("ipo", "treasury"))


def pay(g: "G1870State", corp: str, revenue: int, kind: str) -> None:
    s = g.s
    c = s["corps"][corp]
    market = g.st.market
    if kind == "half" and company_half(revenue) == 0:
        kind = "full"                                # 9.4.4: $10 half = full
    g.event("dividend", corp=corp, revenue=revenue, kind=kind if revenue > 0 else "withhold")
    if revenue <= 0 or kind == "withhold":           # 9.4.3
        core.keep(g, corp, revenue)
        g.set_pos(corp, market.left(c["pos"]))
    elif kind == "full":
        distribute(g, corp, revenue)
        g.set_pos(corp, market.right(c["pos"]))
    else:
        keep = company_half(revenue)
        core.keep(g, corp, keep)
        distribute(g, corp, revenue - keep)
    close_if_closed(g, corp)
