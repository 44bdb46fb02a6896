"""Paying out or withholding (9.4) and the marker moves that go with it."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...eighteen import shares as sh
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
    s = g.s
    per = amount // 10
    for holder, certs in s["holders"][corp].items():
        pay = per * sum(sh.pct(c) for c in certs) // 10
        if not pay or holder == "pool":
            continue
        g.pay_from_bank(pay)
        if holder in ("ipo", "treasury"):
            s["corps"][corp]["cash"] += pay
        else:
            s["cash"][int(holder)] += pay


def pay(g: "G1870State", corp: str, revenue: int, kind: str) -> None:
    s = g.s
    c = s["corps"][corp]
    market = g.st.market
    if kind == "half" and company_half(revenue) == 0:
        kind = "full"                                # 9.4.4: $10 half = full
    g.event("dividend", corp=corp, revenue=revenue, kind=kind if revenue > 0 else "withhold")
    if revenue <= 0 or kind == "withhold":           # 9.4.3
        g.pay_from_bank(revenue)
        c["cash"] += revenue
        g.set_pos(corp, market.left(c["pos"]))
    elif kind == "full":
        distribute(g, corp, revenue)
        g.set_pos(corp, market.right(c["pos"]))
    else:
        keep = company_half(revenue)
        g.pay_from_bank(keep)
        c["cash"] += keep
        distribute(g, corp, revenue - keep)
    close_if_closed(g, corp)
