"""The sale of the private companies in the first stock round (7.0-7.3): the shared rules
of :mod:`railyard.eighteen.auction` with 1830's sections and what is its own.

In rotation a player buys the cheapest unsold private at face value, bids on a dearer one,
or passes (7.1).  Bids are at least face + 5 and 5 over every other bid on it; the money bid
is set aside (7.2).  When the private before a bid-on one is sold, the bid-on one is sold to
its single bidder, or auctioned among its bidders only; this cascades (7.2).  When everybody
passes, the Schuylkill Valley gets $5 cheaper and is given away at $0; if it is already sold,
the owned privates pay their revenue and the sale goes on (7.3).  The buyer of the B&O
private sets the B&O's par price at once (8.1, 9.0).
"""
from __future__ import annotations

from typing import Any, Mapping, cast

from ...eighteen.auction import PrivateSale
from ...eighteen.state import DictState
from ...eighteen.stock import set_par
from ...engine.actions import get_int, get_str
from .data import PAR_PRICES, PRIVATE_ORDER
from . import privates, stock


class Sale1830(PrivateSale):
    order = PRIVATE_ORDER
    par_private, par_corp, par_prices = "B&O", "B&O", PAR_PRICES
    comes_with = {"CA": "a 10% share of PRR (17.0)",
                  "BO": "the president's certificate of B&O (9.0)"}
    sec_buy, sec_bid, sec_fight, sec_par = "7.1", "7.2", "7.2", "8.1"
    drop_out_label = True

    def on_sold(self, g: DictState, sym: str, seat: int) -> None:
        privates.on_bought_from_bank(cast(Any, g), sym, seat)

    def par(self, g: DictState, act: Mapping[str, Any]) -> dict:
        corp = get_str(act, "corporation")
        price = get_int(act, "price")
        if corp != "B&O":
            g.fail("Only the B&O's par price is set now (9.0: the B&O private's owner holds "
                   "its president's certificate).")
        if price not in PAR_PRICES:
            g.fail(f"The par price must be one of {', '.join(map(str, PAR_PRICES))} (8.1).")
        set_par(g, "B&O", price)
        return {"type": "par", "player": act["player"], "corporation": "B&O", "price": price}

    def pay_revenue(self, g: DictState) -> None:
        privates.pay_revenue(cast(Any, g))     # 7.3: the owned privates pay

    def start_stock(self, g: DictState) -> None:
        stock.start(cast(Any, g))


SALE = Sale1830()
initial, cheapest, price_of = SALE.initial, SALE.cheapest, SALE.price_of
actor, legal, apply = SALE.actor, SALE.legal, SALE.apply
