"""Operating-round rules both 18xx titles share (issue 27): the operating order, paying
and keeping revenue, rusting trains and the corporations over the train limit.  The
titles pass what differs (which holders' dividends go to the corporation, whether the
market row breaks a tie in the order)."""
from __future__ import annotations

from typing import Any, Iterable

from . import shares as sh
from .trains import ttype


def order_key(g: Any, corp: str, by_row: bool = False) -> tuple:
    """Operating order (1830 11.0, 1870 3.3.7): higher share price first; on equal price
    the marker further right, (``by_row``, 1830: then the higher row); on one cell the
    marker on top of the stack first."""
    pos = g.s["corps"][corp]["pos"]
    top = g.s["stacks"][f"{pos[0]},{pos[1]}"].index(corp)
    price = g.st.market.price(pos)
    return (-price, -pos[1], pos[0], top) if by_row else (-price, -pos[1], top)


def distribute(g: Any, corp: str, amount: int, to_company: Iterable[str]) -> None:
    """Pay ``amount`` as a dividend (1830 20.3, 1870 9.4.1): each 10 % pays a tenth, from
    the bank, to the player holding it; the shares held by ``to_company`` (1830 the pool,
    1870 the IPO and redeemed shares) pay the corporation; other shares pay nobody."""
    s = g.s
    per = amount // 10
    for holder, certs in s["holders"][corp].items():
        pay = per * sum(sh.pct(c) for c in certs) // 10
        if not pay:
            continue
        if holder in to_company:
            s["corps"][corp]["cash"] += pay
        elif holder.isdigit():
            s["cash"][int(holder)] += pay
        else:
            continue
        g.pay_from_bank(pay)


def keep(g: Any, corp: str, amount: int) -> None:
    """The corporation keeps ``amount`` of revenue (withheld or its half), paid by the
    bank."""
    if amount:
        g.pay_from_bank(amount)
        g.s["corps"][corp]["cash"] += amount


def rust(g: Any, types: set[str]) -> None:
    """The trains of ``types`` rust: they leave the corporations and the bank's pool
    (1830 22.0, 1870 1.3); the ``rust`` event is recorded even when none rust."""
    s = g.s
    g.event("rust", types=sorted(types))
    if types:
        for c in s["corps"].values():
            c["trains"] = [t for t in c["trains"] if ttype(t) not in types]
        s["train_pool"] = [t for t in s["train_pool"] if ttype(t) not in types]


def over_limit(g: Any, limit: int) -> list[str]:
    """The corporations holding more than ``limit`` trains, in chart order (they discard,
    1830 22.0, 1870 2.4)."""
    return [c for c, v in g.s["corps"].items() if len(v["trains"]) > limit]
