"""The sale of the private companies that opens an 18xx game (1830 7.0-7.3, 1870 4.1-4.8),
written once (issue 27).

In rotation a player buys the cheapest unsold private at its price, bids on a dearer one,
or passes.  A bid is at least face value + $5 and $5 over every other bid on that private;
the money bid is set aside.  When a private is sold, the next one goes to its single
bidder or is auctioned among its bidders (the one with the lowest bid acts; dropping out
withdraws the bid); this cascades.  When every player passed in succession, the first
private's price falls by $5 (at $0 it goes to the player whose turn it is, which counts as
a purchase) or, once it is sold, the owned privates pay their revenue.  A private that
comes with a president's certificate lets its buyer set that corporation's par at once.
The last private sold ends the sale: the player after the last buyer gets the priority
deal and the first stock round begins.

The state (``s["auction"]``, :class:`~.types.Auction`) has one shape in every title:
``bids`` maps a private to ``{seat as a string: amount}`` (only privates with bids),
``fight`` names the private being auctioned, ``falling_price`` is the first private's price
as passes lower it, ``pending_par`` the seat that must set a par price.

A title subclasses :class:`PrivateSale` with its order of privates, its rule sections (for
the messages), the order its choices are listed in, and hooks for what is its own: what a
private brings its buyer (:meth:`~PrivateSale.on_sold`), the par price of the
corporation a private starts (:meth:`~PrivateSale.par`), the privates' revenue and the
start of the stock round.
"""
from __future__ import annotations

from typing import Any, Mapping

from ..engine.actions import Choice, get_int, get_str
from ..engine.errors import UNAFFORDABLE, UNKNOWN_ID
from .state import DictState

MIN_RAISE = 5        # 1830 7.2, 1870 4.2
FALL = 5             # 1830 7.3, 1870 4.5


class PrivateSale:
    """The rules of the private sale; one instance per title (settings and hooks)."""

    #: the privates in the order they are offered (cheapest first); the first one is the
    #: one whose price falls when everybody passes
    order: tuple[str, ...] = ()
    #: the private that starts a corporation, and that corporation (par set by its buyer)
    par_private = ""
    par_corp = ""
    #: its par prices (empty: the title's ``st.par_prices``)
    par_prices: tuple[int, ...] = ()
    #: what a private brings its first owner besides itself, for the log
    comes_with: Mapping[str, str] = {}
    #: rule sections named in the messages: buying, bidding, the auction, the par price
    sec_buy = sec_bid = sec_fight = sec_par = ""
    #: the choices list "pass" first (1870) or last (1830); the label of dropping out
    pass_first = False
    drop_out_label = False
    #: a bid in the auction must name the private being auctioned (1830) or may leave it out
    fight_names_company = True
    #: a purchase's record carries its price (1870)
    buy_record_price = False

    # ---- hooks -----------------------------------------------------------------------------
    def on_sold(self, g: DictState, sym: str, seat: int) -> None:
        """What comes with ``sym`` to its first owner ``seat`` (a share, a president's
        certificate; set ``pending_par`` for a par to be set)."""

    def par(self, g: DictState, act: Mapping[str, Any]) -> dict:
        """Check and apply the par price of :attr:`par_corp`; the action's record."""
        raise NotImplementedError

    def pay_revenue(self, g: DictState) -> None:
        """The owned privates pay their revenue (after a round of passes)."""
        raise NotImplementedError

    def start_stock(self, g: DictState) -> None:
        """Begin the first stock round."""
        raise NotImplementedError

    # ---- the rules -------------------------------------------------------------------------
    def initial(self, n: int) -> dict:
        return {"turn": 0, "passes": 0, "bids": {}, "fight": None,
                "falling_price": 20, "pending_par": None}

    def cheapest(self, g: DictState) -> str | None:
        comps = g.s["companies"]
        for sym in self.order:
            if comps[sym]["owner"] is None and not comps[sym]["closed"]:
                return sym
        return None

    def price_of(self, g: DictState, sym: str) -> int:
        """The first private's price falls while nobody buys it; the others sell at face."""
        return g.s["auction"]["falling_price"] if sym == self.order[0] \
            else g.st.privates[sym].value

    def committed(self, g: DictState, seat: int, exclude: str | None = None) -> int:
        """Money ``seat`` has bid on unsold privates (set aside)."""
        key = str(seat)
        return sum(b.get(key, 0) for sym, b in g.s["auction"]["bids"].items()
                   if sym != exclude)

    def free_cash(self, g: DictState, seat: int, exclude: str | None = None) -> int:
        return g.s["cash"][seat] - self.committed(g, seat, exclude)

    def min_bid(self, g: DictState, sym: str) -> int:
        """Face value + $5 for the first bid, the highest bid + $5 after it."""
        bids = g.s["auction"]["bids"].get(sym)
        return (max(bids.values()) if bids else g.st.privates[sym].value) + MIN_RAISE

    def actor(self, g: DictState) -> int:
        a = g.s["auction"]
        if a["pending_par"] is not None:
            return a["pending_par"]
        if a["fight"] is not None:
            return lowest(a["bids"][a["fight"]])
        return a["turn"]

    def legal(self, g: DictState) -> list[Choice]:
        a = g.s["auction"]
        seat = self.actor(g)
        if a["pending_par"] is not None:
            return [Choice("par", seat, {"corporation": self.par_corp, "price": p})
                    for p in self.par_prices or g.st.par_prices]
        out: list[Choice] = []
        if a["fight"] is not None:
            sym = a["fight"]
            lo, hi = self.min_bid(g, sym), self.free_cash(g, seat, sym)
            if lo <= hi:
                out.append(Choice("bid", seat, {"company": sym}, {"amount": (lo, hi)}))
            drop = Choice("pass", seat, label=f"drop out of the auction for {sym}") \
                if self.drop_out_label else Choice("pass", seat)
            return [drop] + out if self.pass_first else out + [drop]
        first = self.cheapest(g)
        if first is not None and self.price_of(g, first) <= self.free_cash(g, seat):
            out.append(Choice("buy_private", seat, {"company": first}))
        comps = g.s["companies"]
        for sym in self.order:
            if sym == first or comps[sym]["owner"] is not None:
                continue
            lo, hi = self.min_bid(g, sym), self.free_cash(g, seat, sym)
            if lo <= hi:
                out.append(Choice("bid", seat, {"company": sym}, {"amount": (lo, hi)}))
        return [Choice("pass", seat)] + out if self.pass_first else out + [Choice("pass", seat)]

    def apply(self, g: DictState, act: Mapping[str, Any]) -> dict:
        a = g.s["auction"]
        seat = act["player"]
        t = act["type"]
        if a["pending_par"] is not None:
            if t != "par":
                g.wrong_phase(f"The buyer of the {self.par_private} private must first set "
                              f"{self.par_corp}'s par price ({self.sec_par}).")
            out = self.par(g, act)
            a["pending_par"] = None
            self._cascade(g)
            return out
        if a["fight"] is not None:
            if t == "bid":
                return self._fight_bid(g, act, seat)
            if t == "pass":
                return self._drop_out(g, seat)
            g.wrong_phase(f"An auction for {a['fight']} is running: bid or drop out "
                          f"({self.sec_fight}).")
        if t == "buy_private":
            return self._buy(g, act, seat)
        if t == "bid":
            return self._bid(g, act, seat)
        if t == "pass":
            return self._pass(g, seat)
        g.wrong_phase(f"'{t}' is not possible while the privates are sold ({self.sec_buy}).")

    def _unsold(self, g: DictState, act: Mapping[str, Any]) -> str:
        sym = get_str(act, "company")
        if sym not in self.order:
            g.fail(f"There is no private {sym!r}.", UNKNOWN_ID)
        comp = g.s["companies"][sym]
        if comp["owner"] is not None or comp["closed"]:
            g.fail(f"{sym} is already sold.")
        return sym

    def _next(self, g: DictState) -> None:
        a = g.s["auction"]
        a["turn"] = (a["turn"] + 1) % len(g.players)

    def _buy(self, g: DictState, act: Mapping[str, Any], seat: int) -> dict:
        sym = self._unsold(g, act)
        low = self.cheapest(g)
        if sym != low:
            g.fail(f"Only the cheapest unsold private ({low}) can be bought at its price; "
                   f"bid for {sym} instead ({self.sec_buy}).")
        price = self.price_of(g, sym)
        if price > self.free_cash(g, seat):
            g.fail(f"{sym} costs ${price}; money set aside for bids cannot be used "
                   f"({self.sec_bid}).", UNAFFORDABLE)
        g.s["auction"]["passes"] = 0
        self._next(g)
        self._sell(g, sym, seat, price, told=True)
        self._cascade(g)
        out = {"type": "buy_private", "player": seat, "company": sym}
        if self.buy_record_price:
            out["price"] = price
        return out

    def _bid(self, g: DictState, act: Mapping[str, Any], seat: int) -> dict:
        sym = self._unsold(g, act)
        if sym == self.cheapest(g):
            g.fail(f"{sym} is the cheapest unsold private: it is bought at its price, not "
                   f"bid for ({self.sec_buy}).")
        amount = self._amount(g, act, sym, seat, self.sec_bid)
        a = g.s["auction"]
        a["bids"].setdefault(sym, {})[str(seat)] = amount
        a["passes"] = 0
        self._next(g)
        return {"type": "bid", "player": seat, "company": sym, "amount": amount}

    def _amount(self, g: DictState, act: Mapping[str, Any], sym: str, seat: int,
                sec: str) -> int:
        """The amount bid on ``sym``, checked: $5 over every other bid on it (the first at
        least face value + $5), within the cash not set aside for other bids."""
        amount = get_int(act, "amount")
        lo = self.min_bid(g, sym)
        if amount < lo:
            g.fail(f"A bid for {sym} must be at least ${lo}: face value + $5 and $5 over "
                   f"every other bid ({sec}).")
        if amount > self.free_cash(g, seat, sym):
            g.fail(f"Your bids together would exceed your cash; bid money is set aside "
                   f"({self.sec_bid}).", UNAFFORDABLE)
        return amount

    def _pass(self, g: DictState, seat: int) -> dict:
        a = g.s["auction"]
        a["passes"] += 1
        self._next(g)
        if a["passes"] >= len(g.players):
            a["passes"] = 0
            first = self.order[0]
            if self.cheapest(g) == first:
                a["falling_price"] = max(0, a["falling_price"] - FALL)
                if a["falling_price"] == 0:
                    # given to the player whose turn it is; it counts as a purchase, so the
                    # next player is offered the next private
                    taker = a["turn"]
                    self._next(g)
                    self._sell(g, first, taker, 0)
                    self._cascade(g)
            else:
                self.pay_revenue(g)
        return {"type": "pass", "player": seat}

    def _fight_bid(self, g: DictState, act: Mapping[str, Any], seat: int) -> dict:
        a = g.s["auction"]
        sym = a["fight"]
        named = act.get("company") if self.fight_names_company else act.get("company", sym)
        if named != sym:
            g.fail(f"Only the auction for {sym} is running now ({self.sec_fight}).")
        amount = self._amount(g, act, sym, seat, self.sec_fight)
        a["bids"][sym][str(seat)] = amount
        return {"type": "bid", "player": seat, "company": sym, "amount": amount}

    def _drop_out(self, g: DictState, seat: int) -> dict:
        a = g.s["auction"]
        sym = a["fight"]
        bids = a["bids"][sym]
        del bids[str(seat)]
        if len(bids) == 1:
            (winner, amount), = bids.items()
            a["fight"] = None
            self._sell(g, sym, int(winner), amount)
            self._cascade(g)
        return {"type": "pass", "player": seat}

    def _sell(self, g: DictState, sym: str, seat: int, price: int,
              told: bool = False) -> None:
        """``sym`` goes to ``seat`` for ``price``; unless the action itself says so
        (``told``: a purchase), an event tells who got it (a single bid, an auction won,
        the price fallen to nothing) and what came with it."""
        s = g.s
        extra = self.comes_with.get(sym)
        if not told or extra:
            g.event("private_sold", company=sym, seat=seat, price=price, told=told,
                    extra=extra)
        s["cash"][seat] -= price
        s["bank"] += price
        s["companies"][sym]["owner"] = f"p{seat}"
        s["auction"]["bids"].pop(sym, None)
        self.on_sold(g, sym, seat)

    def _cascade(self, g: DictState) -> None:
        """Once the private before it is sold, a bid-on private goes to its single bidder
        or is auctioned among its bidders; the last private sold ends the sale."""
        a = g.s["auction"]
        while a["pending_par"] is None and a["fight"] is None:
            sym = self.cheapest(g)
            if sym is None:
                g.s["priority"] = a["turn"]
                self.start_stock(g)
                return
            bids = a["bids"].get(sym)
            if not bids:
                return
            if len(bids) == 1:
                (seat, amount), = bids.items()
                self._sell(g, sym, int(seat), amount)
                continue
            a["fight"] = sym


def lowest(bids: Mapping[str, int]) -> int:
    """The bidder with the lowest bid, who acts next in an auction (bids all differ)."""
    return int(min(bids, key=bids.__getitem__))
