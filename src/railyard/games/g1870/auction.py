"""The sale of the privates (4.1-4.8, seed: KAUFEN DER PRIVATBAHNEN).

On his turn a player buys the cheapest unsold private, bids on another one, or passes.
Bids stay in force across rounds and commit the money; when a private is bought the next
ones are resolved at once (single bid: sold; several: an auction among the bidders).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ...engine.actions import Choice, get_int, get_str
from ...engine.errors import UNAFFORDABLE, UNKNOWN_ID
from .data import PRIVATE_ORDER

if TYPE_CHECKING:
    from .state import G1870State

MIN_RAISE = 5        # 4.2
GRSC_DROP = 5        # 4.5


def initial(n: int) -> dict:
    return {"turn": 0, "passes": 0, "bids": {}, "grsc_price": 20, "fight": None,
            "pending_par": None, "last_actor": None}


def cheapest(g: "G1870State") -> str | None:
    for sym in PRIVATE_ORDER:
        if g.s["companies"][sym]["owner"] is None and not g.s["companies"][sym]["closed"]:
            return sym
    return None


def price_of(g: "G1870State", sym: str) -> int:
    """4.5: GRSC's price drops while nobody buys it; the others sell at face value."""
    return g.s["auction"]["grsc_price"] if sym == "GRSC" else g.st.privates[sym].value


def committed(g: "G1870State", seat: int, exclude: str | None = None) -> int:
    """4.2: money bid on unsold privates is set aside."""
    return sum(b.get(str(seat), 0) for sym, b in g.s["auction"]["bids"].items()
               if sym != exclude)


def free_cash(g: "G1870State", seat: int, exclude: str | None = None) -> int:
    return g.s["cash"][seat] - committed(g, seat, exclude)


def min_bid(g: "G1870State", sym: str) -> int:
    """4.2: the first bid is at least face value + $5, later ones the highest bid + $5."""
    bids = g.s["auction"]["bids"].get(sym, {})
    base = max(bids.values()) if bids else g.st.privates[sym].value
    return base + MIN_RAISE


def actor(g: "G1870State") -> int:
    a = g.s["auction"]
    if a["pending_par"] is not None:
        return a["pending_par"]
    if a["fight"] is not None:
        return a["fight"]["turn"]
    return a["turn"]


def legal(g: "G1870State") -> list[Choice]:
    a = g.s["auction"]
    seat = actor(g)
    if a["pending_par"] is not None:
        return [Choice("par", seat, {"corporation": "SLSF", "price": p}) for p in g.st.par_prices]
    if a["fight"] is not None:
        sym = a["fight"]["company"]
        out = [Choice("pass", seat)]
        lo, hi = min_bid(g, sym), free_cash(g, seat, sym)
        if lo <= hi:
            out.append(Choice("bid", seat, {"company": sym}, {"amount": (lo, hi)}))
        return out
    out = [Choice("pass", seat)]
    first = cheapest(g)
    if first is not None and free_cash(g, seat) >= price_of(g, first):
        out.append(Choice("buy_private", seat, {"company": first}))
    for sym in PRIVATE_ORDER:
        if sym == first or g.s["companies"][sym]["owner"] is not None:
            continue
        lo, hi = min_bid(g, sym), free_cash(g, seat, sym)
        if lo <= hi:
            out.append(Choice("bid", seat, {"company": sym}, {"amount": (lo, hi)}))
    return out


def apply(g: "G1870State", action: Mapping[str, Any]) -> dict:
    a = g.s["auction"]
    t = action["type"]
    seat = action["player"]
    if a["pending_par"] is not None:
        if t != "par":
            g.wrong_phase("The buyer of the SLSF private must first choose SLSF's par (4.6).")
        return _par(g, action)
    if a["fight"] is not None:
        if t == "pass":
            return _fight_pass(g, seat)
        if t == "bid":
            return _fight_bid(g, action)
        g.wrong_phase(f"An auction for {a['fight']['company']} is running: bid or pass (4.3).")
    if t == "buy_private":
        return _buy(g, action)
    if t == "bid":
        return _bid(g, action)
    if t == "pass":
        return _pass(g, seat)
    g.wrong_phase(f"'{t}' is not possible while the privates are sold (4.1).")
    return {}


def _company(g: "G1870State", action: Any) -> str:
    sym = get_str(action, "company")
    if sym not in g.s["companies"]:
        g.fail(f"There is no private '{sym}'.", UNKNOWN_ID)
    if g.s["companies"][sym]["owner"] is not None or g.s["companies"][sym]["closed"]:
        g.fail(f"{sym} has already been sold.")
    return sym


def _advance(g: "G1870State") -> None:
    a = g.s["auction"]
    a["turn"] = (a["turn"] + 1) % len(g.players)


def _buy(g: "G1870State", action: Any) -> dict:
    a = g.s["auction"]
    seat = action["player"]
    sym = _company(g, action)
    if sym != cheapest(g):
        g.fail(f"Only the cheapest unsold private ({cheapest(g)}) can be bought; bid on the "
               f"others (4.1, KAUFEN DER PRIVATBAHNEN).")
    price = price_of(g, sym)
    if free_cash(g, seat) < price:
        g.fail(f"{sym} costs ${price}; money set aside for bids cannot be used (4.2).",
               UNAFFORDABLE)
    a["last_actor"] = seat
    a["passes"] = 0
    _advance(g)
    _sell(g, sym, seat, price, told=True)
    _resolve(g)
    return {"type": "buy_private", "player": seat, "company": sym, "price": price}


def _bid(g: "G1870State", action: Any) -> dict:
    a = g.s["auction"]
    seat = action["player"]
    sym = _company(g, action)
    if sym == cheapest(g):
        g.fail(f"{sym} is for sale at its price; buy it instead of bidding (4.1).")
    amount = get_int(action, "amount")
    if amount < min_bid(g, sym):
        g.fail(f"A bid on {sym} must be at least ${min_bid(g, sym)} (4.2).")
    if amount > free_cash(g, seat, sym):
        g.fail(f"Your bids together may not exceed your cash (4.2).", UNAFFORDABLE)
    a["bids"].setdefault(sym, {})[str(seat)] = amount
    a["last_actor"] = seat
    a["passes"] = 0
    _advance(g)
    return {"type": "bid", "player": seat, "company": sym, "amount": amount}


def _pass(g: "G1870State", seat: int) -> dict:
    """4.5: when all players pass in succession, an unsold GRSC gets $5 cheaper (free at
    $0 to the priority holder); otherwise the sold privates pay their revenue."""
    s = g.s
    a = s["auction"]
    a["passes"] += 1
    _advance(g)
    if a["passes"] >= len(g.players):
        a["passes"] = 0
        if s["companies"]["GRSC"]["owner"] is None:
            a["grsc_price"] -= GRSC_DROP
            if a["grsc_price"] <= 0:
                a["grsc_price"] = 0
                taker = a["turn"]
                a["last_actor"] = taker
                _advance(g)
                _sell(g, "GRSC", taker, 0)
                _resolve(g)
        else:
            from .operating import pay_privates
            pay_privates(g)
    return {"type": "pass", "player": seat}


# what a private brings its first owner besides itself, for the log
COMES_WITH = {"MKT": "a 10% share of MKT (4.7)"}


def _sell(g: "G1870State", sym: str, seat: int, price: int,
          told: bool = False) -> None:
    """The private ``sym`` goes to ``seat`` for ``price``; unless the action itself says so
    (``told``: a purchase), an event tells who got it (a single bid, an auction won, the
    price fallen to nothing) and what came with it."""
    s = g.s
    extra = COMES_WITH.get(sym)
    if not told or extra:
        g.event("private_sold", company=sym, seat=seat, price=price, told=told, extra=extra)
    s["cash"][seat] -= price
    s["bank"] += price
    s["companies"][sym]["owner"] = f"p{seat}"
    s["auction"]["bids"].pop(sym, None)
    if sym == "SLSF":
        s["auction"]["pending_par"] = seat
    elif sym == "MKT":
        # 4.7: the buyer receives one 10 % MKT share out of MKT's IPO
        h = s["holders"]["MKT"]
        h["ipo"].remove("MKT_1")
        h.setdefault(str(seat), []).append("MKT_1")


def _resolve(g: "G1870State") -> None:
    """4.3: after a purchase the next private goes to its only bidder, or to auction."""
    a = g.s["auction"]
    while a["pending_par"] is None and a["fight"] is None:
        sym = cheapest(g)
        if sym is None:
            _finish(g)
            return
        bids = a["bids"].get(sym)
        if not bids:
            return
        if len(bids) == 1:
            (seat, amount), = bids.items()
            _sell(g, sym, int(seat), amount)
            continue
        a["fight"] = {"company": sym, "turn": _lowest(bids)}


def _lowest(bids: dict) -> int:
    """Ruling 4.3: the bidder with the lowest current bid acts next (18xx.games)."""
    return int(min(bids, key=lambda k: bids[k]))


def _fight_bid(g: "G1870State", action: Any) -> dict:
    a = g.s["auction"]
    seat = action["player"]
    sym = a["fight"]["company"]
    if action.get("company", sym) != sym:
        g.fail(f"Only {sym} is being auctioned now (4.3).")
    amount = get_int(action, "amount")
    if amount < min_bid(g, sym):
        g.fail(f"A bid on {sym} must be at least ${min_bid(g, sym)} (4.3).")
    if amount > free_cash(g, seat, sym):
        g.fail("Your bids together may not exceed your cash (4.2).", UNAFFORDABLE)
    a["bids"][sym][str(seat)] = amount
    a["fight"]["turn"] = _lowest(a["bids"][sym])
    return {"type": "bid", "player": seat, "company": sym, "amount": amount}


def _fight_pass(g: "G1870State", seat: int) -> dict:
    a = g.s["auction"]
    sym = a["fight"]["company"]
    bids = a["bids"][sym]
    del bids[str(seat)]
    if len(bids) == 1:
        (winner, amount), = bids.items()
        a["fight"] = None
        _sell(g, sym, int(winner), amount)
        _resolve(g)
    else:
        a["fight"]["turn"] = _lowest(bids)
    return {"type": "pass", "player": seat}


def _par(g: "G1870State", action: Any) -> dict:
    """4.6: the SLSF buyer sets SLSF's par, gets the president's certificate free; SLSF
    floats at once with 10 x par and the private closes."""
    s = g.s
    seat = action["player"]
    if action.get("corporation") != "SLSF":
        g.fail("The SLSF private starts the SLSF corporation (4.6).", UNKNOWN_ID)
    price = get_int(action, "price")
    if price not in g.st.par_prices:
        g.fail(f"Par must be one of {', '.join(map(str, g.st.par_prices))} (7.1.1).")
    from .stock import set_par
    set_par(g, "SLSF", price)
    h = s["holders"]["SLSF"]
    h["ipo"].remove("SLSF_0")
    h.setdefault(str(seat), []).append("SLSF_0")
    s["corps"]["SLSF"]["president"] = seat
    g.check_float("SLSF")
    if not g.options.get("historical_start"):       # historical: it pays $20 until SLSF floats
        s["companies"]["SLSF"]["closed"] = True
    s["auction"]["pending_par"] = None
    _resolve(g)
    return {"type": "par", "player": seat, "corporation": "SLSF", "price": price}


def _finish(g: "G1870State") -> None:
    """4.4/4.8: the last private sold ends the sale; priority goes left of the last player
    who bought or bid; stock round 1 follows."""
    s = g.s
    a = s["auction"]
    n = len(g.players)
    s["priority"] = (a["last_actor"] + 1) % n if a["last_actor"] is not None else a["turn"]
    from .stock import start
    start(g)
