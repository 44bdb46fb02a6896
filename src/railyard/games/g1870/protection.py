"""Price protection (6.2): when the seller's turn ends, each queued sale is offered in sale
order to the corporation's president (as he was before the sale); protecting buys the whole
block at the sale price and the price does not fall, otherwise the marker drops (3.3.2)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, cast

from ...engine.actions import Choice
from ...eighteen import shares as sh

if TYPE_CHECKING:
    from .state import G1870State


def may_protect(g: "G1870State", sale: dict) -> bool:
    """6.2.2/6.2.3: not the seller, not after a presidency change by the sale, enough cash,
    no own sale of this corporation this round (unless ``can_protect_if_sold``), and room
    under the certificate limit if the shares count.  Profile option
    ``emergency_sale_protected_by_seller`` (18xx.games): an emergency sale (10.2.4) is
    offered to the president before the sale even when he is the seller, also after a
    presidency change by that sale, with the cash and (for shares that count, 3.1.2)
    certificate room as for anyone; not in a game with ``can_protect_if_sold``, where the
    site never offers the seller his own sale."""
    s = g.s
    corp = sale["corporation"]
    pres = sale["president"]
    if s["corps"][corp]["closed"] or pres is None:
        return False
    by_seller = bool(g.options.get("emergency_sale_protected_by_seller")) \
        and s["round"] == "operating" and not g.options.get("can_protect_if_sold", False)
    if (pres == sale["seller"] or sale["president_changed"]) and not by_seller:
        return False
    if s["cash"][pres] < sale["count"] * sale["price"]:
        return False
    sold = s["stock"]["sold_round"] if s["stock"] else {}   # ruling: no such rule in an OR
    if (not g.options.get("can_protect_if_sold", False)
            and corp in sold.get(str(pres), ())):
        return False
    if (g.counts(corp, projected=False)                    # 6.2.6: for him they count
            and g.cert_count(pres, projected=False) + sale["count"] > g.cert_limit()):
        return False
    return True


def process(g: "G1870State") -> None:
    """Work through the queue until a president must decide or the queue is empty."""
    from .stock import advance
    r = g.s["stock"]
    while r["queue"]:
        sale = r["queue"][0]
        if may_protect(g, sale):
            r["protect"] = 0
            return
        r["queue"].pop(0)
        drop(g, sale)
    r["protect"] = None
    advance(g)


def drop(g: "G1870State", sale: dict) -> None:
    from .closing import close_if_closed
    corp = sale["corporation"]
    c = g.s["corps"][corp]
    if c["closed"]:
        return
    g.set_pos(corp, g.st.market.sell(c["pos"], sale["count"]))
    close_if_closed(g, corp)


def waiting_sales(g: "G1870State", corp: str) -> list[dict]:
    """The sales of ``corp`` waiting for price protection: the stock round's queue (6.2)
    and the operating round's emergency sales (10.2.4), in sale order."""
    s = g.s
    out = [x for x in ((s.get("stock") or {}).get("queue") or []) if x["corporation"] == corp]
    out += [x for x in ((s.get("op") or {}).get("sales") or []) if x["corporation"] == corp]
    return out


def price_if_unprotected(g: "G1870State", corp: str) -> int | None:
    """The share price of ``corp`` once every waiting sale of it drops the marker
    (:func:`drop` on a copy, 3.3.2): the price when the turn ends and nobody protects.
    None without a price; the game is not changed."""
    other = cast("G1870State", g.clone())
    for sale in waiting_sales(other, corp):
        drop(other, sale)
    pos = other.s["corps"][corp]["pos"]
    return None if pos is None else int(other.st.market.price(pos))


def choices(sale: dict) -> list[Choice]:
    """The president's answer to a sale waiting for protection: protect or decline."""
    fixed = {"corporation": sale["corporation"]}
    return [Choice("protect", sale["president"], fixed),
            Choice("decline", sale["president"], fixed)]


def answer(g: "G1870State", action: Mapping[str, Any], sale: dict, rule: str) -> bool:
    """Check and carry out the president's answer to ``sale`` (refused while another
    decision is due: ``rule`` names it): protecting buys the whole block from the pool at
    the sale price (6.2.4), declining drops the price.  True when he protected."""
    s = g.s
    corp = sale["corporation"]
    t = action["type"]
    if t not in ("protect", "decline"):
        g.wrong_phase(f"{g.players[sale['president']]} must first decide whether to protect "
                      f"{corp} ({rule}).")
    if action.get("corporation", corp) != corp:
        g.fail(f"The sale waiting for protection is of {corp}.")
    if t == "decline":
        drop(g, sale)
        return False
    h = s["holders"][corp]
    for cert in h["pool"][-sale["count"]:]:
        sh.move(h, cert, "pool", str(sale["president"]))
    cost = sale["count"] * sale["price"]
    s["cash"][sale["president"]] -= cost
    s["bank"] += cost
    return True


def legal(g: "G1870State") -> list[Choice]:
    r = g.s["stock"]
    return choices(r["queue"][r["protect"]])


def apply(g: "G1870State", action: Mapping[str, Any]) -> dict:
    r = g.s["stock"]
    sale = r["queue"][r["protect"]]
    pres = sale["president"]
    protected = answer(g, action, sale, "6.2")
    r["queue"].pop(0)
    r["protect"] = None
    if protected:
        r["next_after"] = pres                        # 6.2.4: play goes on left of him
        r["last_actor"] = pres
        r["passes"] = 0
    process(g)
    return {"type": action["type"], "player": pres, "corporation": sale["corporation"]}
