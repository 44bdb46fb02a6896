"""Redemption (7.3) and reissue (7.4) of a corporation's own shares in a stock round; each
is the president's whole turn (rulebook: they take the place of his buying and selling in
that turn).  A share redeemed from another player is an offer that player accepts or
refuses (rulebook "anbieten", 7.3.4); a refused offer is made to him again in the turn
only at a higher price (railyard's ruling, ``eighteen/offers.py``), so not at all while
the price stays.

Options of the 18xx.games profile: ``redemption_without_consent`` (the share is taken
without asking, 7.3.4) and ``reissue_after_dealing`` (a president who has bought or sold in
his turn may still reissue; the reissue then ends his turn, 7.4.1) and
``redeem_with_reissue_money`` (a redemption may spend money from reissued shares sold in
the same stock round; printed: only from the next operating round, 7.4.5)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ...engine.actions import Choice, get_str
from ...engine.errors import UNKNOWN_ID, WRONG_PHASE
from ...eighteen import offers
from ...eighteen import shares as sh

if TYPE_CHECKING:
    from .state import G1870State

MAX_OWN = 4   # 7.3.2: at most 3 before, 4 after a redemption


def own_count(g: "G1870State", corp: str) -> int:
    h = g.s["holders"][corp]
    return len(h["ipo"]) + len(h.get("treasury", ()))


def redeem_sources(g: "G1870State", corp: str) -> list[str]:
    """7.3.3: the pool first; otherwise a player's 10 % share (from the president only if
    he stays president)."""
    s = g.s
    h = s["holders"][corp]
    if h["pool"]:
        return ["pool"]
    pres = s["corps"][corp]["president"]
    n = len(g.players)
    out = []
    for p in range(n):
        if not any(sh.pct(c) == 10 for c in h.get(str(p), ())):
            continue
        if p == pres:
            mine = sh.percent(h, str(p))
            others = max((sh.percent(h, str(q)) for q in range(n) if q != p), default=0)
            if mine - 10 < max(others, 20):
                continue
        out.append(str(p))
    return out


def redeem_problem(g: "G1870State", seat: int, corp: str) -> str | None:
    s = g.s
    r = s["stock"]
    if corp not in s["corps"]:
        return f"There is no corporation '{corp}'."
    c = s["corps"][corp]
    if c["closed"] or c["president"] != seat:
        return f"Only {corp}'s president may redeem its shares (7.3.1)."
    if r["acted"]:
        return "A redemption is the whole turn: nothing else before or after it (7.3.1)."
    if not c["operated"]:
        return f"{corp} has not operated yet (7.3.2)."
    if own_count(g, corp) >= MAX_OWN:
        return f"{corp} already holds {own_count(g, corp)} of its own shares (7.3.2)."
    if corp in r["redeemed"]:
        return f"{corp} has already redeemed a share in this stock round (7.3.2)."
    cash = c["cash"] if g.options.get("redeem_with_reissue_money") \
        else r["start_cash"].get(corp, 0)
    if cash < g.price(corp):
        return (f"{corp}'s cash at the start of this stock round does not cover the price of "
                f"${g.price(corp)} (7.3.2).")
    if not redeem_sources(g, corp):
        return f"No {corp} share can be redeemed (7.3.3)."
    return None


def reissue_problem(g: "G1870State", seat: int, corp: str) -> str | None:
    s = g.s
    if corp not in s["corps"]:
        return f"There is no corporation '{corp}'."
    c = s["corps"][corp]
    if c["closed"] or c["president"] != seat:
        return f"Only {corp}'s president may reissue its shares (7.4.1)."
    if s["stock"]["acted"] and not g.options.get("reissue_after_dealing"):
        return "A reissue is the whole turn: nothing else before or after it (7.4.1)."
    if not s["holders"][corp].get("treasury"):
        return f"{corp} holds no redeemed shares (7.4.1)."
    if s["holders"][corp]["ipo"]:
        return f"{corp}'s initial offering still holds shares (7.4.1)."
    return None


def legal(g: "G1870State", seat: int) -> list[Choice]:
    out = []
    for corp, c in g.s["corps"].items():
        if c["president"] != seat or c["closed"]:
            continue
        if redeem_problem(g, seat, corp) is None:
            for src in redeem_sources(g, corp):
                if offers.least(g.s["stock"], f"redeem:{corp}:{src}", 0) > g.price(corp):
                    continue
                out.append(Choice("redeem", seat, {"corporation": corp, "source": src}))
        if reissue_problem(g, seat, corp) is None:
            out.append(Choice("reissue", seat, {"corporation": corp}))
    return out


def apply(g: "G1870State", action: Mapping[str, Any]) -> dict:
    s = g.s
    seat = action["player"]
    corp = get_str(action, "corporation")
    code = UNKNOWN_ID if corp not in s["corps"] else "not_allowed"
    r = s["stock"]
    c = s["corps"].get(corp)
    h = s["holders"].get(corp)
    if action["type"] == "redeem":
        problem = redeem_problem(g, seat, corp)
        if problem:
            g.fail(problem, code)
        source = get_str(action, "source")
        if source not in redeem_sources(g, corp):
            g.fail(f"The share must come from {' or '.join(redeem_sources(g, corp))} (7.3.3).")
        price = g.price(corp)
        if offers.least(r, f"redeem:{corp}:{source}", 0) > price:
            g.fail(f"{g.players[int(source)]} has refused to sell a {corp} share at ${price} in "
                   f"this turn (7.3.4).")
        if source != "pool" and int(source) != seat \
                and not g.options.get("redemption_without_consent"):
            # 7.3.4, rulebook "anbieten": the owner accepts or refuses
            r["redeem_offer"] = {"corporation": corp, "owner": int(source),
                                 "president": seat, "price": price}
            return {"type": "redeem", "player": seat, "corporation": corp, "source": source,
                    "price": price, "offer": True}
        _redeem(g, corp, source, price)
        out = {"type": "redeem", "player": seat, "corporation": corp, "source": source,
               "price": price}
    else:
        problem = reissue_problem(g, seat, corp)
        if problem:
            g.fail(problem, code)
        cap = 200 if g.options.get("max_reissue_200") else None          # 7.4.2 option
        c["ipo_price"] = g.st.market.reissue_price(g.price(corp), c["ipo_price"], cap)
        for cert in list(h["treasury"]):
            sh.move(h, cert, "treasury", "ipo")
        c["reissued"] = True
        out = {"type": "reissue", "player": seat, "corporation": corp,
               "price": c["ipo_price"]}
    _done(g)
    return out


def _redeem(g: "G1870State", corp: str, source: str, price: int) -> None:
    s = g.s
    h = s["holders"][corp]
    cert = next(x for x in reversed(h[source]) if sh.pct(x) == 10)
    sh.move(h, cert, source, "treasury")
    s["corps"][corp]["cash"] -= price
    if source == "pool":
        s["bank"] += price
    else:
        s["cash"][int(source)] += price
    s["stock"]["redeemed"].append(corp)


def _done(g: "G1870State") -> None:
    """The treasury action is the president's turn: nothing may follow it."""
    r = g.s["stock"]
    r["acted"] = True
    r["treasury_done"] = True


# ---- a redemption from another player: his answer (7.3.4) ------------------------------
def offer_actor(g: "G1870State") -> int:
    return g.s["stock"]["redeem_offer"]["owner"]


def offer_legal(g: "G1870State") -> list[Choice]:
    o = g.s["stock"]["redeem_offer"]
    fixed = {"corporation": o["corporation"]}
    return [Choice("accept_offer", o["owner"], fixed, label=f"sell a {o['corporation']} share "
                   f"to {o['corporation']} for ${o['price']}"),
            Choice("refuse_offer", o["owner"], fixed, label=f"keep the share")]


def respond(g: "G1870State", action: Mapping[str, Any]) -> dict:
    """The owner accepts (the share goes to the treasury at the price offered, which is
    the turn's treasury action) or refuses (nothing happens but that the offer is not made
    to him again at that price in the turn; the president's turn goes on, 7.3.4)."""
    s = g.s
    r = s["stock"]
    o = r["redeem_offer"]
    t = action["type"]
    if t not in ("accept_offer", "refuse_offer"):
        g.fail(f"{g.players[o['owner']]} must first accept or refuse {o['corporation']}'s "
               f"offer of ${o['price']} for one of "
               f"{g.players[o['owner']]}'s shares (7.3.4).", WRONG_PHASE)
    if action.get("corporation", o["corporation"]) != o["corporation"]:
        g.fail(f"The offer is {o['corporation']}'s.")
    r["redeem_offer"] = None
    if t == "accept_offer":
        _redeem(g, o["corporation"], str(o["owner"]), o["price"])
        _done(g)
    else:
        offers.refuse(r, f"redeem:{o['corporation']}:{o['owner']}", o["price"])
    return {"type": t, "player": action["player"], "corporation": o["corporation"],
            "seller": o["owner"], "price": o["price"]}
