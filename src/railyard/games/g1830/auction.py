"""The sale of the private companies in the first stock round (7.0-7.3).

In rotation a player buys the cheapest unsold private at face value, bids on a dearer one,
or passes (7.1).  Bids are at least face + 5 and 5 over every other bid on it; the money bid
is set aside (7.2).  When the private before a bid-on one is sold, the bid-on one is sold to
its single bidder, or auctioned among its bidders only; this cascades (7.2).  When everybody
passes, the Schuylkill Valley gets $5 cheaper and is given away at $0; if it is already sold,
the owned privates pay their revenue and the sale goes on (7.3).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ...engine.actions import Choice, get_int, get_str
from ...engine.errors import UNAFFORDABLE, UNKNOWN_ID
from .data import PAR_PRICES, PRIVATE_ORDER
from . import privates, stock

if TYPE_CHECKING:
    from .state import G1830State


def initial(n: int) -> dict:
    return {"turn": 0, "passes": 0, "bids": {p: [] for p in PRIVATE_ORDER},
            "fight": None, "sv_price": 20, "pending_par": None}


def cheapest(g: "G1830State") -> str | None:
    for p in PRIVATE_ORDER:
        if g.s["companies"][p]["owner"] is None:
            return p
    return None


def committed(g: "G1830State", seat: int, exclude: str | None = None) -> int:
    a = g.s["auction"]
    return sum(amt for p, bids in a["bids"].items() if p != exclude
               for s_, amt in bids if s_ == seat)


def price_of(g: "G1830State", sym: str) -> int:
    return g.s["auction"]["sv_price"] if sym == "SV" else g.st.privates[sym].value


def actor(g: "G1830State") -> int:
    a = g.s["auction"]
    if a["pending_par"] is not None:
        return a["pending_par"]
    if a["fight"] is not None:
        bids = a["bids"][a["fight"]]
        return min(bids, key=lambda b: b[1])[0]
    return a["turn"]


def legal(g: "G1830State") -> list[Choice]:
    a = g.s["auction"]
    seat = actor(g)
    cash = g.s["cash"][seat]
    if a["pending_par"] is not None:
        return [Choice("par", seat, {"corporation": "B&O", "price": p}) for p in PAR_PRICES]
    out: list[Choice] = []
    if a["fight"] is not None:
        sym = a["fight"]
        top = max(b[1] for b in a["bids"][sym])
        hi = cash - committed(g, seat, exclude=sym)
        if hi >= top + 5:
            out.append(Choice("bid", seat, {"company": sym}, {"amount": (top + 5, hi)}))
        out.append(Choice("pass", seat, label=f"drop out of the auction for {sym}"))
        return out
    free = cash - committed(g, seat)
    low = cheapest(g)
    if low is not None and price_of(g, low) <= free:
        out.append(Choice("buy_private", seat, {"company": low}))
    for sym in PRIVATE_ORDER:
        if sym == low or g.s["companies"][sym]["owner"] is not None:
            continue
        lo = min_bid(g, sym)
        hi = cash - committed(g, seat, exclude=sym)
        if hi >= lo:
            out.append(Choice("bid", seat, {"company": sym}, {"amount": (lo, hi)}))
    out.append(Choice("pass", seat))
    return out


def min_bid(g: "G1830State", sym: str) -> int:
    bids = g.s["auction"]["bids"][sym]
    top = max((b[1] for b in bids), default=g.st.privates[sym].value)
    return top + 5


def apply(g: "G1830State", act: Mapping[str, Any]) -> dict:
    a = g.s["auction"]
    seat = act["player"]
    t = act["type"]
    if a["pending_par"] is not None:
        if t != "par":
            g.wrong_phase("The buyer of the B&O private must first set the B&O par price (8.1).")
        corp = get_str(act, "corporation")
        price = get_int(act, "price")
        if corp != "B&O":
            g.fail("Only the B&O's par price is set now (9.0: the B&O private's owner holds "
                   "its president's certificate).")
        if price not in PAR_PRICES:
            g.fail(f"The par price must be one of {', '.join(map(str, PAR_PRICES))} (8.1).")
        stock.set_par(g, "B&O", price)
        a["pending_par"] = None
        _maybe_finish(g)
        return {"type": "par", "player": seat, "corporation": "B&O", "price": price}
    if a["fight"] is not None:
        return _fight(g, act, seat, t)
    if t == "buy_private":
        sym = get_str(act, "company")
        low = cheapest(g)
        if sym not in PRIVATE_ORDER:
            g.fail(f"There is no private company {sym!r}.", UNKNOWN_ID)
        if sym != low:
            g.fail(f"Only the cheapest unsold private ({low}) can be bought at face value; "
                   f"bid for {sym} instead (7.1).")
        price = price_of(g, sym)
        if price > g.s["cash"][seat] - committed(g, seat):
            g.fail(f"{sym} costs ${price}; money set aside for bids cannot be used (7.2).",
                   UNAFFORDABLE)
        _sell(g, sym, seat, price, told=True)
        a["passes"] = 0
        a["turn"] = (seat + 1) % len(g.players)
        _cascade(g)
        return {"type": "buy_private", "player": seat, "company": sym}
    if t == "bid":
        sym = get_str(act, "company")
        amount = get_int(act, "amount")
        if sym not in PRIVATE_ORDER:
            g.fail(f"There is no private company {sym!r}.", UNKNOWN_ID)
        if g.s["companies"][sym]["owner"] is not None:
            g.fail(f"{sym} is already sold.")
        if sym == cheapest(g):
            g.fail(f"{sym} is the cheapest unsold private: it is bought at face value, not bid "
                   f"for (7.1).")
        lo = min_bid(g, sym)
        if amount < lo:
            g.fail(f"A bid for {sym} must be at least ${lo}: face value + $5 and $5 over every "
                   f"other bid (7.2).")
        if amount + committed(g, seat, exclude=sym) > g.s["cash"][seat]:
            g.fail("Your bids together would exceed your cash; bid money is set aside (7.2).",
                   UNAFFORDABLE)
        bids = a["bids"][sym]
        bids[:] = [b for b in bids if b[0] != seat] + [[seat, amount]]
        a["passes"] = 0
        a["turn"] = (seat + 1) % len(g.players)
        return {"type": "bid", "player": seat, "company": sym, "amount": amount}
    if t == "pass":
        a["passes"] += 1
        a["turn"] = (seat + 1) % len(g.players)
        if a["passes"] >= len(g.players):
            a["passes"] = 0
            low = cheapest(g)
            if low == "SV":
                a["sv_price"] -= 5  # 7.3
                if a["sv_price"] <= 0:
                    # 7.3: given to the player whose turn it is; it "counts as a purchase",
                    # so the next player in rotation is offered the next private (7.0)
                    _sell(g, "SV", a["turn"], 0)
                    a["turn"] = (a["turn"] + 1) % len(g.players)
                    _cascade(g)
            else:
                privates.pay_revenue(g)  # 7.3: the owned privates pay
        return {"type": "pass", "player": seat}
    g.wrong_phase(f"'{t}' is not possible while the private companies are sold (7.1).")
    raise AssertionError


def _fight(g: "G1830State", act: Mapping[str, Any], seat: int, t: str) -> dict:
    a = g.s["auction"]
    sym = a["fight"]
    bids = a["bids"][sym]
    if t == "bid":
        if act.get("company") != sym:
            g.fail(f"Only the auction for {sym} is running now (7.2).")
        amount = get_int(act, "amount")
        top = max(b[1] for b in bids)
        if amount < top + 5:
            g.fail(f"Each bid in the auction must be $5 over the previous one: at least "
                   f"${top + 5} (7.2).")
        if amount + committed(g, seat, exclude=sym) > g.s["cash"][seat]:
            g.fail("You cannot bid more than your cash not set aside for other bids (7.2).",
                   UNAFFORDABLE)
        bids[:] = [b for b in bids if b[0] != seat] + [[seat, amount]]
        return {"type": "bid", "player": seat, "company": sym, "amount": amount}
    if t == "pass":
        bids[:] = [b for b in bids if b[0] != seat]
        if len(bids) == 1:
            winner, amount = bids[0]
            a["fight"] = None
            _sell(g, sym, winner, amount)
            _cascade(g)
        return {"type": "pass", "player": seat}
    g.wrong_phase(f"An auction for {sym} is running: bid or drop out (7.2).")
    raise AssertionError


# what a private brings its first owner besides itself, for the log
COMES_WITH = {"CA": "a 10% share of PRR (17.0)", "BO": "the president's certificate of B&O (9.0)"}


def _sell(g: "G1830State", sym: str, seat: int, price: int,
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
    s["auction"]["bids"][sym] = []
    privates.on_bought_from_bank(g, sym, seat)


def _cascade(g: "G1830State") -> None:
    """7.2: once the private before it is sold, a bid-on private goes to its single bidder
    or is auctioned among its bidders."""
    a = g.s["auction"]
    while a["pending_par"] is None:
        low = cheapest(g)
        if low is None:
            break
        bids = a["bids"][low]
        if not bids:
            break
        if len(bids) == 1:
            seat, amount = bids[0]
            _sell(g, low, seat, amount)
            continue
        a["fight"] = low
        return
    _maybe_finish(g)


def _maybe_finish(g: "G1830State") -> None:
    a = g.s["auction"]
    if cheapest(g) is None and a["pending_par"] is None and a["fight"] is None:
        g.s["priority"] = a["turn"]
        stock.start(g)
