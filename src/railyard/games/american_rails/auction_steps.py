"""Share auctions: the setup auction and the 'auction a share' action."""
from __future__ import annotations

from typing import Any, Mapping

from ...engine.actions import get_int
from ...engine.errors import NOT_ALLOWED, UNAFFORDABLE, IllegalAction
from ...cube.auction import Auction
from .rules import RULES


class AuctionMixin:
    def _do_offer(self, p: int, action: Mapping[str, Any]) -> dict[str, Any]:
        c = self._company(action)
        setup = self.phase == 0
        if setup and self.setup_offered[c]:
            raise IllegalAction(f"A share of {RULES.companies[c].name} was already auctioned "
                                f"before the game (one share per company).", NOT_ALLOWED)
        if self.shares_left[c] <= 0:
            raise IllegalAction(f"{RULES.companies[c].name} has no share left to auction.",
                                NOT_ALLOWED)
        self._offer(p, c)
        return {"type": "offer", "player": p, "company": RULES.companies[c].id}

    def _offer(self, p: int, c: int) -> None:
        """Player ``p`` offers a share of ``c``; the caller has checked that this is legal
        (``_do_offer``; playouts take ``c`` from the offerable companies)."""
        setup = self.phase == 0
        if setup:
            self.setup_offered[c] = True
        elif not self.on_board(c) and not self.free_cities():
            # Versteigere eine Aktie: no free city for its first cube -> the share and all
            # remaining shares of that company leave the game (ruling: at once, no bidding)
            self.note("no_city", c, self.shares_left[c])
            self.shares_out[c] += self.shares_left[c]
            self.shares_left[c] = 0
            self._end_turn()
            return
        self.auction = Auction.start(c, p, self.n, RULES.minimum_bid,
                                     "setup" if setup else "action")
        self.step = "bid"
        self.actor = p

    def _min_bid(self) -> int:
        return self.auction.next_minimum

    def _do_bid(self, p: int, action: Mapping[str, Any]) -> dict[str, Any]:
        amount = get_int(action, "amount")
        lo = self._min_bid()
        if amount < lo:
            raise IllegalAction(f"The bid must be at least ${lo}.", NOT_ALLOWED, field="amount")
        if amount > self.cash[p]:
            raise IllegalAction(f"{self.players[p]} has only ${self.cash[p]}.", UNAFFORDABLE,
                                field="amount")
        self.auction = self.auction.bid(amount)
        self._next_bidder()
        return {"type": "bid", "player": p, "amount": amount}

    def _do_pass(self, p: int, action: Mapping[str, Any]) -> dict[str, Any]:
        self.auction = self.auction.pass_turn()
        self._next_bidder()
        return {"type": "pass", "player": p}

    def _next_bidder(self) -> None:
        a = self.auction
        if not a.done:
            self.actor = a.bidder
        elif a.high_bidder is None:
            self._auction_unsold()
        else:
            self._auction_won()

    def _auction_unsold(self) -> None:
        a = self.auction
        c = a.lot
        self.note("unsold", c, a.kind == "setup", a.order[-1])
        self.shares_left[c] -= 1
        self.shares_out[c] += 1
        self.auction = None
        if a.kind == "setup":
            # with no bid everybody passed once in order: the last to pass is the last seat
            # of the bidding order; he chooses the next share
            self._setup_next(a.order[-1])
        else:
            self._end_turn()

    def _auction_won(self) -> None:
        a = self.auction
        c, w = a.lot, a.high_bidder
        if self._notes is not None:
            self.note("sold", c, w, a.high_bid, a.kind == "setup" or not self.on_board(c))
        self.cash[w] -= a.high_bid
        self.ccash[c] += a.high_bid
        self.held[w][c] += 1
        self.shares_left[c] -= 1
        if a.kind == "setup" or not self.on_board(c):
            self.step = "place"
            self.actor = w
            return
        self.auction = None
        self._end_turn()

    def _do_place(self, p: int, action: Mapping[str, Any]) -> dict[str, Any]:
        h = self._hex(action)
        b = self.board
        if b.terrain[h] != "city" or self.hexmask[h]:
            raise IllegalAction(f"The first cube must go on a free city; {b.ids[h]} is not one.",
                                NOT_ALLOWED, field="hex")
        self._place_first(p, h)
        return {"type": "place", "player": p, "hex": b.ids[h]}

    def _place_first(self, p: int, h: int) -> None:
        """The company just sold puts its first cube on the free city ``h``; the caller has
        checked that ``h`` is one (``_do_place``; playouts take it from ``free_cities``)."""
        a = self.auction
        c = a.lot
        self._put_cube(c, h)
        self.auction = None
        if a.kind == "setup":
            if p not in self.track:
                self.track.append(p)   # top free space of the player order (step 5)
            self._setup_next(p)
        else:
            self._end_turn()

    def _setup_next(self, chooser: int) -> None:
        if all(self.setup_offered):
            for k in range(self.n):          # players without a share, clockwise from banker
                s = k % self.n
                if s not in self.track:
                    self.track.append(s)
            self.note("setup_over", tuple(self.track), self.year)
            self.phase = 1
            self.order = list(self.track)
            self.turn = 0
            self.actor = self.order[0]
            self.step = "space"
            return
        self.actor = chooser
        self.step = "offer"

    # ---- choosing a space ----------------------------------------------------------
