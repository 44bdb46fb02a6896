"""Stock-round rules both 18xx titles share (issue 27): the round's bookkeeping in one
shape, the limits of a sale, the holding limit, and the end of the round.

The bookkeeping (``s["stock"]``, :class:`~.types.StockCore`): the seat whose ``turn`` it
is, ``passes`` in succession, the ``last_actor`` (who bought or sold last: the priority
deal goes to the player after him), whether the seat to act has ``acted``, his ``buys``
this turn (``[source, corporation]``; a par is ``["ipo", corporation]``) and the
corporations each seat sold this round (``sold_round``, seat as a string: no buying them
back in the round).  A title adds its own keys (1830's private offer, 1870's price
protection and treasury flags).
"""
from __future__ import annotations

from typing import Any, Callable

from . import shares as sh


def set_par(g: Any, corp: str, price: int) -> None:
    """``corp`` starts at ``price``: its par, and its marker on that par cell."""
    g.s["corps"][corp]["par"] = price
    g.set_pos(corp, g.st.market.par_cell(price))


def start_corporation(g: Any, seat: int, corp: str, price: int) -> None:
    """``seat`` starts ``corp`` at par ``price``: he buys its president's certificate from
    the initial offering for 2 x par (1830 8.1, 1870 7.1.1), becomes its president and its
    marker goes on the par cell; the purchase of his turn."""
    s = g.s
    sh.move(s["holders"][corp], f"{corp}_0", "ipo", str(seat))
    s["cash"][seat] -= 2 * price
    s["bank"] += 2 * price
    set_par(g, corp, price)
    s["corps"][corp]["president"] = seat
    s["stock"]["buys"].append(["ipo", corp])


def new_round(priority: int, **extra: Any) -> dict:
    """The bookkeeping of a stock round that starts with the priority deal's holder."""
    return {"turn": priority, "passes": 0, "last_actor": None, "acted": False, "buys": [],
            "sold_round": {}, **extra}


def bought(r: Any) -> str | None:
    """The corporation bought from (or started) this turn, if any (several purchases in
    one turn are all of one corporation)."""
    buys = r["buys"]
    return buys[-1][1] if buys else None


def record_sale(r: Any, seat: int, corp: str) -> None:
    """``seat`` sold ``corp``: he may not buy it again this round (1830 4.0, 1870 6.3.3)."""
    r["sold_round"].setdefault(str(seat), []).append(corp)


def best_other(h: dict, seat: int, n_players: int) -> int:
    """The largest percentage of the corporation held by a player other than ``seat``."""
    return max((sh.percent(h, str(p)) for p in range(n_players) if p != seat), default=0)


def sale_limit(h: dict, seat: int, president: int | None, n_players: int) -> int:
    """The most 10 % shares ``seat`` may sell of a corporation (holders ``h``) to the pool
    at once (0 or less: none): the shares he holds, the pool's 50 % (1830 12.0b, 1870
    3.1.5), and the president's certificate, which never goes to the pool: its holder
    keeps 20 % unless another player holds 20 % to take it over (1830 12.0c/13.0, 1870
    6.1.6)."""
    have = sh.percent(h, str(seat))
    if not have:
        return 0
    hi = min(have // 10, (50 - sh.percent(h, "pool")) // 10)
    if president == seat and best_other(h, seat, n_players) < 20:
        hi = min(hi, (have - 20) // 10)
    return hi


def over_holding_limit(market: Any, pos: Any, percent: int) -> bool:
    """Holding ``percent`` of a corporation at market cell ``pos`` breaks the 60 % limit
    (lifted in the zones the market says: 1830 10.0 orange and brown, 1870 3.1.4 green
    and brown)."""
    return percent > 60 and not market.may_exceed_holding_limit(pos)


def end_round(g: Any, order: list[str], rise: Callable[[Any], Any]) -> None:
    """The end of a stock round: each floated corporation whose shares are all held by
    players rises (``rise``, in ``order``: operating order; 1830 8.2b, 1870 3.3.5), the
    priority deal goes to the player after the last one who bought or sold (1830 4.0,
    1870 6.5), and the set of operating rounds is counted (the title starts it)."""
    s = g.s
    for corp in order:
        c = s["corps"][corp]
        h = s["holders"][corp]
        if c["floated"] and not h["ipo"] and not h["pool"]:
            g.set_pos(corp, rise(c["pos"]))
    last = s["stock"]["last_actor"]
    if last is not None:
        s["priority"] = (last + 1) % len(g.players)
    s["stock"] = None
    s["or_total"] = g.phase_info()["operating_rounds"]
    s["or_num"] = 0
