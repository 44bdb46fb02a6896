"""Forced train purchase (9.5.3-9.5.5), emergency sales (10.2) and bankruptcy (10.3).

Simplifications for now (see docs/games/1870.md): emergency sales drop the price at once
(the protection offer of 10.2.4 is not made) and the president cannot add money to buy a
train from another corporation (trains between corporations are not implemented)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ...engine.actions import Choice, get_int, get_str
from ...engine.errors import UNKNOWN_ID
from ...eighteen import shares as sh
from ...eighteen.routes import find_routes
from .closing import close_if_closed

if TYPE_CHECKING:
    from .state import G1870State


def offers(g: "G1870State") -> list[tuple[str, int]]:
    """Trains for sale: the bank's next one and every pool train, with prices."""
    from .operating import next_train, train_price
    out = []
    t = next_train(g)
    if t is not None:
        out.append(("depot", t.price))
    out.extend((tid, train_price(g, tid)) for tid in sorted(set(g.s["train_pool"])))
    return out


def cheapest(g: "G1870State") -> int | None:
    prices = [p for _, p in offers(g)]
    return min(prices) if prices else None


def must_buy(g: "G1870State", corp: str) -> bool:
    """9.5.3: no train, a route exists (a station and one more stop), a train for sale."""
    s = g.s
    if s["corps"][corp]["trains"] or cheapest(g) is None:
        return False
    return bool(find_routes(g.st.board, s["tiles"], s["tokens"], corp, 2, "gray", limit=1))


def shortfall(g: "G1870State", corp: str) -> int:
    """What corporation and president together still lack for the cheapest train."""
    pres = g.s["corps"][corp]["president"]
    return max(0, cheapest(g) - g.s["corps"][corp]["cash"] - g.s["cash"][pres])


def sell_range(g: "G1870State", corp: str, other: str) -> tuple[int, int] | None:
    """10.2.1-10.2.3: the president sells only what is needed, within the normal limits,
    never losing the presidency of the buying corporation."""
    s = g.s
    seat = s["corps"][corp]["president"]
    c = s["corps"][other]
    if c["closed"] or c["pos"] is None:
        return None
    h = s["holders"][other]
    mine = sh.percent(h, str(seat))
    if not mine:
        return None
    room = (50 - sh.percent(h, "pool")) // 10
    others = max((sh.percent(h, str(p)) for p in range(len(g.players)) if p != seat), default=0)
    if c["president"] == seat:
        if other == corp:
            own = (mine - max(others, 20)) // 10 if mine >= 20 else 0
        else:
            own = mine // 10 if others >= 20 else (mine - 20) // 10
    else:
        own = mine // 10
    hi = min(room, own)
    price = g.market_price(other)
    need = shortfall(g, corp)
    if price <= 0 or need <= 0:
        return None
    enough = -(-need // price)                        # shares that cover the shortfall
    lo = 1
    if mine > 60 and not g.st.market.may_exceed_holding_limit(c["pos"]):
        lo = max(lo, (mine - 60 + 9) // 10)
    hi = min(hi, max(enough, lo))
    return (lo, hi) if lo <= hi else None


def choices(g: "G1870State", corp: str, seat: int) -> list[Choice]:
    s = g.s
    if not must_buy(g, corp):
        return []
    if shortfall(g, corp) == 0:
        low = cheapest(g)
        out = []
        for src, price in offers(g):
            if price == low:
                fixed = {"corporation": corp, "source": "depot"} if src == "depot" else \
                    {"corporation": corp, "source": "pool", "train": src}
                out.append(Choice("buy_train", seat, fixed))
        return out
    out = []
    for other in s["corps"]:
        rng = sell_range(g, corp, other)
        if rng:
            out.append(Choice("emergency_sell", seat, {"corporation": corp, "shares": other},
                              {"count": rng}))
    if not out:
        out.append(Choice("bankrupt", seat, {"corporation": corp}))
    return out


def apply(g: "G1870State", action: Mapping[str, Any], corp: str) -> dict:
    s = g.s
    seat = s["corps"][corp]["president"]
    if not must_buy(g, corp) or shortfall(g, corp) == 0:
        g.fail("Shares are sold or bankruptcy declared only when the money for a forced "
               "train purchase is missing (10.2, 10.3).")
    if action["type"] == "bankrupt":
        if any(sell_range(g, corp, o) for o in s["corps"]):
            g.fail("A player may not declare bankruptcy while he can still sell shares (10.3.1).")
        return _bankrupt(g, corp, seat)
    other = get_str(action, "shares")
    if other not in s["corps"]:
        g.fail(f"There is no corporation '{other}'.", UNKNOWN_ID)
    rng = sell_range(g, corp, other)
    count = get_int(action, "count")
    if rng is None or not rng[0] <= count <= rng[1]:
        g.fail(f"You may sell {rng[0]} to {rng[1]} {other} shares now (10.2.1)." if rng else
               f"You cannot sell {other} shares now (10.2).")
    c = s["corps"][other]
    h = s["holders"][other]
    price = g.market_price(other)
    if c["president"] == seat:
        after = sh.percent(h, str(seat)) - 10 * count
        n = len(g.players)
        best = max(sh.percent(h, str(p)) for p in range(n) if p != seat)
        if after < best:
            new = next((seat + i) % n for i in range(1, n)
                       if sh.percent(h, str((seat + i) % n)) == best)
            sh.transfer_presidency(h, other, seat, new)
            c["president"] = new
    for cert in [x for x in h[str(seat)] if sh.pct(x) == 10][-count:]:
        sh.move(h, cert, str(seat), "pool")
    s["cash"][seat] += price * count
    g.pay_from_bank(price * count)
    g.set_pos(other, g.st.market.sell(c["pos"], count))
    close_if_closed(g, other)
    return {"type": "emergency_sell", "player": seat, "corporation": corp, "shares": other,
            "count": count, "price": price}


def _bankrupt(g: "G1870State", corp: str, seat: int) -> dict:
    """10.3.2 (ruling, 18xx.games): sellable shares go to the pool without price drops, his
    cash goes to the bank, the game ends at once."""
    s = g.s
    for other, h in s["holders"].items():
        c = s["corps"][other]
        if c["closed"] or c["president"] == seat:
            continue
        room = (50 - sh.percent(h, "pool")) // 10
        for cert in [x for x in h.get(str(seat), ()) if sh.pct(x) == 10][:room]:
            sh.move(h, cert, str(seat), "pool")
    s["bank"] += s["cash"][seat]
    s["cash"][seat] = 0
    g.end_game("bankruptcy")
    return {"type": "bankrupt", "player": seat, "corporation": corp}
