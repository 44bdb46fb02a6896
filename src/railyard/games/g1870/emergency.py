"""Forced train purchase (9.5.3-9.5.5), emergency sales (10.2) and bankruptcy (10.3).

Emergency sales wait for price protection (10.2.4, 6.2.6): the shares go to the pool and
the president is paid at once, but each block is offered to its corporation's president
(as he was before the sale) when the buying corporation's turn ends; unprotected blocks
then drop the price.  The president's money never buys another corporation's train
(:mod:`.trade`)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ...engine.actions import Choice, get_int, get_str
from ...engine.errors import UNKNOWN_ID
from ...eighteen import shares as sh
from ...eighteen.routes import find_routes

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


def _need(g: "G1870State", corp: str) -> int:
    """The shortfall the emergency sales may cover.  Profile option
    ``emergency_sale_when_corporation_short`` (18xx.games): while the corporation's own
    cash is below the cheapest train the president may sell even when his cash covers the
    rest, one share at a time (counted as a shortfall of $1)."""
    need = shortfall(g, corp)
    if need == 0 and g.options.get("emergency_sale_when_corporation_short") \
            and g.s["corps"][corp]["cash"] < (cheapest(g) or 0):
        return 1
    return need


def sell_range(g: "G1870State", corp: str, other: str,
               needed_only: bool = True) -> tuple[int, int] | None:
    """10.2.1-10.2.3: the president sells only what is needed, within the normal limits,
    never losing the presidency of the buying corporation."""
    s = g.s
    seat = s["corps"][corp]["president"]
    c = s["corps"][other]
    if c["closed"] or c["pos"] is None:
        return None
    if any(x["corporation"] == other for x in s["op"].get("sales", ())):
        return None                                   # 10.2.2: one block per corporation
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
    need = _need(g, corp)
    if price <= 0 or need <= 0:
        return None
    enough = -(-need // price)                        # shares that cover the shortfall
    lo = 1
    if mine > 60 and not g.st.market.may_exceed_holding_limit(c["pos"]):
        lo = max(lo, (mine - 60 + 9) // 10)
    if needed_only:
        # 10.2.1: one share fewer must not cover the shortfall.  Profile option
        # (18xx.games): when his only certificate is the president's, the site measures
        # "one fewer" by that 20 % certificate, so he may sell it whole
        extra = 1 if g.options.get("emergency_sale_whole_presidents_certificate") and \
            c["president"] == seat and other != corp and h[str(seat)] == [f"{other}_0"] \
            else 0
        hi = min(hi, max(enough + extra, lo))
    return (lo, hi) if lo <= hi else None


def bankrupt_now(g: "G1870State", corp: str) -> bool:
    """10.3.1: corporation cash + president cash + the proceeds of every share he could
    legally sell do not pay for the cheapest train."""
    proceeds = 0
    for other in g.s["corps"]:
        rng = sell_range(g, corp, other, needed_only=False)
        if rng:
            proceeds += rng[1] * g.market_price(other)
    return proceeds < shortfall(g, corp)


def choices(g: "G1870State", corp: str, seat: int) -> list[Choice]:
    s = g.s
    if not must_buy(g, corp):
        return []
    out = []
    if shortfall(g, corp) == 0:
        low = cheapest(g)
        for src, price in offers(g):
            if price == low:
                fixed = {"corporation": corp, "source": "depot"} if src == "depot" else \
                    {"corporation": corp, "source": "pool", "train": src}
                out.append(Choice("buy_train", seat, fixed))
        if _need(g, corp) == 0:
            return out
    for other in s["corps"]:
        rng = sell_range(g, corp, other)
        if rng:
            out.append(Choice("emergency_sell", seat, {"corporation": corp, "shares": other},
                              {"count": rng}))
    if shortfall(g, corp) and (not out or bankrupt_now(g, corp)):
        out.append(Choice("bankrupt", seat, {"corporation": corp}))
    return out


def apply(g: "G1870State", action: Mapping[str, Any], corp: str) -> dict:
    s = g.s
    seat = s["corps"][corp]["president"]
    if not must_buy(g, corp) or _need(g, corp) == 0:
        g.fail("Shares are sold or bankruptcy declared only when the money for a forced "
               "train purchase is missing (10.2, 10.3).")
    if action["type"] == "bankrupt":
        if not bankrupt_now(g, corp):
            g.fail("A player may not declare bankruptcy while selling shares can still pay "
                   "for the train (10.3.1).")
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
    before = c["president"]
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
    s["op"].setdefault("sales", []).append(            # 10.2.4: protection after the purchase
        {"corporation": other, "count": count, "seller": seat, "price": price,
         "president": before, "president_changed": before != c["president"]})
    return {"type": "emergency_sell", "player": seat, "corporation": corp, "shares": other,
            "count": count, "price": price}


def _bankrupt(g: "G1870State", corp: str, seat: int) -> dict:
    """10.3.2 (ruling, 18xx.games): all sellable shares go to the pool without price drops,
    also those of corporations he presides (D4): as many as the pool takes (3.1.5), none of
    a corporation he already sold in this emergency (10.2.2), and as the presidency allows (6.1.6: the president's certificate only to another player holding
    20 %; 10.2.3: never the presidency of the corporation needing the train); his cash goes
    to the bank, the game ends at once."""
    s = g.s
    n = len(g.players)
    for other, h in s["holders"].items():
        c = s["corps"][other]
        if c["closed"] or c["pos"] is None:
            continue
        if any(x["corporation"] == other for x in s["op"].get("sales", ())):
            continue                                  # 10.2.2: one block per corporation
        room = (50 - sh.percent(h, "pool")) // 10
        mine = sh.percent(h, str(seat))
        count = min(room, mine // 10)
        if c["president"] == seat:
            others = max((sh.percent(h, str(p)) for p in range(n) if p != seat), default=0)
            if other == corp:
                own = (mine - max(others, 20)) // 10
            else:
                own = mine // 10 if others >= 20 else (mine - 20) // 10
            count = max(0, min(room, own))
            after = mine - 10 * count
            if count and after < others:                           # 6.1.6
                new = next((seat + i) % n for i in range(1, n)
                           if sh.percent(h, str((seat + i) % n)) == others)
                sh.transfer_presidency(h, other, seat, new)
                c["president"] = new
        for cert in [x for x in h.get(str(seat), ()) if sh.pct(x) == 10][:count]:
            sh.move(h, cert, str(seat), "pool")
    s["bank"] += s["cash"][seat]
    s["cash"][seat] = 0
    g.end_game("bankruptcy")
    return {"type": "bankrupt", "player": seat, "corporation": corp}


# ---- price protection of emergency sales (10.2.4, 6.2) --------------------------------
def next_protection(g: "G1870State") -> bool:
    """Work through the queued emergency sales in sale order: True when a president must
    decide; unprotectable blocks drop the price at once (3.3.2)."""
    from .protection import drop, may_protect
    op = g.s["op"]
    sales = op.setdefault("sales", [])
    while sales:
        if may_protect(g, sales[0]):
            return True
        drop(g, sales.pop(0))
    return False


def protection_choices(g: "G1870State") -> list[Choice]:
    sale = g.s["op"]["sales"][0]
    fixed = {"corporation": sale["corporation"]}
    return [Choice("protect", sale["president"], fixed),
            Choice("decline", sale["president"], fixed)]


def protection_apply(g: "G1870State", action: Mapping[str, Any]) -> dict:
    """6.2.4: protecting buys the whole block from the pool at the sale price; no
    turn-order effect in an operating round.  Declining drops the price."""
    from .protection import drop
    s = g.s
    sale = s["op"]["sales"][0]
    t = action["type"]
    if t not in ("protect", "decline"):
        g.wrong_phase(f"{g.players[sale['president']]} must first decide whether to protect "
                      f"{sale['corporation']} (10.2.4, 6.2).")
    corp = sale["corporation"]
    if action.get("corporation", corp) != corp:
        g.fail(f"The sale waiting for protection is of {corp}.")
    s["op"]["sales"].pop(0)
    if t == "protect":
        h = s["holders"][corp]
        for cert in h["pool"][-sale["count"]:]:
            sh.move(h, cert, "pool", str(sale["president"]))
        cost = sale["count"] * sale["price"]
        s["cash"][sale["president"]] -= cost
        s["bank"] += cost
    else:
        drop(g, sale)
    return {"type": t, "player": sale["president"], "corporation": corp}
