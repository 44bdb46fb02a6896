"""Redemption (7.3) and reissue (7.4) of a corporation's own shares in a stock round; each
is the president's whole turn."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ...engine.actions import Choice, get_str
from ...engine.errors import UNKNOWN_ID
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
    if r["start_cash"].get(corp, 0) < g.price(corp):
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
    if s["stock"]["acted"]:
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
        cert = next(x for x in reversed(h[source]) if sh.pct(x) == 10)
        sh.move(h, cert, source, "treasury")
        c["cash"] -= price
        if source == "pool":
            s["bank"] += price
        else:
            s["cash"][int(source)] += price
        r["redeemed"].append(corp)
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
    r["acted"] = True
    r["treasury_done"] = True
    return out
