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
from ...eighteen import operating as core
from ...eighteen import shares as sh
from ...eighteen import stock as est

if TYPE_CHECKING:
    from .state import G1870State


def offers(g: "G1870State") -> list[tuple[str, int]]:
    """Trains for sale: the bank's next one and every pool train, with prices."""
    from .operating import next_train, train_price
    t = next_train(g)
    return ([] if t is None else [("depot", t.price)]) + [
        (tid, train_price(g, tid)) for tid in sorted(set(g.s["train_pool"]))]


def cheapest(g: "G1870State") -> int | None:
    return min((p for _, p in offers(g)), default=None)


def must_buy(g: "G1870State", corp: str) -> bool:
    """9.5.3: no train, a route exists (a station and one more stop), a train for sale
    (:func:`railyard.eighteen.operating.must_buy`)."""
    return core.must_buy(g, corp, lambda: offers(g))


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
    hi = _most(g, corp, other, seat)
    need = _need(g, corp)
    if g.market_price(other) <= 0 or need <= 0:
        return None
    lo = 1
    if mine > 60 and not g.st.market.may_exceed_holding_limit(c["pos"]):
        lo = max(lo, (mine - 60 + 9) // 10)
    if needed_only:            # 10.2.1: one share fewer must not cover the shortfall
        hi = min(hi, max(core.shares_needed(g, need, seat, corp, other), lo))
    return (lo, hi) if lo <= hi else None


def _most(g: "G1870State", corp: str, other: str, seat: int) -> int:
    """The most shares of ``other`` that ``seat``, ``corp``'s president, may sell to the
    pool (10.2.1-10.2.3, 10.3.2; 0 or less: none): the pool's room, the president's
    certificate only to another player holding 20 % (6.1.6), never the presidency of
    ``corp`` (10.2.3)."""
    h = g.s["holders"][other]
    n = len(g.players)
    most = est.sale_limit(h, seat, g.s["corps"][other]["president"], n)
    if other == corp:
        most = min(most, (sh.percent(h, str(seat)) - max(est.best_other(h, seat, n), 20)) // 10)
    return most


def _to_pool(g: "G1870State", other: str, seat: int, count: int, last: bool) -> None:
    """``seat`` puts ``count`` of his 10 % shares of ``other`` (the ``last`` ones received,
    else the first) into the pool; a president who falls behind another player first
    hands the presidency to the next such player to his left (6.1.6)."""
    s = g.s
    c = s["corps"][other]
    h = s["holders"][other]
    n = len(g.players)
    if count and c["president"] == seat:
        best = est.best_other(h, seat, n)
        if sh.percent(h, str(seat)) - 10 * count < best:
            new = next((seat + i) % n for i in range(1, n)
                       if sh.percent(h, str((seat + i) % n)) == best)
            sh.transfer_presidency(h, other, seat, new)
            c["president"] = new
    tens = [x for x in h.get(str(seat), ()) if sh.pct(x) == 10]
    for cert in tens[-count:] if last else tens[:count]:
        sh.move(h, cert, str(seat), "pool")


def bankrupt_now(g: "G1870State", corp: str) -> bool:
    """10.3.1: corporation cash + president cash + the proceeds of every share he could
    legally sell do not pay for the cheapest train."""
    return sum(rng[1] * g.market_price(other) for other in g.s["corps"]
               if (rng := sell_range(g, corp, other, needed_only=False))) < shortfall(g, corp)


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
    price = g.market_price(other)
    before = c["president"]
    _to_pool(g, other, seat, count, last=True)
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
    for other in s["holders"]:
        c = s["corps"][other]
        if c["closed"] or c["pos"] is None:
            continue
        if any(x["corporation"] == other for x in s["op"].get("sales", ())):
            continue                                  # 10.2.2: one block per corporation
        _to_pool(g, other, seat, max(0, _most(g, corp, other, seat)), last=False)
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


def protection_apply(g: "G1870State", action: Mapping[str, Any]) -> dict:
    """6.2.4: the president protects or declines the first waiting sale (no turn-order
    effect in an operating round)."""
    from .protection import answer
    sale = g.s["op"]["sales"][0]
    answer(g, action, sale, "10.2.4, 6.2")
    g.s["op"]["sales"].pop(0)
    return {"type": action["type"], "player": sale["president"],
            "corporation": sale["corporation"]}
