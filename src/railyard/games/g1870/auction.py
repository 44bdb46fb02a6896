"""The sale of the privates (4.1-4.8, seed: KAUFEN DER PRIVATBAHNEN): the shared rules of
:mod:`railyard.eighteen.auction` with 1870's sections and what is its own.

On his turn a player buys the cheapest unsold private, bids on another one, or passes.
Bids stay in force across rounds and commit the money; when a private is bought the next
ones are resolved at once (single bid: sold; several: an auction among the bidders, the
lowest bidder acting next, ruling 4.3 as 18xx.games).  GRSC's price falls while all pass
(4.5); the MKT private brings a 10 % MKT share (4.7); the SLSF private's buyer sets SLSF's
par and floats it (4.6).
"""
from __future__ import annotations

from typing import Any, Mapping, cast

from ...eighteen.auction import PrivateSale
from ...eighteen.state import DictState
from ...engine.actions import get_int
from ...engine.errors import UNKNOWN_ID
from .data import PRIVATE_ORDER


class Sale1870(PrivateSale):
    order = PRIVATE_ORDER
    par_private = par_corp = "SLSF"
    comes_with = {"MKT": "a 10% share of MKT (4.7)"}
    sec_buy, sec_bid, sec_fight, sec_par = "4.1, KAUFEN DER PRIVATBAHNEN", "4.2", "4.3", "4.6"
    pass_first = True
    fight_names_company = False
    buy_record_price = True

    def on_sold(self, g: DictState, sym: str, seat: int) -> None:
        s = g.s
        if sym == "SLSF":
            s["auction"]["pending_par"] = seat
        elif sym == "MKT":
            # 4.7: the buyer receives one 10 % MKT share out of MKT's IPO
            h = s["holders"]["MKT"]
            h["ipo"].remove("MKT_1")
            h.setdefault(str(seat), []).append("MKT_1")

    def par(self, g: DictState, act: Mapping[str, Any]) -> dict:
        """4.6: the SLSF buyer sets SLSF's par, gets the president's certificate free; SLSF
        floats at once with 10 x par and the private closes."""
        s = g.s
        seat = act["player"]
        if act.get("corporation") != "SLSF":
            g.fail("The SLSF private starts the SLSF corporation (4.6).", UNKNOWN_ID)
        price = get_int(act, "price")
        if price not in g.st.par_prices:
            g.fail(f"Par must be one of {', '.join(map(str, g.st.par_prices))} (7.1.1).")
        from .stock import set_par
        set_par(cast(Any, g), "SLSF", price)
        h = s["holders"]["SLSF"]
        h["ipo"].remove("SLSF_0")
        h.setdefault(str(seat), []).append("SLSF_0")
        s["corps"]["SLSF"]["president"] = seat
        cast(Any, g).check_float("SLSF")
        if not g.options.get("historical_start"):   # historical: it pays $20 until SLSF floats
            s["companies"]["SLSF"]["closed"] = True
        return {"type": "par", "player": seat, "corporation": "SLSF", "price": price}

    def pay_revenue(self, g: DictState) -> None:
        from .operating import pay_privates
        pay_privates(cast(Any, g))

    def start_stock(self, g: DictState) -> None:
        """4.4/4.8: stock round 1 follows the sale."""
        from .stock import start
        start(cast(Any, g))


SALE = Sale1870()
initial, cheapest, price_of, free_cash = SALE.initial, SALE.cheapest, SALE.price_of, \
    SALE.free_cash
actor, legal, apply = SALE.actor, SALE.legal, SALE.apply
